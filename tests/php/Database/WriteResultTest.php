<?php
/**
 * Repositories check what the database did.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Database;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Seats\Seat;
use LibraryPortal\Core\Seats\SeatState;
use LibraryPortal\Core\Seats\ShareMethod;
use LibraryPortal\Platform\Database\WriteFailed;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * A write the database refuses throws WriteFailed and announces nothing (no cache is cleared
 * for a change that did not happen); seats come back as typed Seat objects.
 *
 * @group database
 */
final class WriteResultTest extends TestCase {

	/**
	 * Makes the database refuse statements that write to one table (a real failed statement,
	 * sent to the real database, which answers with an error).
	 *
	 * @param string $table Full table name.
	 */
	private function refuse_writes_to( string $table ): void {
		add_filter(
			'query',
			static function ( $query ) use ( $table ) {
				return preg_match( '/^\s*(INSERT|UPDATE|DELETE)\b/i', (string) $query ) && str_contains( (string) $query, $table )
					? str_replace( $table, $table . '_refused', (string) $query )
					: $query;
			}
		);
	}

	/**
	 * Counts the library-changed announcements from now on.
	 *
	 * @return callable(): int
	 */
	private function announcements(): callable {
		$count = 0;
		add_action(
			Repository::LIBRARY_CHANGED,
			static function () use ( &$count ) {
				++$count;
			}
		);
		return static function () use ( &$count ): int {
			return $count;
		};
	}

	public function test_a_grant_whose_seats_were_not_written_throws_and_announces_nothing(): void {
		global $wpdb;
		$owner     = $this->make_user();
		$item      = Library::item( 'Refused seats' );
		$announced = $this->announcements();
		$this->refuse_writes_to( $wpdb->prefix . 'lp_licenses' );
		$wpdb->suppress_errors( true );

		try {
			$this->services()->licenses->create_grant(
				array(
					'owner_id'   => $owner,
					'product_id' => $item,
					'quantity'   => 2,
				),
				time()
			);
			$this->fail( 'WriteFailed expected' );
		} catch ( WriteFailed $failed ) {
			$this->assertStringContainsString( 'create seats', $failed->getMessage() );
		} finally {
			$wpdb->suppress_errors( false );
		}
		$this->assertSame( 0, $announced() );
		$grants = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE owner_id = %d', $wpdb->prefix . 'lp_grants', $owner ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
		$this->assertSame( 0, $grants, 'no grant is left without its seats' );
	}

	public function test_a_refused_activation_throws_instead_of_looking_like_a_lost_race(): void {
		global $wpdb;
		$owner = $this->make_user();
		$item  = Library::item( 'Refused activation' );
		Library::grant( $owner, $item, 1 );
		$seat      = $this->services()->licenses->seats_for_user( $owner )[0];
		$announced = $this->announcements();
		$this->refuse_writes_to( $wpdb->prefix . 'lp_licenses' );
		$wpdb->suppress_errors( true );

		try {
			$this->services()->licenses->activate_seat( $seat->id, $owner, time() );
			$this->fail( 'WriteFailed expected' );
		} catch ( WriteFailed $failed ) {
			$this->assertStringContainsString( 'activate a seat', $failed->getMessage() );
		} finally {
			$wpdb->suppress_errors( false );
		}
		$this->assertSame( 0, $announced() );
	}

	public function test_a_successful_write_announces_once_and_seats_are_typed(): void {
		$owner     = $this->make_user();
		$item      = Library::item( 'Typed seats' );
		$announced = $this->announcements();
		Library::grant( $owner, $item, 2 );

		$this->assertSame( 1, $announced() );
		$seats = $this->services()->licenses->seats_for_user( $owner );
		$this->assertCount( 2, $seats );
		$this->assertContainsOnlyInstancesOf( Seat::class, $seats );
		$this->assertSame( SeatState::Available, $seats[0]->state );
		$this->assertSame( $item, $seats[0]->product_id );
		$this->assertLessThan( $seats[1]->id, $seats[0]->id, 'ordered by seat ID' );

		$this->assertTrue( $this->services()->licenses->activate_seat( $seats[0]->id, $owner, time() ) );
		$this->assertFalse( $this->services()->licenses->activate_seat( $seats[0]->id, $owner, time() ), 'a second activation is a lost race, not an error' );
		$this->assertSame( 2, $announced() );
		$this->assertSame( SeatState::Activated, $this->services()->licenses->seats_for_user( $owner )[0]->state );
	}

