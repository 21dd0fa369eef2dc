<?php
/**
 * The personal data eraser.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Privacy;

use LibraryPortal\Certificates\CertificatePages;
use LibraryPortal\Certificates\CertificatePdf;
use LibraryPortal\Core\Database\Schema;
use LibraryPortal\Core\Quizzes\QuizService;
use LibraryPortal\Core\Seats\SeatState;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Tools → Erase Personal Data: what goes, what stays and why
 * (docs/rules/privacy.md, "Privacy, uninstall and deleted users"), and that the libraries it touches are rebuilt.
 */
final class PersonalDataEraserTest extends TestCase {

	/**
	 * People of the story.
	 *
	 * @var array<string, int>
	 */
	private array $people = array();

	/**
	 * Alice's and Bob's rows (Story::build()).
	 *
	 * @var array<string, array<string, int|string>>
	 */
	private array $rows = array();

	protected function set_up() {
		parent::set_up();
		$this->people = array(
			'owner' => $this->make_user( 'subscriber', array( 'display_name' => 'Olivia Owner' ) ),
			'team'  => $this->make_user( 'subscriber', array( 'display_name' => 'Tom Team' ) ),
			'alice' => $this->make_user(
				'subscriber',
				array(
					'display_name' => 'Alice Learner',
					'user_email'   => 'alice@example.com',
				)
			),
			'bob'   => $this->make_user( 'subscriber', array( 'display_name' => 'Bob Other' ) ),
		);
		foreach ( array( 'alice', 'bob' ) as $who ) {
			$this->rows[ $who ] = Story::build( $this->services(), $this->people[ $who ], $this->people['owner'], $this->people['team'], ucfirst( $who ) );
		}
	}

