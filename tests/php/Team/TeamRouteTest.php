<?php
/**
 * GET shareduserscontent/ and its CSV export.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Team;

use LibraryPortal\Core\Rows\TeamReplyCache;
use LibraryPortal\Platform\Rest\CsvResponse;
use LibraryPortal\Platform\Rest\RawJsonResponse;
use LibraryPortal\Services;
use LibraryPortal\Team\TeamCsv;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The team screens' data: only the caller's own shares, the playback status and counts decided
 * on the server, a fixed number of queries whatever the team's size, and a CSV no spreadsheet
 * runs.
 */
final class TeamRouteTest extends TestCase {

	use ServesRequests;

	private const ROUTE = '/library/v2/shareduserscontent';

	/**
	 * An owner with two members on a two-part workshop (one finished with a certificate, one at
	 * 95% in both parts), an e-manual shared with the first, and another owner's share.
	 *
	 * @return array{owner: int, first: int, second: int, workshop: int, manual: int, stranger: int, elsewhere: int}
	 */
	private function team(): array {
		$owner    = $this->make_user( 'subscriber', array( 'display_name' => 'Olivia Owner' ) );
		$first    = $this->make_user(
			'subscriber',
			array(
				'display_name' => 'Ann First',
				'user_email'   => 'ann@example.com',
			)
		);
		$second   = $this->make_user( 'subscriber', array( 'display_name' => 'Bob Second' ) );
		$stranger = $this->make_user( 'subscriber', array( 'display_name' => 'Sam Stranger' ) );
		$workshop = Library::item( 'Negotiation', 'workshop', 2 );
		$manual   = Library::item( 'Field Manual', 'e-manual' );
		Library::grant( $owner, $workshop, 4 );
		Library::grant( $owner, $manual, 2 );
		Library::activate_own( $owner, $workshop );
		Library::share( $owner, $first, $workshop );
		Library::share( $owner, $second, $workshop );
		Library::share( $owner, $first, $manual );
		$services = Services::on( $GLOBALS['wpdb'] );
		foreach ( array( 0, 1 ) as $part ) {
			$services->progress->record( $first, $workshop, $part, 100, time() );
			$services->progress->record( $second, $workshop, $part, 95, time() );
		}
		$services->progress->record( $owner, $workshop, 0, 40, time() );
		$services->certificates->issue( $first, $workshop, 90, time() );

		$elsewhere = $this->make_user();
		Library::grant( $elsewhere, $workshop, 1 );
		Library::share( $elsewhere, $stranger, $workshop );

		return compact( 'owner', 'first', 'second', 'workshop', 'manual', 'stranger', 'elsewhere' );
	}

	public function test_the_team_is_keyed_by_member_with_statuses_and_counts_from_the_server(): void {
		$t     = $this->team();
		$reply = $this->send( 'GET', self::ROUTE, $t['owner'] );

		$this->assertSame( 200, $reply->get_status() );
		$team = $reply->get_data()['data'];
		$this->assertEqualsCanonicalizing( array( $t['first'], $t['second'] ), array_keys( $team ), 'The members only: not the owner, not another owner\'s team.' );

		$ann = $team[ $t['first'] ];
		$this->assertSame( array( 'Ann First', 'ann@example.com' ), array( $ann['name'], $ann['email'] ) );
		$this->assertSame( 2, $ann['shared_licenses'], 'The e-manual counts as a license held.' );
		$this->assertSame( array( 1, 1, 100 ), array( $ann['completed_count'], $ann['total_count'], $ann['completed_percent'] ), 'E-manuals are not trainings to follow.' );
		$this->assertCount( 1, $ann['products'] );
		$product = $ann['products'][0];
		$this->assertSame( array( $t['workshop'], 'Negotiation', 'completed' ), array( $product['product_id'], $product['title'], $product['status'] ) );
		$this->assertStringContainsString( '/certificate', (string) $product['video_data']['pdf'] );
		$this->assertGreaterThan( 0, $product['video_data']['completed_at'] );
		$this->assertSame( array( 'count', 'time' ), array_keys( $product['video_data']['progress'] ), 'The overall figure, no parts.' );
		$this->assertSame( 100, $product['video_data']['progress']['count'] );

		$bob = $team[ $t['second'] ];
		$this->assertSame( 'take-test', $bob['products'][0]['status'] );
		$this->assertSame( 95, $bob['products'][0]['video_data']['progress']['count'] );
		$this->assertFalse( $bob['products'][0]['video_data']['pdf'] );
		$this->assertSame( array( 0, 1, 0 ), array( $bob['completed_count'], $bob['total_count'], $bob['completed_percent'] ) );
	}

