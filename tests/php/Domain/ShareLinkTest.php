<?php
/**
 * Signed share link payloads.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Domain;

use LibraryPortal\Domain\ShareLink;
use LibraryPortal\Tests\Support\TestCase;

/**
 * A link round-trips, and a changed, foreign or old link is refused.
 */
final class ShareLinkTest extends TestCase {

	public function test_round_trip_keeps_the_spec_fields(): void {
		$links   = new ShareLink( 'secret-a' );
		$encoded = $links->encode( 12, 345, 1000 );

		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]+$/', $encoded, 'URL-safe base64.' );
		$this->assertSame(
			array(
				'user_id'    => 12,
				'product_id' => 345,
				'timestamp'  => 1000,
			),
			$links->decode( $encoded, 2000, 3600 )
		);
	}

	public function test_changed_payload_is_refused(): void {
		$links                 = new ShareLink( 'secret-a' );
		$payload               = json_decode( base64_decode( strtr( $links->encode( 12, 345, 1000 ), '-_', '+/' ) ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode
		$payload['product_id'] = 346;
		$forged                = rtrim( strtr( base64_encode( wp_json_encode( $payload ) ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode

		$this->assertSame( ShareLink::INVALID, $links->decode( $forged, 2000, 3600 ) );
	}

	public function test_other_sites_secret_and_garbage_are_refused(): void {
		$encoded = ( new ShareLink( 'secret-a' ) )->encode( 12, 345, 1000 );

		$this->assertSame( ShareLink::INVALID, ( new ShareLink( 'secret-b' ) )->decode( $encoded, 2000, 3600 ) );
		$this->assertSame( ShareLink::INVALID, ( new ShareLink( 'secret-a' ) )->decode( 'not-a-link', 2000, 3600 ) );
	}

	public function test_old_link_expires(): void {
		$links = new ShareLink( 'secret-a' );

		$this->assertSame( ShareLink::EXPIRED, $links->decode( $links->encode( 12, 345, 1000 ), 1000 + 3601, 3600 ) );
		$this->assertIsArray( $links->decode( $links->encode( 12, 345, 1000 ), 1000 + 3600, 3600 ) );
	}
}
