<?php
/**
 * GET /library/v2/user/.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Accounts;

use LibraryPortal\Core\Rows\Expiry;
use LibraryPortal\Services;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The user reply: only ever the current user.
 */
final class UserRouteTest extends TestCase {

	private const ROUTE = '/library/v2/user';

	public function test_logged_out_gets_401(): void {
		$this->assertSame( 401, $this->rest( 'GET', self::ROUTE )->get_status() );
	}

	public function test_bad_nonce_gets_403(): void {
		$this->assertSame( 403, $this->rest_as_browser( 'GET', self::ROUTE, $this->make_user(), 'forged' )->get_status() );
	}

	public function test_cookie_without_nonce_counts_as_logged_out(): void {
		$this->assertSame( 401, $this->rest_as_browser( 'GET', self::ROUTE, $this->make_user(), null )->get_status() );
	}

	public function test_returns_the_current_user_and_membership_expiry(): void {
		$user = $this->make_user(
			'subscriber',
			array(
				'display_name' => 'Noah Patel',
				'user_email'   => 'noah@example.com',
				'user_login'   => 'noah',
			)
		);
		$ends = time() + 90 * DAY_IN_SECONDS;
		Library::grant( $user, Library::item( 'Membership', 'membership' ), 1, $ends );
		$this->make_user( 'subscriber', array( 'user_email' => 'other@example.com' ) );

		$response = $this->rest( 'GET', self::ROUTE, array( 'id' => 1 ), $user );
		$data     = $response->get_data()['data'];

		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( $user, $data['id'], 'An id parameter cannot select someone else.' );
		$this->assertSame( 'Noah Patel', $data['display_name'] );
		$this->assertSame( 'noah', $data['user_nicename'] );
		$this->assertSame( 'noah@example.com', $data['user_email'] );
		$this->assertSame( $ends, $data['member_expiry'] );
	}

	public function test_member_expiry_zero_without_membership_and_marker_when_never(): void {
		$plain   = $this->make_user();
		$forever = $this->make_user();
		Library::grant( $forever, Library::item( 'Lifetime Membership', 'membership' ), 1, 0 );

		$this->assertSame( 0, $this->rest( 'GET', self::ROUTE, array(), $plain )->get_data()['data']['member_expiry'] );
		$this->assertSame( Expiry::NEVER_LEGACY, $this->rest( 'GET', self::ROUTE, array(), $forever )->get_data()['data']['member_expiry'] );
	}

	public function test_membership_follows_its_grant_extended_or_taken_back(): void {
		$user   = $this->make_user();
		$grants = Services::on( $GLOBALS['wpdb'] )->grants;
		$grant  = Library::grant( $user, Library::item( 'Membership', 'membership' ), 2, time() + DAY_IN_SECONDS );
		$later  = time() + 30 * DAY_IN_SECONDS;

		$grants->extend( $grant, $later, 0 );
		$this->assertSame( $later, $this->rest( 'GET', self::ROUTE, array(), $user )->get_data()['data']['member_expiry'], 'Extending a grant moves the membership.' );

		$grants->take_back( $grant, null, 0 );
		$data = $this->rest( 'GET', self::ROUTE, array(), $user )->get_data()['data'];
		$this->assertSame( 0, $data['member_expiry'], 'A grant whose seats were all taken back is no membership.' );
		$this->assertFalse( $data['is_member'] );
	}

	/**
	 * @group queries
	 */
	public function test_query_count_does_not_depend_on_the_library(): void {
		$empty = $this->make_user();
		$full  = $this->make_user();
		Library::grant( $full, Library::item( 'Membership', 'membership' ), 1 );
		\LibraryPortal\Dev\DemoSeeder::create()->seed_library_for( $full, 30 );
		$this->rest( 'GET', self::ROUTE, array(), $empty );
		$this->rest( 'GET', self::ROUTE, array(), $full );

		$count = fn( int $user_id ) => $this->count_queries( fn() => $this->rest( 'GET', self::ROUTE, array(), $user_id ) );

		$this->assertSame( $count( $empty ), $count( $full ) );
		$this->assertSame( 1, $count( $full ), 'One query: the membership seats.' );
	}
}
