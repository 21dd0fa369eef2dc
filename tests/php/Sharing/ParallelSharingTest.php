<?php
/**
 * Sharing under real parallel HTTP requests.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Sharing;

use LibraryPortal\Core\Events;
use LibraryPortal\Tests\Fixtures\LearningMedia;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\ParallelSite;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Seats are money: 50 people accepting the last seat at once, one person accepting in eight tabs,
 * parallel sends against the quota and a revoke racing an activation, each as real concurrent
 * requests against the running site (Support\ParallelSite). The server decides; the test counts
 * the rows afterwards.
 *
 * @group database
 */
final class ParallelSharingTest extends TestCase {

	use ParallelSite;

	/**
	 * A committed item with an owner holding N seats, and a share link of it.
	 *
	 * @param int $seats Seats.
	 * @return array{0: int, 1: int, 2: string}
	 */
	private function shared_item( int $seats ): array {
		$owner                      = $this->user();
		$item                       = LearningMedia::item( 'Parallel share ' . wp_generate_password( 6, false ) );
		$this->committed['posts'][] = $item;
		Library::grant( $owner, $item, $seats );
		return array( $owner, $item, $this->services()->share_links->issue( $owner, $item, time() ) );
	}

	public function test_fifty_people_accepting_the_last_seat_give_exactly_one_success(): void {
		list( , $item, $code ) = $this->shared_item( 1 );
		$requests              = array();
		for ( $i = 0; $i < 50; $i++ ) {
			$requests[] = array( '/library/v2/accept-share', $this->browser( $this->user() ), array( 'encoded' => $code ) );
		}

		$replies = $this->fire_as( $requests );

		$statuses = array_column( $replies, 0 );
		$this->assertSame( 1, count( array_keys( $statuses, 200, true ) ), (string) wp_json_encode( array_count_values( $statuses ) ) );
		$this->assertSame( 49, count( array_keys( $statuses, 409, true ) ) );
		foreach ( $replies as $reply ) {
			if ( 409 === $reply[0] ) {
				$this->assertSame( 'Sorry, all licenses have been claimed for this training.', $reply[1]['message'] );
			}
		}
		$this->assertSame(
			array(
				'available' => 0,
				'assigned'  => 1,
				'activated' => 0,
			),
			Library::seat_states( $item ),
			'The seat counts add up.'
		);
		$this->assertSame( 1, $this->fired_count( Events::SEAT_ACCEPTED ), 'one acceptance announced' );
	}

	public function test_one_person_accepting_in_eight_tabs_holds_one_seat(): void {
		list( , $item, $code ) = $this->shared_item( 5 );
		$browser               = $this->browser( $this->user() );

		$replies = $this->fire( '/library/v2/accept-share', $browser, array_fill( 0, 8, array( 'encoded' => $code ) ) );

		$this->assertSame( array_fill( 0, 8, 200 ), array_column( $replies, 0 ), (string) wp_json_encode( $replies ) );
		$this->assertSame( 1, Library::seat_states( $item )['assigned'] );
		$this->assertSame( 4, Library::seat_states( $item )['available'] );
		$this->assertSame( 1, $this->fired_count( Events::SEAT_ACCEPTED ), 'one acceptance announced' );
	}

	/**
	 * 40 renewals at once used to leave 41 links and as many audit rows. Now
	 * one goes through the per-user gate, the others get 429, and the trail keeps one row.
	 */
	public function test_forty_parallel_renewals_make_one_new_link_and_one_audit_row(): void {
		global $wpdb;
		list( $owner, $item ) = $this->shared_item( 2 );
		$browser              = $this->browser( $owner );
		$this->assertSame( 200, $this->fire( '/library/v2/share-link/' . $item, $browser, array( array() ) )[0][0], 'the working link' );

		$replies = $this->fire( '/library/v2/share-link/' . $item, $browser, array_fill( 0, 40, array( 'renew' => true ) ) );

		$statuses = array_column( $replies, 0 );
		$this->assertSame( 1, count( array_keys( $statuses, 200, true ) ), (string) wp_json_encode( $statuses ) );
		$this->assertSame( 39, count( array_keys( $statuses, 429, true ) ) );
		$links = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE owner_id = %d', $wpdb->prefix . 'lp_share_links', $owner ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3.
		$this->assertSame( 2, $links, 'the working link (withdrawn) and the one renewal' );
		$audit = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE owner_id = %d AND action = %s', $wpdb->prefix . 'lp_seat_audit', $owner, 'share_link' ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3.
		$this->assertSame( 1, $audit );
		$this->assertSame( array( array( Events::SHARE_LINK_MADE, $owner, $item, true ) ), $this->fired_actions(), 'the one renewal announced' );
	}

	public function test_parallel_sends_cannot_pass_the_quota_or_the_cooldown_together(): void {
		list( $owner, $item ) = $this->shared_item( 5 );
		$this->services()->settings->update( array( 'daily_quota' => 2 ) );
		$browser = $this->browser( $owner );
		$bodies  = array();
		for ( $i = 0; $i < 6; $i++ ) {
			$bodies[] = array(
				'emails'     => "first$i@example.com, second$i@example.com",
				'product_id' => $item,
			);
		}

		$replies = $this->fire( '/library/v2/send-share-emails', $browser, $bodies );
		$this->services()->settings->update( array( 'daily_quota' => 100 ) );

		$statuses = array_column( $replies, 0 );
		$this->assertSame( 1, count( array_keys( $statuses, 200, true ) ), (string) wp_json_encode( $replies ) );
		$this->assertSame( 5, count( array_keys( $statuses, 429, true ) ) );
		global $wpdb;
		$sent = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE sender_id = %d', $wpdb->prefix . 'lp_mail_history', $owner ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3.
		$this->assertSame( 2, $sent, 'Two recipients, as the quota allows.' );
	}

	public function test_a_revoke_racing_the_first_progress_report_lets_exactly_one_win(): void {
		for ( $round = 0; $round < 4; $round++ ) {
			list( $owner, $item ) = $this->shared_item( 1 );
			$member               = $this->user();
			$seat                 = Library::share( $owner, $member, $item );

			// Both at once: the owner's revoke and the member's first report, which activates the seat.
			$both = $this->fire_as(
				array(
					array( '/library/v2/revoke-share/' . $seat, $this->browser( $owner ), array() ),
					array( '/library/v2/video/progress/' . $item, $this->browser( $member ), array( 'progress' => 5 ) ),
				)
			);

			$seats = Library::seat_states( $item );
			$won   = 200 === $both[0][0] ? 'revoke' : 'activation';
			if ( 'revoke' === $won ) {
				$this->assertSame( array( 1, 0, 0 ), array_values( $seats ), 'Revoked: the seat is free, and the report found no access.' );
				$this->assertNotSame( 200, $both[1][0] );
			} else {
				$this->assertSame( 'license_activated', $both[0][1]['error_code'] ?? '', (string) wp_json_encode( $both ) );
				$this->assertSame( array( 0, 0, 1 ), array_values( $seats ), 'Activated: the seat is used, not freed.' );
			}
		}
	}
}
