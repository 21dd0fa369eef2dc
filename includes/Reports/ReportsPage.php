<?php
/**
 * Training Library → Reports.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Reports;

use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Site\AdminScreens;
use LibraryPortal\Platform\Rest\CsvResponse;
use LibraryPortal\Platform\View;

/**
 * Completions and certificates over time, as a chart with its data table beside it (the table
 * is what a screen reader reads, and what shows without JavaScript), filtered by dates, item and
 * contract, and downloadable as CSV (docs/reports.md). The filters are a GET form: a report is
 * an address the owner can bookmark or share with a colleague who may see it. Site admins only
 * (`manage_options`): the counts cover every customer and contract.
 */
final class ReportsPage {

	public const SLUG       = 'library-portal-reports';
	public const CAPABILITY = 'manage_options';
	public const CSV_ACTION = 'library_portal_report_csv';

	/**
	 * The counts.
	 *
	 * @var ReportDays
	 */
	private ReportDays $days;

	/**
	 * The fill of earlier learning.
	 *
	 * @var ReportFill
	 */
	private ReportFill $fill;

	/**
	 * Each item's figures.
	 *
	 * @var ReportItems
	 */
	private ReportItems $items;

	/**
	 * Their refresh.
	 *
	 * @var ReportItemsRefresh
	 */
	private ReportItemsRefresh $refresh;

	/**
	 * Wires the screen.
	 *
	 * @param ReportDays         $days    The counts.
	 * @param ReportFill         $fill    The fill of earlier learning.
	 * @param ReportItems        $items   Each item's figures.
	 * @param ReportItemsRefresh $refresh Their refresh.
	 */
	public function __construct( ReportDays $days, ReportFill $fill, ReportItems $items, ReportItemsRefresh $refresh ) {
		$this->days    = $days;
		$this->fill    = $fill;
		$this->items   = $items;
		$this->refresh = $refresh;
	}

	/**
	 * Hooks the menu, the script and the download.
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		add_action( 'admin_post_' . self::CSV_ACTION, array( $this, 'download' ) );
	}

	/**
	 * The submenu page.
	 */
	public function add_page(): void {
		$hook = add_submenu_page( AdminScreens::PARENT, __( 'Reports', 'library-portal' ), __( 'Reports', 'library-portal' ), self::CAPABILITY, self::SLUG, array( $this, 'render' ) );
		if ( $hook ) {
			add_action( 'load-' . $hook, array( $this, 'load' ) );
		}
	}

	/**
	 * Before the screen prints: the chart's script, and the fill started once.
	 */
	public function load(): void {
		$this->fill->start();
		$this->refresh->start( time() );
		$asset = self::asset();
		if ( null !== $asset ) {
			wp_enqueue_script( 'library-portal-admin-reports', LIBRARY_PORTAL_URL . 'build/admin-reports.js', $asset['dependencies'], $asset['version'], array( 'in_footer' => true ) );
		}
	}

