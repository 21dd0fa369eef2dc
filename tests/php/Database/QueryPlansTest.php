<?php
/**
 * The query plans of the portal's routes on MariaDB.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Database;

use LibraryPortal\Dev\DemoSeeder;
use LibraryPortal\Core\Events;
use LibraryPortal\Dev\QueryPlanCheck;
use LibraryPortal\Platform\Queue;
use LibraryPortal\Reports\ReportDay;
use LibraryPortal\Reports\ReportFill;
use LibraryPortal\Reports\ReportItems;
use LibraryPortal\Reports\ReportItemsRefresh;
use LibraryPortal\Reports\ReportQuery;
use LibraryPortal\Reports\ReportRecorder;
use LibraryPortal\Reports\ReportSeries;
use LibraryPortal\Reports\ReportsPage;
use LibraryPortal\Tests\Fixtures\LearningMedia;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Fixtures\WatchingClock;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Every statement a portal route sends to a table that grows with the number of people (seats,
 * shares, progress, notifications, certificates, contract members, mail history, users and their
 * meta…) reads it through an index: MariaDB's EXPLAIN names a key for it and shows no full scan
 * ("ALL", "index") and no filesort over it (docs/rules/platform.md, "Query plans"). The statements are
 * caught as the routes run (the `query` filter sees each one $wpdb sends) on the demo data plus a
 * team of 200, then each is explained. The scale bench (`npm run bench:scale`) runs the same
 * check on millions of rows.
 *
 * @group database
 */
final class QueryPlansTest extends TestCase {

	use ServesRequests;

	protected function set_up() {
		parent::set_up();
		if ( defined( 'DB_ENGINE' ) && 'sqlite' === DB_ENGINE ) {
			$this->markTestSkipped( 'EXPLAIN is MariaDB\'s: the plans are checked on the MariaDB lane (SQLite plans differ and the portal\'s production engine is MariaDB/MySQL).' );
		}
	}

	/**
	 * The statements a call sends; with $portal_only, those the portal's own code sent (other
	 * plugins' are not the portal's to judge: WooCommerce sorts its tax classes on every REST request).
	 *
	 * @param callable $call        Call.
	 * @param bool     $portal_only Only statements with a portal class (not a test's) in their backtrace.
	 * @return string[]
	 */
	private function statements( callable $call, bool $portal_only = false ): array {
		$seen   = array();
		$filter = static function ( $sql ) use ( &$seen, $portal_only ) {
			if ( ! $portal_only ) {
				$seen[] = (string) $sql;
				return $sql;
			}
			foreach ( debug_backtrace( DEBUG_BACKTRACE_IGNORE_ARGS ) as $frame ) { // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_debug_backtrace -- whose statement it is.
				$class = (string) ( $frame['class'] ?? '' );
				if ( str_starts_with( $class, 'LibraryPortal\\' ) && ! str_starts_with( $class, 'LibraryPortal\\Tests\\' ) ) {
					$seen[] = (string) $sql;
					break;
				}
			}
			return $sql;
		};
		add_filter( 'query', $filter );
		$call();
		remove_filter( 'query', $filter );
		return $seen;
	}

