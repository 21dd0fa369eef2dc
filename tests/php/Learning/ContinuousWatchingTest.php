<?php
/**
 * Credit is earned by watching: timelines of a real player against POST video/progress/{id}.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Core\Rows\ProgressRules;
use LibraryPortal\Tests\Fixtures\LearningMedia;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Fixtures\WatchingClock;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Each test plays a timeline the way the player's tracker reports it (src/islands/player/
 * progress-tracker.ts: polled every 250 ms, a report when the playhead reaches a step not yet
 * accepted and the last report was 5 s ago or more, while playing the accepted value when the
 * last report is 20 s old, a final report on pause, part change and the end, where 100 is sent),
 * against the real route. Time passes by moving the stored times back
 * (WatchingClock), so the server's own time() measures it.
 */
final class ContinuousWatchingTest extends TestCase {

	use ServesRequests;

	private const POLL_SECONDS = 0.25;

	/**
	 * Learner.
	 *
	 * @var int
	 */
	private int $user = 0;

	/**
	 * Item.
	 *
	 * @var int
	 */
	private int $item = 0;

	/**
	 * Seconds per part.
	 *
	 * @var int
	 */
	private int $duration = 0;

	/**
	 * Simulated seconds since the test began.
	 *
	 * @var float
	 */
	private float $clock = 0.0;

	/**
	 * Whole simulated seconds already applied to the stored times.
	 *
	 * @var int
	 */
	private int $aged = 0;

	/**
	 * The open part.
	 *
	 * @var int
	 */
	private int $part = 0;

	/**
	 * Its playhead in seconds.
	 *
	 * @var float
	 */
	private float $position = 0.0;

	/**
	 * What the tracker holds as accepted for the open part.
	 *
	 * @var int
	 */
	private int $accepted = 0;

	/**
	 * Simulated time of the tracker's last report.
	 *
	 * @var float
	 */
	private float $last_report = -INF;

	/**
	 * The media played since the tracker's last report.
	 *
	 * @var bool
	 */
	private bool $played = false;

	/**
	 * Every report sent: [part, percent, HTTP status].
	 *
	 * @var array<int, array{0: int, 1: int, 2: int}>
	 */
	private array $sent = array();

	/**
	 * A learner with an activated seat of an item of parts of this length.
	 *
	 * @param int $duration Seconds per part.
	 * @param int $parts    Parts.
	 */
	private function learner( int $duration, int $parts = 3 ): void {
		$this->user     = $this->make_user();
		$this->item     = LearningMedia::item( 'Watched ' . wp_generate_password( 6, false ), $parts, $duration );
		$this->duration = $duration;
		$this->clock    = 0.0;
		$this->aged     = 0;
		$this->sent     = array();
		Library::grant( $this->user, $this->item );
		Library::activate_own( $this->user, $this->item );
	}

	/**
	 * The stored percent of a part.
	 *
	 * @param int $part Part.
	 */
	private function stored( int $part = 0 ): int {
		$parts = $this->services()->progress->for_item( $this->user, $this->item );
		return isset( $parts[ $part ] ) ? $parts[ $part ]->percent : 0;
	}

	/**
	 * Opens a part as the player does: a new tracker holding the saved percent, the playhead at
	 * the saved share when it is strictly inside 1-98%.
	 *
	 * @param int $part Part.
	 */
	private function open( int $part ): void {
		$this->part        = $part;
		$this->accepted    = $this->stored( $part );
		$this->position    = $this->accepted > 1 && $this->accepted < 98 ? $this->accepted / 100 * $this->duration : 0.0;
		$this->last_report = -INF;
		$this->played      = false;
	}

	/**
	 * Sends one report at the simulated time, after moving the stored times back by the time passed.
	 *
	 * @param int $percent Reported step.
	 * @return int HTTP status.
	 */
	private function report( int $percent ): int {
		$passed = (int) floor( $this->clock ) - $this->aged;
		if ( $passed > 0 ) {
			WatchingClock::age( $this->user, $this->item, $passed );
			$this->aged += $passed;
		}
		$status       = $this->send(
			'POST',
			'/library/v2/video/progress/' . $this->item,
			$this->user,
			array(
				'progress' => $percent,
				'part'     => $this->part,
			)
		)->get_status();
		$this->sent[] = array( $this->part, $percent, $status );
		return $status;
	}

