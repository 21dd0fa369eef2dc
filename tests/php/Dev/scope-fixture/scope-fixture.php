<?php
/**
 * Plugin Name:       Scope Fixture
 * Description:       A test fixture of Library Portal (never shipped): clean for every static check, but it loads its script on every front-end page, which only Plugin Check's runtime checks can see.
 * Version:           1.0.0
 * Requires at least: 6.5
 * Requires PHP:      8.1
 * Author:            Library Portal
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       scope-fixture
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * Enqueues the script on every front-end page: what Plugin Check's "scripts scope" runtime check reports.
 */
function library_portal_scope_fixture_enqueue(): void {
	wp_enqueue_script(
		'scope-fixture',
		plugins_url( 'everywhere.js', __FILE__ ),
		array(),
		'1.0.0',
		array(
			'in_footer' => true,
			'strategy'  => 'defer',
		)
	);
}
add_action( 'wp_enqueue_scripts', 'library_portal_scope_fixture_enqueue' );