	/**
	 * Erases through the eraser WordPress sees (the plugin's filter).
	 *
	 * @param string $email Requester's e-mail.
	 * @return array{items_removed: bool, items_retained: bool, messages: string[], done: bool}
	 */
	private static function erase( string $email ): array {
		$erasers = (array) apply_filters( 'wp_privacy_personal_data_erasers', array() ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, asked as core asks it.
		self::assertSame( 'Library Portal', $erasers['library-portal']['eraser_friendly_name'] );
		return ( $erasers['library-portal']['callback'] )( $email, 1 );
	}

	/**
	 * Rows of a table that name a user in a column.
	 *
	 * @param string $table  Short table name.
	 * @param string $column Column.
	 * @param int    $user   User.
	 */
	private static function rows_of( string $table, string $column, int $user ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE %i = %d', ( new Schema( $wpdb ) )->table( $table ), $column, $user ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test reads the table itself.
	}

	/**
	 * The verify page as the plugin serves it.
	 *
	 * @param string $code Verification code.
	 */
	private function verify_page( string $code ): string {
		$s     = $this->services();
		$reply = ( new CertificatePages( $s->certificates, new QuizService( $s->quiz_attempts, $s->certificates, $s->progress, $s->licenses, $s->notifier, $s->settings, $s->seat_audit ), new CertificatePdf() ) )->verify( $code );
		$this->assertSame( 200, $reply->status );
		return $reply->body;
	}

	public function test_the_reply_counts_what_went_and_says_what_stayed_and_why(): void {
		$reply = self::erase( 'alice@example.com' );

		$this->assertTrue( $reply['done'] );
		$this->assertTrue( $reply['items_removed'] );
		$this->assertTrue( $reply['items_retained'] );
		$this->assertSame(
			array(
				'1 license shared with this user and not yet started went back to its owner.',
				'3 training progress records were erased.',
				'2 test attempts were erased.',
				'3 notifications were erased.', // Her two, and the owner's one about her.
				'2 share e-mail records were erased.',
				'1 certificate was kept so that its code can still be verified (training and date); it no longer shows the name.',
				'3 purchased licenses were kept: they are purchase records, and team members may hold them.',
				'1 license this user activated from a team owner was kept: it is used up, and the owner\'s records count it.',
			),
			$reply['messages']
		);
	}

	public function test_alices_rows_go_and_bobs_stay(): void {
		$alice = $this->people['alice'];
		$bob   = $this->people['bob'];

		self::erase( 'alice@example.com' );

		foreach ( array( 'progress' => 'user_id', 'quiz_attempts' => 'user_id', 'notifications' => 'user_id', 'mail_history' => 'sender_id' ) as $table => $column ) { // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
			$this->assertSame( 0, self::rows_of( $table, $column, $alice ), $table );
			$this->assertGreaterThan( 0, self::rows_of( $table, $column, $bob ), "$table of another user" );
		}
		$this->assertSame( 0, self::rows_of( 'notifications', 'related_user_id', $alice ), 'no notification names her any more' );
		$this->assertSame( 1, self::rows_of( 'notifications', 'related_user_id', $bob ) );
		$this->assertSame( 1, self::rows_of( 'certificates', 'user_id', $alice ), 'the certificate stays' );
		$this->assertSame( 1, self::rows_of( 'grants', 'owner_id', $alice ), 'her purchase stays' );
		$this->assertSame( 3, self::rows_of( 'licenses', 'owner_id', $alice ) );
	}

	public function test_an_unstarted_shared_seat_goes_back_to_its_owner_and_a_started_one_stays(): void {
		$s     = $this->services();
		$owner = $this->people['owner'];
		$alice = $this->people['alice'];
		$this->assertSame( 1, $s->licenses->own_seat_counts( $owner, (int) $this->rows['alice']['waiting'], time() )['available'], 'one of two seats is hers' );

		self::erase( 'alice@example.com' );

		$waiting = $s->licenses->find_seat( (int) $this->rows['alice']['waiting_seat'] );
		$this->assertSame( SeatState::Available, $waiting->state );
		$this->assertSame( 0, $waiting->holder_id );
		$this->assertFalse( $waiting->shared );
		$this->assertSame( 2, $s->licenses->own_seat_counts( $owner, (int) $this->rows['alice']['waiting'], time() )['available'], 'both seats are the owner\'s to give again' );
		$this->assertSame( 'returned', $this->share_status( (int) $this->rows['alice']['waiting_seat'] ) );

		$started = $s->licenses->find_seat( (int) $this->rows['alice']['started_seat'] );
		$this->assertSame( SeatState::Activated, $started->state );
		$this->assertSame( $alice, $started->holder_id );
		$this->assertSame( 'accepted', $this->share_status( (int) $this->rows['alice']['started_seat'] ) );

		$bobs = $s->licenses->find_seat( (int) $this->rows['bob']['waiting_seat'] );
		$this->assertSame( SeatState::Assigned, $bobs->state, 'another user\'s seat is untouched' );
	}

	public function test_the_certificate_still_verifies_without_her_name_and_bobs_keeps_his(): void {
		$before = $this->verify_page( (string) $this->rows['alice']['certificate'] );
		$this->assertStringContainsString( 'Alice Learner', $before );

		self::erase( 'alice@example.com' );

		$after = $this->verify_page( (string) $this->rows['alice']['certificate'] );
		$this->assertStringContainsString( 'This certificate is genuine.', $after );
		$this->assertStringContainsString( 'Alice own training', $after );
		$this->assertStringContainsString( '<dt>Date</dt>', $after );
		$this->assertStringNotContainsString( 'Alice Learner', $after );
		$this->assertStringNotContainsString( '<dt>Name</dt>', $after );
		$this->assertStringContainsString( 'Bob Other', $this->verify_page( (string) $this->rows['bob']['certificate'] ) );

		// A certificate earned after the erasure is a new one and names its holder again.
		$later = Library::item( 'Later training' );
		$this->services()->certificates->issue( $this->people['alice'], $later, 85, time() + 5 );
		$this->assertStringContainsString( 'Alice Learner', $this->verify_page( $this->services()->certificates->for_user_item( $this->people['alice'], $later )->code ) );
	}

	public function test_the_libraries_it_touched_are_rebuilt(): void {
		$alice   = $this->people['alice'];
		$owner   = $this->people['owner'];
		$waiting = (int) $this->rows['alice']['waiting'];
		// Both replies cached before the erasure.
		$this->assertArrayHasKey( $waiting, Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $alice )->get_data()['data'] ) );
		$this->assertSame( 1, Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $owner )->get_data()['data'] )[ $waiting ]['available_licenses'] );

		self::erase( 'alice@example.com' );

		$this->assertArrayNotHasKey( $waiting, Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $alice )->get_data()['data'] ), 'the seat she gave back is gone from her library' );
		$this->assertSame( 2, Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $owner )->get_data()['data'] )[ $waiting ]['available_licenses'] );
		$this->assertSame( 0, $this->rest( 'GET', '/library/v2/notifications', array(), $alice )->get_data()['data']['total'] );
	}

	public function test_a_second_request_removes_nothing_more_and_an_unknown_address_nothing_at_all(): void {
		self::erase( 'alice@example.com' );
		$again = self::erase( 'alice@example.com' );
		$this->assertFalse( $again['items_removed'] );
		$this->assertTrue( $again['items_retained'] );
		$this->assertTrue( $again['done'] );

		$this->assertSame(
			array(
				'items_removed'  => false,
				'items_retained' => false,
				'messages'       => array(),
				'done'           => true,
			),
			self::erase( 'nobody@example.com' )
		);
	}

	/**
	 * Status of a seat's share record.
	 *
	 * @param int $seat Seat.
	 */
	private function share_status( int $seat ): string {
		global $wpdb;
		return (string) $wpdb->get_var( $wpdb->prepare( 'SELECT status FROM %i WHERE license_id = %d', ( new Schema( $wpdb ) )->table( 'shares' ), $seat ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test reads the table itself.
	}
}
