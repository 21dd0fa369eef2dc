<?php
/**
 * Schema 6 and migration 3: what the notifications (docs/rules/notifications-and-mail.md, "Notifications") need from an older site.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Notifications;

use LibraryPortal\Core\Database\Schema;
use LibraryPortal\Lifecycle\Installer;
use LibraryPortal\Lifecycle\Migrations;
use LibraryPortal\Tests\Support\TestCase;

/**
 * A site from schema 5 gains `grants.expiry_notified_at` and its expiry index through dbDelta,
 * and stored `training_completed` notices become `team_completed`. On MariaDB the ALTERs
 * commit, so the test leaves the table as the upgrade makes it (columns and data unchanged).
 *
 * @group database
 */
final class NotificationsUpgradeTest extends TestCase {

	/**
	 * Column and index names of the grants table.
	 *
	 * @return array{0: string[], 1: string[]}
	 */
	private static function grants_shape(): array {
		global $wpdb;
		$table   = $wpdb->prefix . 'lp_grants';
		$columns = array_column( (array) $wpdb->get_results( "SHOW COLUMNS FROM {$table}", ARRAY_A ), 'Field' ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery -- our own table.
		$indexes = array_column( (array) $wpdb->get_results( "SHOW INDEX FROM {$table}", ARRAY_A ), 'Key_name' ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery -- our own table.
		return array( $columns, array_values( array_unique( $indexes ) ) );
	}

	public function test_a_schema_5_site_gains_the_claim_column_and_the_expiry_index(): void {
		global $wpdb;
		$table = $wpdb->prefix . 'lp_grants';
		// No rows written here: after the first ALTER nothing would be rolled back on MariaDB.
		$wpdb->query( "ALTER TABLE {$table} DROP INDEX expires_at" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery.SchemaChange
		$wpdb->query( "ALTER TABLE {$table} DROP COLUMN expiry_notified_at" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery.SchemaChange
		list( $columns, $indexes ) = self::grants_shape();
		$this->assertNotContains( 'expiry_notified_at', $columns );
		$this->assertNotContains( 'expires_at', $indexes );
		update_option( Installer::VERSION_OPTION, 5 );

		Installer::maybe_upgrade();

		list( $columns, $indexes ) = self::grants_shape();
		$this->assertContains( 'expiry_notified_at', $columns );
		$this->assertContains( 'expires_at', $indexes );
		$this->assertSame( Schema::VERSION, (int) get_option( Installer::VERSION_OPTION ) );
	}

	public function test_step_3_renames_stored_training_completed_notices(): void {
		global $wpdb;
		$table = $wpdb->prefix . 'lp_notifications';
		$user  = $this->make_user();
		$ids   = array();
		foreach ( array( 'training_completed', 'share_accepted' ) as $type ) {
			$wpdb->insert(
				$table,
				array(
					'user_id'    => $user,
					'type'       => $type,
					'message'    => 'Theo completed "CBT".',
					'created_at' => time(),
				)
			);
			$ids[] = (int) $wpdb->insert_id;
		}
		update_option( Migrations::OPTION, 2 );

		Installer::maybe_upgrade();

		$types = $wpdb->get_col( $wpdb->prepare( 'SELECT type FROM %i WHERE user_id = %d ORDER BY id', $table, $user ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3.
		$this->assertSame( array( 'team_completed', 'share_accepted' ), $types );
		$this->assertSame( Migrations::LATEST, (int) get_option( Migrations::OPTION ) );
		$this->assertTrue( ( new Migrations( $wpdb ) )->team_completed_type(), 'Safe to repeat.' );
	}
}
