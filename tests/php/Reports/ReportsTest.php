<?php
/**
 * Training Library → Reports: completions and certificates over time.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Reports;

use LibraryPortal\Core\Database\ClaimRepository;
use LibraryPortal\Core\Events;
use LibraryPortal\Platform\Queue;
use LibraryPortal\Reports\ReportDay;
use LibraryPortal\Reports\ReportDays;
use LibraryPortal\Reports\OneJobAtATime;
use LibraryPortal\Reports\ReportFill;
use LibraryPortal\Reports\ReportItems;
use LibraryPortal\Reports\ReportItemsRefresh;
use LibraryPortal\Reports\ReportQuery;
use LibraryPortal\Reports\ReportRecorder;
use LibraryPortal\Reports\ReportSeries;
use LibraryPortal\Reports\ReportsPage;
use LibraryPortal\Tests\Fixtures\LearningMedia;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\AdminScreens;
use LibraryPortal\Tests\Support\TestCase;
use LibraryPortal\Tests\Support\WatchesVideos;
use RuntimeException;

/**
 * The counts come from the plugin's own actions, once per change, for the whole site and for
 * each contract through which the learner holds the item; the fill adds what came before,
 * chunk by chunk, without counting anything twice; the screen shows weeks or months with their
 * empty ones, refuses a bad filter with a sentence, and is for site admins only.
 *
 * @group database
 */
final class ReportsTest extends TestCase {

	use AdminScreens {
		set_up as admin_screens_set_up;
	}
	use WatchesVideos;

	/**
	 * Starts from no counts and no fill or refresh: tests that serve real HTTP requests (the
	 * parallel ones) commit what the recorder counted, so the tables are emptied inside this test's
	 * transaction, which puts them back afterwards.
	 */
	public function set_up(): void {
		global $wpdb;
		$this->admin_screens_set_up();
		foreach ( array( 'lp_report_days', 'lp_report_items' ) as $table ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i', $wpdb->prefix . $table ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; emptied for this test only.
		}
		foreach ( array( ReportRecorder::SINCE_OPTION, ReportFill::OPTION, ReportItemsRefresh::OPTION ) as $option ) {
			delete_option( $option );
		}
	}

	/**
	 * A contract with these members and items.
	 *
	 * @param int[] $members Users.
	 * @param int[] $items   Items.
	 */
	private function contract( array $members, array $items ): int {
		$contracts = $this->services()->contracts;
		$id        = $contracts->create( array( 'title' => 'Acme Hospital' ), time() );
		foreach ( $members as $member ) {
			$contracts->add_member( $id, $member );
		}
		foreach ( $items as $item ) {
			$contracts->add_item( $id, $item );
		}
		return $id;
	}

