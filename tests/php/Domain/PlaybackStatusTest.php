<?php
/**
 * Playback status in the team's tables.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Domain;

use LibraryPortal\Core\Rows\PartProgress;
use LibraryPortal\Core\Rows\PlaybackStatus;
use LibraryPortal\Core\Rows\ProgressSummary;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Each status, and Take Test judged like the test's own gate (every part), not by the average.
 */
final class PlaybackStatusTest extends TestCase {

	/**
	 * Progress of parts at these percents, as the team reply builds it.
	 *
	 * @param int ...$percents Percent of each part.
	 * @return array<string, mixed>
	 */
	private static function watched( int ...$percents ): array {
		return ProgressSummary::of( count( $percents ), array_map( static fn( int $p ) => new PartProgress( $p, 1 ), $percents ) );
	}

	public function test_each_status(): void {
		$this->assertSame( 'not-started', PlaybackStatus::of( self::watched( 0, 0 ), false ) );
		$this->assertSame( 'in-progress', PlaybackStatus::of( self::watched( 40, 0 ), false ) );
		$this->assertSame( 'take-test', PlaybackStatus::of( self::watched( 95, 100 ), false ) );
		$this->assertSame( 'completed', PlaybackStatus::of( self::watched( 10 ), true ), 'A certificate decides, whatever was watched.' );
	}

	public function test_expired_active_and_purchased_come_before_the_watching(): void {
		$this->assertSame( 'expired', PlaybackStatus::of( self::watched( 40 ), false, 'webinar', true ), 'An ended seat reads Expired, whatever was watched.' );
		$this->assertSame( 'completed', PlaybackStatus::of( self::watched( 40 ), true, 'webinar', true ), 'The certificate outlives the seat.' );
		$this->assertSame( 'active', PlaybackStatus::of( self::watched( 0 ), false, 'membership' ) );
		$this->assertSame( 'purchased', PlaybackStatus::of( self::watched( 0 ), false, 'e-course' ) );
		$this->assertSame( 'purchased', PlaybackStatus::of( self::watched( 0 ), false, 'certificate-self-guided' ) );
		$this->assertSame( 'in-progress', PlaybackStatus::of( self::watched( 40 ), false, 'webinar' ) );
	}

	public function test_take_test_needs_every_part_not_the_average(): void {
		$progress = self::watched( 100, 100, 85 );

		$this->assertSame( 95, $progress['count'], 'The average reaches the threshold...' );
		$this->assertSame( 'in-progress', PlaybackStatus::of( $progress, false ), '...but the test is locked until the third part is watched.' );
	}
}
