<?php
/**
 * The owner hears when a team member completes a training.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Notifications;

use LibraryPortal\Core\Items\Quiz;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * A certificate issued to a member holding a shared seat sends one `team_completed` notice to
 * the seat's owner; the owner's own completion and later passes send none.
 */
final class TeamCompletedTest extends TestCase {

	use ServesRequests;

	/**
	 * An item with a one-question test.
	 *
	 * @param string $title Title.
	 */
	private static function item_with_test( string $title ): int {
		$item = Library::item( $title );
		update_post_meta(
			$item,
			Quiz::META_KEY,
			array(
				'questions' => array(
					array(
						'id'      => 'q1',
						'text'    => 'Ready?',
						'answers' => array( 'Yes', 'No' ),
						'correct' => 0,
					),
				),
			)
		);
		return $item;
	}

	/**
	 * Watches the whole item and passes its test.
	 *
	 * @param int $user_id User.
	 * @param int $item    Item.
	 */
	private function pass( int $user_id, int $item ): void {
		$this->services()->progress->record( $user_id, $item, 0, 100, time() );
		$attempt = $this->send( 'GET', "/library/v2/quiz/$item", $user_id )->get_data()['data']['attempt_id'];
		$answer  = Quiz::of_item( $item )->questions[0]->answer_id( $item, 0 );
		$reply   = $this->send(
			'POST',
			"/library/v2/quiz/$item",
			$user_id,
			array(
				'attempt' => $attempt,
				'answers' => array( 'q1' => $answer ),
			)
		);
		$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
		$this->assertTrue( $reply->get_data()['data']['passed'] );
	}

	/**
	 * A user's notifications of one type.
	 *
	 * @param int    $user_id User.
	 * @param string $type    Type.
	 * @return array<int, array<string, mixed>>
	 */
	private function notices( int $user_id, string $type = 'team_completed' ): array {
		$list = $this->send( 'GET', '/library/v2/notifications', $user_id, array( 'include_hidden' => true ) )->get_data()['data']['notifications'];
		return array_values( array_filter( $list, static fn( array $n ): bool => $type === $n['type'] ) );
	}

	public function test_a_members_completion_notifies_the_owner_once(): void {
		$owner    = $this->make_user( 'subscriber', array( 'display_name' => 'Olivia Owner' ) );
		$member   = $this->make_user( 'subscriber', array( 'display_name' => 'Theo <b>Teammate</b>' ) );
		$stranger = $this->make_user();
		$item     = self::item_with_test( 'Conflict & Calm' );
		Library::grant( $owner, $item, 3 );
		Library::grant( $stranger, $item, 1 );
		Library::share( $owner, $member, $item );

		$this->pass( $member, $item );
		$this->pass( $member, $item );

		$notes = $this->notices( $owner );
		$this->assertCount( 1, $notes, 'A certificate is issued once, and so is the notice.' );
		$this->assertSame( 'Theo Teammate completed "Conflict & Calm" and earned the certificate.', $notes[0]['message'], 'Plain text.' );
		$this->assertSame( array( $item, $member, false ), array( $notes[0]['related_product_id'], $notes[0]['related_user_id'], $notes[0]['read_status'] ) );
		$this->assertSame( array(), $this->notices( $member ), 'The member is not told of their own completion.' );
		$this->assertSame( array(), $this->send( 'GET', '/library/v2/notifications', $member )->get_data()['data']['notifications'], 'Nor of anything else.' );
		$this->assertSame( array(), $this->notices( $stranger ), 'Another owner of the item did not share this seat.' );
	}

	public function test_a_members_name_reads_as_a_name_not_as_the_sites_words(): void {
		$owner  = $this->make_user();
		$member = $this->make_user( 'subscriber', array( 'display_name' => "IT Support: your account expires,\nlog in at https://evil.example/login to keep it" ) );
		$item   = self::item_with_test( 'Boundaries' );
		Library::grant( $owner, $item, 2 );
		Library::share( $owner, $member, $item );

		$this->pass( $member, $item );

		$message = $this->notices( $owner )[0]['message'];
		$this->assertStringNotContainsString( 'https://', $message );
		$this->assertStringNotContainsString( 'evil.example', $message );
		$this->assertStringNotContainsString( "\n", $message );
	}

	public function test_the_owners_own_completion_notifies_nobody(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = self::item_with_test( 'Own Seat' );
		Library::grant( $owner, $item, 2 );
		Library::activate_own( $owner, $item );
		Library::share( $owner, $member, $item );

		$this->pass( $owner, $item );

		$this->assertSame( array(), $this->notices( $owner ) );
		$this->assertSame( array(), $this->notices( $member ) );
	}

	public function test_a_member_completing_an_item_of_their_own_notifies_nobody(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$shared = self::item_with_test( 'Shared One' );
		$own    = self::item_with_test( 'Bought Myself' );
		Library::grant( $owner, $shared, 2 );
		Library::share( $owner, $member, $shared );
		Library::grant( $member, $own, 1 );
		Library::activate_own( $member, $own );

		$this->pass( $member, $own );

		$this->assertSame( array(), $this->notices( $owner ), 'The owner shared another item.' );
		$this->assertSame( array(), $this->notices( $member ) );
	}
}
