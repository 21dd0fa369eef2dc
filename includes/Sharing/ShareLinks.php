<?php
/**
 * Share links: issue, resolve, revoke.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Sharing;

use LibraryPortal\Settings;

/**
 * The one place that decides whether a share link works: signed payload (ShareLinkCodec), age
 * (the setting link_lifetime_days), and a stored link that matches it and was not revoked.
 */
final class ShareLinks {

	public const INVALID = ShareLinkCodec::INVALID;
	public const EXPIRED = ShareLinkCodec::EXPIRED;
	public const REVOKED = 'revoked_link';

	/**
	 * Payload codec.
	 *
	 * @var ShareLinkCodec
	 */
	private ShareLinkCodec $codec;

	/**
	 * Stored links.
	 *
	 * @var ShareLinkRepository
	 */
	private ShareLinkRepository $links;

	/**
	 * Settings (link lifetime).
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Creates the service.
	 *
	 * @param ShareLinkCodec      $codec    Payload codec.
	 * @param ShareLinkRepository $links    Stored links.
	 * @param Settings            $settings Settings.
	 */
	public function __construct( ShareLinkCodec $codec, ShareLinkRepository $links, Settings $settings ) {
		$this->codec    = $codec;
		$this->links    = $links;
		$this->settings = $settings;
	}

	/**
	 * A new link for a sharer's item, or '' when it could not be stored.
	 *
	 * @param int    $owner_id        Sharer.
	 * @param int    $product_id      Item.
	 * @param int    $now             Unix seconds.
	 * @param string $recipient_email Address the link is e-mailed to ('' for a copied link).
	 */
	public function issue( int $owner_id, int $product_id, int $now, string $recipient_email = '' ): string {
		$link_id = $this->links->create( $owner_id, $product_id, $now, $recipient_email );
		return $link_id > 0 ? $this->codec->encode( $link_id, $owner_id, $product_id, $now ) : '';
	}

	/**
	 * What a link shares, or INVALID, EXPIRED or REVOKED.
	 *
	 * @param string $encoded Link payload.
	 * @param int    $now     Unix seconds.
	 * @return array{link_id: int, user_id: int, product_id: int, timestamp: int, recipient_email: string}|string
	 */
	public function resolve( string $encoded, int $now ) {
		$payload = $this->codec->decode( $encoded, $now, $this->lifetime() );
		if ( ! is_array( $payload ) ) {
			return $payload;
		}
		$stored = $this->links->find( $payload['link_id'] );
		if ( ! $stored || $stored->owner_id !== $payload['user_id'] || $stored->product_id !== $payload['product_id'] ) {
			return self::INVALID;
		}
		if ( $stored->is_revoked() ) {
			return self::REVOKED;
		}
		$payload['recipient_email'] = $stored->recipient_email;
		return $payload;
	}

	/**
	 * Revokes one of the sharer's links; false when it is not theirs or already revoked.
	 *
	 * @param int $owner_id Sharer.
	 * @param int $link_id  Link ID.
	 * @param int $now      Unix seconds.
	 */
	public function revoke( int $owner_id, int $link_id, int $now ): bool {
		return $this->links->revoke( $link_id, $owner_id, $now );
	}

	/**
	 * When a link made now stops working (Unix seconds).
	 *
	 * @param int $now Unix seconds.
	 */
	public function expires_at( int $now ): int {
		return $now + $this->lifetime();
	}

	/**
	 * Seconds a link stays valid.
	 */
	private function lifetime(): int {
		return max( 1, (int) $this->settings->get( 'link_lifetime_days' ) ) * DAY_IN_SECONDS;
	}
}
