<?php
/**
 * Replies match their published schemas, field for field.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Rest;

use LibraryPortal\Core\Rows\Access;
use LibraryPortal\Core\Rows\ItemStatus;
use LibraryPortal\Dev\DemoSeeder;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The schemas are closed (every property required, no other key) and their enums come from the
 * PHP constants, so a reply that gains, loses or renames a field, or sends a status the domain
 * does not know, fails here: docs/contract.md and the TypeScript types follow the schema.
 */
final class ReplySchemaTest extends TestCase {

	/**
	 * Validates a route's reply against the route's own schema.
	 *
	 * @param string $route   Route.
	 * @param int    $user_id User.
	 * @return array<string, mixed> The reply.
	 */
	private function assert_reply_matches_schema( string $route, int $user_id ): array {
		$response = $this->rest( 'GET', $route, array(), $user_id );
		$this->assertSame( 200, $response->get_status() );
		$data    = json_decode( (string) wp_json_encode( $response->get_data() ), true ); // As the browser gets it.
		$options = rest_get_server()->get_route_options( $route );
		$schema  = call_user_func( $options['schema'] );

		$valid = rest_validate_value_from_schema( $data, $schema, 'reply' );

		$this->assertTrue( $valid, is_wp_error( $valid ) ? $valid->get_error_message() : '' );
		return $data;
	}

	public function test_the_items_reply_of_every_kind_of_user_matches_its_schema(): void {
		$seeder = DemoSeeder::create();
		$owner  = $this->make_user();
		$seeder->seed_library_for( $owner, 30 );
		$member = $this->make_user();
		$item   = Library::item( 'Shared one' );
		Library::grant( $owner, $item, 2 );
		Library::share( $owner, $member, $item );
		$contract_user = $this->make_user();
		$contracts     = $this->services()->contracts;
		$contract      = $contracts->create( array( 'title' => 'C' ), time() );
		$contracts->add_member( $contract, $contract_user );
		$contracts->add_item( $contract, Library::item( 'Contract item' ) );

		$seen = array();
		foreach ( array( $owner, $member, $contract_user ) as $user_id ) {
			$reply = $this->assert_reply_matches_schema( '/library/v2/items', $user_id );
			$this->assertNotEmpty( $reply['data'] );
			foreach ( $reply['data'] as $row ) {
				$seen[ $row['access'] ] = true;
			}
		}
		$this->assertGreaterThanOrEqual( 4, count( $seen ), 'The replies cover several access kinds.' );
	}

	public function test_the_user_and_notifications_replies_match_their_schemas(): void {
		$user = $this->make_user();
		$this->services()->notifier->notify(
			array(
				'user_id' => $user,
				'type'    => 'share_accepted',
				'message' => 'Anna accepted your share.',
			),
			time()
		);

		$this->assert_reply_matches_schema( '/library/v2/user', $user );
		$reply = $this->assert_reply_matches_schema( '/library/v2/notifications', $user );
		$this->assertCount( 1, $reply['data']['notifications'] );
	}

	public function test_a_reply_with_an_unknown_field_or_status_would_fail(): void {
		$owner = $this->make_user();
		Library::grant( $owner, Library::item( 'Probe' ), 1 );
		$reply  = json_decode( (string) wp_json_encode( $this->rest( 'GET', '/library/v2/items', array(), $owner )->get_data() ), true );
		$schema = call_user_func( rest_get_server()->get_route_options( '/library/v2/items' )['schema'] );

		$extra                        = $reply;
		$extra['data'][0]['surplus']  = 1;
		$unknown                      = $reply;
		$unknown['data'][0]['status'] = 'almost-done';
		$missing                      = $reply;
		unset( $missing['data'][0]['access'] );

		$this->assertInstanceOf( \WP_Error::class, rest_validate_value_from_schema( $extra, $schema ) );
		$this->assertInstanceOf( \WP_Error::class, rest_validate_value_from_schema( $unknown, $schema ) );
		$this->assertInstanceOf( \WP_Error::class, rest_validate_value_from_schema( $missing, $schema ) );
	}

	public function test_the_enums_are_the_domain_constants(): void {
		$this->rest( 'GET', '/library/v2/items', array(), $this->make_user() ); // Registers the routes.
		$item = call_user_func( rest_get_server()->get_route_options( '/library/v2/items' )['schema'] )['properties']['data']['items'];

		$this->assertSame( ItemStatus::all(), $item['properties']['status']['enum'] );
		$this->assertSame( Access::all(), $item['properties']['access']['enum'] );
	}
}
