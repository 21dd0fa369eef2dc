<?php
/**
 * Opens share links.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\People\PersonName;
use LibraryPortal\Core\Site\Routes;

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
	 * Pending invitations to an address looked at for an offer (the newest; older ones are
	 * offered once these are accepted or put off).
	 */
	private const OFFERS_LOOKED_AT = 20;

	/**
	 * User option (this site's user meta: link IDs are the site's): the links of invitations put
	 * off until the next login, and how many are kept.
	 */
	private const PUT_OFF_META = 'library_portal_invites_put_off';
	private const PUT_OFF_KEPT = 50;

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
	 * The invite address of a link code (`/shareseats/{code}/`), on a site of the network (this
	 * site by default): the one place that address is built, for the mail, the copied link, the
	 * login's way back and the landing after a login.
	 *
	 * @param string $code    A link code (is_link_code()).
	 * @param int    $site_id Site of the invite; 0 = this site.
	 */
	public static function invite_url( string $code, int $site_id = 0 ): string {
		return get_home_url( $site_id ? $site_id : null, '/shareseats/' . $code . '/' );
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
	 * The e-mailed invitation a user is offered without its link (after their login, in the
	 * portal): the newest pending invitation to the user's address that still works, has a seat
	 * left, is not the user's own, is not for an item they hold, and that they did not put off
	 * ("Not now") since their last login. Null when there is none. An e-mailed invitation belongs
	 * to its address: whoever logs in with an account of that address, in any browser, is offered
	 * it (docs/rules/accounts-and-login.md, "Arriving: invitations and the login").
	 *
	 * @param \WP_User $user User.
	 * @param int      $now  Unix seconds.
	 * @return array{code: string, invite: ShareInvite}|null
	 */
	public function offered_to( \WP_User $user, int $now ): ?array {
		$put_off = self::put_off( (int) $user->ID );
		foreach ( $this->links->pending_to( (string) $user->user_email, $now, self::OFFERS_LOOKED_AT ) as $pending ) {
			$link = $pending['link'];
			if ( in_array( $link->id, $put_off, true ) || $link->owner_id === (int) $user->ID || ! self::addressed_to( $link->recipient_email, $user ) ) {
				continue;
			}
			if ( $this->licenses->holds_seat( (int) $user->ID, $link->product_id, $now ) ) {
				continue;
			}
			$invite = $this->open( $pending['code'], $now );
			if ( $invite instanceof ShareInvite && $invite->available > 0 ) {
				return array(
					'code'   => $pending['code'],
					'invite' => $invite,
				);
			}
		}
		return null;
	}

	/**
	 * Whether an invitation's address is the user's (e-mail addresses compared case-insensitively).
	 *
	 * @param string   $recipient_email The invitation's address ('' for a copied link).
	 * @param \WP_User $user            User.
	 */
	public static function addressed_to( string $recipient_email, \WP_User $user ): bool {
		return '' !== $recipient_email && 0 === strcasecmp( $recipient_email, (string) $user->user_email );
	}

	/**
	 * Remembers that the user put an invitation off ("Not now"): it is not offered again without
	 * its link until their next login.
	 *
	 * @param int $user_id User.
	 * @param int $link_id The invitation's link.
	 */
	public static function put_off_until_next_login( int $user_id, int $link_id ): void {
		$put_off = self::put_off( $user_id );
		if ( ! in_array( $link_id, $put_off, true ) ) {
			$put_off[] = $link_id;
			update_user_option( $user_id, self::PUT_OFF_META, array_slice( $put_off, -self::PUT_OFF_KEPT ) );
		}
	}

	/**
	 * A new login offers every pending invitation again.
	 *
	 * @param string $login Login name (unused).
	 * @param mixed  $user  The user who logged in.
	 */
	public static function offer_again_on_login( $login, $user ): void {
		unset( $login );
		if ( $user instanceof \WP_User && get_user_option( self::PUT_OFF_META, (int) $user->ID ) ) {
			delete_user_option( (int) $user->ID, self::PUT_OFF_META );
		}
	}

	/**
	 * The links of the invitations a user put off.
	 *
	 * @param int $user_id User.
	 * @return int[]
	 */
	private static function put_off( int $user_id ): array {
		$stored = get_user_option( self::PUT_OFF_META, $user_id );
		return is_array( $stored ) ? array_values( array_map( 'intval', $stored ) ) : array();
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