	/**
	 * Rows of other people, so that the fixture's rows are a small part of each table (on a table
	 * of a few rows MariaDB rightly reads it whole, which says nothing about a real site).
	 *
	 * @param int $count Rows per table.
	 */
	private function other_peoples_rows( int $count ): void {
		global $wpdb;
		$first = 1_000_000;
		$users = array();
		$meta  = array();
		$rows  = array(
			'lp_grants'        => array(),
			'lp_licenses'      => array(),
			'lp_progress'      => array(),
			'lp_notifications' => array(),
			'lp_mail_history'  => array(),
			'lp_certificates'  => array(),
			'lp_shares'        => array(),
		);
		for ( $n = 0; $n < $count; $n++ ) {
			$user                       = $first + $n;
			$users[]                    = $wpdb->prepare( '(%d, %s, %s, %s, %s, %s)', $user, "other-$n", "other-$n", "other-$n@example.com", '2026-01-01 00:00:00', "Other $n" );
			$meta[]                     = $wpdb->prepare( '(%d, %s, %s)', $user, 'nickname', "other-$n" );
			$rows['lp_grants'][]        = $wpdb->prepare( '(%d, %d, %d, %d, %s)', $first + $n, $user, 900000 + $n % 50, 1, 'bench' );
			$rows['lp_licenses'][]      = $wpdb->prepare( '(%d, %d, %d, %d, %d)', $first + $n, $first + $n, $user, 900000 + $n % 50, $user );
			$rows['lp_progress'][]      = $wpdb->prepare( '(%d, %d, %d, %d, %d)', $user, 900000 + $n % 50, 0, 5 * ( $n % 20 ), 1_700_000_000 + $n );
			$rows['lp_notifications'][] = $wpdb->prepare( '(%d, %s, %s, %d)', $user, 'share_accepted', "Message $n", 1_700_000_000 + $n );
			$rows['lp_mail_history'][]  = $wpdb->prepare( '(%d, %d, %s, %d, %d)', $user, 900000 + $n % 50, "to-$n@example.com", 1, 1_700_000_000 + $n );
			$rows['lp_certificates'][]  = $wpdb->prepare( '(%d, %d, %s, %d, %d)', $user, 900000 + $n % 50, "OTHER$n", 90, 1_700_000_000 + $n );
			$rows['lp_shares'][]        = $wpdb->prepare( '(%d, %d, %d, %d, %d)', $user, 900000 + $n % 50, $user + 1, $first + $n, 1_700_000_000 + $n );
		}
		$columns = array(
			'lp_grants'        => '(id, owner_id, product_id, quantity, source)',
			'lp_licenses'      => '(id, grant_id, owner_id, product_id, holder_id)',
			'lp_progress'      => '(user_id, product_id, part_index, percent, updated_at)',
			'lp_notifications' => '(user_id, type, message, created_at)',
			'lp_mail_history'  => '(sender_id, product_id, email, accepted, created_at)',
			'lp_certificates'  => '(user_id, product_id, code, score, issued_at)',
			'lp_shares'        => '(owner_id, product_id, recipient_id, license_id, created_at)',
		);
		// phpcs:disable WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery -- a fixture of prepared tuples.
		$wpdb->query( "INSERT INTO {$wpdb->users} (ID, user_login, user_nicename, user_email, user_registered, display_name) VALUES " . implode( ',', $users ) );
		$wpdb->query( "INSERT INTO {$wpdb->usermeta} (user_id, meta_key, meta_value) VALUES " . implode( ',', $meta ) );
		foreach ( $rows as $table => $tuples ) {
			$this->assertNotFalse( $wpdb->query( "INSERT INTO {$wpdb->prefix}$table {$columns[ $table ]} VALUES " . implode( ',', $tuples ) ), $table . ': ' . $wpdb->last_error );
		}
		// phpcs:enable WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery
	}

	public function test_every_route_reads_growing_tables_through_an_index(): void {
		$this->other_peoples_rows( 5000 );
		$seeder = DemoSeeder::create();
		$seeder->seed();
		$owner         = (int) get_user_by( 'login', 'demo-owner' )->ID;
		$member        = (int) get_user_by( 'login', 'demo-member' )->ID;
		$contract      = (int) get_user_by( 'login', 'demo-contract' )->ID;
		$team          = $seeder->seed_team( $owner, 200, 'plans' );
		$contract_id   = (int) ( $this->services()->contracts->for_member( $contract )[0]->id ?? 0 );
		$contract_item = (int) ( $this->services()->contracts->items( $contract_id )[0]->product_id ?? 0 );
		$admin         = $this->make_user( 'administrator' );
		$calls         = array(
			'GET items/ (owner)'                   => fn() => $this->send( 'GET', '/library/v2/items', $owner ),
			'GET items/ (team member)'             => fn() => $this->send( 'GET', '/library/v2/items', $member ),
			'GET user/'                            => fn() => $this->send( 'GET', '/library/v2/user', $owner ),
			'GET notifications/'                   => fn() => $this->send( 'GET', '/library/v2/notifications', $owner ),
			'GET dashboard/'                       => fn() => $this->send( 'GET', '/library/v2/dashboard', $owner ),
			'GET shareduserscontent/'              => fn() => $this->send( 'GET', '/library/v2/shareduserscontent', $owner ),
			'GET videosharedata/{id} (200 shares)' => fn() => $this->send( 'GET', '/library/v2/videosharedata/' . $team['item'], $owner ),
			'GET video/{id}'                       => fn() => $this->send( 'GET', '/library/v2/video/' . $team['item'], $team['members'][1] ),
			'POST video/progress/{id}'             => fn() => $this->send(
				'POST',
				'/library/v2/video/progress/' . $team['item'],
				$team['members'][1],
				array(
					'progress' => 5,
					'part'     => 1,
				)
			),
			'GET contract/{id}/item/{id}'          => fn() => $this->send( 'GET', "/library/v2/contract/$contract_id/item/$contract_item", $contract ),
			// The owner's API (docs/admin-api.md): the lists an outside tool pages through.
			'GET library-admin grants (owner)'     => fn() => $this->send( 'GET', '/library-admin/v1/grants', $admin, array( 'owner' => $owner ) ),
			'GET library-admin learner progress'   => fn() => $this->send( 'GET', "/library-admin/v1/learners/$owner/progress", $admin ),
			'GET library-admin certificates'       => fn() => $this->send(
				'GET',
				'/library-admin/v1/certificates',
				$admin,
				array(
					'after'  => '2031-03-01',
					'before' => '2031-03-02',
				)
			),
		);
		$faults        = array();
		$checked       = 0;
		foreach ( $calls as $name => $call ) {
			$this->services()->library_cache->forget_users( array( $owner, $member, $contract, $team['members'][1] ) ); // The rebuilt path: every read.
			foreach ( $this->statements( $call ) as $sql ) {
				++$checked;
				foreach ( QueryPlanCheck::faults( $GLOBALS['wpdb'], $sql ) as $fault ) {
					$faults[] = "$name: $fault\n    " . preg_replace( '/\s+/', ' ', $sql );
				}
			}
		}
		$this->assertGreaterThan( 50, $checked );
		$this->assertSame( array(), $faults, implode( "\n", $faults ) );
	}