	public function test_each_caller_gets_only_their_own_team(): void {
		$t = $this->team();

		$reply = $this->send( 'GET', self::ROUTE, $t['first'] );
		ob_start();
		RawJsonResponse::serve( false, $reply, new \WP_REST_Request( 'GET', self::ROUTE ), rest_get_server() );
		$this->assertSame( '{"success":true,"data":{}}', ob_get_clean(), 'Ann shared nothing: an empty object on the wire, not the team she is in.' );
		$this->assertSame( array( $t['stranger'] ), array_keys( $this->send( 'GET', self::ROUTE, $t['elsewhere'] )->get_data()['data'] ), 'The other owner sees only their member.' );
	}

	public function test_logged_out_without_a_nonce_and_with_a_bad_nonce_are_refused(): void {
		$t = $this->team();
		foreach ( array( self::ROUTE, self::ROUTE . '/export' ) as $route ) {
			$this->assertSame( 401, $this->send( 'GET', $route, 0 )->get_status(), "logged out: $route" );
			$this->assertSame( 401, $this->rest_as_browser( 'GET', $route, $t['owner'], null )->get_status(), "no nonce: $route" );
			$this->assertSame( 403, $this->rest_as_browser( 'GET', $route, $t['owner'], 'not-a-nonce' )->get_status(), "bad nonce: $route" );
			$this->assertSame( 200, $this->rest_as_browser( 'GET', $route, $t['owner'], $this->browser_nonce( $t['owner'] ) )->get_status(), "own nonce: $route" );
		}
	}

	public function test_the_csv_holds_one_row_per_member_and_training_and_escapes_formulas(): void {
		$t = $this->team();
		wp_update_user(
			array(
				'ID'           => $t['second'],
				'display_name' => '=HYPERLINK("http://evil.example","x")',
				'user_email'   => 'bob@example.com',
			)
		);

		$reply = $this->send( 'GET', self::ROUTE . '/export', $t['owner'] );
		$this->assertInstanceOf( CsvResponse::class, $reply );
		$this->assertSame( 'text/csv; charset=utf-8', $reply->get_headers()['Content-Type'] );
		$this->assertMatchesRegularExpression( '/^attachment; filename="team-progress-\d{4}-\d{2}-\d{2}\.csv"$/', $reply->get_headers()['Content-Disposition'] );

		ob_start();
		$served = CsvResponse::serve( false, $reply, new \WP_REST_Request( 'GET', self::ROUTE . '/export' ), rest_get_server() );
		$csv    = (string) ob_get_clean();
		$this->assertTrue( $served );
		$this->assertStringStartsWith( "\xEF\xBB\xBF", $csv );
		$rows = array_map( 'str_getcsv', array_filter( explode( "\n", substr( $csv, 3 ) ) ) );
		$this->assertSame( TeamCsv::header(), $rows[0] );
		$this->assertCount( 3, $rows, 'Header, then one row per member and training (no e-manual).' );
		$by_email = array_column( array_slice( $rows, 1 ), null, 1 );
		$this->assertSame( '\'=HYPERLINK("http://evil.example","x")', $by_email['bob@example.com'][0], 'A formula is shown as text.' );
		$this->assertSame( array( 'Negotiation - Subtitle of Negotiation', 'Take Test', '95', '' ), array_slice( $by_email['bob@example.com'], 2, 4 ) );
		$this->assertSame( array( 'Ann First', 'Completed', '100' ), array( $by_email['ann@example.com'][0], $by_email['ann@example.com'][3], $by_email['ann@example.com'][4] ) );
		$this->assertMatchesRegularExpression( '/^\d{4}-\d{2}-\d{2}$/', $by_email['ann@example.com'][5] );
		$this->assertStringContainsString( '/certificate', $by_email['ann@example.com'][6] );
	}

	public function test_every_formula_lead_is_escaped_and_plain_text_is_left_alone(): void {
		foreach ( array( '=1+2', '+1', '-1', '@SUM(A1)', "\tx", "\rx" ) as $value ) {
			$this->assertSame( "'" . $value, CsvResponse::cell( $value ), $value );
		}
		foreach ( array( '', 'Ann', '1-2', 'a=b', 'ann@example.com' ) as $value ) {
			$this->assertSame( $value, CsvResponse::cell( $value ), $value );
		}
	}