	/**
	 * The tracker's report of a step: remembered as accepted unless refused.
	 *
	 * @param int $step Step.
	 */
	private function track( int $step ): void {
		$this->last_report = $this->clock;
		$this->played      = false;
		if ( 200 === $this->report( $step ) ) {
			$this->accepted = max( $this->accepted, $step );
		}
	}

	/**
	 * The step under the playhead (src/domain/playback.ts progressStep).
	 *
	 * @param bool $ended The media ended.
	 */
	private function step( bool $ended = false ): int {
		return $ended ? 100 : (int) min( 100, floor( $this->position / $this->duration * 100 / 5 ) * 5 );
	}

	/**
	 * Plays for some wall seconds at a speed (or to the end), polling as the tracker does.
	 *
	 * @param float $seconds Wall seconds.
	 * @param float $rate    Playback speed.
	 */
	private function watch( float $seconds, float $rate = 1.0 ): void {
		for ( $played = 0.0; $played < $seconds; $played += self::POLL_SECONDS ) {
			$this->clock    += self::POLL_SECONDS;
			$this->position += $rate * self::POLL_SECONDS;
			$this->played    = true;
			if ( $this->position >= $this->duration ) {
				$this->position = $this->duration;
				if ( $this->accepted < 100 ) {
					$this->track( 100 ); // The end: complete() sends 100 at once.
				}
				return;
			}
			$step  = $this->step();
			$since = $this->clock - $this->last_report;
			if ( $step > $this->accepted && $since >= 5 ) {
				$this->track( $step );
			} elseif ( $since >= ProgressRules::HEARTBEAT_SECONDS ) {
				$this->track( $this->accepted ); // Playing on: the same percent keeps the clock running.
			}
		}
	}

	/**
	 * Pause, part change or page hide: the final report of a step not yet accepted, or of the
	 * accepted one when the media played since the last report (the clock stops here).
	 */
	private function pause(): void {
		$step = $this->step();
		if ( $step > $this->accepted ) {
			$this->track( $step );
		} elseif ( $this->played ) {
			$this->track( $this->accepted );
		}
	}

	/**
	 * Real time passes with the player paused or closed.
	 *
	 * @param float $seconds Seconds.
	 */
	private function wait( float $seconds ): void {
		$this->clock += $seconds;
	}

	/**
	 * Asserts every report of the timeline was accepted.
	 */
	private function assert_all_accepted(): void {
		$this->assertNotEmpty( $this->sent );
		$refused = array_filter( $this->sent, static fn( array $sent ): bool => 200 !== $sent[2] );
		$this->assertSame( array(), array_values( $refused ), 'Refused [part, percent, status]: ' . wp_json_encode( $refused ) );
	}

	/**
	 * Part lengths and speeds: a demo part (16 s), a short video, and parts whose 5% step takes
	 * longer than the 30 s session gap at 1x (every report then opens a session).
	 *
	 * @return array<string, array{0: int, 1: float}>
	 */
	public function lengths_and_speeds(): array {
		$cases = array();
		foreach ( array( 16, 100, 600, 1800 ) as $duration ) {
			foreach ( array( 1.0, 1.5, 2.0 ) as $rate ) {
				$cases[ "$duration s at {$rate}x" ] = array( $duration, $rate );
			}
		}
		return $cases;
	}

	/**
	 * Playing a part through at any offered speed credits every step.
	 *
	 * @dataProvider lengths_and_speeds
	 *
	 * @param int   $duration Seconds per part.
	 * @param float $rate     Speed.
	 */
	public function test_playing_through_credits_every_step( int $duration, float $rate ): void {
		$this->learner( $duration, 1 );
		$this->open( 0 );

		$this->watch( $duration / $rate + 1, $rate );

		$this->assert_all_accepted();
		$this->assertSame( 100, $this->stored() );
	}

	public function test_a_pause_of_days_then_resuming_credits_fully(): void {
		$this->learner( 100 );

		// Reloaded days later: the player resumes at the saved share.
		$this->open( 0 );
		$this->watch( 47 );
		$this->pause();
		$this->wait( 3 * DAY_IN_SECONDS );
		$this->open( 0 );
		$this->watch( 60 );

		// Left open for days on pause: the same tracker goes on.
		$this->open( 1 );
		$this->watch( 33, 2.0 );
		$this->pause();
		$this->wait( 2 * DAY_IN_SECONDS + 17 );
		$this->watch( 20, 2.0 );

		$this->assert_all_accepted();
		$this->assertSame( array( 100, 100 ), array( $this->stored( 0 ), $this->stored( 1 ) ) );
	}