	/**
	 * Prints the screen.
	 */
	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to see reports.', 'library-portal' ), 403 );
		}
		$items     = self::items();
		$contracts = $this->days->contract_titles();
		$today     = ReportDay::of( time() );
		// A GET form: the filters are read, never acted on, so there is no nonce to check.
		$asked = ReportQuery::from( wp_unslash( $_GET ), array_keys( $items ), array_keys( $contracts ), $today, array( self::class, 'owner_of' ) ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- ReportQuery checks every field it reads.
		$error = is_string( $asked ) ? $asked : '';
		$query = is_string( $asked ) ? ReportQuery::standard( $today ) : $asked;
		$rows  = $this->rows( $query );
		$csv   = static fn( string $table ): string => wp_nonce_url(
			add_query_arg(
				array_merge(
					array(
						'action' => self::CSV_ACTION,
						'table'  => $table,
					),
					$query->fields()
				),
				admin_url( 'admin-post.php' )
			),
			self::CSV_ACTION
		);
		View::render(
			__DIR__ . '/views/reports.php',
			array(
				'error'     => $error,
				'query'     => $query->fields(),
				'items'     => $items,
				'contracts' => $contracts,
				'rows'      => $rows,
				'chart'     => self::chart( $rows, $query ),
				'fill'      => ReportFill::state(),
				'trainings' => $this->item_rows( $query, $items ),
				'refresh'   => ReportItemsRefresh::state(),
				'team'      => $query->owner_id > 0,
				'csv'       => $csv( 'periods' ),
				'items_csv' => $csv( 'items' ),
				'date'      => static fn( int $at ): string => \LibraryPortal\Core\Site\SiteDate::date_time( $at ),
			)
		);
	}

	/**
	 * GET admin-post.php?action=library_portal_report_csv: the table as a CSV file.
	 */
	public function download(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to see reports.', 'library-portal' ), 403 );
		}
		check_admin_referer( self::CSV_ACTION );
		$items = self::items();
		$query = ReportQuery::from( wp_unslash( $_GET ), array_keys( $items ), array_keys( $this->days->contract_titles() ), ReportDay::of( time() ), array( self::class, 'owner_of' ) );
		if ( is_string( $query ) ) {
			wp_die( esc_html( $query ), '', array( 'response' => 400 ) );
		}
		$by_item = isset( $_GET['table'] ) && 'items' === sanitize_key( wp_unslash( $_GET['table'] ) );
		nocache_headers();
		header( 'Content-Type: text/csv; charset=utf-8' );
		header( 'Content-Disposition: attachment; filename="' . sanitize_file_name( 'library-report-' . ( $by_item ? 'trainings-' : '' ) . $query->fields()['from'] . '-' . $query->fields()['to'] . '.csv' ) . '"' );
		header( 'X-Content-Type-Options: nosniff' );
		CsvResponse::write( $by_item ? self::item_csv_rows( $this->item_rows( $query, $items ) ) : self::csv_rows( $this->rows( $query ) ), new \SplFileObject( 'php://output', 'w' ) );
		exit;
	}

	/**
	 * The table's rows for a query.
	 *
	 * @param ReportQuery $query Query.
	 * @return array<int, array{start: int, end: int, label: string, completions: int, certificates: int}>
	 */
	public function rows( ReportQuery $query ): array {
		return ReportSeries::of( $this->days->by_day( $query->contract_id, $query->from, $query->to, $query->product_id ), $query->from, $query->to, $query->period );
	}

	/**
	 * The user a team owner field names (an e-mail address or a username), or 0.
	 *
	 * @param string $typed What was typed.
	 */
	public static function owner_of( string $typed ): int {
		$user = is_email( $typed ) ? get_user_by( 'email', $typed ) : get_user_by( 'login', $typed );
		return $user instanceof \WP_User ? $user->ID : 0;
	}

	/**
	 * The table of each training: its learners, their average progress, how many completed it and
	 * how many passed its test, as kept for the site or a contract (ReportItems::kept()) or counted
	 * now for a team owner's team. The percentages are the server's (the view prints them).
	 *
	 * @param ReportQuery        $query  Query.
	 * @param array<int, string> $titles Published items' titles by ID, in title order.
	 * @return array<int, array{product_id: int, title: string, learners: int, progress: int, completed: int, completion_rate: int, tested: int, passed: int, pass_rate: int|null, computed_at: int}>
	 */
	public function item_rows( ReportQuery $query, array $titles ): array {
		if ( $query->owner_id > 0 ) {
			$ids  = $this->items->shared_items( $query->owner_id );
			$kept = array();
			foreach ( $ids as $product_id ) {
				if ( isset( $titles[ $product_id ] ) && ( 0 === $query->product_id || $query->product_id === $product_id ) ) {
					$parts               = \LibraryPortal\Core\Items\ItemMedia::part_count_of( get_post_meta( $product_id, '_lp_video_parts', true ) );
					$kept[ $product_id ] = $this->items->compute( 'team', $query->owner_id, $product_id, $parts ) + array( 'computed_at' => time() );
				}
			}
		} else {
			$ids  = $query->contract_id > 0 ? $this->items->items_of_contract( $query->contract_id ) : array_keys( $titles );
			$kept = $this->items->kept( $query->contract_id );
		}
		$rows = array();
		foreach ( $titles as $product_id => $title ) {
			if ( ! in_array( $product_id, $ids, true ) || ( $query->product_id > 0 && $query->product_id !== $product_id ) ) {
				continue;
			}
			$figures = $kept[ $product_id ] ?? null;
			$learned = (int) ( $figures['learners'] ?? 0 );
			$tested  = (int) ( $figures['tested'] ?? 0 );
			$rows[]  = array(
				'product_id'      => $product_id,
				'title'           => $title,
				'learners'        => $learned,
				'progress'        => $learned > 0 ? (int) round( ( $figures['progress_points'] ?? 0 ) / $learned ) : 0,
				'completed'       => (int) ( $figures['completed'] ?? 0 ),
				'completion_rate' => $learned > 0 ? (int) round( 100 * ( $figures['completed'] ?? 0 ) / $learned ) : 0,
				'tested'          => $tested,
				'passed'          => (int) ( $figures['passed'] ?? 0 ),
				'pass_rate'       => $tested > 0 ? (int) round( 100 * ( $figures['passed'] ?? 0 ) / $tested ) : null,
				'computed_at'     => (int) ( $figures['computed_at'] ?? 0 ),
			);
		}
		return $rows;
	}

	/**
	 * The CSV of each training: a header, then one row per training, every cell safe in a spreadsheet.
	 *
	 * @param array<int, array{product_id: int, title: string, learners: int, progress: int, completed: int, completion_rate: int, tested: int, passed: int, pass_rate: int|null, computed_at: int}> $rows Rows.
	 * @return \Generator<int, string[]>
	 */
	public static function item_csv_rows( array $rows ): \Generator {
		yield array( __( 'Training', 'library-portal' ), __( 'Learners', 'library-portal' ), __( 'Average progress (%)', 'library-portal' ), __( 'Completed', 'library-portal' ), __( 'Completion rate (%)', 'library-portal' ), __( 'Took the test', 'library-portal' ), __( 'Passed', 'library-portal' ), __( 'Test pass rate (%)', 'library-portal' ) );
		foreach ( $rows as $row ) {
			yield array_map(
				array( CsvResponse::class, 'cell' ),
				array( $row['title'], (string) $row['learners'], (string) $row['progress'], (string) $row['completed'], (string) $row['completion_rate'], (string) $row['tested'], (string) $row['passed'], null === $row['pass_rate'] ? '' : (string) $row['pass_rate'] )
			);
		}
	}

	/**
	 * The CSV's rows: a header, then one row per week or month, every cell safe in a spreadsheet.
	 *
	 * @param array<int, array{start: int, end: int, label: string, completions: int, certificates: int}> $rows Rows.
	 * @return \Generator<int, string[]>
	 */
	public static function csv_rows( array $rows ): \Generator {
		yield array( __( 'From', 'library-portal' ), __( 'To', 'library-portal' ), __( 'Completions', 'library-portal' ), __( 'Certificates', 'library-portal' ) );
		foreach ( $rows as $row ) {
			yield array_map( array( CsvResponse::class, 'cell' ), array( ReportDay::iso( $row['start'] ), ReportDay::iso( $row['end'] ), (string) $row['completions'], (string) $row['certificates'] ) );
		}
	}

	/**
	 * The chart's data (the script draws it; the table beside it carries the same figures).
	 *
	 * @param array<int, array{start: int, end: int, label: string, completions: int, certificates: int}> $rows  Rows.
	 * @param ReportQuery                                                                           $query Query.
	 * @return array{type: string, labels: string[], series: array<int, array{label: string, values: int[]}>, summary: string}
	 */
	public static function chart( array $rows, ReportQuery $query ): array {
		$completions  = array_column( $rows, 'completions' );
		$certificates = array_column( $rows, 'certificates' );
		$completed    = array_sum( $completions );
		$certified    = array_sum( $certificates );
		$summary      = sprintf(
			/* translators: 1: "by week" or "by month", 2: first date, 3: last date, 4: e.g. "3 completions", 5: e.g. "1 certificate". */
			__( 'Completions and certificates %1$s, %2$s to %3$s: %4$s, %5$s.', 'library-portal' ),
			ReportSeries::MONTH === $query->period ? __( 'by month', 'library-portal' ) : __( 'by week', 'library-portal' ),
			ReportDay::text( $query->from, (string) get_option( 'date_format' ) ),
			ReportDay::text( $query->to, (string) get_option( 'date_format' ) ),
			/* translators: %s: number of completions. */
			sprintf( _n( '%s completion', '%s completions', $completed, 'library-portal' ), number_format_i18n( $completed ) ),
			/* translators: %s: number of certificates. */
			sprintf( _nx( '%s certificate', '%s certificates', $certified, 'how many were earned', 'library-portal' ), number_format_i18n( $certified ) )
		);
		return array(
			'type'    => 'bar',
			'labels'  => array_column( $rows, 'label' ),
			'series'  => array(
				array(
					'label'  => __( 'Completions', 'library-portal' ),
					'values' => $completions,
				),
				array(
					'label'  => __( 'Certificates', 'library-portal' ),
					'values' => $certificates,
				),
			),
			'summary' => $summary,
		);
	}

	/**
	 * Every published item's title by ID, by title (the filter's choices).
	 *
	 * @return array<int, string>
	 */
	private static function items(): array {
		$posts = get_posts(
			array(
				'post_type'      => ItemPostType::POST_TYPE,
				'post_status'    => 'publish',
				'posts_per_page' => -1,
				'orderby'        => 'title',
				'order'          => 'ASC',
				'no_found_rows'  => true,
			)
		);
		$items = array();
		foreach ( $posts as $post ) {
			$items[ $post->ID ] = html_entity_decode( get_the_title( $post ), ENT_QUOTES, 'UTF-8' );
		}
		return $items;
	}

	/**
	 * The built chart script's dependencies and version, or null before `npm run build`.
	 *
	 * @return array{dependencies: non-empty-string[], version: string}|null
	 */
	private static function asset(): ?array {
		$file = LIBRARY_PORTAL_DIR . 'build/admin-reports.asset.php';
		if ( ! is_readable( $file ) ) {
			return null;
		}
		$asset        = require $file;
		$dependencies = array();
		foreach ( (array) ( $asset['dependencies'] ?? array() ) as $handle ) {
			if ( is_string( $handle ) && '' !== $handle ) {
				$dependencies[] = $handle;
			}
		}
		return array(
			'dependencies' => $dependencies,
			'version'      => (string) ( $asset['version'] ?? '' ),
		);
	}
}
