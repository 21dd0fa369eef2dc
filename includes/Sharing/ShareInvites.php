<?php
/**
 * Opens share links.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Sharing;

use LibraryPortal\Catalogue\ItemPostType;
use LibraryPortal\Frontend\Routes;
use LibraryPortal\Grants\LicenseRepository;
use LibraryPortal\Notifications\PersonName;

/**
 * The one place that turns `/shareseats/{encoded}` into an invite or a reason it does not work,
 * for the page (PortalConfig's share data) and for every invite route alike.
 */
final class ShareInvites {

	public const INVALID  = ShareLinks::INVALID;
	public const EXPIRED  = ShareLinks::EXPIRED;
	public const REVOKED  = ShareLinks::REVOKED;
	public const USED     = ShareLinks::USED;
	public const NO_SEATS = 'no_seats';

	/**
	 * Share links.
	 *
	 * @var ShareLinks
	 */
	private ShareLinks $links;

	/**
	 * Seats.
	 *
	 * @var LicenseRepository
	 */
	private LicenseRepository $licenses;

	/**
	 * Wires the service.
	 *
	 * @param ShareLinks        $links    Share links.
	 * @param LicenseRepository $licenses Seats.
	 */
	public function __construct( ShareLinks $links, LicenseRepository $licenses ) {
		$this->links    = $links;
		$this->licenses = $licenses;
	}

	/**
	 * Whether a value can be a share link's code at all (base64url, bounded): anything else is
	 * refused before it is decoded or sent back to the page.
	 *
	 * @param string $encoded The route's value.
	 */
	public static function is_link_code( string $encoded ): bool {
		return (bool) preg_match( '/^[A-Za-z0-9_-]{1,1024}={0,2}$/', $encoded );
	}

	/**
	 * The invite of a link, or INVALID, EXPIRED, REVOKED, USED or NO_SEATS (the sharer has no
	 * unexpired seat of the item any more).
	 *
	 * @param string $encoded        Link payload.
	 * @param int    $now            Unix seconds.
	 * @param bool   $even_when_none Open it also when the sharer has no unexpired seat (a request for more).
	 * @return ShareInvite|string
	 */
	public function open( string $encoded, int $now, bool $even_when_none = false ) {
		if ( ! self::is_link_code( $encoded ) ) {
			return self::INVALID;
		}
		$payload = $this->links->resolve( $encoded, $now );
		if ( ! is_array( $payload ) ) {
			return $payload;
		}
		$product = get_post( $payload['product_id'] );
		$sharer  = get_userdata( $payload['user_id'] );
		if ( ! $product || ItemPostType::POST_TYPE !== $product->post_type || 'publish' !== $product->post_status || ! $sharer ) {
			return self::INVALID;
		}
		$seats = $this->licenses->own_seat_counts( $payload['user_id'], $payload['product_id'], $now );
		if ( 0 === $seats['unexpired'] && ! $even_when_none ) {
			return self::NO_SEATS;
		}
		return new ShareInvite(
			$payload['link_id'],
			$payload['user_id'],
			PersonName::of_user( $sharer ),
			$payload['product_id'],
			get_the_title( $product ),
			$payload['recipient_email'],
			$seats['available'],
			$payload['timestamp']
		);
	}

	/**
	 * The item a logged-in visitor of a link already holds a seat of (LicenseRepository::holds_seat),
	 * 0 when they hold none or the link names no item. Whether the link still works does not
	 * matter: the recipient of a used e-mailed link holds the item it gave. The sharer's own
	 * links answer 0 (they are told it is their own link).
	 *
	 * @param string $encoded Link payload.
	 * @param int    $user_id Visitor.
	 * @param int    $now     Unix seconds.
	 */
	public function held_item( string $encoded, int $user_id, int $now ): int {
		$named = self::is_link_code( $encoded ) && $user_id > 0 ? $this->links->named_item( $encoded, $now ) : null;
		if ( ! $named || $named['user_id'] === $user_id ) {
			return 0;
		}
		$product = get_post( $named['product_id'] );
		if ( ! $product || ItemPostType::POST_TYPE !== $product->post_type || 'publish' !== $product->post_status ) {
			return 0;
		}
		return $this->licenses->holds_seat( $user_id, $named['product_id'], $now ) ? $named['product_id'] : 0;
	}

	/**
	 * The address of an item in the member's library (its detail screen).
	 *
	 * @param int $product_id Item.
	 */
	public static function item_url( int $product_id ): string {
		return home_url( '/' . Routes::PORTAL_PATH . '/videos/' . $product_id );
	}

	/**
	 * What a person is told about a link that does not work.
	 *
	 * @param string $reason INVALID, EXPIRED, REVOKED, USED or NO_SEATS.
	 */
	public static function message( string $reason ): string {
		switch ( $reason ) {
			case self::EXPIRED:
				return __( 'This share link has expired. Ask the sender for a new one.', 'library-portal' );
			case self::REVOKED:
				return __( 'The sender has withdrawn this share link. Ask them for a new one.', 'library-portal' );
			case self::USED:
				return __( 'This invitation has already been accepted. Each e-mailed invitation works once: ask the sender for a new one.', 'library-portal' );
			case self::NO_SEATS:
				return __( 'The sender no longer has licenses of this training to share.', 'library-portal' );
			default:
				return __( 'This share link is not valid. Please check that you copied the whole link.', 'library-portal' );
		}
	}

	/**
	 * The HTTP status of a reason: gone for links that worked once, else a bad request.
	 *
	 * @param string $reason INVALID, EXPIRED, REVOKED, USED or NO_SEATS.
	 */
	public static function status( string $reason ): int {
		return self::INVALID === $reason ? 400 : 410;
	}
}
