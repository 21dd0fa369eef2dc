<?php
/**
 * The owner's replies after team members are deleted.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Accounts;

use LibraryPortal\Core\Seats\ShareMethod;
use LibraryPortal\Services;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * docs/rules/library-and-catalogue.md, "Deleted users": a deleted member's unstarted seat goes back to the owner,
 * a started one stays used; their shares and notifications go; nothing left behind breaks or
 * skews the owner's library, team, Share Details or dashboard.
 */
final class DeletedMemberRepliesTest extends TestCase {

	use ServesRequests;

	/**
	 * An owner with five seats of a two-part workshop: one their own, Ann's (started, finished,
	 * certified), Ben's (shared, not started) and Cara's (started, half way); one left.
	 *
	 * @return array{owner: int, ann: int, ben: int, cara: int, workshop: int, ann_seat: int, ben_seat: int}
	 */
	private function team(): array {
		$s        = Services::on( $GLOBALS['wpdb'] );
		$now      = time();
		$owner    = $this->make_user( 'subscriber', array( 'display_name' => 'Olivia Owner' ) );
		$ann      = $this->make_user(
			'subscriber',
			array(
				'display_name' => 'Ann Gone',
				'user_email'   => 'ann@example.com',
			)
		);
		$ben      = $this->make_user( 'subscriber', array( 'display_name' => 'Ben Gone' ) );
		$cara     = $this->make_user( 'subscriber', array( 'display_name' => 'Cara Stays' ) );
		$workshop = Library::item( 'Negotiation', 'workshop', 2 );
		Library::grant( $owner, $workshop, 5 );
		Library::activate_own( $owner, $workshop );

		$ann_seat = Library::share( $owner, $ann, $workshop );
		$s->shares->record_accepted( $ann_seat, $owner, $workshop, $ann, ShareMethod::Email, 'ann@example.com', $now );
		$s->mail_history->add( $owner, $workshop, 'ann@example.com', true, $now );
		$s->licenses->activate_seat( $ann_seat, $ann, $now );
		foreach ( array( 0, 1 ) as $part ) {
			$s->progress->record( $ann, $workshop, $part, 100, $now );
		}
		$s->certificates->issue( $ann, $workshop, 95, $now );
		$s->notifier->notify(
			array(
				'user_id'            => $owner,
				'type'               => 'share_accepted',
				'message'            => 'Ann Gone accepted your share of "Negotiation".',
				'related_product_id' => $workshop,
				'related_user_id'    => $ann,
			),
			$now
		);

		$ben_seat = Library::share( $owner, $ben, $workshop );
		$s->shares->record_accepted( $ben_seat, $owner, $workshop, $ben, ShareMethod::Link, '', $now );

		$cara_seat = Library::share( $owner, $cara, $workshop );
		$s->shares->record_accepted( $cara_seat, $owner, $workshop, $cara, ShareMethod::Link, '', $now );
		$s->licenses->activate_seat( $cara_seat, $cara, $now );
		$s->progress->record( $cara, $workshop, 0, 50, $now );

		return compact( 'owner', 'ann', 'ben', 'cara', 'workshop', 'ann_seat', 'ben_seat' );
	}

	/**
	 * Data of one of the owner's replies, checked for a 200.
	 *
	 * @param string $route Route.
	 * @param int    $owner Owner.
	 * @return array<mixed>
	 */
	private function data( string $route, int $owner ): array {
		$reply = $this->send( 'GET', $route, $owner );
		$this->assertSame( 200, $reply->get_status(), $route );
		$data = json_decode( (string) wp_json_encode( $reply->get_data() ), true );
		return $data['data'];
	}

	public function test_the_owners_replies_work_and_count_only_who_is_left(): void {
		require_once ABSPATH . 'wp-admin/includes/user.php';
		$t        = $this->team();
		$owner    = $t['owner'];
		$workshop = $t['workshop'];
		// Before: all three, and the replies cached where they are cached.
		$this->assertCount( 3, $this->data( '/library/v2/shareduserscontent', $owner ) );
		$row = Library::by_product( $this->data( '/library/v2/items', $owner ) )[ $workshop ];
		$this->assertSame( 1, $row['available_licenses'] );
		$this->assertSame( 3, $this->data( '/library/v2/dashboard', $owner )['totalSharedUsers'] );

		wp_delete_user( $t['ann'] );
		wp_delete_user( $t['ben'] );

		$row = Library::by_product( $this->data( '/library/v2/items', $owner ) )[ $workshop ];
		$this->assertSame( array( (string) $t['cara'] ), array_map( 'strval', array_keys( $row['shared_with'] ) ), 'only Cara is named' );
		$this->assertSame( 'Cara Stays', $row['shared_with'][ $t['cara'] ]['name'] );
		$this->assertSame( 5, $row['total_licenses'] );
		$this->assertSame( 2, $row['available_licenses'], 'Ben\'s unstarted seat is the owner\'s again' );
		$this->assertSame( 3, $row['active_licenses'], 'the owner\'s, Cara\'s, and Ann\'s spent seat' );
		$holders = array_column( $row['licenses'], 'user_id' );
		$this->assertNotContains( $t['ann'], $holders );
		$this->assertNotContains( $t['ben'], $holders );

		$team = $this->data( '/library/v2/shareduserscontent', $owner );
		$this->assertSame( array( (string) $t['cara'] ), array_map( 'strval', array_keys( $team ) ) );
		$this->assertSame( 'Cara Stays', $team[ $t['cara'] ]['name'] );
		$this->assertSame( 'in-progress', $team[ $t['cara'] ]['products'][0]['status'] );

		$share = $this->data( '/library/v2/videosharedata/' . $workshop, $owner );
		$this->assertSame( array( $t['cara'] ), array_column( $share['share_data'], 'user_id' ), 'Share Details lists Cara only' );
		$this->assertSame( 2, $share['available_licenses'] );
		$this->assertSame( array( 'ann@example.com' ), array_column( $share['mail_history'], 'email' ), 'the owner\'s own e-mail history stays' );

		$dashboard = $this->data( '/library/v2/dashboard', $owner );
		$this->assertSame( 1, $dashboard['totalSharedUsers'] );
		$this->assertSame( 0, $dashboard['completedUsersThisYear'], 'Ann\'s certificate went with her' );
		$this->assertSame( 0, $dashboard['completionRate'] );
		$this->assertSame( 2, $dashboard['remainingLicenses'] );

		$notifications = $this->data( '/library/v2/notifications', $owner );
		$this->assertSame( 1, $notifications['total'], 'the owner keeps the notice, without the user ID' );
	}
}
