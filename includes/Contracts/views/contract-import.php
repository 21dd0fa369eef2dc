<?php
/**
 * The CSV member import: the upload form and, while a job runs or once it is done, its progress
 * (driven by assets/admin/contracts.js, or the Continue button without script) and its report.
 * The upload posts to ImportMembersHandler, each batch to ImportBatchHandler.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over: the job's token and status, or why it is gone.
 *
 * @param array{contract_id: int, token: string, status: array{processed: int, total: int, done: bool, report: \LibraryPortal\Contracts\ImportReport}|null, gone: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	$contract_id = $args['contract_id'];
	$token       = $args['token'];
	$job_status  = $args['status'];
	echo '<h2 id="import">' . esc_html__( 'Import members from a CSV file', 'library-portal' ) . '</h2>';
	if ( '' !== $args['gone'] ) {
		wp_admin_notice( esc_html( $args['gone'] ), array( 'type' => 'warning' ) );
	}
	if ( null !== $job_status ) {
		$done_value = 0 === $job_status['total'] ? 1 : $job_status['processed'];
		/* translators: 1: rows processed, 2: rows to process. */
		$progress_text = __( '%1$s of %2$s rows processed', 'library-portal' );
		printf(
			'<div class="library-portal-import" data-library-portal-import data-ajax="%1$s" data-nonce="%2$s" data-token="%3$s" data-contract="%4$d" data-progress-text="%5$s" data-error-text="%6$s"%7$s>',
			esc_url( admin_url( 'admin-ajax.php' ) ),
			esc_attr( wp_create_nonce( \LibraryPortal\Contracts\ContractsPage::nonce_action( 'import_batch', $contract_id ) ) ),
			esc_attr( $token ),
			(int) $contract_id,
			esc_attr( $progress_text ),
			esc_attr__( 'The import stopped:', 'library-portal' ),
			$job_status['done'] ? ' data-done' : ''
		);
		printf(
			'<p><label for="library-portal-import-progress">%1$s</label><br><progress id="library-portal-import-progress" max="%2$d" value="%3$d">%4$s</progress></p><p id="library-portal-import-status" role="status">%4$s</p>',
			esc_html__( 'Import progress', 'library-portal' ),
			absint( max( 1, $job_status['total'] ) ),
			absint( $done_value ),
			esc_html( sprintf( $progress_text, number_format_i18n( $job_status['processed'] ), number_format_i18n( $job_status['total'] ) ) )
		);
		if ( ! $job_status['done'] ) {
			echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" data-library-portal-continue>';
			\LibraryPortal\Platform\View::render(
				__DIR__ . '/hidden-fields.php',
				array(
					'action'      => 'import_batch',
					'contract_id' => $contract_id,
				)
			);
			printf( '<input type="hidden" name="token" value="%s">', esc_attr( $token ) );
			submit_button( __( 'Continue Import', 'library-portal' ), 'primary', 'submit', false );
			echo '</form></div>';
		} else {
			$report = $job_status['report'];
			echo '<div class="notice notice-' . ( $report->bad ? 'warning' : 'success' ) . ' inline"><p>';
			/* translators: %s: what the import did, e.g. "2 added, 1 bad row." */
			echo esc_html( sprintf( __( 'Import finished: %s', 'library-portal' ), $report->summary() ) );
			if ( $report->created ) {
				echo ' ' . esc_html(
					sprintf(
					/* translators: %s: accounts created. */
						_n( '%s new account was created; it is sent WordPress\'s new-user e-mail.', '%s new accounts were created; each is sent WordPress\'s new-user e-mail.', $report->created, 'library-portal' ),
						number_format_i18n( $report->created )
					)
				);
			}
			echo '</p></div>';
			if ( $report->bad ) {
				echo '<table class="widefat striped"><caption>' . esc_html__( 'Rows not imported', 'library-portal' ) . '</caption><thead><tr><th scope="col">' . esc_html__( 'Line', 'library-portal' ) . '</th><th scope="col">' . esc_html__( 'Value', 'library-portal' ) . '</th><th scope="col">' . esc_html__( 'Reason', 'library-portal' ) . '</th></tr></thead><tbody>';
				foreach ( $report->bad as $row ) {
					printf( '<tr><td>%1$d</td><td>%2$s</td><td>%3$s</td></tr>', (int) $row['line'], esc_html( $row['value'] ), esc_html( $row['reason'] ) );
				}
				echo '</tbody></table>';
			}
			echo '</div>';
		}
	}
	echo '<form method="post" enctype="multipart/form-data" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
	\LibraryPortal\Platform\View::render(
		__DIR__ . '/hidden-fields.php',
		array(
			'action'      => 'import',
			'contract_id' => $contract_id,
		)
	);
	printf(
		'<p id="library-portal-import-help" class="description">%1$s</p><p><label for="library-portal-import-file">%2$s</label> <input type="file" id="library-portal-import-file" name="csv" accept=".csv,text/csv" aria-describedby="library-portal-import-help"> ',
		esc_html__( 'A header line naming an "email" column (optionally first_name and last_name), then one address per line; commas or semicolons. Every address must belong to an existing account unless new accounts are created.', 'library-portal' ),
		esc_html__( 'CSV file', 'library-portal' )
	);
	printf(
		'</p><p><input type="checkbox" id="library-portal-import-create-accounts" name="create_accounts" value="1"> <label for="library-portal-import-create-accounts">%s</label></p><p>',
		esc_html__( 'Create accounts for new addresses (each gets WordPress\'s new-user e-mail to set a password)', 'library-portal' )
	);
	submit_button( __( 'Upload and Import', 'library-portal' ), 'secondary', 'submit', false );
	echo '</p></form>';
};
