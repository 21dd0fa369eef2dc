<?php
/**
 * The per-item lookup and the spec's error envelope.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Library;

use LibraryPortal\Core\Rows\ItemLookup;
use LibraryPortal\Platform\Rest\ErrorReply;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;
use WP_REST_Request;
use WP_REST_Response;

/**
 * A probe route built the way every `/{id}` route will be: the permission callback and the
 * handler ask the same lookup; a missing item and someone else's answer the same 404.
 */
// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- applies core's rest_post_dispatch as WP_REST_Server::serve_request() does.
final class ItemLookupTest extends TestCase {

	private const ROUTE = '/library/v2/probe-item';

	/**
	 * Registers the probe route.
	 */
	public function set_up(): void {
		parent::set_up();
		$lookup = new ItemLookup( $this->services()->library );
		add_action(
			'rest_api_init',
			static function () use ( $lookup ) {
				register_rest_route(
					'library/v2',
					'/probe-item/(?P<id>\d+)',
					array(
						'methods'             => 'GET',
						'permission_callback' => static function ( WP_REST_Request $request ) use ( $lookup ) {
							if ( ! is_user_logged_in() ) {
								return ErrorReply::error( 'rest_forbidden', 'Please log in to open your library.', 401 );
							}
							$rows = $lookup->rows( get_current_user_id(), (int) $request['id'] );
							return is_wp_error( $rows ) ? $rows : true;
						},
						'callback'            => static function ( WP_REST_Request $request ) use ( $lookup ) {
							$rows = $lookup->rows( get_current_user_id(), (int) $request['id'] );
							return new WP_REST_Response(
								array(
									'success' => true,
									'data'    => $rows[0]['title'],
								)
							);
						},
					)
				);
			}
		);
	}

	/**
	 * A request as WordPress serves it (dispatch, then rest_post_dispatch).
	 *
	 * @param int $item    Item ID.
	 * @param int $user_id User, 0 for logged out.
	 */
	private function probe( int $item, int $user_id ): WP_REST_Response {
		wp_set_current_user( $user_id );
		$request  = new WP_REST_Request( 'GET', self::ROUTE . '/' . $item );
		$response = rest_get_server()->dispatch( $request );
		return apply_filters( 'rest_post_dispatch', rest_ensure_response( $response ), rest_get_server(), $request );
	}

	public function test_own_item_is_found_by_permission_check_and_handler(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Mine' );
		Library::grant( $owner, $item, 1 );

		$response = $this->probe( $item, $owner );

		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'Mine', $response->get_data()['data'] );
	}

	public function test_someone_elses_item_and_a_missing_item_give_the_same_404(): void {
		$owner    = $this->make_user();
		$stranger = $this->make_user();
		$item     = Library::item( 'Not yours' );
		Library::grant( $owner, $item, 1 );

		$theirs  = $this->probe( $item, $stranger );
		$missing = $this->probe( 987654, $stranger );

		$this->assertSame( 404, $theirs->get_status() );
		$this->assertSame(
			array(
				'success'    => false,
				'error_code' => ItemLookup::NOT_FOUND,
				'code'       => ItemLookup::NOT_FOUND,
				'message'    => 'This training is not in your library.',
				'data'       => array(
					'status'  => 404,
					'message' => 'This training is not in your library.',
				),
			),
			$theirs->get_data()
		);
		$this->assertSame( 404, $missing->get_status() );
		$this->assertSame( ItemLookup::NOT_FOUND, $missing->get_data()['error_code'] );
	}

	public function test_logged_out_gets_401_in_the_same_envelope(): void {
		$response = $this->probe( 1, 0 );

		$this->assertSame( 401, $response->get_status() );
		$this->assertFalse( $response->get_data()['success'] );
		$this->assertSame( 'rest_forbidden', $response->get_data()['error_code'] );
	}

	/**
	 * @group queries
	 */
	public function test_two_lookups_in_one_request_cost_one(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Counted' );
		Library::grant( $owner, $item, 1 );
		$lookup = new ItemLookup( $this->services()->library );
		$lookup->rows( $owner, $item );

		$this->assertSame( 0, $this->count_queries( static fn() => $lookup->rows( $owner, $item ) ) );
	}

	public function test_other_namespaces_keep_wordpress_errors(): void {
		$request  = new WP_REST_Request( 'GET', '/wp/v2/no-such-route' );
		$response = apply_filters( 'rest_post_dispatch', rest_get_server()->dispatch( $request ), rest_get_server(), $request );

		$this->assertArrayNotHasKey( 'error_code', $response->get_data() );
	}
	public function test_each_dispatch_starts_with_an_empty_memo(): void {
		$owner = $this->make_user();
		$item  = \LibraryPortal\Tests\Fixtures\LearningMedia::item( 'Memo Training' );
		Library::grant( $owner, $item );
		Library::activate_own( $owner, $item );
		$this->services()->progress->record( $owner, $item, 0, 5, time() );
		$lookup = new ItemLookup( $this->services()->library );
		$this->assertIsArray( $lookup->rows( $owner, $item ) );
		$this->assertNotSame( array(), $lookup->progress( $owner, $item ), 'The rows keep the progress they were built from.' );

		wp_set_current_user( $owner );
		$this->assertSame( 200, rest_get_server()->dispatch( new WP_REST_Request( 'GET', '/library/v2/items' ) )->get_status() );

		$this->assertSame( array(), $lookup->progress( $owner, $item ), 'A later request is never judged against what an earlier one read.' );
	}
}
