<?php
/**
 * Numbered migrations.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Database;

use LibraryPortal\Core\Database\Schema;
use LibraryPortal\Lifecycle\Installer;
use LibraryPortal\Lifecycle\Migrations;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Each step runs once, in order, and the stored number follows.
 *
 * @group database
 */
final class MigrationsTest extends TestCase {

	public function test_an_activated_site_has_run_every_step(): void {
		$this->assertSame( Migrations::LATEST, (int) get_option( Migrations::OPTION ) );
		$this->assertSame( Schema::VERSION, (int) get_option( Installer::VERSION_OPTION ) );
	}

	public function test_step_1_turns_notifications_stored_as_html_into_text(): void {
		global $wpdb;
		$table = ( new Schema( $wpdb ) )->table( 'notifications' );
		$user  = $this->make_user();
		// A row as versions before 0.2 stored it: raw HTML.
		$wpdb->insert(
			$table,
			array(
				'user_id'    => $user,
				'type'       => 'share_accepted',
				'message'    => '<strong>Ann</strong> accepted &amp; <script>alert(1)</script>started',
				'created_at' => time(),
			)
		);
		$id = (int) $wpdb->insert_id;
		update_option( Migrations::OPTION, 0 );

		Installer::maybe_upgrade();

		$message = $wpdb->get_var( $wpdb->prepare( 'SELECT message FROM %i WHERE id = %d', $table, $id ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is core's identifier placeholder (WP 6.2+), newer than WPCS 2.3.
		$this->assertStringNotContainsString( '<', $message );
		$this->assertStringContainsString( 'Ann accepted & ', $message );
		$this->assertSame( Migrations::LATEST, (int) get_option( Migrations::OPTION ) );
	}

	/**
	 * @group queries
	 */
	public function test_a_normal_load_runs_no_query(): void {
		$queries = $this->count_queries( static fn() => Installer::maybe_upgrade() );

		$this->assertSame( 0, $queries, 'Schema version and migration number are autoloaded options.' );
	}
}