	public function test_the_kept_reply_follows_every_change_it_shows(): void {
		$t        = $this->team();
		$services = Services::on( $GLOBALS['wpdb'] );
		$served   = fn(): array => $this->send( 'GET', self::ROUTE, $t['owner'] )->get_data()['data'];
		// What the route must show: the team built afresh, as the browser decodes it.
		$fresh = fn(): array => json_decode( (string) wp_json_encode( $services->team->for_owner( $t['owner'] ) ), true );

		$first = $served();
		$this->assertSame( $fresh(), $first );
		$this->assertSame( $first, $served(), 'Nothing changed: the same reply.' );
		$this->assertNotFalse( get_transient( TeamReplyCache::TRANSIENT . $t['owner'] ), 'The reply is kept.' );

		$changes = array(
			'a member watches more'        => fn() => $services->progress->record( $t['second'], $t['workshop'], 0, 100, time() ),
			'a member earns a certificate' => fn() => $services->certificates->issue( $t['second'], $t['workshop'], 90, time() ),
			'a member is renamed'          => fn() => wp_update_user(
				array(
					'ID'           => $t['first'],
					'display_name' => 'Ann Renamed',
				)
			),
			'the item is renamed'          => fn() => wp_update_post(
				array(
					'ID'         => $t['workshop'],
					'post_title' => 'Negotiation Skills',
				)
			),
			'a seat is taken back'         => function () use ( $services, $t ) {
				$seat = $services->licenses->find_seat( $services->licenses->seat_held_from( $t['second'], $t['owner'], $t['workshop'], time() ) );
				$services->licenses->revoke_seat( $seat, time() );
			},
		);
		foreach ( $changes as $change => $make ) {
			$before = $served();
			$make();
			$after = $served();
			$this->assertNotSame( $before, $after, "$change: the reply changes." );
			$this->assertSame( $fresh(), $after, "$change: the reply is the team as it is now." );
		}
		$this->assertSame( 'Ann Renamed', $after[ $t['first'] ]['name'] );
		$this->assertArrayNotHasKey( $t['second'], $after );
	}

	public function test_a_members_change_moves_the_team_version_of_each_sharer_and_of_no_one_else(): void {
		$t        = $this->team();
		$services = Services::on( $GLOBALS['wpdb'] );
		$cache    = $services->library_cache;
		// Ann is in two teams: the owner's and, for the e-manual, the other owner's.
		Library::grant( $t['elsewhere'], $t['manual'], 1 );
		Library::share( $t['elsewhere'], $t['first'], $t['manual'] );
		$loner = $this->make_user();
		Library::grant( $loner, $t['workshop'], 1 );
		Library::activate_own( $loner, $t['workshop'] );
		$fresh  = fn( int $owner ): array => json_decode( (string) wp_json_encode( $services->team->for_owner( $owner ) ), true );
		$served = fn( int $owner ): array => $this->send( 'GET', self::ROUTE, $owner )->get_data()['data'];
		$this->assertSame( $fresh( $t['elsewhere'] ), $served( $t['elsewhere'] ) );
		$before = array_map( array( $cache, 'team_version_of' ), array( $t['owner'], $t['elsewhere'], $t['first'], $loner ) );

		$services->progress->record( $t['first'], $t['workshop'], 0, 100, time() );
		$services->certificates->issue( $t['first'], $t['manual'], 100, time() );
		$after = array_map( array( $cache, 'team_version_of' ), array( $t['owner'], $t['elsewhere'], $t['first'], $loner ) );

		$this->assertNotSame( $before[0], $after[0], 'The owner who shared Ann the workshop.' );
		$this->assertNotSame( $before[1], $after[1], 'The owner who shared Ann the e-manual.' );
		$this->assertSame( array( '', '' ), array( $after[2], $after[3] ), 'Nobody shared with, no team: nothing is written for Ann\'s or the loner\'s own team.' );
		$this->assertSame( $fresh( $t['elsewhere'] ), $served( $t['elsewhere'] ), 'The other owner\'s kept team follows too.' );

		// The loner's progress touches no team.
		$services->progress->record( $loner, $t['workshop'], 0, 50, time() );
		$this->assertSame( $after, array_map( array( $cache, 'team_version_of' ), array( $t['owner'], $t['elsewhere'], $t['first'], $loner ) ) );
	}

