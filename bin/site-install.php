<?php
/**
 * Installs (or refreshes) a local site with WordPress's own functions; WP-CLI is not needed.
 *
 * Usage: LP_SITE=<site> php bin/site-install.php [--fresh] [--seed] [--quiet]
 *
 *   --fresh  drop the site's database first (SQLite file or MariaDB database lp_<site>)
 *   --seed   run the dev-only demo seeder (dev/DemoSeeder.php) and write var/sites/<site>/logins.json,
 *            the only place the demo passwords are kept (never the database)
 *   --quiet  print nothing but errors
 *
 * With LP_WOOCOMMERCE_DIR set to a copy of WooCommerce (CONTRIBUTING.md), the copy is linked into the core's
 * plugins folder and activated on the site, set up to run headless ("woocommerce" step: no wizard, no
 * coming-soon page, its pages with the classic cart and checkout shortcodes, cheque and cash on delivery
 * on, HPOS as LP_WOOCOMMERCE_HPOS says: 1 = custom order tables (default, as for a new shop), 0 = posts).
 * Without the variable nothing of this happens. No copy of WooCommerce is ever downloaded or committed.
 *
 * Each step runs in its own PHP process, because each needs WordPress loaded differently:
 * "core" loads it while installing (wp_install()), "configure" loads it normally and
 * activates the plugin (its activation hook runs), "seed" loads it with the plugin booted.
 * Installing, activating and seeding are skipped when already done, so running it twice is safe.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions -- a command-line tool, before and outside WordPress.
// phpcs:disable WordPress.Security.EscapeOutput.OutputNotEscaped -- plain-text CLI output.

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}

require_once __DIR__ . '/sites.php';

const LIBRARY_PORTAL_DEV_ADMIN  = array(
	'role'     => 'Administrator',
	'login'    => 'admin',
	'password' => 'password',
);
const LIBRARY_PORTAL_DEV_PLUGIN = 'library-portal/library-portal.php';
const LIBRARY_PORTAL_DEV_WC     = 'woocommerce/woocommerce.php';

$library_portal_opts  = getopt( '', array( 'fresh', 'seed', 'quiet', 'phase:' ) );
$library_portal_phase = $library_portal_opts['phase'] ?? 'main';
$library_portal_quiet = isset( $library_portal_opts['quiet'] );
$library_portal_site  = (string) getenv( 'LP_SITE' );
$library_portal_wp    = dirname( __DIR__ ) . '/var/wordpress';
$library_portal_wc    = (string) getenv( 'LP_WOOCOMMERCE_DIR' );

/**
 * Prints an error and exits.
 *
 * @param string $message Message.
 * @param int    $code    Exit code.
 * @return never
 */
function library_portal_fail( string $message, int $code = 1 ) {
	fwrite( STDERR, "site-install: $message\n" );
	exit( $code );
}

/**
 * Connects to the local MariaDB server as the lp user.
 *
 * @param array $settings Site settings.
 * @return mysqli
 */
function library_portal_mariadb( array $settings ): mysqli {
	if ( ! extension_loaded( 'mysqli' ) ) {
		library_portal_fail( 'the PHP mysqli extension is missing; run bin/setup.' );
	}
	try {
		return new mysqli( 'localhost', 'lp', 'lp', '', 0, $settings['socket'] ); // phpcs:ignore WordPress.DB.RestrictedClasses -- WordPress is not loaded yet; this creates its database.
	} catch ( mysqli_sql_exception $e ) {
		library_portal_fail( "cannot reach MariaDB on {$settings['socket']} ({$e->getMessage()}); run bin/mariadb start." );
	}
}

/**
 * Links the WooCommerce copy named by LP_WOOCOMMERCE_DIR into the core's plugins folder
 * (wp-content/plugins/woocommerce). A link to the same copy is kept; anything else there is refused.
 *
 * @param string $copy   Folder of the copy (holds woocommerce.php).
 * @param string $wp_dir WordPress core folder.
 */
