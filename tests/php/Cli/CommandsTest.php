<?php
/**
 * WP-CLI commands with their injected repository.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Cli;

use LibraryPortal\Cli\Commands;
use LibraryPortal\Repositories\CertificateRepository;
use LibraryPortal\Repositories\LicenseRepository;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * `wp library-portal grant` writes through the repository it was given (WP-CLI itself is not
 * installed here: a stand-in WP_CLI class records what the command says).
 */
final class CommandsTest extends TestCase {

	public static function set_up_before_class(): void {
		parent::set_up_before_class();
		if ( ! class_exists( 'WP_CLI' ) ) {
			require_once dirname( __DIR__ ) . '/Support/WpCliStandIn.php';
		}
	}

	public function test_grant_creates_the_seats_through_the_injected_repository(): void {
		global $wpdb;
		$user = $this->make_user( 'subscriber', array( 'user_login' => 'cli-owner' ) );
		$item = Library::item( 'CLI item' );

		( new Commands( new LicenseRepository( $wpdb ), new CertificateRepository( $wpdb ) ) )->grant(
			array( 'cli-owner', (string) $item ),
			array( 'quantity' => '3' )
		);

		$seats = ( new LicenseRepository( $wpdb ) )->seats_for_user( $user );
		$this->assertCount( 3, $seats );
		$this->assertSame( array( $item ), array_values( array_unique( array_map( static fn( $seat ) => $seat->product_id, $seats ) ) ) );
		$this->assertStringStartsWith( 'Grant ', (string) end( \WP_CLI::$said ) );
	}
}