	public function test_short_pauses_and_seeking_back_credit_fully(): void {
		$this->learner( 100 );
		$this->open( 0 );
		$this->watch( 62 );
		$this->pause();
		$this->wait( 12 );
		$this->watch( 3 );
		$this->pause();
		$this->wait( 45 );

		$this->position = 20; // Back to 20% to see it again: nothing to report until 65%.
		$this->watch( 90 );

		$this->assert_all_accepted();
		$this->assertSame( 100, $this->stored() );
	}

	public function test_switching_parts_credits_fully(): void {
		$this->learner( 100 );
		$this->open( 0 );
		$this->watch( 50 );
		$this->pause(); // The part change flushes.
		$this->open( 1 );
		$this->watch( 101, 2.0 );
		$this->open( 2 );
		$this->watch( 20 );
		$this->pause();
		$this->open( 0 ); // Back to the first part, resumed at 50%.
		$this->watch( 30, 2.0 );
		$this->open( 2 );
		$this->watch( 85 );

		$this->assert_all_accepted();
		$this->assertSame( array( 100, 100, 100 ), array( $this->stored( 0 ), $this->stored( 1 ), $this->stored( 2 ) ) );
	}

	public function test_dragging_to_the_end_a_week_later_credits_at_most_one_step(): void {
		$this->learner( 100 );
		$this->open( 0 );
		$this->watch( 31 );
		$this->pause();
		$this->assertSame( 30, $this->stored() );
		$this->wait( 7 * DAY_IN_SECONDS );

		$this->open( 0 );
		$this->position = 98.5; // Dragged to 1.5 s before the end: 95% at once, then 100 at the end.
		$this->watch( 2 );

		$this->assertSame( array( array( 0, 95, 409 ), array( 0, 100, 409 ) ), array_slice( $this->sent, -2 ) );
		$this->assertLessThanOrEqual( 35, $this->stored() );
	}

	public function test_claims_straight_to_the_end_credit_at_most_one_step(): void {
		$this->learner( 100 );
		$this->open( 0 );
		$this->watch( 31 );
		$this->pause();
		$this->wait( 7 * DAY_IN_SECONDS );

		$this->assertSame( 409, $this->report( 90 ) );
		$this->wait( 1.5 );
		$this->assertSame( 409, $this->report( 100 ) );
		$this->assertSame( 30, $this->stored() );

		$this->wait( 40 );
		$this->assertSame( 200, $this->report( 35 ), 'One step: the learner is back.' );
		$this->wait( 1 );
		$this->assertSame( 409, $this->report( 100 ) );
		$this->assertSame( 35, $this->stored() );
	}

	public function test_reporting_every_second_earns_no_more_than_watching_at_2x(): void {
		// A one-hour part: 5% is 180 s of video, 90 s of watching at 2x. The stored times are aged
		// by the simulated seconds, and the real seconds the 180 requests take pass on the server's
		// clock too (20 s and more on a loaded machine): both count, so the bounds include them.
		$this->learner( 3600, 1 );
		$started = time();
		$this->assertSame( 200, $this->report( 0 ) );
		$at_2x = static fn( float $seconds ): int => (int) ( floor( ( $seconds + 10 ) * 2 / 3600 * 100 / 5 ) * 5 );
		for ( $second = 1; $second <= 60; $second++ ) {
			$this->wait( 1 );
			$this->report( $this->stored() + 5 );
		}
		$real = time() - $started + 1;
		$this->assertGreaterThanOrEqual( $at_2x( 60 ), $this->stored() );
		$this->assertLessThanOrEqual( $at_2x( 60 + $real ), $this->stored(), "A minute of reports ($real s of them real): (60 s + the 10 s loan) at 2x is 3.9%, rounded down." );

		for ( $second = 61; $second <= 180; $second++ ) {
			$this->wait( 1 );
			$this->report( $this->stored() + 5 );
		}
		$real = time() - $started + 1;
		$this->assertGreaterThanOrEqual( $at_2x( 180 ), $this->stored() );
		$this->assertLessThanOrEqual( $at_2x( 180 + $real ), $this->stored(), "(180 s + 10 s) at 2x = 380 s of 3,600: 10.6%, rounded down to 10 ($real s of real time on top)." );
	}