	public function test_refused_progress_and_notification_writes_throw_and_announce_nothing(): void {
		global $wpdb;
		$user      = $this->make_user();
		$item      = Library::item( 'Refused progress' );
		$announced = $this->announcements();
		$this->refuse_writes_to( $wpdb->prefix . 'lp_progress' );
		$this->refuse_writes_to( $wpdb->prefix . 'lp_notifications' );
		$wpdb->suppress_errors( true );

		$writes = array(
			'record'      => fn() => $this->services()->progress->record( $user, $item, 0, 40, time() ),
			'add'         => fn() => $this->services()->notifications->add(
				array(
					'user_id' => $user,
					'type'    => 'share',
					'message' => 'Hello',
				),
				time()
			),
			'forget user' => fn() => $this->services()->progress->forget_user( $user ),
		);
		try {
			foreach ( $writes as $what => $write ) {
				try {
					$write();
					$this->fail( "$what: WriteFailed expected" );
				} catch ( WriteFailed $failed ) {
					$this->assertStringContainsString( "could not $what", $failed->getMessage() );
				}
			}
		} finally {
			$wpdb->suppress_errors( false );
		}
		$this->assertSame( 0, $announced() );
	}

	public function test_a_progress_report_that_raises_nothing_announces_nothing(): void {
		$user     = $this->make_user();
		$item     = Library::item( 'Unchanged progress' );
		$progress = $this->services()->progress;
		$progress->record( $user, $item, 0, 60, time() );
		$announced = $this->announcements();

		$this->assertFalse( $progress->record( $user, $item, 0, 60, time() ) );
		$this->assertFalse( $progress->record( $user, $item, 0, 30, time() ) );
		$this->assertSame( 0, $announced(), 'no library changed, so no cache is cleared' );

		$this->assertTrue( $progress->record( $user, $item, 0, 65, time() ) );
		$this->assertSame( 1, $announced() );
	}

	public function test_a_certificate_score_outside_0_to_100_is_refused_and_announces_nothing(): void {
		global $wpdb;
		$user      = $this->make_user();
		$item      = Library::item( 'Scored item' );
		$announced = $this->announcements();

		$this->expectException( \InvalidArgumentException::class );
		try {
			$this->services()->certificates->issue( $user, $item, 101, time() );
		} finally {
			$this->assertSame( 0, $announced() );
			$this->assertSame( 0, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE user_id = %d', $wpdb->prefix . 'lp_certificates', $user ) ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
		}
	}

	public function test_an_accepted_share_is_stored_as_given_with_its_method(): void {
		global $wpdb;
		$owner     = $this->make_user();
		$recipient = $this->make_user();
		$item      = Library::item( 'Shared by e-mail' );
		Library::grant( $owner, $item );
		$seat = Library::share( $owner, $recipient, $item );

		$id = $this->services()->shares->record_accepted( $seat, $owner, $item, $recipient, ShareMethod::Email, 'theo@example.com', 1_800_000_000 );

		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT license_id, recipient_id, recipient_email, method, status FROM %i WHERE id = %d', $wpdb->prefix . 'lp_shares', $id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
		$this->assertSame(
			array(
				'license_id'      => (string) $seat,
				'recipient_id'    => (string) $recipient,
				'recipient_email' => 'theo@example.com',
				'method'          => 'email',
				'status'          => 'accepted',
			),
			$row
		);
	}

	public function test_a_refused_share_link_revocation_throws_and_a_repeated_one_is_false(): void {
		global $wpdb;
		$owner = $this->make_user();
		$links = $this->services()->link_rows;
		$link  = $links->create( $owner, 321, time() );
		$this->assertGreaterThan( 0, $link );

		$this->assertTrue( $links->revoke( $link, $owner, time() ) );
		$this->assertFalse( $links->revoke( $link, $owner, time() ), 'already revoked: no error' );

		$other = $links->create( $owner, 321, time() );
		$this->refuse_writes_to( $wpdb->prefix . 'lp_share_links' );
		$wpdb->suppress_errors( true );
		try {
			$this->expectException( WriteFailed::class );
			$links->revoke( $other, $owner, time() );
		} finally {
			$wpdb->suppress_errors( false );
		}
	}

	public function test_a_grant_without_seats_is_refused_before_any_write(): void {
		global $wpdb;
		$owner     = $this->make_user();
		$announced = $this->announcements();

		foreach ( array( array( 'quantity' => 0 ), array( 'expires_at' => -1 ) ) as $bad ) {
			try {
				$this->services()->licenses->create_grant(
					array(
						'owner_id'   => $owner,
						'product_id' => 5,
					) + $bad,
					time()
				);
				$this->fail( 'refused expected: ' . wp_json_encode( $bad ) );
			} catch ( \InvalidArgumentException $refused ) {
				$this->assertStringContainsString( 'at least one seat', $refused->getMessage() );
			}
		}
		$this->assertSame( 0, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE owner_id = %d', $wpdb->prefix . 'lp_grants', $owner ) ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
		$this->assertSame( 0, $announced() );
	}
}
