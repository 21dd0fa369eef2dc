<?php
/**
 * The plugin's public actions (docs/actions.md).
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Integrations;

use LibraryPortal\Contracts\ContractService;
use LibraryPortal\Core\Events;
use LibraryPortal\Core\Items\Quiz;
use LibraryPortal\Core\Seats\GrantService;
use LibraryPortal\Tests\Fixtures\LearningMedia;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;
use LibraryPortal\Tests\Support\WatchesVideos;
use ReflectionClass;

/**
 * Each action fires once, with its arguments, after the change it announces; a request that
 * changes nothing fires nothing. The flows are the real ones: REST routes as the portal calls
 * them, and the services the admin screens and WP-CLI call.
 */
final class PublicActionsTest extends TestCase {

	use WatchesVideos;

	/**
	 * What fired since the test began: [action, ...arguments].
	 *
	 * @var array<int, array<int, mixed>>
	 */
	private array $fired = array();

	protected function setUp(): void {
		parent::setUp();
		foreach ( self::names() as $name ) {
			add_action(
				$name,
				function ( ...$args ) use ( $name ): void {
					$this->fired[] = array_merge( array( $name ), $args );
				},
				10,
				9
			);
		}
	}

	/**
	 * Every action name Events declares.
	 *
	 * @return string[]
	 */
	private static function names(): array {
		return array_values( ( new ReflectionClass( Events::class ) )->getConstants() );
	}

	/**
	 * What fired since the last call, and forgets it.
	 *
	 * @return array<int, array<int, mixed>>
	 */
	private function take(): array {
		$fired       = $this->fired;
		$this->fired = array();
		return $fired;
	}

