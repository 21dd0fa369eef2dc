<?php
/**
 * The cache of encoded libraries.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Library;

use LibraryPortal\Core\Rows\CacheEntry;
use LibraryPortal\Core\Rows\LibraryCache;
use LibraryPortal\Core\Rows\LibraryCacheRepository;
use LibraryPortal\Platform\Rest\RawJsonResponse;
use LibraryPortal\Platform\Rest\ReplyBody;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;
use WP_REST_Request;

/**
 * A hit gives the same reply with one query; every change that matters gives a fresh one.
 */
final class LibraryCacheTest extends TestCase {

	private const ROUTE = '/library/v2/items';

	/**
	 * The items of a user through the route.
	 *
	 * @param int $user_id User.
	 * @return array<int, array<string, mixed>>
	 */
	private function items( int $user_id ): array {
		return Library::by_product( $this->rest( 'GET', self::ROUTE, array(), $user_id )->get_data()['data'] );
	}

	/**
	 * @group queries
	 */
	public function test_a_hit_is_one_query_and_the_same_reply(): void {
		$owner = $this->make_user();
		Library::grant( $owner, Library::item( 'Cached' ), 2 );
		$first = $this->items( $owner );

		$queries = $this->count_queries( fn() => $this->assertSame( $first, $this->items( $owner ) ) );

		// One read of the kept reply; none at all where a persistent object cache holds it.
		$this->assertSame( wp_using_ext_object_cache() ? 0 : 1, $queries );
	}

	public function test_progress_share_and_activation_refresh_the_libraries_concerned(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Changing' );
		Library::grant( $owner, $item, 2 );
		$this->items( $owner );
		$this->items( $member );

		$this->services()->progress->record( $owner, $item, 0, 30, time() );
		$this->assertSame( 30, $this->items( $owner )[ $item ]['video_data']['progress']['count'] );

		$seat = Library::share( $owner, $member, $item );
		$this->assertSame( 1, $this->items( $owner )[ $item ]['available_licenses'] );
		$this->assertArrayHasKey( $item, $this->items( $member ), 'The recipient sees the seat at once.' );

		$this->services()->licenses->activate_seat( $seat, $member, time() );
		$this->assertTrue( $this->items( $member )[ $item ]['activated'] );
		$this->assertSame( 1, $this->items( $owner )[ $item ]['active_licenses'], "The owner's counts follow the member's activation." );
	}

	/**
	 * @group queries
	 */
	public function test_a_progress_raise_writes_no_library_version_and_the_kept_reply_shows_it(): void {
		$learner = $this->make_user();
		$item    = Library::item( 'Watched' );
		Library::grant( $learner, $item, 1 );
		$this->items( $learner );
		$version = $this->services()->library_cache->versions_of( array( $learner ) );
		$fresh   = function () use ( $learner ): array {
			return Library::by_product( json_decode( (string) wp_json_encode( $this->services()->library->items_for( $learner, time() ) ), true ) );
		};

		foreach ( array( 10, 35, 100 ) as $percent ) {
			$this->services()->progress->record( $learner, $item, 0, $percent, time() );

			$kept = $this->items( $learner );
			$this->assertSame( $percent, $kept[ $item ]['video_data']['progress']['count'] );
			$this->assertSame( $fresh(), $kept, 'The kept reply is the one a fresh build gives.' );
			$this->assertSame( wp_using_ext_object_cache() ? 0 : 1, $this->count_queries( fn() => $this->items( $learner ) ), 'Then it is kept: one read, none with a persistent object cache.' );
		}
		$this->assertSame( $version, $this->services()->library_cache->versions_of( array( $learner ) ), 'No library version was written.' );
	}

