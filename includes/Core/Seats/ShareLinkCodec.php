<?php
/**
 * The signed payload of a share link.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

/**
 * Encodes and checks `/shareseats/{encoded}` payloads: base64url JSON with exactly the spec's
 * fields (user_id, product_id, timestamp), the link's server-side id (link_id, so a sharer can
 * revoke it) and an HMAC over all four.
 *
 * The HMAC key is derived for this purpose from the site's secret, so a link signature can never
 * be replayed as, or computed from, any other use of that secret. A payload with another key set,
 * or a field that is not a positive integer, is refused before its signature is checked.
 */
final class ShareLinkCodec {

	public const INVALID = 'invalid_link';
	public const EXPIRED = 'expired_link';

	/**
	 * The payload's keys, in order; nothing else is accepted.
	 */
	private const FIELDS = array( 'link_id', 'user_id', 'product_id', 'timestamp', 'sig' );

	/**
	 * Label of the derived key; a new label (v2) would retire every link made before.
	 */
	private const KEY_LABEL = 'library-portal/share-links/v1';

	/**
	 * Signing key derived from the site's secret.
	 *
	 * @var string
	 */
	private string $key;

	/**
	 * Creates the codec.
	 *
	 * @param string $site_secret The site's secret (wp_salt( 'auth' )); only a key derived from it is kept.
	 */
	public function __construct( string $site_secret ) {
		$this->key = hash_hmac( 'sha256', self::KEY_LABEL, $site_secret, true );
	}

	/**
	 * The encoded payload of a stored link.
	 *
	 * @param int $link_id    Stored link.
	 * @param int $user_id    Sharer.
	 * @param int $product_id Item.
	 * @param int $timestamp  Unix seconds of creation.
	 */
	public function encode( int $link_id, int $user_id, int $product_id, int $timestamp ): string {
		$payload = array(
			'link_id'    => $link_id,
			'user_id'    => $user_id,
			'product_id' => $product_id,
			'timestamp'  => $timestamp,
			'sig'        => $this->signature( $link_id, $user_id, $product_id, $timestamp ),
		);
		return rtrim( strtr( base64_encode( (string) wp_json_encode( $payload ) ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- the spec's link format.
	}

	/**
	 * The payload of a link, or INVALID / EXPIRED. Only the signature and the age are checked
	 * here; whether the stored link still exists is ShareLinks' question.
	 *
	 * @param string $encoded  Link payload.
	 * @param int    $now      Unix seconds.
	 * @param int    $lifetime Seconds a link stays valid.
	 * @return array{link_id: int, user_id: int, product_id: int, timestamp: int}|string
	 */
	public function decode( string $encoded, int $now, int $lifetime ) {
		$json = base64_decode( strtr( $encoded, '-_', '+/' ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- the spec's link format.
		$data = is_string( $json ) ? json_decode( $json, true ) : null;
		if ( ! is_array( $data ) || array_keys( $data ) !== self::FIELDS || ! is_string( $data['sig'] ) ) {
			return self::INVALID;
		}
		foreach ( array( 'link_id', 'user_id', 'product_id', 'timestamp' ) as $field ) {
			if ( ! is_int( $data[ $field ] ) || $data[ $field ] <= 0 ) {
				return self::INVALID;
			}
		}
		if ( ! hash_equals( $this->signature( $data['link_id'], $data['user_id'], $data['product_id'], $data['timestamp'] ), $data['sig'] ) ) {
			return self::INVALID;
		}
		if ( $data['timestamp'] + $lifetime < $now ) {
			return self::EXPIRED;
		}
		unset( $data['sig'] );
		return $data;
	}

	/**
	 * HMAC of the payload fields.
	 *
	 * @param int $link_id    Stored link.
	 * @param int $user_id    Sharer.
	 * @param int $product_id Item.
	 * @param int $timestamp  Unix seconds.
	 */
	private function signature( int $link_id, int $user_id, int $product_id, int $timestamp ): string {
		return substr( hash_hmac( 'sha256', $link_id . '|' . $user_id . '|' . $product_id . '|' . $timestamp, $this->key ), 0, 32 );
	}
}
