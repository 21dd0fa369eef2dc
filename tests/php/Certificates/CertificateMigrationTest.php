<?php
/**
 * Migration 2: one certificate per (user, item).
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Certificates;

use LibraryPortal\Lifecycle\Migrations;
use LibraryPortal\Tests\Support\TestCase;

/**
 * A site from schema 3 (plain index, duplicate certificates allowed) ends with the oldest
 * certificate of each pair and the UNIQUE key. On MariaDB the ALTERs commit, so the test
 * leaves the table as the migration makes it and deletes its own rows.
 *
 * @group database
 */
final class CertificateMigrationTest extends TestCase {

	private const USER = 900000001;

	/**
	 * Index names of the certificates table.
	 *
	 * @return string[]
	 */
	private static function indexes(): array {
		global $wpdb;
		$table = $wpdb->prefix . 'lp_certificates';
		return array_values( array_unique( array_column( (array) $wpdb->get_results( "SHOW INDEX FROM {$table}", ARRAY_A ), 'Key_name' ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- our own table.
	}

	public function test_duplicates_are_reduced_to_the_oldest_and_the_unique_key_is_added(): void {
		global $wpdb;
		$table = $wpdb->prefix . 'lp_certificates';
		try {
			// The table as schema 3 made it.
			$wpdb->query( "ALTER TABLE {$table} DROP INDEX user_item" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery.SchemaChange
			$wpdb->query( "ALTER TABLE {$table} ADD KEY user_product (user_id,product_id)" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery.SchemaChange
			$this->assertNotContains( 'user_item', self::indexes() );
			foreach ( array( 'OLDEST000001', 'NEWER0000002', 'NEWER0000003' ) as $n => $code ) {
				$wpdb->insert(
					$table,
					array(
						'user_id'    => self::USER,
						'product_id' => 7,
						'code'       => $code,
						'score'      => 90,
						'issued_at'  => 1000 + $n,
					)
				);
			}
			$wpdb->insert(
				$table,
				array(
					'user_id'    => self::USER,
					'product_id' => 8,
					'code'       => 'OTHERITEM001',
					'score'      => 90,
					'issued_at'  => 1000,
				)
			);

			$this->assertTrue( ( new Migrations( $wpdb ) )->one_certificate_per_user_and_item() );

			$codes = $wpdb->get_col( $wpdb->prepare( 'SELECT code FROM %i WHERE user_id = %d ORDER BY code', $table, self::USER ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
			$this->assertSame( array( 'OLDEST000001', 'OTHERITEM001' ), $codes );
			$this->assertContains( 'user_item', self::indexes() );
			$this->assertNotContains( 'user_product', self::indexes() );
			$this->assertSame( 0, (int) $wpdb->query( $wpdb->prepare( 'INSERT IGNORE INTO %i (user_id, product_id, code) VALUES (%d, 7, %s)', $table, self::USER, 'AFTER0000001' ) ), 'The key holds.' ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
			$this->assertTrue( ( new Migrations( $wpdb ) )->one_certificate_per_user_and_item(), 'Safe to repeat.' );
		} finally {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE user_id = %d', $table, self::USER ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
			if ( ! in_array( 'user_item', self::indexes(), true ) ) {
				$wpdb->query( "ALTER TABLE {$table} ADD UNIQUE KEY user_item (user_id,product_id)" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery.SchemaChange
			}
		}
	}

	public function test_a_fresh_site_has_the_key_and_every_step(): void {
		$this->assertContains( 'user_item', self::indexes() );
		$this->assertNotContains( 'user_product', self::indexes() );
		$this->assertSame( Migrations::LATEST, (int) get_option( Migrations::OPTION ) );
	}
}
