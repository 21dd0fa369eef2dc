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
	 * Wires the screen.
	 *
	 * @param ReportDays $days The counts.
	 * @param ReportFill $fill The fill of earlier learning.
	 */
	public function __construct( ReportDays $days, ReportFill $fill ) {
		$this->days = $days;
		$this->fill = $fill;
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
		$asset = self::asset();
		if ( null !== $asset ) {
			wp_enqueue_script( 'library-portal-admin-reports', LIBRARY_PORTAL_URL . 'build/admin-reports.js', $asset['dependencies'], $asset['version'], array( 'in_footer' => true ) );
		}
	}

	/**
	 * The screen's address.
	 *
	 * @param array<string, string> $fields Filters.
	 */
	public static function url( array $fields = array() ): string {
		return add_query_arg( array_merge( array( 'page' => self::SLUG ), $fields ), admin_url( AdminScreens::PARENT ) );
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
		$asked = ReportQuery::from( wp_unslash( $_GET ), array_keys( $items ), array_keys( $contracts ), $today ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- ReportQuery checks every field it reads.
		$error = is_string( $asked ) ? $asked : '';
		$query = is_string( $asked ) ? ReportQuery::standard( $today ) : $asked;
		$rows  = $this->rows( $query );
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
				'csv'       => wp_nonce_url( add_query_arg( array_merge( array( 'action' => self::CSV_ACTION ), $query->fields() ), admin_url( 'admin-post.php' ) ), self::CSV_ACTION ),
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
		$query = ReportQuery::from( wp_unslash( $_GET ), array_keys( self::items() ), array_keys( $this->days->contract_titles() ), ReportDay::of( time() ) );
		if ( is_string( $query ) ) {
			wp_die( esc_html( $query ), '', array( 'response' => 400 ) );
		}
		nocache_headers();
		header( 'Content-Type: text/csv; charset=utf-8' );
		header( 'Content-Disposition: attachment; filename="' . sanitize_file_name( 'library-report-' . $query->fields()['from'] . '-' . $query->fields()['to'] . '.csv' ) . '"' );
		header( 'X-Content-Type-Options: nosniff' );
		CsvResponse::write( self::csv_rows( $this->rows( $query ) ), new \SplFileObject( 'php://output', 'w' ) );
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
