<?php
/**
 * License counts and access over seats.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Domain;

use LibraryPortal\Core\Seats\Seat;
use LibraryPortal\Core\Seats\SeatState;

use LibraryPortal\Core\Rows\Access;
use LibraryPortal\Core\Rows\Expiry;
use LibraryPortal\Core\Seats\LicenseSummary;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Seat counting, expiry markers and the access rule.
 */
final class LicenseSummaryTest extends TestCase {

	private const NOW = 1_800_000_000;

	/**
	 * A seat.
	 *
	 * @param string $state      available | assigned | activated.
	 * @param int    $holder     Holder ID.
	 * @param int    $expires_at Unix seconds.
	 * @return array<string, int|string>
	 */
	private static function seat( string $state, int $holder = 0, int $expires_at = 0 ): Seat {
		return new Seat( 0, 0, 1, 0, $holder, SeatState::from( $state ), $holder > 1, 'activated' === $state ? self::NOW - 60 : 0, $expires_at, '', 0 );
	}

	public function test_counts_each_seat_once(): void {
		$summary = LicenseSummary::of(
			array(
				self::seat( 'available' ),
				self::seat( 'available', 0, self::NOW - 1 ),
				self::seat( 'assigned', 5 ),
				self::seat( 'activated', 1 ),
				self::seat( 'activated', 6, self::NOW + 10 ),
			),
			1,
			self::NOW
		);

		$this->assertSame( 5, $summary->total );
		$this->assertSame( 1, $summary->available );
		$this->assertSame( 2, $summary->active );
		$this->assertSame( 1, $summary->expired );
		$this->assertTrue( $summary->activated );
		$this->assertSame( self::NOW - 60, $summary->activated_at );
		$this->assertFalse( $summary->all_expired() );
	}

	public function test_never_markers_do_not_expire(): void {
		$summary = LicenseSummary::of( array( self::seat( 'available', 0, 0 ), self::seat( 'available', 0, Expiry::NEVER_LEGACY ) ), 1, self::NOW );

		$this->assertSame( 0, $summary->expired );
		$this->assertSame( 2, $summary->available );
		$this->assertSame( 0, $summary->expiry, 'Never beats any date.' );
	}

	public function test_latest_expiry_and_all_expired(): void {
		$summary = LicenseSummary::of( array( self::seat( 'available', 0, self::NOW - 10 ), self::seat( 'available', 0, self::NOW - 5 ) ), 1, self::NOW );

		$this->assertTrue( $summary->all_expired() );
		$this->assertSame( self::NOW - 5, $summary->expiry );
	}

	public function test_a_seat_expiring_at_this_very_second_has_expired(): void {
		$at_now   = LicenseSummary::of( array( self::seat( 'activated', 1, self::NOW ) ), 1, self::NOW );
		$a_second = LicenseSummary::of( array( self::seat( 'activated', 1, self::NOW + 1 ) ), 1, self::NOW );

		$this->assertTrue( Expiry::has_passed( self::NOW, self::NOW ) );
		$this->assertSame( 1, $at_now->expired );
		$this->assertSame( 0, $at_now->active );
		$this->assertFalse( $at_now->holds_valid_seat );
		$this->assertSame( Access::NO_LICENSE, Access::reason( '', 'webinar', $at_now, 0 ) );
		$this->assertFalse( Expiry::has_passed( self::NOW + 1, self::NOW ) );
		$this->assertSame( Access::ACTIVATED, Access::reason( '', 'webinar', $a_second, 0 ), 'One second left still opens it.' );
	}

	public function test_activated_at_is_the_latest_of_the_viewers_activated_seats(): void {
		$activated = static fn( int $id, int $holder, int $at ): Seat => new Seat( $id, 1, 9, 1, $holder, SeatState::Activated, 9 !== $holder, $at, 0, '', 0 );

		$summary = LicenseSummary::of(
			array(
				$activated( 1, 1, self::NOW - 3000 ),
				$activated( 2, 1, self::NOW - 100 ),
				$activated( 3, 5, self::NOW - 10 ), // Someone else's: not the viewer's activation.
				$activated( 4, 1, self::NOW - 2000 ),
			),
			1,
			self::NOW
		);

		$this->assertSame( self::NOW - 100, $summary->activated_at, 'Neither the first, the last nor another holder\'s seat.' );
	}

	public function test_a_contract_row_gives_access_until_the_contract_ends(): void {
		$no_seats = LicenseSummary::of( array(), 1, self::NOW );

		$this->assertSame( Access::CONTRACT, Access::reason( 'contract', 'workshop', $no_seats, 0, false ) );
		$this->assertSame( Access::NO_LICENSE, Access::reason( 'contract', 'workshop', $no_seats, 0, true ) );
	}

	/**
	 * Seats, viewer facts and the access reason expected.
	 *
	 * @return array<string, array{0: string, 1: string, 2: array<int, array<string, int|string>>, 3: int, 4: string}>
	 */
	public function provide_access(): array {
		return array(
			'member item'                 => array( 'member', 'on-demand', array( self::seat( 'available' ) ), 0, Access::MEMBER ),
			'membership unlimited'        => array( '', 'membership', array( self::seat( 'available' ) ), 0, Access::MEMBER ),
			'lapsed membership'           => array( 'member', 'on-demand', array( self::seat( 'available', 0, self::NOW - 1 ) ), 0, Access::NO_LICENSE ),
			'contract item'               => array( 'contract', 'workshop', array(), 0, Access::CONTRACT ),
			'activated own seat'          => array( '', 'webinar', array( self::seat( 'activated', 1 ) ), 0, Access::ACTIVATED ),
			'activated seat expired'      => array( '', 'webinar', array( self::seat( 'activated', 1, self::NOW - 1 ) ), 0, Access::NO_LICENSE ),
			'available seat can activate' => array( '', 'webinar', array( self::seat( 'available' ) ), 0, Access::CAN_ACTIVATE ),
			'received by share'           => array( '', 'webinar', array( self::seat( 'assigned', 1 ) ), 9, Access::SHARED ),
			'all shared away, none left'  => array( '', 'webinar', array( self::seat( 'assigned', 5 ), self::seat( 'activated', 6 ) ), 0, Access::NO_LICENSE ),
			'received share expired'      => array( '', 'webinar', array( self::seat( 'assigned', 1, self::NOW - 1 ) ), 9, Access::NO_LICENSE ),
		);
	}

	/**
	 * Access.
	 *
	 * @dataProvider provide_access
	 *
	 * @param string                               $tag      Row tag.
	 * @param string                               $type     Content type.
	 * @param array<int, array<string, int|string>> $seats    Seats.
	 * @param int                                  $sharer   Sharer ID.
	 * @param string                               $expected Reason.
	 */
	public function test_access_reason( string $tag, string $type, array $seats, int $sharer, string $expected ): void {
		$reason = Access::reason( $tag, $type, LicenseSummary::of( $seats, 1, self::NOW ), $sharer );

		$this->assertSame( $expected, $reason );
		$this->assertSame( Access::NO_LICENSE !== $expected, Access::granted( $reason ) );
	}
}
