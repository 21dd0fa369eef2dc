<?php
/**
 * The signed payload of a share link.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Domain;

/**
 * Encodes and checks `/shareseats/{encoded}` payloads.
 *
 * The payload keeps the spec's fields (user_id, product_id, timestamp, base64 encoded) and
 * adds an HMAC over them with a per-site secret, so a changed or made-up link is refused;
 * links older than the configured lifetime are refused too.
 */
final class ShareLink {

	public const INVALID = 'invalid_link';
	public const EXPIRED = 'expired_link';

	/**
	 * Per-site secret.
	 *
	 * @var string
	 */
	private string $secret;

	/**
	 * Creates the codec.
	 *
	 * @param string $secret Per-site secret (wp_salt()).
	 */
	public function __construct( string $secret ) {
		$this->secret = $secret;
	}

	/**
	 * The encoded payload for a sharer's item.
	 *
	 * @param int $user_id    Sharer.
	 * @param int $product_id Item.
	 * @param int $timestamp  Unix seconds of creation.
	 */
	public function encode( int $user_id, int $product_id, int $timestamp ): string {
		$payload = array(
			'user_id'    => $user_id,
			'product_id' => $product_id,
			'timestamp'  => $timestamp,
			'sig'        => $this->signature( $user_id, $product_id, $timestamp ),
		);
		return rtrim( strtr( base64_encode( (string) wp_json_encode( $payload ) ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- the spec's link format.
	}

	/**
	 * The payload of a link, or INVALID / EXPIRED.
	 *
	 * @param string $encoded  Link payload.
	 * @param int    $now      Unix seconds.
	 * @param int    $lifetime Seconds a link stays valid.
	 * @return array{user_id: int, product_id: int, timestamp: int}|string
	 */
	public function decode( string $encoded, int $now, int $lifetime ) {
		$json = base64_decode( strtr( $encoded, '-_', '+/' ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- the spec's link format.
		$data = is_string( $json ) ? json_decode( $json, true ) : null;
		if ( ! is_array( $data ) || ! isset( $data['user_id'], $data['product_id'], $data['timestamp'], $data['sig'] ) ) {
			return self::INVALID;
		}
		$user_id    = (int) $data['user_id'];
		$product_id = (int) $data['product_id'];
		$timestamp  = (int) $data['timestamp'];
		if ( ! hash_equals( $this->signature( $user_id, $product_id, $timestamp ), (string) $data['sig'] ) ) {
			return self::INVALID;
		}
		if ( $timestamp + $lifetime < $now ) {
			return self::EXPIRED;
		}
		return array(
			'user_id'    => $user_id,
			'product_id' => $product_id,
			'timestamp'  => $timestamp,
		);
	}

	/**
	 * HMAC of the payload fields.
	 *
	 * @param int $user_id    Sharer.
	 * @param int $product_id Item.
	 * @param int $timestamp  Unix seconds.
	 */
	private function signature( int $user_id, int $product_id, int $timestamp ): string {
		return substr( hash_hmac( 'sha256', $user_id . '|' . $product_id . '|' . $timestamp, $this->secret ), 0, 32 );
	}
}
