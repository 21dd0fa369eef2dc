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
 * @param array{error: string, query: array<string, string>, items: array<int, string>, contracts: array<int, string>, rows: array<int, array{start: int, end: int, label: string, completions: int, certificates: int}>, chart: array<string, mixed>, fill: array{phase: string, since: int, certificate: int, user: int, product: int, read: int}|null, trainings: array<int, array{product_id: int, title: string, learners: int, progress: int, completed: int, completion_rate: int, tested: int, passed: int, pass_rate: int|null, computed_at: int}>, refresh: array{running: bool, cursor: int, done: int, total: int, started_at: int, finished_at: int}|null, team: bool, csv: string, items_csv: string, date: callable(int): string} $args The view's arguments.
 */
return static function ( array $args ): void {
	$query  = $args['query'];
	$rows   = $args['rows'];
	$period = 'month' === $query['period'] ? __( 'Month', 'library-portal' ) : __( 'Week of', 'library-portal' );
	?>
<div class="wrap lp-admin lp-reports" id="lp-admin">
<h1><?php esc_html_e( 'Reports', 'library-portal' ); ?></h1>
<hr class="wp-header-end">
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
<p><?php esc_html_e( 'Completions (every part of a training watched) and certificates earned, by the site\'s dates.', 'library-portal' ); ?></p>
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
	<p class="lp-reports__field"><label for="lp-report-team"><?php esc_html_e( 'Team owner (e-mail or username)', 'library-portal' ); ?></label>
		<input type="text" id="lp-report-team" name="team" value="<?php echo esc_attr( $query['team'] ); ?>" autocomplete="off" aria-describedby="lp-report-team-help">
		<span id="lp-report-team-help" class="description"><?php esc_html_e( 'The table then shows that customer\'s team.', 'library-portal' ); ?></span></p>
	<p class="lp-reports__field lp-reports__submit"><button type="submit" class="button button-primary"><?php esc_html_e( 'Show report', 'library-portal' ); ?></button></p>
</form>
<h2 id="lp-report-title"><?php esc_html_e( 'Completions and certificates', 'library-portal' ); ?></h2>
<figure class="lp-report-chart" data-lp-chart aria-labelledby="lp-report-title">
	<figcaption class="screen-reader-text"><?php echo esc_html( (string) $args['chart']['summary'] ); ?></figcaption>
	<div class="lp-report-chart__canvas"></div>
	<script type="application/json" class="lp-report-chart__data"><?php echo wp_json_encode( $args['chart'], JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_UNICODE ); ?></script>
</figure>
<p><a class="button" href="<?php echo esc_url( $args['csv'] ); ?>"><?php esc_html_e( 'Download CSV of completions and certificates', 'library-portal' ); ?></a></p>
<table class="widefat striped lp-reports__table lp-reports__periods">
	<caption class="screen-reader-text"><?php echo esc_html( (string) $args['chart']['summary'] ); ?></caption>
	<thead><tr><th scope="col"><?php echo esc_html( $period ); ?></th><th scope="col" class="num"><?php esc_html_e( 'Completions', 'library-portal' ); ?></th><th scope="col" class="num"><?php esc_html_e( 'Certificates', 'library-portal' ); ?></th></tr></thead>
	<tbody>
	<?php foreach ( $rows as $row ) : ?>
		<tr><th scope="row"><?php echo esc_html( $row['label'] ); ?></th><td class="num"><?php echo esc_html( number_format_i18n( $row['completions'] ) ); ?></td><td class="num"><?php echo esc_html( number_format_i18n( $row['certificates'] ) ); ?></td></tr>
	<?php endforeach; ?>
	</tbody>
	<tfoot><tr><th scope="row"><?php esc_html_e( 'Total', 'library-portal' ); ?></th><td class="num"><?php echo esc_html( number_format_i18n( array_sum( array_column( $rows, 'completions' ) ) ) ); ?></td><td class="num"><?php echo esc_html( number_format_i18n( array_sum( array_column( $rows, 'certificates' ) ) ) ); ?></td></tr></tfoot>
</table>
<h2 id="lp-report-trainings"><?php esc_html_e( 'Each training', 'library-portal' ); ?></h2>
	<?php
	$refresh = $args['refresh'];
	if ( $args['team'] ) {
		$as_of = __( 'Counted now for this team: the people who hold a seat the owner shared.', 'library-portal' );
	} elseif ( null !== $refresh && $refresh['running'] ) {
		/* translators: 1: trainings done, 2: all trainings. */
		$as_of = sprintf( __( 'Updating these figures in the background: %1$s of %2$s trainings done. Reload to see them.', 'library-portal' ), number_format_i18n( $refresh['done'] ), number_format_i18n( $refresh['total'] ) );
	} elseif ( null !== $refresh && $refresh['finished_at'] > 0 ) {
		/* translators: %s: date and time. */
		$as_of = sprintf( __( 'Figures as of %s; they are updated at most once an hour, when this screen opens.', 'library-portal' ), $args['date']( $refresh['finished_at'] ) );
	} else {
		$as_of = __( 'These figures are being counted for the first time.', 'library-portal' );
	}
	?>
<p role="status"><?php echo esc_html( $as_of ); ?></p>
<p><a class="button" href="<?php echo esc_url( $args['items_csv'] ); ?>"><?php esc_html_e( 'Download CSV of each training', 'library-portal' ); ?></a></p>
<table class="widefat striped lp-reports__table" aria-labelledby="lp-report-trainings">
	<thead><tr>
		<th scope="col"><?php esc_html_e( 'Training', 'library-portal' ); ?></th>
		<th scope="col" class="num"><?php esc_html_e( 'Learners', 'library-portal' ); ?></th>
		<th scope="col" class="num"><?php esc_html_e( 'Average progress', 'library-portal' ); ?></th>
		<th scope="col" class="num"><?php esc_html_e( 'Completion rate', 'library-portal' ); ?></th>
		<th scope="col" class="num"><?php esc_html_e( 'Test pass rate', 'library-portal' ); ?></th>
	</tr></thead>
	<tbody>
	<?php if ( ! $args['trainings'] ) : ?>
		<tr><td colspan="5"><?php esc_html_e( 'No training to show for these filters.', 'library-portal' ); ?></td></tr>
	<?php endif; ?>
	<?php foreach ( $args['trainings'] as $training ) : ?>
		<tr>
			<th scope="row"><?php echo esc_html( $training['title'] ); ?></th>
			<td class="num"><?php echo esc_html( number_format_i18n( $training['learners'] ) ); ?></td>
			<td class="num"><?php echo esc_html( $training['progress'] . '%' ); ?></td>
			<td class="num">
			<?php
			/* translators: 1: percent, 2: learners who completed, 3: all learners. */
			echo esc_html( sprintf( __( '%1$s%% (%2$s of %3$s)', 'library-portal' ), $training['completion_rate'], number_format_i18n( $training['completed'] ), number_format_i18n( $training['learners'] ) ) );
			?>
			</td>
			<td class="num">
			<?php
			echo esc_html(
				null === $training['pass_rate']
					? __( 'No one took the test', 'library-portal' )
					/* translators: 1: percent, 2: learners who passed, 3: learners who took the test. */
					: sprintf( __( '%1$s%% (%2$s of %3$s)', 'library-portal' ), $training['pass_rate'], number_format_i18n( $training['passed'] ), number_format_i18n( $training['tested'] ) )
			);
			?>
			</td>
		</tr>
	<?php endforeach; ?>
	</tbody>
</table>
<style>
.lp-reports__filters { display: flex; flex-wrap: wrap; gap: 0 16px; align-items: flex-end; }
.lp-reports__field { display: flex; flex-direction: column; gap: 4px; margin: 0 0 12px; }
.lp-report-chart { margin: 0 0 16px; max-width: 960px; background: #fff; border: 1px solid #c3c4c7; padding: 12px; }
.lp-report-chart__canvas { position: relative; height: 280px; }
.lp-reports__table { max-width: 960px; margin-bottom: 24px; }
.lp-reports__field .description { max-width: 16em; }
.lp-reports__table .num { text-align: right; }
</style>
</div>
	<?php
};
