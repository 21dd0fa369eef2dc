<?php
/**
 * A plain table of text cells with a caption (View as user).
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over.
 *
 * @param array{caption: string, headers: string[], rows: array<int, array<int, int|string>>, empty: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	?>
<h3><?php echo esc_html( $args['caption'] ); ?></h3>
	<?php if ( ! $args['rows'] ) : ?>
<p><?php echo esc_html( $args['empty'] ); ?></p>
		<?php
		return;
endif;
	?>
<table class="widefat striped"><caption class="screen-reader-text"><?php echo esc_html( $args['caption'] ); ?></caption><thead><tr>
	<?php foreach ( $args['headers'] as $header ) : ?>
<th scope="col"><?php echo esc_html( $header ); ?></th>
<?php endforeach; ?>
</tr></thead><tbody>
	<?php
	foreach ( $args['rows'] as $row ) {
		echo '<tr>';
		foreach ( $row as $cell ) {
			echo '<td>' . esc_html( (string) $cell ) . '</td>';
		}
		echo '</tr>';
	}
	?>
</tbody></table>
	<?php
};
