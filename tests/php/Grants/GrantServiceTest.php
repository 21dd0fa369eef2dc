<?php
/**
 * Grants by admins, WP-CLI and orders.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Grants;

use InvalidArgumentException;
use LibraryPortal\Core\Database\Schema;
use LibraryPortal\Core\Seats\GrantService;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * GrantService gives, extends and takes back seats on real rows, refuses bad input without a
 * write, writes the audit trail and drops the libraries it changed.
 */
final class GrantServiceTest extends TestCase {

	private const ITEMS = '/library/v2/items';

	/**
	 * The user's library by item, through the route (and its cache).
	 *
	 * @param int $user_id User.
	 * @return array<int, array<string, mixed>>
	 */
	private function library( int $user_id ): array {
		return Library::by_product( $this->rest( 'GET', self::ITEMS, array(), $user_id )->get_data()['data'] );
	}

	/**
	 * Rows of one of the plugin's tables.
	 *
	 * @param string $table Short name.
	 */
	private function rows( string $table ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', ( new Schema( $wpdb ) )->table( $table ) ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
	}

	public function test_a_grant_gives_seats_finds_them_by_source_writes_the_audit_and_drops_the_cache(): void {
		$grants = $this->services()->grants;
		$admin  = $this->make_user( 'administrator' );
		$owner  = $this->make_user();
		$item   = Library::item( 'Granted' );
		$this->assertArrayNotHasKey( $item, $this->library( $owner ), 'cached before the grant' );
		$expiry = time() + 30 * DAY_IN_SECONDS;

		$grant_id = $grants->grant( $owner, $item, 3, $expiry, '', 'woocommerce', 'order:123:item:45', $admin );

		$grant = $grants->find_by_source( 'woocommerce', 'order:123:item:45' );
		$this->assertNotNull( $grant );
		$this->assertSame( array( $grant_id, $owner, $item, 3, $expiry ), array( $grant->id, $grant->owner_id, $grant->product_id, $grant->quantity, $grant->expires_at ) );
		$this->assertNull( $grants->find_by_source( 'woocommerce', 'order:123:item:46' ) );
		$this->assertSame( 3, $this->library( $owner )[ $item ]['total_licenses'], 'the cached library dropped' );
		$audit = $this->services()->seat_audit->for_grant( $grant_id );
		$this->assertCount( 1, $audit );
		$this->assertSame( array( $admin, GrantService::GRANT, $owner, $item ), array( $audit[0]->actor_id, $audit[0]->action, $audit[0]->owner_id, $audit[0]->product_id ) );
		$this->assertSame( 3, $audit[0]->details()['quantity'] );
	}

	public function test_invalid_grants_are_refused_and_nothing_is_written(): void {
		$grants = $this->services()->grants;
		$owner  = $this->make_user();
		$item   = Library::item( 'Published' );
		$draft  = Library::item( 'Draft' );
		wp_update_post(
			array(
				'ID'          => $draft,
				'post_status' => 'draft',
			)
		);
		$page   = self::factory_post();
		$cases  = array(
			'no such user'   => array( 999999, $item, 1, 0, '' ),
			'draft item'     => array( $owner, $draft, 1, 0, '' ),
			'not an item'    => array( $owner, $page, 1, 0, '' ),
			'no seat'        => array( $owner, $item, 0, 0, '' ),
			'too many seats' => array( $owner, $item, GrantService::MAX_QUANTITY + 1, 0, '' ),
			'past expiry'    => array( $owner, $item, 1, time() - 60, '' ),
			'unknown tag'    => array( $owner, $item, 1, 0, 'gold' ),
		);
		$before = array( $this->rows( 'grants' ), $this->rows( 'licenses' ), $this->rows( 'seat_audit' ) );
		foreach ( $cases as $name => $case ) {
			try {
				$grants->grant( $case[0], $case[1], $case[2], $case[3], $case[4], 'admin', '', 1 );
				$this->fail( "$name: refusal expected" );
			} catch ( InvalidArgumentException $refused ) {
				$this->assertNotSame( '', $refused->getMessage(), $name );
			}
		}
		foreach ( array( 'Admin', '', str_repeat( 'a', 21 ) ) as $source ) {
			try {
				$grants->grant( $owner, $item, 1, 0, '', $source, '', 1 );
				$this->fail( "source '$source': refusal expected" );
			} catch ( InvalidArgumentException $refused ) {
				$this->assertStringContainsString( 'source', $refused->getMessage() );
			}
		}
		$this->assertSame( $before, array( $this->rows( 'grants' ), $this->rows( 'licenses' ), $this->rows( 'seat_audit' ) ) );
	}