	public function test_reports_at_most_30_s_apart_keep_the_clock_running_and_a_longer_silence_stops_it(): void {
		$this->learner( 100 );
		$this->assertSame( 200, $this->report( 5 ) ); // The loan pays it: 3 s of it.
		$this->wait( 25 );
		$this->assertSame( 200, $this->report( 5 ), 'A report of what is stored raises nothing and keeps the clock.' );
		$this->wait( 5 );
		// 30 s watched, 3 s of it spent on the 5%: (27 s + the loan) at 2x is 74 s of video.
		$this->assertSame( 200, $this->report( 50 ) );

		$this->learner( 100 );
		$this->assertSame( 200, $this->report( 5 ) );
		$this->wait( 31 );
		$this->assertSame( 409, $this->report( 20 ), 'Without a report in between, 31 s is a pause: it does not count.' );
		$this->assertSame( 200, $this->report( 15 ), 'What the loan has left.' );
	}

	public function test_a_replayed_report_is_judged_by_the_time_watched_before_the_outage(): void {
		$this->learner( 100 );
		$this->open( 0 );
		$this->watch( 42 );
		$this->assertSame( 40, $this->stored() );

		// Offline: the player plays on to 60% and its reports wait in the queue (the highest, 60,
		// is kept; the tracker counts it as held). The queue sends them when the connection is back.
		$this->wait( 18 );
		$this->position = 60;
		$this->accepted = 60;
		$this->wait( 300 );

		// The 5 minutes do not count; what was watched before them and not yet spent does (held
		// to one step and 10 s: 13 s), with the loan: 46 s of video.
		$this->assertSame( 409, $this->report( 100 ), 'Sent 5 minutes later: no more than the time watched allows.' );
		$this->assertSame( 200, $this->report( 60 ) );
		$this->assertSame( 200, $this->report( 20 ), 'A replay below what is stored changes nothing.' );
		$this->assertSame( 60, $this->stored() );

		// The learner watches on from 60%.
		$this->watch( 41 );
		$this->assertSame( 100, $this->stored() );
	}

	public function test_a_script_pacing_two_reports_every_31_s_earns_nothing(): void {
		// On a 3,600 s part, two reports every 31 s earned 10% per 31 s (100% in 283 s):
		// each opened a session worth one step, and the tolerance rounded up to another.
		$this->learner( 3600, 1 );
		for ( $round = 0; $round < 60; $round++ ) {
			$this->wait( 31 );
			$this->report( $this->stored() + 5 );
			$this->report( $this->stored() + 5 );
		}
		$this->assertSame( 0, $this->stored(), '31 minutes of silences: no watching.' );
	}

	public function test_a_script_reporting_within_the_gap_earns_no_more_than_2x(): void {
		$this->learner( 3600, 1 );
		$this->assertSame( 200, $this->report( 0 ) );
		for ( $elapsed = 25; $elapsed <= 300; $elapsed += 25 ) {
			$this->wait( 25 );
			$this->report( $this->stored() + 5 );
			$this->report( $this->stored() + 5 );
		}
		// 300 s at 2x + the loan: 620 s of 3,600 = 17.2%; the step under the 1x viewer's playhead at 300 s is 8%.
		$this->assertLessThanOrEqual( 15, $this->stored() );
	}

	public function test_parts_share_one_clock(): void {
		// Three 1,200 s parts, each with its own clock, reached 100% together in 283 s.
		$this->learner( 1200, 3 );
		$this->assertSame( 200, $this->report( 0 ) );
		$elapsed = 0;
		// The stored times are aged by the simulated waits, and the real seconds the 144 requests
		// take pass on the server's clock too (20 s of them on a loaded machine): both count.
		$started = time();
		for ( $round = 0; $round < 24; $round++ ) {
			$this->wait( 25 );
			$elapsed += 25;
			foreach ( array( 0, 1, 2 ) as $part ) {
				$this->part = $part;
				$this->report( $this->stored( $part ) + 5 );
				$this->report( $this->stored( $part ) + 5 );
			}
		}
		$credited = ( $this->stored( 0 ) + $this->stored( 1 ) + $this->stored( 2 ) ) * 1200 / 100;
		$elapsed += time() - $started + 1;
		// 600 s of reports (and the real seconds) at 2x + the loan: about 1,220 s of video across
		// the three parts, where three clocks gave 3,600 s.
		$this->assertLessThanOrEqual( 2 * ( $elapsed + 10 ), $credited, 'Credited ' . wp_json_encode( array( $this->stored( 0 ), $this->stored( 1 ), $this->stored( 2 ) ) ) );
		$this->assertGreaterThan( 0, $credited, 'Reports 25 s apart are watching: the time is credited, once.' );
	}
}
