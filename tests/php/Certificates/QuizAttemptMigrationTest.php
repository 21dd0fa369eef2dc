<?php
/**
 * Migration 4: numbered test attempts.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Certificates;

use LibraryPortal\Lifecycle\Migrations;
use LibraryPortal\Tests\Support\TestCase;

/**
 * A site from schema 8 (attempts without a number, no UNIQUE key) ends with every attempt
 * numbered per (user, item) in the order it was made, and the key that keeps the attempt limit
 * race-safe. On MariaDB the ALTERs commit, so the test deletes its own rows.
 *
 * @group database
 */
final class QuizAttemptMigrationTest extends TestCase {

	private const USER = 900000002;

	/**
	 * Index names of the attempts table.
	 *
	 * @return string[]
	 */
	private static function indexes(): array {
		global $wpdb;
		$table = $wpdb->prefix . 'lp_quiz_attempts';
		return array_values( array_unique( array_column( (array) $wpdb->get_results( "SHOW INDEX FROM {$table}", ARRAY_A ), 'Key_name' ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- our own table.
	}

	public function test_earlier_attempts_are_numbered_in_order_and_the_unique_key_is_added(): void {
		global $wpdb;
		$table = $wpdb->prefix . 'lp_quiz_attempts';
		try {
			// The table as schema 8 left it: no key, every attempt number 0.
			$wpdb->query( "ALTER TABLE {$table} DROP INDEX user_item_seq" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery.SchemaChange
			$this->assertNotContains( 'user_item_seq', self::indexes() );
			foreach ( array( 7, 8, 7, 7 ) as $n => $item ) {
				$wpdb->insert(
					$table,
					array(
						'user_id'    => self::USER,
						'product_id' => $item,
						'score'      => 10 * $n,
						'answers'    => '{}',
						'created_at' => 1000 + $n,
						'seq'        => 0,
					)
				);
			}

			$this->assertTrue( ( new Migrations( $wpdb ) )->numbered_quiz_attempts() );

			$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT product_id, seq, score FROM %i WHERE user_id = %d ORDER BY id', $table, self::USER ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
			$this->assertSame( array( array( 7, 1, 0 ), array( 8, 1, 10 ), array( 7, 2, 20 ), array( 7, 3, 30 ) ), array_map( static fn( array $row ): array => array_map( 'intval', array_values( $row ) ), $rows ) );
			$this->assertContains( 'user_item_seq', self::indexes() );
			$this->assertSame( 0, (int) $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO %i (user_id, product_id, answers, seq) VALUES (%d, 7, '{}', 3)", $table, self::USER ) ), 'The key holds.' ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
			$this->assertTrue( ( new Migrations( $wpdb ) )->numbered_quiz_attempts(), 'Safe to repeat.' );
		} finally {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE user_id = %d', $table, self::USER ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
			if ( ! in_array( 'user_item_seq', self::indexes(), true ) ) {
				$wpdb->query( "ALTER TABLE {$table} ADD UNIQUE KEY user_item_seq (user_id,product_id,seq)" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery.SchemaChange
			}
		}
	}
}