	/**
	 * Every stored row, as "contract|day|item" => [completions, certificates].
	 *
	 * @return array<string, int[]>
	 */
	private static function stored(): array {
		global $wpdb;
		$rows   = (array) $wpdb->get_results( $wpdb->prepare( 'SELECT contract_id, day, product_id, completions, certificates FROM %i ORDER BY contract_id, day, product_id', $wpdb->prefix . 'lp_report_days' ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test reads the table it checks.
		$stored = array();
		foreach ( $rows as $row ) {
			$stored[ $row['contract_id'] . '|' . $row['day'] . '|' . $row['product_id'] ] = array( (int) $row['completions'], (int) $row['certificates'] );
		}
		return $stored;
	}

	/**
	 * The screen, wired as the plugin wires it.
	 */
	private function page(): ReportsPage {
		$items = new ReportItems( $GLOBALS['wpdb'] );
		return new ReportsPage( $this->services()->report_days, new ReportFill( $this->services()->report_days, new Queue() ), $items, new ReportItemsRefresh( $items, new Queue() ) );
	}

	/**
	 * The screen as printed for the current user, with these filters.
	 *
	 * @param array<string, string> $filters GET fields.
	 */
	private function screen( array $filters = array() ): string {
		$_GET = $filters;
		ob_start();
		try {
			$this->page()->render();
		} finally {
			$printed = (string) ob_get_clean();
			$_GET    = array();
		}
		return $printed;
	}

	public function test_a_completion_counts_once_for_the_site_and_for_the_contract_it_came_through(): void {
		$item      = LearningMedia::item( 'Counted workshop', 2, 20 );
		$member    = $this->make_user();
		$customer  = $this->make_user();
		$contract  = $this->contract( array( $member ), array( $item ) );
		$today     = ReportDay::of( time() );
		$other     = LearningMedia::item( 'Other workshop', 1, 20 );
		$other_one = $this->make_user();
		Library::grant( $customer, $item );
		Library::activate_own( $customer, $item );
		Library::grant( $other_one, $other );
		Library::activate_own( $other_one, $other );

		foreach ( array( $member, $customer ) as $learner ) {
			$this->report( $learner, $item, 0, 100 );
			$this->assertSame( array(), array_filter( self::stored(), static fn( array $c ) => $c[0] > 0 ), 'one part of two is no completion' );
		}
		$this->report( $member, $item, 1, 100 );
		$this->report( $member, $item, 1, 100 ); // Watched again: no second completion.
		$this->report( $customer, $item, 1, 100 );
		$this->report( $other_one, $other, 0, 100 );

		$this->assertSame(
			array(
				"0|$today|0"             => array( 3, 0 ),
				"0|$today|$item"         => array( 2, 0 ),
				"0|$today|$other"        => array( 1, 0 ),
				"$contract|$today|0"     => array( 1, 0 ),
				"$contract|$today|$item" => array( 1, 0 ),
			),
			self::stored()
		);

		Events::certificate_issued( $member, $item, 'ABCD-EFGH', 90 );
		$this->assertSame( array( 2, 1 ), self::stored()[ "0|$today|$item" ] );
		$this->assertSame( array( 3, 1 ), self::stored()[ "0|$today|0" ] );
		$this->assertSame( array( 1, 1 ), self::stored()[ "$contract|$today|$item" ] );

		$days = $this->services()->report_days;
		$this->assertSame(
			array(
				$today => array(
					'completions'  => 3,
					'certificates' => 1,
				),
			),
			$days->by_day( 0, $today - 7, $today )
		);
		$this->assertSame(
			array(
				$today => array(
					'completions'  => 1,
					'certificates' => 0,
				),
			),
			$days->by_day( 0, $today - 7, $today, $other )
		);
		$this->assertSame(
			array(
				$today => array(
					'completions'  => 1,
					'certificates' => 1,
				),
			),
			$days->by_day( $contract, $today - 7, $today )
		);
		$this->assertSame( array(), $days->by_day( $contract, $today - 7, $today, $other ) );
		$this->assertSame( array(), $days->by_day( 0, $today - 30, $today - 1 ), 'nothing on other days' );
	}

	public function test_weeks_start_on_the_sites_first_day_and_months_on_the_first_with_empty_ones_shown(): void {
		update_option( 'start_of_week', 1 ); // Monday.
		$monday   = (int) ReportDay::parse( '2026-11-02' );
		$days     = array(
			$monday - 1  => array(
				'completions'  => 5,
				'certificates' => 0,
			), // Sunday Nov 1: before the range.
			$monday + 2  => array(
				'completions'  => 2,
				'certificates' => 1,
			), // Wed Nov 4.
			$monday + 6  => array(
				'completions'  => 1,
				'certificates' => 0,
			), // Sun Nov 8: same week.
			$monday + 7  => array(
				'completions'  => 4,
				'certificates' => 2,
			), // Mon Nov 9: next week.
			$monday + 29 => array(
				'completions'  => 3,
				'certificates' => 3,
			), // Tue Dec 1.
		);
		$in_range = array_filter( $days, static fn( int $day ) => $day >= $monday + 2, ARRAY_FILTER_USE_KEY );

		$weeks = ReportSeries::of( $in_range, $monday + 2, $monday + 30, ReportSeries::WEEK );
		$this->assertSame( array( 'Nov 4, 2026', 'Nov 9, 2026', 'Nov 16, 2026', 'Nov 23, 2026', 'Nov 30, 2026' ), array_column( $weeks, 'label' ), 'the first week starts where the range does' );
		$this->assertSame( array( 3, 4, 0, 0, 3 ), array_column( $weeks, 'completions' ) );
		$this->assertSame( array( 1, 2, 0, 0, 3 ), array_column( $weeks, 'certificates' ) );
		$this->assertSame( array( '2026-11-08', '2026-12-02' ), array( ReportDay::iso( $weeks[0]['end'] ), ReportDay::iso( $weeks[4]['end'] ) ), 'the last week ends where the range does' );

		update_option( 'start_of_week', 0 ); // Sunday.
		$this->assertSame( 'Nov 8, 2026', ReportSeries::of( array(), $monday + 2, $monday + 9, ReportSeries::WEEK )[1]['label'] );

		$months = ReportSeries::of( $in_range, $monday + 2, (int) ReportDay::parse( '2027-01-31' ), ReportSeries::MONTH );
		$this->assertSame( array( 'Nov 2026', 'Dec 2026', 'Jan 2027' ), array_column( $months, 'label' ) );
		$this->assertSame( array( 7, 3, 0 ), array_column( $months, 'completions' ) );
	}

	public function test_a_day_is_the_sites_date_not_utcs(): void {
		update_option( 'timezone_string', 'America/New_York' );
		$late_evening = ( new \DateTimeImmutable( '2026-11-04 23:30', new \DateTimeZone( 'America/New_York' ) ) )->getTimestamp();
		$this->assertSame( '2026-11-04', ReportDay::iso( ReportDay::of( $late_evening ) ) );
		update_option( 'timezone_string', 'Asia/Tokyo' );
		$this->assertSame( '2026-11-05', ReportDay::iso( ReportDay::of( $late_evening ) ) );
		$this->assertNull( ReportDay::parse( '2026-02-30' ) );
		$this->assertNull( ReportDay::parse( 'yesterday' ) );
		$this->assertSame( 3, ReportDay::weekday( (int) ReportDay::parse( '2026-11-04' ) ) );
	}

	public function test_the_fill_adds_earlier_learning_in_chunks_and_counts_nothing_twice(): void {
		global $wpdb;
		$two_parts = LearningMedia::item( 'Filled workshop', 2, 20 );
		$one_part  = LearningMedia::item( 'Filled webinar', 1, 20 );
		$learners  = array( $this->make_user(), $this->make_user(), $this->make_user() );
		$contract  = $this->contract( array( $learners[0] ), array( $two_parts ) );
		update_option( ReportRecorder::SINCE_OPTION, 2_000_000_000 );
		$before   = (int) ( new \DateTimeImmutable( '2026-10-14 12:00', wp_timezone() ) )->getTimestamp();
		$progress = $wpdb->prefix . 'lp_progress';
		$insert   = static function ( int $user, int $item, int $part, int $percent, int $at ) use ( $wpdb, $progress ): void {
			$wpdb->insert(
				$progress,
				compact( 'percent' ) + array(
					'user_id'    => $user,
					'product_id' => $item,
					'part_index' => $part,
					'updated_at' => $at,
				)
			); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- earlier learning, as it stands in the table.
		};
		$insert( $learners[0], $two_parts, 0, 100, $before - DAY_IN_SECONDS );
		$insert( $learners[0], $two_parts, 1, 100, $before ); // Completed on Oct 14, through the contract.
		$insert( $learners[1], $two_parts, 0, 100, $before );
		$insert( $learners[1], $two_parts, 1, 95, $before ); // Not complete.
		$insert( $learners[1], $one_part, 0, 100, $before + DAY_IN_SECONDS ); // Completed on Oct 15.
		$insert( $learners[2], $two_parts, 0, 100, $before ); // One part of two.
		$insert( $learners[2], $one_part, 0, 100, 2_000_000_100 ); // After counting began: the actions' to count.
		foreach ( array( array( $learners[0], $two_parts, $before ), array( $learners[2], $one_part, $before + DAY_IN_SECONDS ), array( $learners[1], $one_part, 2_000_000_100 ) ) as $i => list( $user, $item, $at ) ) {
			$wpdb->insert(
				$wpdb->prefix . 'lp_certificates',
				array(
					'user_id'    => $user,
					'product_id' => $item,
					'code'       => 'FILL-000' . $i,
					'score'      => 90,
					'issued_at'  => $at,
				)
			); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- earlier certificates.
		}

		$fill = new ReportFill( $this->services()->report_days, new Queue(), 2 );
		$fill->start();
		$fill->start(); // A second visit starts nothing new.
		$this->assertSame( 'certificates', ReportFill::state()['phase'] );
		$claims = new ClaimRepository( $wpdb );
		$claims->take( ReportFill::CLAIM, time() );
		$fill->run();
		$this->assertSame( 0, ReportFill::state()['read'], 'a job that finds another counting leaves the chunk to it' );
		$claims->drop( ReportFill::CLAIM );
		$claims->take( ReportFill::CLAIM, time() - OneJobAtATime::STALE - 1 );
		$fill->run();
		$this->assertSame( 2, ReportFill::state()['read'], 'a claim left by a job that died is taken over' );
		$this->assertSame( 0, $claims->since( ReportFill::CLAIM ), 'and given back' );
		$runs = 1;
		while ( 'done' !== ReportFill::state()['phase'] && $runs < 20 ) {
			$fill->run();
			++$runs;
		}
		$this->assertSame( 'done', ReportFill::state()['phase'] );
		$this->assertGreaterThan( 3, $runs, 'chunks of two rows' );
		$this->assertSame( 0, $claims->since( ReportFill::CLAIM ), 'no claim left behind' );
		$fill->run(); // A job left in the queue after the end changes nothing.

		$oct14 = ReportDay::of( $before );
		$oct15 = $oct14 + 1;
		$this->assertSame(
			array(
				"0|$oct14|0"                  => array( 1, 1 ),
				"0|$oct14|$two_parts"         => array( 1, 1 ),
				"0|$oct15|0"                  => array( 1, 1 ),
				"0|$oct15|$one_part"          => array( 1, 1 ),
				"$contract|$oct14|0"          => array( 1, 1 ),
				"$contract|$oct14|$two_parts" => array( 1, 1 ),
			),
			self::stored()
		);
		$this->assertSame( 5 + 2, ReportFill::state()['read'], 'each (learner, item) pair and each certificate before counting began read once' );
	}

	public function test_a_filter_the_report_cannot_show_is_refused_with_a_sentence(): void {
		$today = (int) ReportDay::parse( '2026-12-07' );
		$item  = Library::item( 'Filterable' );
		$query = ReportQuery::from( array(), array( $item ), array( 4 ), $today, array( ReportsPage::class, 'owner_of' ) );
		$this->assertInstanceOf( ReportQuery::class, $query );
		$this->assertSame(
			array(
				'from'     => '2026-09-15',
				'to'       => '2026-12-07',
				'period'   => 'week',
				'item'     => '0',
				'contract' => '0',
				'team'     => '',
			),
			$query->fields(),
			'twelve weeks to today by default'
		);
		$asked = ReportQuery::from(
			array(
				'from'     => '2026-01-01',
				'to'       => '2026-06-30',
				'period'   => 'month',
				'item'     => (string) $item,
				'contract' => '4',
			),
			array( $item ),
			array( 4 ),
			$today,
			array( ReportsPage::class, 'owner_of' )
		);
		$this->assertInstanceOf( ReportQuery::class, $asked );
		$this->assertSame( array( '2026-01-01', '2026-06-30', 'month', $item, 4 ), array( ReportDay::iso( $asked->from ), ReportDay::iso( $asked->to ), $asked->period, $asked->product_id, $asked->contract_id ) );

		$refusals = array(
			'The dates must be real dates (YYYY-MM-DD).' => array( 'from' => '2026-02-30' ),
			'The start date must be on or before the end date.' => array(
				'from' => '2026-06-02',
				'to'   => '2026-06-01',
			),
			'Choose at most two years.'                  => array(
				'from' => '2024-01-01',
				'to'   => '2026-01-02',
			),
			'Show the report by week or by month.'       => array( 'period' => 'day' ),
			'That training does not exist.'              => array( 'item' => (string) ( $item + 1 ) ),
			'That contract does not exist.'              => array( 'contract' => '5' ),
		);
		foreach ( $refusals as $sentence => $fields ) {
			$this->assertSame( $sentence, ReportQuery::from( $fields, array( $item ), array( 4 ), $today, array( ReportsPage::class, 'owner_of' ) ), (string) wp_json_encode( $fields ) );
		}
		$this->assertSame( 'That training does not exist.', ReportQuery::from( array( 'item' => '-1' ), array( $item ), array(), $today, array( ReportsPage::class, 'owner_of' ) ) );
		$this->assertSame( 'That contract does not exist.', ReportQuery::from( array( 'contract' => '1 OR 1=1' ), array(), array( 1 ), $today, array( ReportsPage::class, 'owner_of' ) ) );
		$owner = $this->make_user( 'subscriber', array( 'user_email' => 'team-owner@example.com' ) );
		$this->assertSame( 'No customer has that e-mail address or username.', ReportQuery::from( array( 'team' => 'nobody@example.com' ), array(), array(), $today, array( ReportsPage::class, 'owner_of' ) ) );
		$this->assertSame(
			'Choose a contract or a team owner, not both.',
			ReportQuery::from(
				array(
					'team'     => 'team-owner@example.com',
					'contract' => '4',
				),
				array(),
				array( 4 ),
				$today,
				array( ReportsPage::class, 'owner_of' )
			)
		);
		$team = ReportQuery::from( array( 'team' => ' team-owner@example.com ' ), array(), array(), $today, array( ReportsPage::class, 'owner_of' ) );
		$this->assertInstanceOf( ReportQuery::class, $team );
		$this->assertSame( array( $owner, 'team-owner@example.com' ), array( $team->owner_id, $team->team ) );
	}

	public function test_admins_see_the_chart_with_its_table_and_nobody_else_does(): void {
		$item = LearningMedia::item( 'Charted <b>workshop</b>', 1, 20 );
		$this->services()->report_days->add( ReportDays::COMPLETIONS, ReportDay::of( time() ), $item, array(), 3 );

		wp_set_current_user( $this->make_user( 'editor' ) );
		try {
			$this->screen();
			$this->fail( 'an editor saw the reports' );
		} catch ( RuntimeException $refused ) {
			$this->assertSame( 'wp_die 403', $refused->getMessage() );
		}

		wp_set_current_user( $this->make_user( 'administrator' ) );
		$screen = $this->screen();
		$this->assertStringContainsString( '<h1>Reports</h1>', $screen );
		$this->assertMatchesRegularExpression( '#<tfoot><tr><th scope="row">Total</th><td class="num">3</td><td class="num">0</td></tr></tfoot>#', $screen );
		$this->assertStringContainsString( 'Charted &lt;b&gt;workshop&lt;/b&gt;</option>', $screen, 'titles are escaped' );
		preg_match( '#<script type="application/json" class="lp-report-chart__data">(.*?)</script>#s', $screen, $json );
		$chart = json_decode( $json[1], true );
		$this->assertContains( count( $chart['labels'] ), array( 12, 13 ), 'twelve weeks, thirteen when they do not start on the first day of a week' );
		$this->assertSame( 3, array_sum( $chart['series'][0]['values'] ) );
		$this->assertStringContainsString( ': 3 completions, 0 certificates.', $chart['summary'] );
		$this->assertStringContainsString( '_wpnonce=', $screen, 'the CSV link carries its nonce' );
		$this->assertStringNotContainsString( 'role="alert"', $screen );

		$refused = $this->screen( array( 'from' => '2026-13-01' ) );
		$this->assertStringContainsString( 'The dates must be real dates (YYYY-MM-DD). Showing the last twelve weeks instead.', $refused );
		$this->assertStringContainsString( '<tfoot><tr><th scope="row">Total</th><td class="num">3</td>', $refused );
	}

	public function test_each_training_shows_its_learners_progress_completions_and_passes_for_the_site_a_contract_and_a_team(): void {
		global $wpdb;
		$item     = LearningMedia::item( '=Workshop with a formula-like title', 2, 20 );
		$other    = LearningMedia::item( 'Nobody started this', 1, 20 );
		$owner    = $this->make_user();
		$learners = array(
			'a' => $this->make_user(),
			'b' => $this->make_user(),
			'c' => $this->make_user(),
		);
		$contract = $this->contract( array( $learners['a'], $learners['c'] ), array( $item ) );
		Library::grant( $owner, $item, 3 );
		Library::share( $owner, $learners['a'], $item );
		Library::share( $owner, $learners['b'], $item );
		$rows = array(
			array( 'a', 0, 100 ),
			array( 'a', 1, 100 ), // A: 100% of the item, complete.
			array( 'b', 0, 100 ),
			array( 'b', 1, 50 ), // B: 75%.
			array( 'c', 0, 20 ), // C: 10% (one part of two reported).
		);
		foreach ( $rows as list( $who, $part, $percent ) ) {
			$wpdb->insert(
				$wpdb->prefix . 'lp_progress',
				array(
					'user_id'    => $learners[ $who ],
					'product_id' => $item,
					'part_index' => $part,
					'percent'    => $percent,
					'updated_at' => time(),
				)
			); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- learning as it stands in the table.
		}
		foreach ( array( array( 'a', 1, 1 ), array( 'a', 0, 2 ), array( 'b', 0, 1 ), array( 'b', 0, 2 ) ) as list( $who, $passed, $seq ) ) {
			$wpdb->insert(
				$wpdb->prefix . 'lp_quiz_attempts',
				array(
					'user_id'    => $learners[ $who ],
					'product_id' => $item,
					'score'      => $passed ? 90 : 40,
					'passed'     => $passed,
					'answers'    => '[]',
					'created_at' => time(),
					'seq'        => $seq,
				)
			); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- attempts as they stand in the table.
		}

		$items   = new ReportItems( $wpdb );
		$refresh = new ReportItemsRefresh( $items, new Queue() );
		$refresh->start( time() );
		$claims = new ClaimRepository( $wpdb );
		$claims->take( ReportItemsRefresh::CLAIM, time() );
		$refresh->run();
		$this->assertSame( 0, ReportItemsRefresh::state()['done'], 'a job that finds another computing leaves it the work' );
		$claims->drop( ReportItemsRefresh::CLAIM );
		$runs = 0;
		while ( ReportItemsRefresh::state()['running'] && $runs < 50 ) {
			$refresh->run();
			++$runs;
		}
		$this->assertFalse( ReportItemsRefresh::state()['running'] );
		$this->assertSame( ReportItemsRefresh::state()['total'], ReportItemsRefresh::state()['done'], 'each published training counted once' );
		$finished = ReportItemsRefresh::state()['finished_at'];
		$refresh->start( time() );
		$this->assertFalse( ReportItemsRefresh::state()['running'], 'figures less than an hour old are not counted again' );
		$refresh->start( $finished + ReportItemsRefresh::MAX_AGE + 1 );
		$this->assertTrue( ReportItemsRefresh::state()['running'], 'older ones are' );

		$titles = array(
			$item  => '=Workshop with a formula-like title',
			$other => 'Nobody started this',
		);
		$page   = $this->page();
		$today  = ReportDay::of( time() );
		$figure = static fn( array $row ): array => array( $row['learners'], $row['progress'], $row['completed'], $row['completion_rate'], $row['tested'], $row['passed'], $row['pass_rate'] );

		$site = $page->item_rows( ReportQuery::standard( $today ), $titles );
		$this->assertSame( array( $item, $other ), array_column( $site, 'product_id' ) );
		$this->assertSame( array( 3, 62, 1, 33, 2, 1, 50 ), $figure( $site[0] ), 'A 100%, B 75%, C 10%: 62% on average; A completed; A passed, B failed twice' );
		$this->assertSame( array( 0, 0, 0, 0, 0, 0, null ), $figure( $site[1] ), 'no learner, no test' );

		$of_contract = $page->item_rows( new ReportQuery( $today - 83, $today, 'week', 0, $contract ), $titles );
		$this->assertSame( array( $item ), array_column( $of_contract, 'product_id' ), 'only the contract\'s trainings' );
		$this->assertSame( array( 2, 55, 1, 50, 1, 1, 100 ), $figure( $of_contract[0] ), 'A and C' );

		$of_team = $page->item_rows( new ReportQuery( $today - 83, $today, 'week', 0, 0, $owner, 'owner' ), $titles );
		$this->assertSame( array( $item ), array_column( $of_team, 'product_id' ), 'only what the owner shared' );
		$this->assertSame( array( 2, 88, 1, 50, 2, 1, 50 ), $figure( $of_team[0] ), 'A and B, counted now' );

		$csv = iterator_to_array( ReportsPage::item_csv_rows( $site ), false );
		$this->assertSame( array( 'Training', 'Learners', 'Average progress (%)', 'Completed', 'Completion rate (%)', 'Took the test', 'Passed', 'Test pass rate (%)' ), $csv[0] );
		$this->assertSame( array( "'=Workshop with a formula-like title", '3', '62', '1', '33', '2', '1', '50' ), $csv[1], 'a title a spreadsheet would run is shown as text' );
		$this->assertSame( '', $csv[2][7], 'no pass rate without a test taken' );
	}

	public function test_the_csv_is_for_admins_with_the_nonce_and_its_cells_are_safe(): void {
		$page = $this->page();
		// An editor with a nonce of their own, an admin without one.
		foreach ( array(
			'editor'        => true,
			'administrator' => false,
		) as $role => $with_nonce ) {
			wp_set_current_user( $this->make_user( $role ) );
			$_GET     = array( '_wpnonce' => $with_nonce ? wp_create_nonce( ReportsPage::CSV_ACTION ) : '' );
			$_REQUEST = $_GET; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a test sending the form's nonce, or none.
			try {
				$page->download();
				$this->fail( "$role downloaded the report" );
			} catch ( RuntimeException $refused ) {
				$this->assertSame( 'wp_die 403', $refused->getMessage(), $role );
			} finally {
				$_GET     = array();
				$_REQUEST = array();
			}
		}

		$rows = iterator_to_array(
			ReportsPage::csv_rows(
				array(
					array(
						'start'        => (int) ReportDay::parse( '2026-11-02' ),
						'end'          => (int) ReportDay::parse( '2026-11-08' ),
						'label'        => 'Nov 2, 2026',
						'completions'  => 4,
						'certificates' => 1,
					),
				)
			),
			false
		);
		$this->assertSame( array( array( 'From', 'To', 'Completions', 'Certificates' ), array( '2026-11-02', '2026-11-08', '4', '1' ) ), $rows );
	}
}