	public function test_catalogue_edits_and_renames_refresh_every_library(): void {
		$owner  = $this->make_user();
		$member = $this->make_user( 'subscriber', array( 'display_name' => 'Old Name' ) );
		$item   = Library::item( 'Before' );
		Library::grant( $owner, $item, 2 );
		Library::share( $owner, $member, $item );
		$this->items( $owner );

		wp_update_post(
			array(
				'ID'         => $item,
				'post_title' => 'After',
			)
		);
		$this->assertSame( 'After', $this->items( $owner )[ $item ]['title'] );

		update_post_meta( $item, '_lp_subtitle', 'New subtitle' );
		$this->assertSame( 'New subtitle', $this->items( $owner )[ $item ]['subtitle'] );

		wp_update_user(
			array(
				'ID'           => $member,
				'display_name' => 'New Name',
			)
		);
		$this->assertSame( 'New Name', $this->items( $owner )[ $item ]['shared_with'][ $member ]['name'] );
	}

	public function test_an_entry_ends_at_the_next_expiry(): void {
		$owner   = $this->make_user();
		$item    = Library::item( 'Expiring' );
		$expires = time() + 100;
		Library::grant( $owner, $item, 1, $expires );
		$cache = $this->services()->library_cache;
		$build = fn() => $this->services()->library->items_for( $owner, $expires + 1 );

		$before = json_decode( $cache->items_json( $owner, time(), fn() => $this->services()->library->items_for( $owner, time() ) ), true );
		$still  = json_decode( $cache->items_json( $owner, $expires - 1, $build ), true );
		$after  = json_decode( $cache->items_json( $owner, $expires, $build ), true );

		$this->assertSame( 'not-started', $before[0]['status'] );
		$this->assertSame( 'not-started', $still[0]['status'], 'Still cached before the expiry.' );
		$this->assertSame( 'expired', $after[0]['status'], 'Rebuilt once the expiry is reached.' );
	}

	public function test_contract_changes_refresh_members(): void {
		$member    = $this->make_user();
		$contracts = $this->services()->contracts;
		$contract  = $contracts->create( array( 'title' => 'C' ), time() );
		$contracts->add_member( $contract, $member );
		$this->assertSame( array(), $this->items( $member ) );

		$item = Library::item( 'Contract item' );
		$contracts->add_item( $contract, $item );

		$this->assertArrayHasKey( $item, $this->items( $member ) );
	}

	public function test_a_reply_built_between_two_writes_does_not_survive_the_second(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Two writes' );
		Library::grant( $owner, $item, 1 );
		$progress = $this->services()->progress;
		// Another request: its own cache object, reading the same stored entries.
		$other_request = new LibraryCache( new LibraryCacheRepository( $GLOBALS['wpdb'] ), $this->services()->licenses );
		$library       = $this->services()->library;
		$read          = static function () use ( $other_request, $owner, $library ): int {
			$items = json_decode( $other_request->items_json( $owner, time(), static fn() => $library->items_for( $owner, time() ) ), true );
			return $items[0]['video_data']['progress']['count'];
		};

		// This request writes twice; between the writes the other request builds and stores the reply.
		$progress->record( $owner, $item, 0, 10, time() );
		$this->assertSame( 10, $read() );
		$progress->record( $owner, $item, 0, 20, time() );

		$this->assertSame( 20, $read(), 'The second write is never hidden by the reply cached after the first.' );
	}

	/**
	 * @group queries
	 */
	public function test_a_profile_change_refreshes_only_the_replies_that_show_the_user(): void {
		$owner    = $this->make_user();
		$member   = $this->make_user( 'subscriber', array( 'display_name' => 'Before Rename' ) );
		$stranger = $this->make_user();
		$item     = Library::item( 'Shown names' );
		Library::grant( $owner, $item, 2 );
		Library::grant( $stranger, Library::item( 'Unrelated' ), 1 );
		Library::share( $owner, $member, $item );
		$this->items( $owner );
		$this->items( $member );
		$this->items( $stranger );

		wp_update_user(
			array(
				'ID'           => $member,
				'display_name' => 'After Rename',
			)
		);

		$this->assertSame( 'After Rename', $this->items( $owner )[ $item ]['shared_with'][ $member ]['name'], "The sharer's reply shows the new name." );
		$stranger_read = $this->count_queries( fn() => $this->items( $stranger ) );
		$this->assertSame( wp_using_ext_object_cache() ? 0 : 1, $stranger_read, "An unrelated user's cached reply survives (one read, no rebuild)." );
	}