	/**
	 * The Reports screen reads a range of days of one scope through the primary key, in day
	 * order, whatever else the table holds (other contracts, other days); its fill walks the
	 * certificates and the progress in key order, and a counted completion finds the learner's
	 * contracts through their keys (docs/reports.md).
	 */
	public function test_the_reports_and_their_fill_read_through_an_index(): void {
		global $wpdb;
		$this->other_peoples_rows( 5000 );
		$days  = $this->services()->report_days;
		$today = ReportDay::of( time() );
		$rows  = array();
		for ( $contract = 0; $contract < 50; $contract++ ) {
			for ( $day = 0; $day < 100; $day++ ) {
				$rows[] = $wpdb->prepare( '(%d, %d, %d, 1, 1)', $contract, $today - $day, 1000 + $day % 7 );
			}
		}
		$wpdb->query( 'INSERT INTO ' . $wpdb->prefix . 'lp_report_days (contract_id, day, product_id, completions, certificates) VALUES ' . implode( ', ', $rows ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery -- rows of other scopes, each prepared above.
		$user = $this->make_user();
		$item = Library::item( 'Reported ' . wp_generate_password( 4, false ) );
		$page = new ReportsPage( $days, new ReportFill( $days, new Queue() ), new ReportItems( $wpdb ), new ReportItemsRefresh( new ReportItems( $wpdb ), new Queue() ) );
		$fill = new ReportFill( $days, new Queue(), 5000 );
		update_option( ReportRecorder::SINCE_OPTION, time() );
		$fill->start();
		$items   = new ReportItems( $wpdb );
		$refresh = new ReportItemsRefresh( $items, new Queue() );
		$owner   = $this->make_user();
		$member  = $this->make_user();
		Library::grant( $owner, $item, 2 );
		Library::share( $owner, $member, $item );
		$contract = $this->services()->contracts->create( array( 'title' => 'Planned' ), time() );
		$this->services()->contracts->add_member( $contract, $member );
		$this->services()->contracts->add_item( $contract, $item );
		$calls   = array(
			'training figures, site'     => fn() => $items->compute( 'site', 0, 900003, 2 ),
			'training figures, contract' => fn() => $items->compute( 'contract', $contract, $item, 2 ),
			'training figures, team'     => fn() => $items->compute( 'team', $owner, $item, 2 ),
			'a team owner\'s trainings'  => fn() => $items->shared_items( $owner ),
			'kept figures'               => fn() => $items->kept( $contract ),
			'figures refreshed'          => function () use ( $refresh ): void {
				$refresh->start( time() );
				$refresh->run();
			},
			'report, whole site'         => fn() => $page->rows( new ReportQuery( $today - 83, $today, ReportSeries::WEEK, 0, 0 ) ),
			'report, one item'           => fn() => $page->rows( new ReportQuery( $today - 364, $today, ReportSeries::MONTH, 1003, 0 ) ),
			'report, one contract'       => fn() => $page->rows( new ReportQuery( $today - 83, $today, ReportSeries::WEEK, 0, 7 ) ),
			'a completion counted'       => fn() => Events::item_completed( $user, $item ),
			'fill, certificates'         => fn() => $fill->run(),
			'fill, certificates, end'    => fn() => $fill->run(),
			'fill, progress'             => fn() => $fill->run(),
			'fill, progress, further'    => fn() => $fill->run(),
		);
		$faults  = array();
		$checked = 0;
		foreach ( $calls as $name => $call ) {
			foreach ( $this->statements( $call, true ) as $sql ) {
				++$checked;
				foreach ( QueryPlanCheck::faults( $wpdb, $sql ) as $fault ) {
					$faults[] = "$name: $fault\n    " . preg_replace( '/\s+/', ' ', $sql );
				}
			}
		}
		$this->assertGreaterThan( 8, $checked );
		$this->assertGreaterThanOrEqual( 10000, ReportFill::state()['read'], 'the fill read the other people\'s certificates and progress' );
		$this->assertSame( array(), $faults, implode( "\n", $faults ) );
	}

	/**
	 * The request a site serves most (every 5 s per learner watching) sorts nothing: no statement
	 * the portal sends for a raise, on a cold object cache, uses a temporary table or a filesort,
	 * on any table. A LEFT JOIN of the item to its meta did both, at five times the cost of the same
	 * read in key order (docs/rules/learning-and-progress.md, "Cost of a report: the short path").
	 */
	public function test_a_progress_report_sorts_nothing(): void {
		$this->other_peoples_rows( 500 );
		$user = $this->make_user();
		$item = LearningMedia::item( 'Plans ' . wp_generate_password( 4, false ) );
		Library::grant( $user, $item );
		Library::activate_own( $user, $item );
		$report = fn( int $percent ) => $this->send(
			'POST',
			'/library/v2/video/progress/' . $item,
			$user,
			array(
				'progress' => $percent,
				'part'     => 0,
			)
		);
		$this->assertSame( 200, $report( 5 )->get_status() );
		WatchingClock::age( $user, $item, 20, 0 );
		wp_cache_flush();
		$statements = $this->statements( fn() => $this->assertSame( 200, $report( 10 )->get_status() ), true );
		$sorted     = array();
		foreach ( $statements as $sql ) {
			foreach ( QueryPlanCheck::sorts( $GLOBALS['wpdb'], $sql ) as $sort ) {
				$sorted[] = $sort . "\n    " . preg_replace( '/\s+/', ' ', $sql );
			}
		}
		$this->assertGreaterThanOrEqual( 3, count( $statements ) );
		$one_read = array_filter( $statements, static fn( string $sql ): bool => str_contains( $sql, 'm.meta_key' ) && str_contains( $sql, 'session_started_at' ) && str_contains( $sql, 'l.holder_id' ) );
		$this->assertCount( 1, $one_read, 'the item with its meta, the progress and the seats were read in one statement (the cold-cache path): ' . implode( "\n", $statements ) );
		$this->assertSame( array(), $sorted, implode( "\n", $sorted ) );
	}

	/**
	 * Every login and portal page looks for the invitations e-mailed to the user's address
	 * (ShareInvites::offered_to): among 5000 pending invitations of other people it reads through
	 * the (recipient_email, created_at) index and sorts nothing.
	 */
	public function test_looking_for_the_invitations_to_an_address_reads_through_an_index(): void {
		global $wpdb;
		// Other people in users and usermeta too: on a near-empty usermeta MariaDB reads WordPress's own
		// meta lookup of the member along the primary key (a plan for 40 rows, not a site's), which
		// failed this test when it ran alone and passed in the whole run, after other tests' users.
		$this->other_peoples_rows( 5000 );
		$now    = time();
		$tuples = array();
		for ( $n = 0; $n < 5000; $n++ ) {
			$tuples[] = $wpdb->prepare( '(%d, %d, %s, %d)', 1_000_000 + $n, 900000 + $n % 50, "invited-$n@example.com", $now - $n );
		}
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery -- a fixture of prepared tuples.
		$this->assertNotFalse( $wpdb->query( "INSERT INTO {$wpdb->prefix}lp_share_links (owner_id, product_id, recipient_email, created_at) VALUES " . implode( ',', $tuples ) ) );
		$invited = Library::item( 'Invited' );
		$owner   = $this->make_user();
		Library::grant( $owner, $invited, 1 );
		$this->services()->share_links->issue( $owner, $invited, $now, 'invited-new@example.com' );
		$member = get_userdata( $this->make_user( 'subscriber', array( 'user_email' => 'invited-new@example.com' ) ) );

		$faults     = array();
		$statements = $this->statements( fn() => $this->assertNotNull( $this->services()->share_invites->offered_to( $member, $now ) ) );
		foreach ( $statements as $sql ) {
			foreach ( QueryPlanCheck::faults( $wpdb, $sql ) as $fault ) {
				$faults[] = "$fault\n    " . preg_replace( '/\s+/', ' ', $sql );
			}
		}
		$this->assertNotEmpty( array_filter( $statements, static fn( string $sql ): bool => str_contains( $sql, 'recipient_email =' ) ) );
		$this->assertSame( array(), $faults, implode( "\n", $faults ) );
	}
}