	/**
	 * @group queries
	 */
	public function test_the_query_count_is_the_same_for_10_and_1000_members(): void {
		$counts = array();
		foreach ( array( 10, 1000 ) as $size ) {
			$owner = $this->make_user();
			\LibraryPortal\Dev\DemoSeeder::create()->seed_team( $owner, $size, 'team-' . $size );
			$floor = $this->floor_queries( $owner );
			wp_cache_flush();
			$cold  = $this->count_queries( fn() => $this->send( 'GET', self::ROUTE, $owner ) ) - $floor;
			$reply = $this->send( 'GET', self::ROUTE, $owner );
			$this->assertCount( $size, $reply->get_data()['data'] );
			$counts[ $size ] = array(
				'cache_invalid' => $cold,
				'cache_valid'   => $this->count_queries( fn() => $this->send( 'GET', self::ROUTE, $owner ) ),
			);
		}
		fwrite( STDERR, sprintf( "\n[shareduserscontent queries (cold: beyond the bare request's %d): %s]\n", $floor, wp_json_encode( $counts ) ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- the measured figures, for the report.
		$this->assertSame( $counts[10], $counts[1000] );
		// Kept reply: the seats (the owner's team version is in their meta, loaded already; the kept
		// copy is in the object cache here, a request without one reads it too). Built: also people,
		// progress, certificates, catalogue posts and meta, the kept copy written (counted beyond the
		// bare request with a cold cache).
		$this->assertLessThanOrEqual( 3, $counts[1000]['cache_valid'] );
		$this->assertLessThanOrEqual( 9, $counts[1000]['cache_invalid'] );
	}

	public function test_each_member_carries_the_seats_the_owner_may_still_take_back(): void {
		$t        = $this->team();
		$services = Services::on( $GLOBALS['wpdb'] );
		// Ann's workshop seat is started (activated by her watching); her e-manual seat is not.
		$ann_workshop = $services->licenses->seat_held_from( $t['first'], $t['owner'], $t['workshop'], time() );
		$ann_manual   = $services->licenses->seat_held_from( $t['first'], $t['owner'], $t['manual'], time() );
		$bob_workshop = $services->licenses->seat_held_from( $t['second'], $t['owner'], $t['workshop'], time() );
		$services->licenses->activate_seat( $ann_workshop, $t['first'], time() );

		$team = $this->send( 'GET', self::ROUTE, $t['owner'] )->get_data()['data'];
		$this->assertSame( array( $ann_manual ), $team[ $t['first'] ]['revocable_share_ids'], 'Started seats are not offered; the e-manual seat is.' );
		$this->assertSame( array( $bob_workshop ), $team[ $t['second'] ]['revocable_share_ids'] );
		$stranger = $this->send( 'GET', self::ROUTE, $t['elsewhere'] )->get_data()['data'][ $t['stranger'] ];
		$this->assertCount( 1, $stranger['revocable_share_ids'], 'Another owner sees only the seat they shared.' );
		$this->assertNotContains( $ann_manual, $stranger['revocable_share_ids'] );

		// The offer is the server's revoke: taking Bob's seat back removes it from the reply.
		$this->assertSame( 200, $this->send( 'POST', '/library/v2/revoke-share/' . $bob_workshop, $t['owner'] )->get_status() );
		$this->assertArrayNotHasKey( $t['second'], $this->send( 'GET', self::ROUTE, $t['owner'] )->get_data()['data'] );
		// Someone else's member's seat cannot be taken back by this owner.
		$this->assertSame( 404, $this->send( 'POST', '/library/v2/revoke-share/' . $stranger['revocable_share_ids'][0], $t['owner'] )->get_status() );
	}

	public function test_a_seat_that_expires_is_no_longer_offered_even_from_the_kept_reply(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Short Lived', 'webinar' );
		Library::grant( $owner, $item, 2, time() + 2 );
		$seat = Library::share( $owner, $member, $item );
		$this->assertSame( array( $seat ), $this->send( 'GET', self::ROUTE, $owner )->get_data()['data'][ $member ]['revocable_share_ids'] );
		sleep( 3 );
		$this->assertSame( array(), $this->send( 'GET', self::ROUTE, $owner )->get_data()['data'][ $member ]['revocable_share_ids'], 'An expired seat cannot be revoked: the kept copy does not offer it.' );
	}
}