	public function test_raw_reply_is_sent_as_is_unless_reshaped(): void {
		$response = new RawJsonResponse( '{"success":true,"data":[{"a":1}]}' );
		$request  = new WP_REST_Request( 'GET', self::ROUTE );

		ob_start();
		$served = RawJsonResponse::serve( false, $response, $request, rest_get_server() );
		$body   = ob_get_clean();

		$this->assertTrue( $served );
		$this->assertSame( '{"success":true,"data":[{"a":1}]}', $body );
		$this->assertSame(
			array(
				'success' => true,
				'data'    => array( array( 'a' => 1 ) ),
			),
			$response->get_data()
		);

		$request->set_param( '_fields', 'success' );
		$this->assertFalse( RawJsonResponse::serve( false, $response, $request, rest_get_server() ), '_fields needs the normal path.' );
	}

	public function test_the_kept_reply_is_stored_compressed_and_a_row_of_an_older_format_is_built_again(): void {
		global $wpdb;
		if ( wp_using_ext_object_cache() ) {
			$this->markTestSkipped( 'With a persistent object cache the entry lives there (the next test).' );
		}
		$owner = $this->make_user();
		$item  = Library::item( 'Stored compressed' );
		Library::grant( $owner, $item, 2 );
		$reply = $this->rest( 'GET', self::ROUTE, array(), $owner );
		$table = $wpdb->prefix . 'lp_library_cache';
		$row   = $wpdb->get_row( $wpdb->prepare( 'SELECT cache_key, payload FROM %i WHERE user_id = %d', $table, $owner ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test reads the table itself.

		list( $rows, $hex ) = explode( ':', $row['payload'], 2 );
		$this->assertSame( (string) count( $reply->get_data()['data'] ), $rows, 'the number of items first (a page\'s total)' );
		$this->assertTrue( ctype_xdigit( $hex ), 'hexadecimal, which every text column keeps' );
		$this->assertSame( $reply->get_data(), json_decode( ReplyBody::expand( (string) hex2bin( $hex ) ), true ), 'the whole body, compressed' );

		// Rows of older formats under a key that still matches: plain JSON, then a body without its count.
		foreach ( array( '[]', $hex ) as $older ) {
			$wpdb->update( $table, array( 'payload' => $older ), array( 'user_id' => $owner ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the test damages the table itself.
			$this->assertArrayHasKey( $item, $this->items( $owner ), 'an unreadable row is a miss: the reply is built again' );
			$this->assertStringStartsWith( $rows . ':', (string) $wpdb->get_var( $wpdb->prepare( 'SELECT payload FROM %i WHERE user_id = %d', $table, $owner ) ), 'and stored again' ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test reads the table itself.
		}
	}

	public function test_with_a_persistent_object_cache_the_entry_lives_there(): void {
		global $wpdb;
		$owner  = $this->make_user();
		$cache  = $this->services()->library_cache;
		$builds = 0;
		$build  = static function () use ( &$builds ): array {
			++$builds;
			return array();
		};
		$was    = wp_using_ext_object_cache( true );
		try {
			$cache->items_json( $owner, time(), $build );
			$cache->items_json( $owner, time(), $build );
			$this->assertSame( 1, $builds, 'the second call is a hit' );
			$this->assertInstanceOf( CacheEntry::class, wp_cache_get( $owner, 'library_portal' ) );
			$this->assertNull( ( new LibraryCacheRepository( $wpdb ) )->find_with_progress( $owner )[0], 'nothing in the table' );

			$cache->forget_users( $owner );
			$cache->items_json( $owner, time(), $build );
			$this->assertSame( 2, $builds, 'forgotten, so built again' );
		} finally {
			wp_using_ext_object_cache( (bool) $was ); // It may have been null, which would only read it.
		}
	}
}
