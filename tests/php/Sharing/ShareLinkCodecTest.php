<?php
/**
 * Share link payloads.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Sharing;

use LibraryPortal\Core\Seats\ShareLinkCodec;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Exactly the expected integer fields, signed with a key derived for links only.
 */
final class ShareLinkCodecTest extends TestCase {

	/**
	 * A base64url payload of any JSON value, as an attacker would build it.
	 *
	 * @param mixed $data Payload.
	 */
	private static function forge( $data ): string {
		return rtrim( strtr( base64_encode( (string) wp_json_encode( $data ) ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- building test links.
	}

	/**
	 * The decoded JSON of a link.
	 *
	 * @param string $encoded Link payload.
	 * @return array<string, mixed>
	 */
	private static function open( string $encoded ): array {
		return json_decode( base64_decode( strtr( $encoded, '-_', '+/' ) ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- reading test links.
	}

	public function test_round_trip_keeps_the_spec_fields_and_the_link_id(): void {
		$codec   = new ShareLinkCodec( 'secret-a' );
		$encoded = $codec->encode( 7, 12, 345, 1000 );

		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]+$/', $encoded, 'URL-safe' );
		$this->assertSame(
			array(
				'link_id'    => 7,
				'user_id'    => 12,
				'product_id' => 345,
				'timestamp'  => 1000,
			),
			$codec->decode( $encoded, 2000, 3600 )
		);
	}

	public function test_a_changed_field_or_another_secret_is_refused(): void {
		$codec              = new ShareLinkCodec( 'secret-a' );
		$data               = self::open( $codec->encode( 7, 12, 345, 1000 ) );
		$data['product_id'] = 346;
		$other_secret       = ( new ShareLinkCodec( 'secret-b' ) )->encode( 7, 12, 345, 1000 );

		$this->assertSame( ShareLinkCodec::INVALID, $codec->decode( self::forge( $data ), 2000, 3600 ) );
		$this->assertSame( ShareLinkCodec::INVALID, $codec->decode( $other_secret, 2000, 3600 ) );
		$this->assertSame( ShareLinkCodec::INVALID, $codec->decode( 'not-a-link', 2000, 3600 ) );
	}

	public function test_only_integer_fields_and_no_extra_keys(): void {
		$codec = new ShareLinkCodec( 'secret-a' );
		$good  = self::open( $codec->encode( 7, 12, 345, 1000 ) );

		$extra              = $good;
		$extra['admin']     = true;
		$string             = $good;
		$string['user_id']  = '12';
		$float              = $good;
		$float['timestamp'] = 1000.5;
		$missing            = $good;
		unset( $missing['link_id'] );
		$zero            = $good;
		$zero['link_id'] = 0;

		foreach ( array( $extra, $string, $float, $missing, $zero, array( $good ), 'text', 12 ) as $case => $forged ) {
			$this->assertSame( ShareLinkCodec::INVALID, $codec->decode( self::forge( $forged ), 2000, 3600 ), "case $case" );
		}
		foreach ( array( array( 0, 12, 345 ), array( 7, 0, 345 ), array( 7, 12, 0 ) ) as $ids ) {
			$this->assertSame( ShareLinkCodec::INVALID, $codec->decode( $codec->encode( $ids[0], $ids[1], $ids[2], 1000 ), 2000, 3600 ), 'Signed, but naming no link, sharer or item: ' . implode( ',', $ids ) );
		}
	}

	public function test_the_signing_key_is_derived_not_the_site_secret_itself(): void {
		$secret                 = 'site-secret';
		$encoded                = ( new ShareLinkCodec( $secret ) )->encode( 7, 12, 345, 1000 );
		$with_the_secret_itself = substr( hash_hmac( 'sha256', '7|12|345|1000', $secret ), 0, 32 );

		$this->assertNotSame( $with_the_secret_itself, self::open( $encoded )['sig'] );
	}

	public function test_old_links_expire(): void {
		$codec = new ShareLinkCodec( 'secret-a' );

		$this->assertSame( ShareLinkCodec::EXPIRED, $codec->decode( $codec->encode( 7, 12, 345, 1000 ), 1000 + 3601, 3600 ) );
		$this->assertIsArray( $codec->decode( $codec->encode( 7, 12, 345, 1000 ), 1000 + 3600, 3600 ) );
	}
}
