<?php
/**
 * Training Library → Reports: the filters, the chart with its data table, the CSV link, and how
 * far the fill of earlier learning got.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over.
 *
 * @param array{error: string, query: array<string, string>, items: array<int, string>, contracts: array<int, string>, rows: array<int, array{start: int, end: int, label: string, completions: int, certificates: int}>, chart: array<string, mixed>, fill: array{phase: string, since: int, certificate: int, user: int, product: int, read: int}|null, csv: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	$query  = $args['query'];
	$rows   = $args['rows'];
	$period = 'month' === $query['period'] ? __( 'Month', 'library-portal' ) : __( 'Week of', 'library-portal' );
	?>
<div class="wrap lp-admin lp-reports" id="lp-admin">
<h1><?php esc_html_e( 'Reports', 'library-portal' ); ?></h1>
<p><?php esc_html_e( 'Completions (every part of a training watched) and certificates earned, by the site\'s dates.', 'library-portal' ); ?></p>
	<?php if ( '' !== $args['error'] ) : ?>
<div class="notice notice-error" role="alert"><p><?php echo esc_html( $args['error'] ); ?> <?php esc_html_e( 'Showing the last twelve weeks instead.', 'library-portal' ); ?></p></div>
	<?php endif; ?>
	<?php if ( null !== $args['fill'] && 'done' !== $args['fill']['phase'] ) : ?>
<div class="notice notice-info" role="status"><p>
		<?php
		echo esc_html(
			sprintf(
				/* translators: %s: number of rows read so far. */
				__( 'Adding learning from before this screen existed: %s rows read so far. The counts grow as it goes; reload to see them.', 'library-portal' ),
				number_format_i18n( $args['fill']['read'] )
			)
		);
		?>
</p></div>
	<?php endif; ?>
<form method="get" action="<?php echo esc_url( admin_url( 'edit.php' ) ); ?>" class="lp-reports__filters">
	<input type="hidden" name="post_type" value="<?php echo esc_attr( \LibraryPortal\Core\Items\ItemPostType::POST_TYPE ); ?>">
	<input type="hidden" name="page" value="<?php echo esc_attr( \LibraryPortal\Reports\ReportsPage::SLUG ); ?>">
	<p class="lp-reports__field"><label for="lp-report-from"><?php esc_html_e( 'From', 'library-portal' ); ?></label>
		<input type="date" id="lp-report-from" name="from" value="<?php echo esc_attr( $query['from'] ); ?>"></p>
	<p class="lp-reports__field"><label for="lp-report-to"><?php esc_html_e( 'To', 'library-portal' ); ?></label>
		<input type="date" id="lp-report-to" name="to" value="<?php echo esc_attr( $query['to'] ); ?>"></p>
	<p class="lp-reports__field"><label for="lp-report-period"><?php esc_html_e( 'By', 'library-portal' ); ?></label>
		<select id="lp-report-period" name="period">
			<option value="week" <?php selected( $query['period'], 'week' ); ?>><?php esc_html_e( 'Week', 'library-portal' ); ?></option>
			<option value="month" <?php selected( $query['period'], 'month' ); ?>><?php esc_html_e( 'Month', 'library-portal' ); ?></option>
		</select></p>
	<p class="lp-reports__field"><label for="lp-report-item"><?php esc_html_e( 'Training', 'library-portal' ); ?></label>
		<select id="lp-report-item" name="item">
			<option value="0"><?php esc_html_e( 'All trainings', 'library-portal' ); ?></option>
			<?php foreach ( $args['items'] as $item_id => $item_title ) : ?>
			<option value="<?php echo esc_attr( (string) $item_id ); ?>" <?php selected( $query['item'], (string) $item_id ); ?>><?php echo esc_html( $item_title ); ?></option>
			<?php endforeach; ?>
		</select></p>
	<p class="lp-reports__field"><label for="lp-report-contract"><?php esc_html_e( 'Contract', 'library-portal' ); ?></label>
		<select id="lp-report-contract" name="contract">
			<option value="0"><?php esc_html_e( 'Whole site', 'library-portal' ); ?></option>
			<?php foreach ( $args['contracts'] as $contract_id => $contract_title ) : ?>
			<option value="<?php echo esc_attr( (string) $contract_id ); ?>" <?php selected( $query['contract'], (string) $contract_id ); ?>><?php echo esc_html( $contract_title ); ?></option>
			<?php endforeach; ?>
		</select></p>
	<p class="lp-reports__field lp-reports__submit"><button type="submit" class="button button-primary"><?php esc_html_e( 'Show report', 'library-portal' ); ?></button></p>
</form>
<h2 id="lp-report-title"><?php esc_html_e( 'Completions and certificates', 'library-portal' ); ?></h2>
<figure class="lp-report-chart" data-lp-chart aria-labelledby="lp-report-title">
	<figcaption class="screen-reader-text"><?php echo esc_html( (string) $args['chart']['summary'] ); ?></figcaption>
	<div class="lp-report-chart__canvas"></div>
	<script type="application/json" class="lp-report-chart__data"><?php echo wp_json_encode( $args['chart'], JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_UNICODE ); ?></script>
</figure>
<p><a class="button" href="<?php echo esc_url( $args['csv'] ); ?>"><?php esc_html_e( 'Download CSV', 'library-portal' ); ?></a></p>
<table class="widefat striped lp-reports__table">
	<caption class="screen-reader-text"><?php echo esc_html( (string) $args['chart']['summary'] ); ?></caption>
	<thead><tr><th scope="col"><?php echo esc_html( $period ); ?></th><th scope="col" class="num"><?php esc_html_e( 'Completions', 'library-portal' ); ?></th><th scope="col" class="num"><?php esc_html_e( 'Certificates', 'library-portal' ); ?></th></tr></thead>
	<tbody>
	<?php foreach ( $rows as $row ) : ?>
		<tr><th scope="row"><?php echo esc_html( $row['label'] ); ?></th><td class="num"><?php echo esc_html( number_format_i18n( $row['completions'] ) ); ?></td><td class="num"><?php echo esc_html( number_format_i18n( $row['certificates'] ) ); ?></td></tr>
	<?php endforeach; ?>
	</tbody>
	<tfoot><tr><th scope="row"><?php esc_html_e( 'Total', 'library-portal' ); ?></th><td class="num"><?php echo esc_html( number_format_i18n( array_sum( array_column( $rows, 'completions' ) ) ) ); ?></td><td class="num"><?php echo esc_html( number_format_i18n( array_sum( array_column( $rows, 'certificates' ) ) ) ); ?></td></tr></tfoot>
</table>
<style>
.lp-reports__filters { display: flex; flex-wrap: wrap; gap: 0 16px; align-items: flex-end; }
.lp-reports__field { display: flex; flex-direction: column; gap: 4px; margin: 0 0 12px; }
.lp-report-chart { margin: 0 0 16px; max-width: 960px; background: #fff; border: 1px solid #c3c4c7; padding: 12px; }
.lp-report-chart__canvas { position: relative; height: 280px; }
.lp-reports__table { max-width: 960px; }
.lp-reports__table .num { text-align: right; }
</style>
</div>
	<?php
};