	public function test_extend_moves_the_grant_and_every_seat_and_refreshes_the_holders(): void {
		$grants = $this->services()->grants;
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Extended' );
		$old    = time() + DAY_IN_SECONDS;
		$new    = time() + 90 * DAY_IN_SECONDS;
		$grant  = $grants->grant( $owner, $item, 2, $old, '', 'admin', '', 0 );
		Library::share( $owner, $member, $item );
		$this->assertSame( $old, $this->library( $member )[ $item ]['expiry'] );

		$extended = $grants->extend( $grant, $new, 7 );

		$this->assertSame( $new, $extended->expires_at );
		foreach ( $this->services()->licenses->seats_of_grant( $grant ) as $seat ) {
			$this->assertSame( $new, $seat->expires_at );
		}
		$this->assertSame( $new, $this->library( $member )[ $item ]['expiry'], 'the holder\'s cached library dropped' );
		$audit = $this->services()->seat_audit->for_grant( $grant );
		$this->assertSame( GrantService::EXTEND, $audit[1]->action );
		$this->assertSame( 7, $audit[1]->actor_id );
		$this->assertSame(
			array(
				'from'  => $old,
				'to'    => $new,
				'seats' => 2,
			),
			$audit[1]->details()
		);
	}

	public function test_extend_refuses_an_earlier_or_past_date_and_an_unknown_grant(): void {
		$grants = $this->services()->grants;
		$owner  = $this->make_user();
		$item   = Library::item( 'Not shortened' );
		$expiry = time() + 10 * DAY_IN_SECONDS;
		$grant  = $grants->grant( $owner, $item, 1, $expiry, '', 'admin', '', 0 );
		$never  = $grants->grant( $owner, $item, 1, 0, '', 'admin', '', 0 );
		$audit  = $this->rows( 'seat_audit' );

		foreach ( array( array( $grant, $expiry - 60 ), array( $grant, time() - 60 ), array( $never, time() + 99 * DAY_IN_SECONDS ), array( 999999, 0 ) ) as $case ) {
			try {
				$grants->extend( $case[0], $case[1], 1 );
				$this->fail( 'refusal expected' );
			} catch ( InvalidArgumentException $refused ) {
				$this->assertNotSame( '', $refused->getMessage() );
			}
		}
		$this->assertSame( $expiry, $grants->find( $grant )->expires_at );
		$this->assertSame( $audit, $this->rows( 'seat_audit' ) );
		$this->assertSame( 0, $grants->extend( $grant, 0, 1 )->expires_at, 'never is later than any date' );
	}

	public function test_a_deleted_owner_takes_their_trail_and_a_deleted_actor_becomes_the_system(): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/user.php';
		$grants = $this->services()->grants;
		$admin  = $this->make_user( 'administrator' );
		$owner  = $this->make_user();
		$other  = $this->make_user();
		$item   = Library::item( 'Forgotten' );
		$gone   = $grants->grant( $owner, $item, 1, 0, '', 'admin', '', $admin );
		$kept   = $grants->grant( $other, $item, 1, 0, '', 'admin', '', $admin );

		wp_delete_user( $owner );
		wp_delete_user( $admin );

		$this->assertSame( array(), $this->services()->seat_audit->for_grant( $gone ) );
		$trail = $this->services()->seat_audit->for_grant( $kept );
		$this->assertCount( 1, $trail );
		$this->assertSame( 0, $trail[0]->actor_id );
		$this->assertSame( 0, $this->services()->seat_audit->count( $owner ) );
		$this->assertSame( 1, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE owner_id = %d', ( new Schema( $wpdb ) )->table( 'seat_audit' ), $other ) ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
	}

	/**
	 * @group database
	 */
	public function test_grants_are_found_by_source_through_an_index(): void {
		global $wpdb;
		$table = ( new Schema( $wpdb ) )->table( 'grants' );
		$index = array();
		foreach ( (array) $wpdb->get_results( "SHOW INDEX FROM {$table}", ARRAY_A ) as $row ) { // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- our own table.
			$index[ $row['Key_name'] ][] = $row['Column_name']; // In key order on both databases (SQLite's Seq_in_index is not).
		}
		$this->assertSame( array( 'source', 'source_ref' ), $index['source_ref'] ?? null );
	}

	/**
	 * A published page: a post that is not a library item.
	 */
	private static function factory_post(): int {
		return (int) wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => 'Not an item',
			)
		);
	}
}