function library_portal_link_woocommerce( string $copy, string $wp_dir ): void {
	$real = realpath( $copy );
	if ( false === $real || ! is_file( $real . '/woocommerce.php' ) ) {
		library_portal_fail( "LP_WOOCOMMERCE_DIR=$copy is not a WooCommerce folder (no woocommerce.php); see CONTRIBUTING.md.", 2 );
	}
	$link = $wp_dir . '/wp-content/plugins/woocommerce';
	if ( is_link( $link ) ) {
		if ( realpath( $link ) === $real ) {
			return;
		}
		unlink( $link );
	} elseif ( file_exists( $link ) ) {
		library_portal_fail( "$link exists and is not a link; move it away to use LP_WOOCOMMERCE_DIR." );
	}
	if ( ! symlink( $real, $link ) && realpath( $link ) !== $real ) {
		library_portal_fail( "cannot link $real to $link" );
	}
}

/**
 * Runs one step of this script in a child PHP process with the same environment.
 *
 * @param string $phase Step name.
 * @param array  $flags Extra flags.
 */
function library_portal_run_phase( string $phase, array $flags ): void {
	$command = escapeshellarg( PHP_BINARY ) . ' -d ' . escapeshellarg( 'sendmail_path=cat >/dev/null' ) . ' -d display_errors=stderr -d memory_limit=512M '
		. escapeshellarg( __FILE__ ) . ' --phase=' . $phase;
	foreach ( $flags as $flag ) {
		$command .= ' ' . escapeshellarg( $flag );
	}
	passthru( $command, $code ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_passthru
	if ( 0 !== $code ) {
		library_portal_fail( "step '$phase' failed (exit $code); see also the site's debug.log.", $code );
	}
}

if ( '' === $library_portal_site ) {
	library_portal_fail( 'set LP_SITE to the site to install (e.g. LP_SITE=demo).', 2 );
}
try {
	$library_portal_settings = library_portal_site_settings( $library_portal_site );
} catch ( InvalidArgumentException $e ) {
	library_portal_fail( $e->getMessage(), 2 );
}
if ( ! is_file( $library_portal_wp . '/wp-config.php' ) ) {
	library_portal_fail( 'WordPress is not set up in var/wordpress; run bin/setup.' );
}

if ( 'main' === $library_portal_phase ) {
	$library_portal_dir = $library_portal_settings['dir'];
	if ( isset( $library_portal_opts['fresh'] ) ) {
		foreach ( array( '/database/.ht.sqlite', '/database/.ht.sqlite-wal', '/database/.ht.sqlite-shm', '/debug.log', '/logins.json' ) as $library_portal_file ) {
			if ( file_exists( $library_portal_dir . $library_portal_file ) ) {
				unlink( $library_portal_dir . $library_portal_file );
			}
		}
	}
	if ( ! is_dir( $library_portal_dir . '/database' ) && ! mkdir( $library_portal_dir . '/database', 0777, true ) ) {
		library_portal_fail( "cannot create $library_portal_dir/database" );
	}
	if ( 'mariadb' === $library_portal_settings['engine'] ) {
		$library_portal_db   = library_portal_mariadb( $library_portal_settings );
		$library_portal_name = $library_portal_settings['db_name'];
		if ( isset( $library_portal_opts['fresh'] ) ) {
			$library_portal_db->query( "DROP DATABASE IF EXISTS `$library_portal_name`" );
		}
		$library_portal_db->query( "CREATE DATABASE IF NOT EXISTS `$library_portal_name` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci" );
		$library_portal_db->close();
	}

	if ( '' !== $library_portal_wc ) {
		library_portal_link_woocommerce( $library_portal_wc, $library_portal_wp );
	}

	$library_portal_flags = $library_portal_quiet ? array( '--quiet' ) : array();
	if ( $library_portal_settings['multisite'] ) {
		// WordPress installs as one site, then its network tables are made (README, "A network of sites").
		putenv( 'LP_NETWORK_INSTALLING=1' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- read by bin/site-config.php in the child.
		library_portal_run_phase( 'core', $library_portal_flags );
		putenv( 'LP_NETWORK_INSTALLING' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- the network from here on.
	} else {
		library_portal_run_phase( 'core', $library_portal_flags );
	}
	library_portal_run_phase( 'configure', $library_portal_flags );
	if ( $library_portal_settings['multisite'] ) {
		library_portal_run_phase( 'sites', $library_portal_flags );
	}
	if ( '' !== $library_portal_wc ) {
		library_portal_run_phase( 'woocommerce', $library_portal_flags );
	}
	if ( isset( $library_portal_opts['seed'] ) ) {
		library_portal_run_phase( 'seed', $library_portal_flags );
	}
	exit( 0 );
}

if ( 'core' === $library_portal_phase ) {
	define( 'WP_INSTALLING', true ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals -- WordPress's own flag, as wp-admin/install.php sets it.
	require_once $library_portal_wp . '/wp-load.php';
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';
	if ( ! is_blog_installed() ) {
		$library_portal_result = wp_install(
			'Library Portal (' . $library_portal_site . ')',
			LIBRARY_PORTAL_DEV_ADMIN['login'],
			'admin@example.com',
			false,
			'',
			LIBRARY_PORTAL_DEV_ADMIN['password']
		);
		if ( empty( $library_portal_result['user_id'] ) ) {
			library_portal_fail( 'wp_install() did not create the admin user.' );
		}
		if ( ! $library_portal_quiet ) {
			echo "Installed WordPress {$GLOBALS['wp_version']} for site '$library_portal_site' ({$library_portal_settings['engine']}).\n";
		}
	} elseif ( (int) get_option( 'db_version' ) < (int) $GLOBALS['wp_db_version'] ) {
		wp_upgrade();
	}
	if ( $library_portal_settings['multisite'] && ! $GLOBALS['wpdb']->get_var( $GLOBALS['wpdb']->prepare( 'SHOW TABLES LIKE %s', $GLOBALS['wpdb']->base_prefix . 'site' ) ) ) {
		// A subdirectory network on 127.0.0.1:<port>, as Tools → Network Setup makes it.
		define( 'WP_INSTALLING_NETWORK', true ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals -- WordPress's own flag.
		$library_portal_wpdb = $GLOBALS['wpdb'];
		foreach ( $library_portal_wpdb->tables( 'ms_global' ) as $library_portal_table => $library_portal_prefixed ) {
			$library_portal_wpdb->{$library_portal_table} = $library_portal_prefixed; // As wp-admin/network.php does before it installs.
		}
		install_network();
		$library_portal_result = populate_network( 1, '127.0.0.1:' . $library_portal_settings['port'], 'admin@example.com', 'Library Portal network (' . $library_portal_site . ')', '/', false );
		if ( is_wp_error( $library_portal_result ) ) {
			library_portal_fail( 'making the network failed: ' . $library_portal_result->get_error_message() );
		}
	}
	exit( 0 );
}

require_once $library_portal_wp . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$library_portal_admin = get_user_by( 'login', LIBRARY_PORTAL_DEV_ADMIN['login'] );
if ( $library_portal_admin ) {
	wp_set_current_user( $library_portal_admin->ID );
}

if ( 'configure' === $library_portal_phase ) {
	update_option( 'permalink_structure', '/%postname%/' );
	update_option( 'show_avatars', 0 );
	update_option( 'blog_public', 0 );

	if ( ! is_file( WP_PLUGIN_DIR . '/' . LIBRARY_PORTAL_DEV_PLUGIN ) ) {
		fwrite( STDERR, 'site-install: warning: ' . WP_PLUGIN_DIR . '/' . LIBRARY_PORTAL_DEV_PLUGIN . " is missing; the plugin is not active.\n" );
	} elseif ( is_multisite() ? ! is_plugin_active_for_network( LIBRARY_PORTAL_DEV_PLUGIN ) : ! is_plugin_active( LIBRARY_PORTAL_DEV_PLUGIN ) ) {
		// On a network: Network Activate, as a network's admin does.
		$library_portal_result = activate_plugin( LIBRARY_PORTAL_DEV_PLUGIN, '', is_multisite() );
		if ( is_wp_error( $library_portal_result ) ) {
			library_portal_fail( 'activating the plugin failed: ' . $library_portal_result->get_error_message() . ' ' . wp_json_encode( $library_portal_result->get_error_data() ) );
		}
	}
	if ( '' !== $library_portal_wc && ! is_plugin_active( LIBRARY_PORTAL_DEV_WC ) ) {
		// WooCommerce 10 says "Requires at least: 6.7", so activate_plugin() refuses it on 6.5.5; it runs
		// there all the same (CONTRIBUTING.md). It is switched on directly and installs itself on the next
		// load (WC_Install::check_version() on init), which is the "woocommerce" step.
		$library_portal_active   = (array) get_option( 'active_plugins', array() );
		$library_portal_active[] = LIBRARY_PORTAL_DEV_WC;
		sort( $library_portal_active );
		update_option( 'active_plugins', array_values( array_unique( $library_portal_active ) ) );
	}
	// Rewrite rules are rebuilt on the next request, with the plugin's own rules in them.
	delete_option( 'rewrite_rules' );
	exit( 0 );
}

if ( 'woocommerce' === $library_portal_phase ) {
	if ( ! function_exists( 'WC' ) || ! class_exists( 'WC_Install' ) ) {
		library_portal_fail( 'WooCommerce did not load from ' . WP_PLUGIN_DIR . '/woocommerce.' );
	}
	if ( ! get_option( 'woocommerce_db_version' ) ) {
		WC_Install::install();
	}
	// Headless: no setup wizard, no coming-soon page, no tracking or marketplace calls.
	update_option( 'woocommerce_onboarding_profile', array( 'skipped' => true ) );
	update_option( 'woocommerce_task_list_hidden', 'yes' );
	update_option( 'woocommerce_coming_soon', 'no' );
	update_option( 'woocommerce_store_pages_only', 'no' );
	update_option( 'woocommerce_allow_tracking', 'no' );
	update_option( 'woocommerce_show_marketplace_suggestions', 'no' );
	update_option( 'woocommerce_analytics_enabled', 'no' );
	update_option( 'woocommerce_newly_installed', 'no' );
	update_option( 'woocommerce_currency', 'USD' );
	update_option( 'woocommerce_default_country', 'US:CA' );
	update_option( 'woocommerce_enable_guest_checkout', 'no' ); // Seats need an account to land in.
	update_option( 'woocommerce_enable_checkout_login_reminder', 'yes' );
	delete_transient( '_wc_activation_redirect' );

	// Payments that need no outside service.
	update_option(
		'woocommerce_cheque_settings',
		array(
			'enabled'      => 'yes',
			'title'        => 'Check payments',
			'description'  => 'Pay by cheque.',
			'instructions' => '',
		)
	);
	update_option(
		'woocommerce_cod_settings',
		array(
			'enabled'            => 'yes',
			'title'              => 'Cash on delivery',
			'description'        => 'Pay with cash.',
			'instructions'       => '',
			'enable_for_methods' => array(),
			'enable_for_virtual' => 'yes',
		)
	);

	// Its pages; cart and checkout as the classic shortcodes (no Store API client needed in tests).
	if ( wc_get_page_id( 'myaccount' ) <= 0 || wc_get_page_id( 'checkout' ) <= 0 ) {
		WC_Install::create_pages();
	}
	foreach ( array(
		'cart'     => '[woocommerce_cart]',
		'checkout' => '[woocommerce_checkout]',
	) as $library_portal_page => $library_portal_code ) {
		$library_portal_id = wc_get_page_id( $library_portal_page );
		if ( $library_portal_id > 0 && ! has_shortcode( (string) get_post_field( 'post_content', $library_portal_id ), 'woocommerce_' . $library_portal_page ) ) {
			wp_update_post(
				array(
					'ID'           => $library_portal_id,
					'post_content' => '<!-- wp:shortcode -->' . $library_portal_code . '<!-- /wp:shortcode -->',
				)
			);
		}
	}

	// Order storage: custom order tables (HPOS) unless LP_WOOCOMMERCE_HPOS=0; sync off, as in a new shop.
	$library_portal_hpos = '0' === getenv( 'LP_WOOCOMMERCE_HPOS' ) ? 'no' : 'yes';
	$library_portal_sync = wc_get_container()->get( \Automattic\WooCommerce\Internal\DataStores\Orders\DataSynchronizer::class );
	if ( ! $library_portal_sync->check_orders_table_exists() ) {
		$library_portal_sync->create_database_tables();
	}
	update_option( \Automattic\WooCommerce\Internal\DataStores\Orders\CustomOrdersTableController::CUSTOM_ORDERS_TABLE_USAGE_ENABLED_OPTION, $library_portal_hpos );
	update_option( \Automattic\WooCommerce\Internal\DataStores\Orders\DataSynchronizer::ORDERS_DATA_SYNC_ENABLED_OPTION, 'no' );

	delete_option( 'rewrite_rules' );
	if ( ! $library_portal_quiet ) {
		echo 'WooCommerce ' . WC()->version . ' is active (orders in the ' . ( 'yes' === $library_portal_hpos ? 'custom order tables' : 'posts table' ) . ").\n";
	}
	exit( 0 );
}

if ( 'sites' === $library_portal_phase ) {
	// The network's second site, /summit/, made after the plugin was network-activated (so the
	// plugin installs itself there on wp_initialize_site); the main site shows the Harbor brand.
	\LibraryPortal\Dev\NetworkSeeder::create()->sites();
	exit( 0 );
}

if ( 'seed' === $library_portal_phase && is_multisite() ) {
	// A network gets a small seed of its own: one learner with a library on each site.
	$library_portal_file  = $library_portal_settings['dir'] . '/logins.json';
	$library_portal_known = is_readable( $library_portal_file ) ? json_decode( (string) file_get_contents( $library_portal_file ), true ) : array();
	$library_portal_rows  = \LibraryPortal\Dev\NetworkSeeder::create()->seed( is_array( $library_portal_known ) ? $library_portal_known : array() );
	file_put_contents( $library_portal_file, wp_json_encode( array_merge( array( LIBRARY_PORTAL_DEV_ADMIN ), $library_portal_rows ), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ) . "\n" );
	exit( 0 );
}

if ( 'seed' === $library_portal_phase ) {
	$library_portal_logins = array( LIBRARY_PORTAL_DEV_ADMIN );
	$library_portal_file   = $library_portal_settings['dir'] . '/logins.json';
	if ( class_exists( '\LibraryPortal\Dev\DemoSeeder' ) ) {
		// The passwords of an earlier run come back from the file, so a second run changes nothing.
		$library_portal_known = is_readable( $library_portal_file ) ? json_decode( (string) file_get_contents( $library_portal_file ), true ) : array();
		$library_portal_rows  = \LibraryPortal\Dev\DemoSeeder::create()->seed( is_array( $library_portal_known ) ? $library_portal_known : array() );
		foreach ( (array) $library_portal_rows as $library_portal_row ) {
			if ( ! isset( $library_portal_row['login'], $library_portal_row['password'] ) ) {
				library_portal_fail( 'DemoSeeder::seed() returned a row without login/password: ' . wp_json_encode( $library_portal_row ) );
			}
			$library_portal_logins[] = array(
				'role'     => (string) ( $library_portal_row['role'] ?? '' ),
				'login'    => (string) $library_portal_row['login'],
				'password' => (string) $library_portal_row['password'],
			);
		}
	} else {
		fwrite( STDERR, "site-install: demo data unavailable (\\LibraryPortal\\Dev\\DemoSeeder is not autoloaded; run composer install).\n" );
	}
	file_put_contents( $library_portal_file, wp_json_encode( $library_portal_logins, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ) . "\n" );
	exit( 0 );
}

library_portal_fail( "unknown phase '$library_portal_phase'", 2 );
