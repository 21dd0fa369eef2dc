<?php
/**
 * POST /library/v2/activate-manual-license/{id} and GET /library/v2/contract/{contractid}/item/{id}
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Core\Rows\Access;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Activation spends one seat, once, and the reply carries the updated row; the contract item
 * is for that contract's members only.
 */
final class ActivationRouteTest extends TestCase {

	use ServesRequests;

	/**
	 * Activates.
	 *
	 * @param int    $user  User.
	 * @param int    $item  Item.
	 * @param string $query Query string.
	 */
	private function activate( int $user, int $item, string $query = '' ): \WP_REST_Response {
		return $this->send( 'POST', '/library/v2/activate-manual-license/' . $item . $query, $user );
	}

	/**
	 * Activated seats of an item, counted in the table.
	 *
	 * @param int $item Item.
	 */
	private static function activated_seats( int $item ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM %i WHERE product_id = %d AND state = 'activated'", $wpdb->prefix . 'lp_licenses', $item ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test reads the table itself.
	}

	public function test_a_manual_is_activated_once_and_the_reply_carries_its_download(): void {
		$user = $this->make_user();
		$item = Library::item( 'Workbook', 'e-manual' );
		Library::grant( $user, $item, 3 );

		$first = $this->activate( $user, $item );

		$this->assertSame( 200, $first->get_status() );
		$this->assert_matches_schema( $first, '/library/v2/activate-manual-license/(?P<id>\d+)' );
		$data = $first->get_data()['data'];
		$this->assertSame( 'activated', $data['status'] );
		$this->assertSame( 'Your license for "Workbook" is now active.', $data['message'] );
		$this->assertSame( Access::ACTIVATED, $data['item']['access'] );
		$this->assertTrue( $data['item']['activated'] );
		$this->assertSame( 2, $data['item']['available_licenses'] );
		$this->assertStringContainsString( '/downloads/workbook.pdf', $data['item']['download_link'] );
		$this->assertSame( $data['item'], Library::by_product( $this->send( 'GET', '/library/v2/items', $user )->get_data()['data'] )[ $item ], 'Same row as GET items/.' );

		$again = $this->activate( $user, $item )->get_data()['data'];
		$this->assertSame( 'already_active', $again['status'] );
		$this->assertSame( 2, $again['item']['available_licenses'] );
		$this->assertSame( 1, self::activated_seats( $item ) );
	}

	public function test_a_shared_seat_is_activated_by_its_holder(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Shared workbook', 'e-manual' );
		Library::grant( $owner, $item, 2 );
		Library::share( $owner, $member, $item );

		$data = $this->activate( $member, $item )->get_data()['data'];

		$this->assertSame( 'activated', $data['status'] );
		$this->assertSame( Access::ACTIVATED, $data['item']['access'] );
		$this->assertSame( 1, self::activated_seats( $item ) );
	}

	public function test_members_and_contract_members_spend_nothing(): void {
		$user = $this->make_user();
		$item = Library::item( 'Member workbook', 'e-manual' );
		Library::grant( $user, $item, 1, 0, 'member' );
		$contract_user = $this->make_user();
		$contracts     = $this->services()->contracts;
		$contract      = $contracts->create( array( 'title' => 'C' ), time() );
		$contracts->add_member( $contract, $contract_user );
		$contracts->add_item( $contract, $item );

		$this->assertSame( 'already_active', $this->activate( $user, $item )->get_data()['data']['status'] );
		$this->assertSame( 'already_active', $this->activate( $contract_user, $item )->get_data()['data']['status'] );
		$this->assertSame( 0, self::activated_seats( $item ) );
	}