	public function test_every_action_is_documented_with_its_arguments(): void {
		$page = (string) file_get_contents( dirname( __DIR__, 3 ) . '/docs/actions.md' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the repository.
		foreach ( self::names() as $name ) {
			$this->assertMatchesRegularExpression( '/^### `' . preg_quote( $name, '/' ) . '`$/m', $page, "$name has a section" );
		}
		preg_match_all( '/^### `(library_portal_[a-z_]+)`$/m', $page, $sections );
		$this->assertSame( array(), array_values( array_diff( $sections[1], self::names(), array( 'library_portal_library_changed' ) ) ), 'no section for an action that does not exist' );
	}

	public function test_a_raise_announces_its_step_and_each_completion_once(): void {
		$user = $this->make_user();
		$item = LearningMedia::item( 'Announced workshop', 2, 20 );
		Library::grant( $user, $item );
		Library::activate_own( $user, $item );
		$this->take();

		$this->report( $user, $item, 0, 50 );
		$this->assertSame( array( array( Events::PROGRESS_STEP, $user, $item, 0, 50, 0 ) ), $this->take() );

		$this->report( $user, $item, 0, 100 );
		$this->assertSame(
			array(
				array( Events::PROGRESS_STEP, $user, $item, 0, 100, 50 ),
				array( Events::PART_COMPLETED, $user, $item, 0 ),
			),
			$this->take()
		);

		$this->report( $user, $item, 0, 100 );
		$this->report( $user, $item, 0, 40 );
		$this->assertSame( array(), $this->take(), 'a report that raises nothing announces nothing' );

		$this->report( $user, $item, 1, 100 );
		$this->assertSame(
			array(
				array( Events::PROGRESS_STEP, $user, $item, 1, 100, 0 ),
				array( Events::PART_COMPLETED, $user, $item, 1 ),
				array( Events::ITEM_COMPLETED, $user, $item ),
			),
			$this->take()
		);
	}

	public function test_the_first_watching_of_a_seat_announces_its_activation(): void {
		$user = $this->make_user();
		$item = LearningMedia::item( 'Activated workshop', 1, 20 );
		Library::grant( $user, $item );
		$this->take();

		$this->report( $user, $item, 0, 50 );

		global $wpdb;
		$seat = (int) $wpdb->get_var( $wpdb->prepare( "SELECT id FROM %i WHERE owner_id = %d AND product_id = %d AND state = 'activated'", $wpdb->prefix . 'lp_licenses', $user, $item ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3.
		$this->assertGreaterThan( 0, $seat );
		$this->assertSame(
			array(
				array( Events::SEAT_ACTIVATED, $user, $item, $seat, $user ),
				array( Events::PROGRESS_STEP, $user, $item, 0, 50, 0 ),
			),
			$this->take()
		);
	}

	public function test_a_graded_test_announces_its_result_and_a_pass_its_certificate_until_revoked(): void {
		$user = $this->make_user();
		$item = Library::item( 'Announced test ' . wp_generate_password( 4, false ), 'on-demand-workshop' );
		update_post_meta(
			$item,
			Quiz::META_KEY,
			array(
				'pass_mark' => 0,
				'questions' => array(
					array(
						'id'      => 'q1',
						'text'    => 'Question?',
						'answers' => array( 'A', 'B' ),
						'correct' => 1,
					),
				),
			)
		);
		Library::grant( $user, $item );
		Library::activate_own( $user, $item );
		$this->services()->progress->record( $user, $item, 0, 100, time() );
		$this->take();
		$answer = function ( int $index ) use ( $user, $item ): int {
			$attempt = (int) $this->rest( 'GET', "/library/v2/quiz/$item", array(), $user )->get_data()['data']['attempt_id'];
			$reply   = $this->rest(
				'POST',
				"/library/v2/quiz/$item",
				array(
					'attempt' => $attempt,
					'answers' => array( 'q1' => Quiz::of_item( $item )->questions[0]->answer_id( $item, $index ) ),
				),
				$user
			);
			$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
			global $wpdb;
			return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT MAX(id) FROM %i WHERE user_id = %d AND product_id = %d', $wpdb->prefix . 'lp_quiz_attempts', $user, $item ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3.
		};

		$failed = $answer( 0 );
		$this->assertSame( array( array( Events::TEST_FAILED, $user, $item, 0, $failed ) ), $this->take() );

		$passed      = $answer( 1 );
		$certificate = $this->services()->certificates->for_user_item( $user, $item );
		$this->assertNotNull( $certificate );
		$this->assertSame(
			array(
				array( Events::TEST_PASSED, $user, $item, 100, $passed ),
				array( Events::CERTIFICATE_ISSUED, $user, $item, $certificate->code, 100 ),
			),
			$this->take()
		);

		$again = $answer( 1 );
		$this->assertSame( array( array( Events::TEST_PASSED, $user, $item, 100, $again ) ), $this->take(), 'one certificate per learner and item' );

		$this->assertTrue( $this->services()->certificates->revoke( $certificate, time() ) );
		$this->assertFalse( $this->services()->certificates->revoke( $certificate, time() ) );
		$this->assertSame( array( array( Events::CERTIFICATE_REVOKED, $user, $item, $certificate->code ) ), $this->take() );
	}

	public function test_sharing_announces_the_link_the_acceptance_and_the_revoke_once_each(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Announced share ' . wp_generate_password( 4, false ) );
		Library::grant( $owner, $item, 3 );
		$this->take();

		$link = $this->rest( 'POST', '/library/v2/share-link/' . $item, array(), $owner );
		$this->assertSame( 200, $link->get_status() );
		$this->assertSame( 200, $this->rest( 'POST', '/library/v2/share-link/' . $item, array(), $owner )->get_status(), 'the working link, again' );
		$this->assertSame( array( array( Events::SHARE_LINK_MADE, $owner, $item, false ) ), $this->take() );

		preg_match( '#/shareseats/([A-Za-z0-9_-]+)/$#', $link->get_data()['data']['link'], $code );
		$this->assertSame( 200, $this->rest( 'POST', '/library/v2/accept-share', array( 'encoded' => $code[1] ), $member )->get_status() );
		$this->assertSame( 200, $this->rest( 'POST', '/library/v2/accept-share', array( 'encoded' => $code[1] ), $member )->get_status(), 'accepted again: already holds it' );
		$seat = (int) $this->services()->licenses->seat_held_from( $member, $owner, $item, time() );
		$this->assertSame( array( array( Events::SEAT_ACCEPTED, $member, $owner, $item, $seat, 'link' ) ), $this->take() );

		$this->assertSame( 200, $this->rest( 'POST', '/library/v2/revoke-share/' . $seat, array(), $owner )->get_status() );
		$this->assertNotSame( 200, $this->rest( 'POST', '/library/v2/revoke-share/' . $seat, array(), $owner )->get_status(), 'nothing left to revoke' );
		$this->assertSame( array( array( Events::SEAT_REVOKED, $owner, $member, $item, $seat ) ), $this->take() );
	}

	public function test_an_e_mailed_invitation_announces_the_addresses_it_reached(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Announced invitation ' . wp_generate_password( 4, false ) );
		Library::grant( $owner, $item, 3 );
		$this->take();

		$reply = $this->rest(
			'POST',
			'/library/v2/send-share-emails',
			array(
				'emails'     => 'first@example.com, second@example.com',
				'product_id' => $item,
			),
			$owner
		);

		$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
		$this->assertSame( array( array( Events::INVITATIONS_SENT, $owner, $item, array( 'first@example.com', 'second@example.com' ), false ) ), $this->take() );
	}

	public function test_a_take_back_announces_the_seats_it_removed(): void {
		$admin = $this->make_user( 'administrator' );
		$owner = $this->make_user();
		$item  = Library::item( 'Announced take-back ' . wp_generate_password( 4, false ) );
		$grant = Library::grant( $owner, $item, 2 );
		Library::activate_own( $owner, $item );
		$this->take();

		$result = $this->services()->grants->take_back( $grant, 1, $admin, GrantService::REASON_ADMIN );

		$this->assertSame( 1, $result->taken() );
		$this->assertSame( array( array( Events::SEATS_TAKEN_BACK, $grant, $owner, $item, $result->taken_ids, GrantService::REASON_ADMIN, $admin ) ), $this->take() );
		$this->services()->grants->take_back( $grant, 1, $admin, GrantService::REASON_ADMIN );
		$this->assertSame( array(), $this->take(), 'the started seat is never taken: nothing to announce' );
	}

	public function test_contract_members_are_announced_as_they_come_and_go(): void {
		$service  = new ContractService( $this->services()->contracts, $this->services()->seat_audit );
		$contract = $service->create(
			array(
				'title'           => 'Announced County',
				'organizer_name'  => 'Dana Rivers',
				'organizer_title' => 'Coordinator',
				'organizer_phone' => '',
				'organizer_email' => 'dana@example.com',
				'organizer_thumb' => '',
				'starts'          => '2026-01-01',
				'ends'            => '2036-12-31',
				'status'          => 'active',
			)
		);
		$first    = $this->make_user( 'subscriber', array( 'user_email' => 'first-member@example.com' ) );
		$second   = $this->make_user( 'subscriber', array( 'user_email' => 'second-member@example.com' ) );
		$this->take();

		$service->add_member( $contract, (string) $first );
		$service->add_member( $contract, (string) $first );
		$this->assertSame( array( array( Events::CONTRACT_MEMBER_ADDED, $contract, $first ) ), $this->take() );

		$service->import_members(
			$contract,
			array(
				array(
					'line'  => 2,
					'email' => 'first-member@example.com',
				),
				array(
					'line'  => 3,
					'email' => 'second-member@example.com',
				),
			)
		);
		$this->assertSame( array( array( Events::CONTRACT_MEMBER_ADDED, $contract, $second ) ), $this->take(), 'an import announces the members new to the contract' );

		$service->remove_member( $contract, (string) $first );
		$this->assertSame( array( array( Events::CONTRACT_MEMBER_REMOVED, $contract, $first ) ), $this->take() );

		$service->delete( $contract, 0 );
		$this->assertSame( array( array( Events::CONTRACT_MEMBER_REMOVED, $contract, $second ) ), $this->take(), 'a deleted contract takes its members out' );
	}
}
