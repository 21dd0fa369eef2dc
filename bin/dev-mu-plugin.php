<?php
/**
 * Plugin Name: Library Portal local runtime
 * Description: Must-use plugin of the local sites (linked by bin/setup): no calls to wordpress.org.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * An update transient that says "checked just now, nothing to update", so WordPress never asks
 * wordpress.org (unreachable here; each failed check would log a warning).
 *
 * @return object
 */
function library_portal_dev_no_updates() {
	return (object) array(
		'last_checked'    => time(),
		'version_checked' => get_bloginfo( 'version' ),
		'updates'         => array(),
		'translations'    => array(),
		'response'        => array(),
		'no_update'       => array(),
		'checked'         => array(),
	);
}
add_filter( 'pre_site_transient_update_core', 'library_portal_dev_no_updates' );
add_filter( 'pre_site_transient_update_plugins', 'library_portal_dev_no_updates' );
add_filter( 'pre_site_transient_update_themes', 'library_portal_dev_no_updates' );
add_filter( 'automatic_updater_disabled', '__return_true' );
remove_action( 'init', 'wp_schedule_update_checks' );
remove_action( 'admin_init', '_maybe_update_core' );
remove_action( 'admin_init', '_maybe_update_plugins' );
remove_action( 'admin_init', '_maybe_update_themes' );
remove_action( 'wp_version_check', 'wp_version_check' );
remove_action( 'wp_update_plugins', 'wp_update_plugins' );
remove_action( 'wp_update_themes', 'wp_update_themes' );

/*
 * Mail of the local sites goes to the site's SMTP sink (bin/mail-sink, started by bin/site
 * serve with LP_SMTP_PORT), never out. The sender needs a domain PHPMailer accepts:
 * WordPress's default, wordpress@127.0.0.1, is not a valid address.
 */
$library_portal_smtp_port = (int) getenv( 'LP_SMTP_PORT' );
if ( $library_portal_smtp_port > 0 ) {
	add_action(
		'phpmailer_init',
		static function ( $mailer ) use ( $library_portal_smtp_port ) {
			$mailer->isSMTP();
			$mailer->Host        = '127.0.0.1'; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
			$mailer->Port        = $library_portal_smtp_port; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
			$mailer->SMTPAuth    = false; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
			$mailer->SMTPAutoTLS = false; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
		}
	);
}
add_filter(
	'wp_mail_from',
	static function ( $from ) {
		return str_ends_with( (string) $from, '@127.0.0.1' ) ? 'portal@library-portal.test' : $from;
	}
);

/*
 * The WooCommerce copy of CONTRIBUTING.md (LP_WOOCOMMERCE_DIR) holds the class WPCacheEngine in
 * src/Caching/WpCacheEngine.php, while its class map names WPCacheEngine.php: on a case-sensitive disk the class
 * never loads and HPOS order writes die. Declaring the class from the file that is there, before
 * WooCommerce boots, lets the copy run unchanged. Nothing happens with any other copy.
 */
add_action(
	'plugins_loaded',
	static function () {
		if ( ! defined( 'WC_ABSPATH' ) || class_exists( 'Automattic\WooCommerce\Caching\WPCacheEngine', false ) ) {
			return;
		}
		$spelled = WC_ABSPATH . 'src/Caching/WpCacheEngine.php';
		if ( ! is_file( WC_ABSPATH . 'src/Caching/WPCacheEngine.php' ) && is_file( $spelled ) ) {
			require_once $spelled;
		}
	},
	-1000
);

// `wp library-portal seed-demo`: dev tooling, so it is registered here and not by the shipped plugin.
add_action(
	'cli_init',
	static function () {
		if ( class_exists( '\LibraryPortal\Dev\SeedDemoCommand' ) ) {
			\LibraryPortal\Dev\SeedDemoCommand::register();
		}
	}
);

/*
 * bin/router.php compresses WordPress's replies with PHP's zlib output handler. WordPress's
 * wp_ob_end_flush_all() tries to end that handler too, which PHP refuses with a notice on every
 * request; end only the buffers above it (PHP flushes the handler itself at the end).
 */
if ( ini_get( 'zlib.output_compression' ) ) {
	remove_action( 'shutdown', 'wp_ob_end_flush_all', 1 );
	add_action(
		'shutdown',
		static function () {
			$status = ob_get_status();
			while ( $status && 'zlib output compression' !== $status['name'] && ob_end_flush() ) {
				$status = ob_get_status();
			}
		},
		1
	);
}

/*
 * The local networks (README, "A network of sites") live on 127.0.0.1:<port>. Core's sanitize_user()
 * strips the ':' from a new site's domain ("127.0.0.18896"), so a site made with the network's
 * domain gets it back.
 */
if ( is_multisite() ) {
	add_filter(
		'wp_normalize_site_data',
		static function ( $data ) {
			$network = get_network();
			if ( $network && isset( $data['domain'] ) && str_replace( ':', '', $network->domain ) === $data['domain'] ) {
				$data['domain'] = $network->domain;
			}
			return $data;
		},
		20
	);
}

/*
 * Tests that run the site in other processes (tests/php/Support/ParallelSite) count the plugin's
 * public actions there: with LP_ACTION_LOG set, each one fired is a JSON line in that file
 * ([name, ...arguments]), written whole under a lock by whichever request fired it.
 */
$library_portal_action_log = (string) getenv( 'LP_ACTION_LOG' );
if ( '' !== $library_portal_action_log ) {
	add_action(
		'plugins_loaded',
		static function () use ( $library_portal_action_log ) {
			if ( ! class_exists( \LibraryPortal\Core\Events::class ) ) {
				return;
			}
			foreach ( ( new ReflectionClass( \LibraryPortal\Core\Events::class ) )->getConstants() as $name ) {
				add_action(
					$name,
					static function ( ...$args ) use ( $name, $library_portal_action_log ) {
						file_put_contents( $library_portal_action_log, wp_json_encode( array_merge( array( $name ), $args ) ) . "\n", FILE_APPEND | LOCK_EX ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- a test's log on this machine.
					},
					10,
					9
				);
			}
		}
	);
}
