<?php
/**
 * Training Library → Webhooks: the add form, each webhook with its secret, its actions and its
 * newest deliveries.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over.
 *
 * @param array{notice: array{type?: string, message?: string, fields?: array<string, mixed>}, hooks: array<string, \LibraryPortal\Webhooks\Webhook>, logs: array<string, array<int, array{delivery_id: string, event: string, attempt: int, status_code: int, duration_ms: int, error: string, created_at: int}>>, events: array<string, string>, action: string, post_to: string, date: callable(int): string} $args The view's arguments.
 */
return static function ( array $args ): void {
	$notice = $args['notice'];
	$typed  = (array) ( $notice['fields'] ?? array() );
	$chosen = (array) ( $typed['events'] ?? array() );
	$button = static function ( string $operation, string $id, string $label, string $class = 'button' ) use ( $args ): void {
		?>
		<form method="post" action="<?php echo esc_url( $args['post_to'] ); ?>" class="lp-webhook__action" style="display:inline-block;margin:0 8px 12px 0">
			<input type="hidden" name="action" value="<?php echo esc_attr( $args['action'] ); ?>">
			<input type="hidden" name="operation" value="<?php echo esc_attr( $operation ); ?>">
			<input type="hidden" name="webhook" value="<?php echo esc_attr( $id ); ?>">
			<?php wp_nonce_field( \LibraryPortal\Webhooks\WebhooksPage::nonce_action( $operation, $id ) ); ?>
			<button type="submit" class="<?php echo esc_attr( $class ); ?>"><?php echo esc_html( $label ); ?></button>
		</form>
		<?php
	};
	?>
<div class="wrap lp-admin" id="lp-admin">
<h1><?php esc_html_e( 'Webhooks', 'library-portal' ); ?></h1>
<p><?php esc_html_e( 'Tell your CRM, mailing list or automation tool what happens in the library: each event you choose is sent as a signed JSON POST to the address you give, from the background, with retries.', 'library-portal' ); ?></p>
	<?php if ( ! empty( $notice['message'] ) ) : ?>
		<?php $notice_type = 'error' === ( $notice['type'] ?? '' ) ? 'error' : 'success'; ?>
<div class="notice notice-<?php echo esc_attr( $notice_type ); ?>" role="<?php echo 'error' === $notice_type ? 'alert' : 'status'; ?>"><p><?php echo esc_html( (string) $notice['message'] ); ?></p></div>
	<?php endif; ?>
<h2><?php esc_html_e( 'Add a webhook', 'library-portal' ); ?></h2>
<form method="post" action="<?php echo esc_url( $args['post_to'] ); ?>">
	<input type="hidden" name="action" value="<?php echo esc_attr( $args['action'] ); ?>">
	<input type="hidden" name="operation" value="add">
	<input type="hidden" name="webhook" value="">
	<?php wp_nonce_field( \LibraryPortal\Webhooks\WebhooksPage::nonce_action( 'add' ) ); ?>
	<table class="form-table" role="presentation">
		<tr>
			<th scope="row"><label for="lp-webhook-url"><?php esc_html_e( 'Delivery address', 'library-portal' ); ?></label></th>
			<td>
				<input type="url" class="regular-text" id="lp-webhook-url" name="url" required value="<?php echo esc_attr( (string) ( $typed['url'] ?? '' ) ); ?>" aria-describedby="lp-webhook-url-help">
				<p class="description" id="lp-webhook-url-help"><?php esc_html_e( 'A full https:// address of your tool. Addresses on private networks are refused unless the site allows their host.', 'library-portal' ); ?></p>
			</td>
		</tr>
		<tr>
			<th scope="row"><?php esc_html_e( 'Events', 'library-portal' ); ?></th>
			<td>
				<fieldset>
					<legend class="screen-reader-text"><?php esc_html_e( 'Events', 'library-portal' ); ?></legend>
					<?php foreach ( $args['events'] as $event => $label ) : ?>
						<label><input type="checkbox" name="events[]" value="<?php echo esc_attr( $event ); ?>" <?php checked( in_array( $event, $chosen, true ) ); ?>> <?php echo esc_html( $label ); ?></label><br>
					<?php endforeach; ?>
				</fieldset>
			</td>
		</tr>
	</table>
	<?php submit_button( __( 'Add webhook', 'library-portal' ) ); ?>
</form>

<h2><?php esc_html_e( 'Your webhooks', 'library-portal' ); ?></h2>
	<?php if ( ! $args['hooks'] ) : ?>
<p><?php esc_html_e( 'No webhooks yet.', 'library-portal' ); ?></p>
	<?php endif; ?>
	<?php foreach ( $args['hooks'] as $hook ) : ?>
		<?php $secret_id = 'lp-webhook-secret-' . $hook->id; ?>
<section class="lp-webhook" aria-labelledby="lp-webhook-<?php echo esc_attr( $hook->id ); ?>">
	<h3 id="lp-webhook-<?php echo esc_attr( $hook->id ); ?>"><?php echo esc_html( $hook->url ); ?></h3>
	<p>
		<strong><?php echo esc_html( \LibraryPortal\Webhooks\Webhook::ACTIVE === $hook->status ? __( 'Active', 'library-portal' ) : __( 'Paused', 'library-portal' ) ); ?></strong>
		<?php echo '' !== $hook->paused_why ? esc_html( ' — ' . $hook->paused_why ) : ''; ?>
	</p>
	<p><?php echo esc_html( implode( ', ', array_map( static fn( string $event ): string => $args['events'][ $event ] ?? $event, $hook->events ) ) ); ?></p>
	<p>
		<label for="<?php echo esc_attr( $secret_id ); ?>"><?php esc_html_e( 'Secret (signs each delivery)', 'library-portal' ); ?></label><br>
		<input type="text" readonly class="regular-text code" id="<?php echo esc_attr( $secret_id ); ?>" value="<?php echo esc_attr( $hook->secret ); ?>">
	</p>
	<div class="lp-webhook__actions">
		<?php
		if ( \LibraryPortal\Webhooks\Webhook::ACTIVE === $hook->status ) {
			$button( 'pause', $hook->id, __( 'Pause', 'library-portal' ) );
		} else {
			$button( 'resume', $hook->id, __( 'Resume', 'library-portal' ), 'button button-primary' );
		}
		$button( 'delete', $hook->id, __( 'Delete', 'library-portal' ), 'button' );
		?>
	</div>
	<table class="widefat striped">
		<caption><?php esc_html_e( 'Newest deliveries', 'library-portal' ); ?></caption>
		<thead><tr>
			<th scope="col"><?php esc_html_e( 'When', 'library-portal' ); ?></th>
			<th scope="col"><?php esc_html_e( 'Event', 'library-portal' ); ?></th>
			<th scope="col"><?php esc_html_e( 'Attempt', 'library-portal' ); ?></th>
			<th scope="col"><?php esc_html_e( 'Answer', 'library-portal' ); ?></th>
			<th scope="col"><?php esc_html_e( 'Time (ms)', 'library-portal' ); ?></th>
		</tr></thead>
		<tbody>
		<?php if ( ! $args['logs'][ $hook->id ] ) : ?>
			<tr><td colspan="5"><?php esc_html_e( 'Nothing sent yet.', 'library-portal' ); ?></td></tr>
		<?php endif; ?>
		<?php foreach ( $args['logs'][ $hook->id ] as $row ) : ?>
			<tr>
				<td><?php echo esc_html( ( $args['date'] )( $row['created_at'] ) ); ?></td>
				<td><?php echo esc_html( $args['events'][ $row['event'] ] ?? $row['event'] ); ?></td>
				<td><?php echo esc_html( (string) $row['attempt'] ); ?></td>
				<td><?php echo esc_html( '' === $row['error'] ? (string) $row['status_code'] : $row['error'] ); ?></td>
				<td><?php echo esc_html( (string) $row['duration_ms'] ); ?></td>
			</tr>
		<?php endforeach; ?>
		</tbody>
	</table>
</section>
	<?php endforeach; ?>
</div>
	<?php
};