	public function test_without_a_seat_the_spec_message_is_in_data_error(): void {
		$user = $this->make_user();
		$item = Library::item( 'Expired workbook', 'e-manual' );
		Library::grant( $user, $item, 1, time() - 1 );

		$response = $this->activate( $user, $item );

		$this->assertSame( 409, $response->get_status() );
		$body = $response->get_data();
		$this->assertFalse( $body['success'] );
		$this->assertSame( 'no_license', $body['error_code'] );
		$this->assertSame( 'You don\'t have an active license for "Expired workbook". Purchase a license to download this manual.', $body['data']['error'] );
		$this->assertSame( $body['data']['error'], $body['message'] );
		$this->assertStringNotContainsString( '/downloads/', (string) wp_json_encode( $body ) );
	}

	public function test_logged_out_no_nonce_and_someone_elses_item(): void {
		$user     = $this->make_user();
		$stranger = $this->make_user();
		$item     = Library::item( 'Guarded workbook', 'e-manual' );
		Library::grant( $user, $item, 2 );
		$route = '/library/v2/activate-manual-license/' . $item;

		$this->assertSame( 401, $this->activate( 0, $item )->get_status() );
		$this->assertSame( 401, $this->rest_as_browser( 'POST', $route, $user, null )->get_status() );
		$this->assertSame( 404, $this->activate( $stranger, $item )->get_status() );
		$this->assertSame( 'item_not_found', $this->activate( $stranger, $item )->get_data()['error_code'] );
		$this->assertSame( 0, self::activated_seats( $item ), 'Refused requests activated nothing.' );

		$this->assertSame( 200, $this->rest_as_browser( 'POST', $route, $user, $this->browser_nonce( $user ) )->get_status() );
		$this->assertSame( 1, self::activated_seats( $item ) );
	}

	public function test_the_contract_item_is_for_that_contracts_members(): void {
		$member    = $this->make_user();
		$outsider  = $this->make_user();
		$item      = Library::item( 'Contract training' );
		$contracts = $this->services()->contracts;
		$contract  = $contracts->create( array( 'title' => 'Clinic' ), time() );
		$other     = $contracts->create( array( 'title' => 'Other' ), time() );
		$contracts->add_member( $contract, $member );
		$contracts->add_member( $other, $outsider );
		$contracts->add_item( $contract, $item );
		$contracts->add_item( $other, Library::item( 'Other training' ) );
		$route = "/library/v2/contract/$contract/item/$item";

		$reply = $this->send( 'GET', $route, $member );

		$this->assertSame( 200, $reply->get_status() );
		$this->assert_matches_schema( $reply, '/library/v2/contract/(?P<contractid>\d+)/item/(?P<id>\d+)' );
		$this->assertTrue( $reply->get_data()['success'] );
		$this->assertSame( $item, $reply->get_data()['item']['product_id'] );
		$this->assertSame( 'contract', $reply->get_data()['item']['tag'] );
		$this->assertSame( $contract, $reply->get_data()['item']['contract_id'] );

		$this->assertSame( 403, $this->send( 'GET', $route, $outsider )->get_status(), 'A member of another contract.' );
		$this->assertSame( 'not_contract_member', $this->send( 'GET', $route, $outsider )->get_data()['error_code'] );
		$this->assertSame( 403, $this->send( 'GET', "/library/v2/contract/$other/item/$item", $member )->get_status(), 'Not a member of that contract.' );
		$this->assertSame( 403, $this->send( 'GET', '/library/v2/contract/987654/item/' . $item, $member )->get_status(), 'A contract that does not exist answers the same.' );
		$contracts->add_member( $other, $member );
		$this->assertSame( 404, $this->send( 'GET', "/library/v2/contract/$other/item/$item", $member )->get_status(), 'A member, but the item is not in that contract.' );
		$this->assertSame( 'item_not_found', $this->send( 'GET', "/library/v2/contract/$other/item/$item", $member )->get_data()['error_code'] );
		$this->assertSame( 401, $this->send( 'GET', $route, 0 )->get_status() );
		$this->assertSame( 401, $this->rest_as_browser( 'GET', $route, $member, null )->get_status() );
		$this->assertSame( 200, $this->rest_as_browser( 'GET', $route, $member, $this->browser_nonce( $member ) )->get_status() );
	}
}
