<?php
/**
 * Reads that must be fresh go to the primary.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Database;

use LibraryPortal\Platform\Database\PrimaryReads;
use LibraryPortal\Tests\Support\TestCase;
use WP_REST_Request;

/**
 * PrimaryReads with a stand-in for a replication drop-in's `$wpdb` (docs/rules/platform.md, "Reads that must be
 * fresh (replicas)"). The proof over HTTP with a replica held behind is the lag test (npm run test:replica);
 * this one pins the rules: nothing with the plain wpdb, a write sends and marks, the writer's next read sends,
 * another user's does not, HyperDB's method name works too.
 */
final class PrimaryReadsTest extends TestCase {

	/**
	 * The site's real $wpdb while a stand-in takes its place.
	 *
	 * @var mixed
	 */
	private $real_db;

	protected function tear_down(): void {
		if ( null !== $this->real_db ) {
			$GLOBALS['wpdb'] = $this->real_db; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the test's stand-in goes.
			$this->real_db   = null;
			wp_set_current_user( 0 );
		}
		parent::tear_down();
	}

	/**
	 * Puts a stand-in drop-in in $wpdb's place (no query runs while it is there).
	 *
	 * @template T of object
	 * @param T $db Stand-in with send_reads_to_primaries() or send_reads_to_masters() and a $sent count.
	 * @return T
	 */
	private function replicated( object $db ): object {
		$this->real_db   = $GLOBALS['wpdb'];
		$GLOBALS['wpdb'] = $db; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- swapped back in tear_down().
		return $db;
	}

	/**
	 * A stand-in for LudicrousDB: counts its calls, answers the primary's check unless down.
	 *
	 * @param bool $down Whether its primary is down.
	 * @return object{sent: int, down: bool}
	 */
	private static function ludicrous( bool $down = false ): object {
		return new class( $down ) {
			/**
			 * Calls so far.
			 *
			 * @var int
			 */
			public $sent = 0;

			/**
			 * Whether the primary is down.
			 *
			 * @var bool
			 */
			public $down;

			public function __construct( bool $down ) {
				$this->down = $down;
			}

			public function send_reads_to_primaries(): void {
				++$this->sent;
			}

			/**
			 * The primary's check.
			 *
			 * @param string $query SQL.
			 * @return int|false
			 */
			public function query( string $query ) {
				return $this->down ? false : 1;
			}
		};
	}

	public function test_the_plain_wpdb_is_left_alone(): void {
		$this->assertFalse( PrimaryReads::active() );
		PrimaryReads::now();
		PrimaryReads::for_user( 1 );
		$this->assertFalse( has_filter( 'rest_pre_dispatch', array( new PrimaryReads(), 'before_rest' ) ) );
	}

	public function test_a_write_sends_reads_to_the_primary_and_so_do_the_writers_next_reads(): void {
		$writer = $this->make_user();
		$other  = $this->make_user();
		// Loaded before the stand-in comes: it runs no query.
		$as    = array(
			$writer => new \WP_User( $writer ),
			$other  => new \WP_User( $other ),
		);
		$db    = $this->replicated( self::ludicrous() );
		$reads = new PrimaryReads();
		$this->assertTrue( PrimaryReads::active() );

		$GLOBALS['current_user'] = $as[ $other ]; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- no query while the stand-in is there.
		$reads->before_rest( null, null, new WP_REST_Request( 'GET', '/library/v2/items' ) );
		$this->assertSame( 0, $db->sent, 'a read with no write before it reads the replicas' );

		$GLOBALS['current_user'] = $as[ $writer ]; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- as above.
		$reads->before_rest( null, null, new WP_REST_Request( 'POST', '/library/v2/accept-share' ) );
		$this->assertSame( 1, $db->sent, 'a write reads the primary' );

		wp_cache_set( $writer, array( 'stale' => array( 'x' ) ), 'user_meta' );
		$reads->before_rest( null, null, new WP_REST_Request( 'GET', '/library/v2/items' ) );
		$this->assertSame( 2, $db->sent, 'the writer reads their own write' );
		$this->assertFalse( wp_cache_get( $writer, 'user_meta' ), 'and their meta again' );

		$GLOBALS['current_user'] = $as[ $other ]; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- no query while the stand-in is there.
		$reads->before_rest( null, null, new WP_REST_Request( 'GET', '/library/v2/items' ) );
		$this->assertSame( 2, $db->sent, 'someone else still reads the replicas' );

		$GLOBALS['current_user'] = $as[ $writer ]; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- as above.
		wp_cache_set( $writer, time() - 1, PrimaryReads::GROUP );
		$reads->before_rest( null, null, new WP_REST_Request( 'GET', '/library/v2/items' ) );
		$this->assertSame( 2, $db->sent, 'the mark ends' );
	}

	public function test_hyperdbs_method_name_is_used_when_it_is_the_one(): void {
		$db = $this->replicated(
			new class() {
				/**
				 * Calls so far.
				 *
				 * @var int
				 */
				public $sent = 0;

				public function send_reads_to_masters(): void {
					++$this->sent;
				}

				/**
				 * The primary's check.
				 *
				 * @param string $query SQL.
				 */
				public function query( string $query ): int {
					return 1;
				}
			}
		);
		PrimaryReads::now();
		$this->assertSame( 1, $db->sent );
	}

	public function test_without_the_primary_a_read_stays_on_the_replicas(): void {
		$db = $this->replicated( self::ludicrous( true ) );
		$this->assertFalse( PrimaryReads::now() );
		PrimaryReads::for_user( 1 );
		$this->assertSame( 0, $db->sent );
	}
}
