<?php
/**
 * The per-user privacy statements, written once.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Database;

use LibraryPortal\Core\Database\Schema;
use LibraryPortal\Core\Database\UserTable;
use LibraryPortal\Platform\Database\WriteFailed;
use LibraryPortal\Tests\Support\TestCase;

/**
 * UserTable on real tables of the plugin: an export pages through exactly the user's rows in a
 * stable order with the described casts, a delete takes the rows that name the user in any user
 * column and nothing else, a release keeps the rows and only drops the user's ID, and a refused
 * statement throws.
 */
final class UserTableTest extends TestCase {

	/**
	 * Full name of a plugin table.
	 *
	 * @param string $name Short name.
	 */
	private static function table( string $name ): string {
		global $wpdb;
		return ( new Schema( $wpdb ) )->table( $name );
	}

	/**
	 * Writes a progress row.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @param int $part       Part.
	 * @param int $percent    Percent.
	 */
	private static function progress( int $user_id, int $product_id, int $part, int $percent ): void {
		global $wpdb;
		$wpdb->insert(
			self::table( 'progress' ),
			array(
				'user_id'    => $user_id,
				'product_id' => $product_id,
				'part_index' => $part,
				'percent'    => $percent,
				'updated_at' => 1000 + $percent,
			)
		);
	}

	/**
	 * Writes a notification.
	 *
	 * @param int $user_id For whom.
	 * @param int $related About whom (0: nobody).
	 */
	private static function notification( int $user_id, int $related ): void {
		global $wpdb;
		$wpdb->insert(
			self::table( 'notifications' ),
			array(
				'user_id'         => $user_id,
				'type'            => 'test',
				'message'         => 'Hello',
				'related_user_id' => $related,
				'read_status'     => 1,
			)
		);
	}

	/**
	 * The progress table as a repository describes it.
	 */
	private static function progress_rows(): UserTable {
		global $wpdb;
		return new UserTable(
			$wpdb,
			self::table( 'progress' ),
			array( 'user_id' ),
			array(
				'product_id' => UserTable::INT,
				'part_index' => UserTable::INT,
				'percent'    => UserTable::INT,
			),
			array( 'product_id', 'part_index' )
		);
	}

	public function test_an_export_pages_through_the_users_rows_in_order_with_their_casts(): void {
		self::progress( 7001, 30, 1, 40 );
		self::progress( 7001, 20, 0, 100 );
		self::progress( 7002, 20, 0, 55 );
		self::progress( 7001, 30, 0, 15 );
		$rows = self::progress_rows();

		$first  = $rows->export_page( 7001, 2, 0 );
		$second = $rows->export_page( 7001, 2, 2 );
		$this->assertSame(
			array(
				array(
					'product_id' => 20,
					'part_index' => 0,
					'percent'    => 100,
				),
				array(
					'product_id' => 30,
					'part_index' => 0,
					'percent'    => 15,
				),
			),
			$first
		);
		$this->assertSame(
			array(
				array(
					'product_id' => 30,
					'part_index' => 1,
					'percent'    => 40,
				),
			),
			$second,
			'The next page goes on where the first stopped; the other user is not in it.'
		);
		$this->assertSame( array(), $rows->export_page( 7001, 2, 4 ) );
		$this->assertSame( 3, $rows->count( 7001 ) );
		$this->assertSame(
			array( '20:100', '30:15' ),
			$rows->export_page( 7001, 2, 0, static fn( array $row ): string => $row['product_id'] . ':' . $row['percent'] ),
			'A map sees the row as read.'
		);
	}

	public function test_booleans_and_strings_are_cast_as_described(): void {
		global $wpdb;
		self::notification( 7101, 0 );
		$rows = new UserTable(
			$wpdb,
			self::table( 'notifications' ),
			array( 'user_id' ),
			array(
				'message'     => UserTable::STRING,
				'read_status' => UserTable::BOOL,
			)
		);
		$this->assertSame(
			array(
				array(
					'message'     => 'Hello',
					'read_status' => true,
				),
			),
			$rows->export_page( 7101, 10, 0 )
		);
	}

	public function test_a_delete_takes_the_rows_naming_the_user_in_any_user_column(): void {
		global $wpdb;
		self::notification( 7201, 0 );
		self::notification( 7202, 7201 );
		self::notification( 7202, 0 );
		self::notification( 7203, 7204 );
		$rows = new UserTable( $wpdb, self::table( 'notifications' ), array( 'user_id', 'related_user_id' ) );

		$this->assertSame( 2, $rows->delete( 7201, 'erase notifications' ) );
		$table = self::table( 'notifications' );
		$left  = $wpdb->get_results( "SELECT user_id, related_user_id FROM {$table} WHERE user_id > 7200 AND user_id < 7300 ORDER BY id", ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- our own table.
		$this->assertSame(
			array(
				array(
					'user_id'         => '7202',
					'related_user_id' => '0',
				),
				array(
					'user_id'         => '7203',
					'related_user_id' => '7204',
				),
			),
			$left
		);
	}

	public function test_a_release_keeps_the_rows_and_drops_only_the_users_id(): void {
		global $wpdb;
		self::notification( 7301, 7302 );
		self::notification( 7303, 7302 );
		self::notification( 7302, 7301 );
		$rows = new UserTable( $wpdb, self::table( 'notifications' ), array( 'user_id' ) );

		$this->assertSame( 2, $rows->release( 7302, 'related_user_id', 'forget user' ) );
		$table = self::table( 'notifications' );
		$left  = $wpdb->get_results( "SELECT user_id, related_user_id FROM {$table} WHERE user_id > 7300 AND user_id < 7400 ORDER BY id", ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- our own table.
		$this->assertSame(
			array(
				array(
					'user_id'         => '7301',
					'related_user_id' => '0',
				),
				array(
					'user_id'         => '7303',
					'related_user_id' => '0',
				),
				array(
					'user_id'         => '7302',
					'related_user_id' => '7301',
				),
			),
			$left
		);
	}

	public function test_a_refused_statement_throws(): void {
		global $wpdb;
		$rows = new UserTable( $wpdb, self::table( 'progress' ) . '_missing', array( 'user_id' ) );
		$this->expectException( WriteFailed::class );
		$suppress = $wpdb->suppress_errors( true );
		try {
			$rows->delete( 7401, 'forget user' );
		} finally {
			$wpdb->suppress_errors( $suppress );
		}
	}
}
