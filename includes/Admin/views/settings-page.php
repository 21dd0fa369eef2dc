<?php
/**
 * Settings → Library Portal: WordPress's settings form with the plugin's sections (SettingsPage).
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the page hands over: the settings group and the page's slug.
 *
 * @param array{group: string, slug: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	echo '<div class="wrap"><h1>' . esc_html__( 'Library Portal', 'library-portal' ) . '</h1><form action="options.php" method="post">';
	settings_fields( $args['group'] );
	do_settings_sections( $args['slug'] );
	submit_button();
	echo '</form></div>';
};
