<?php
/**
 * WordPress configuration of the local sites, included by var/wordpress/wp-config.php.
 *
 * The site comes from the environment variable LP_SITE (the PHP built-in server passes
 * its own environment to its workers). Without LP_SITE, a request to the built-in server
 * picks the known site of its port. Each site has its own database (SQLite file
 * var/sites/<site>/database/.ht.sqlite, or the MariaDB database lp_<site> on the socket
 * var/run/mariadb.sock), address, uploads folder and debug log.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.GlobalVariablesOverride.Prohibited, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound, WordPress.Security.ValidatedSanitizedInput -- this is wp-config (it fills in $_SERVER for command-line runs).

require_once __DIR__ . '/sites.php';

$library_portal_site = (string) getenv( 'LP_SITE' );
if ( '' === $library_portal_site && 'cli-server' === PHP_SAPI && isset( $_SERVER['SERVER_PORT'] ) ) {
	$library_portal_site = library_portal_site_for_port( (int) $_SERVER['SERVER_PORT'] );
}
if ( '' === $library_portal_site ) {
	if ( 'cli' !== PHP_SAPI ) {
		header( 'HTTP/1.1 500 Internal Server Error' );
	}
	exit( "Library Portal dev runtime: set LP_SITE (demo, e2e, test-sqlite, test-mariadb, bench) to choose the site.\n" );
}

try {
	$library_portal_config = library_portal_site_settings( $library_portal_site );
} catch ( InvalidArgumentException $e ) {
	exit( 'Library Portal dev runtime: ' . $e->getMessage() . "\n" ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- plain text.
}

define( 'LIBRARY_PORTAL_DEV_SITE', $library_portal_site );
define( 'LIBRARY_PORTAL_DEV_SITE_DIR', $library_portal_config['dir'] );

// While var/sites/<site>/database-away exists the site's database cannot be reached, as while MariaDB is
// down: WordPress fails to connect and answers through wp-content/db-error.php (the drop-in). Tests
// make a real outage with it (tests/e2e/progress-database-away.spec.ts); no socket is ever at that path.
$library_portal_database_away = file_exists( $library_portal_config['dir'] . '/database-away' );
if ( $library_portal_database_away ) {
	define( 'DB_ENGINE', 'mysql' );
	define( 'DB_NAME', $library_portal_config['db_name'] );
	define( 'DB_USER', 'lp' );
	define( 'DB_PASSWORD', 'lp' );
	define( 'DB_HOST', 'localhost:' . $library_portal_config['dir'] . '/database-away.sock' );
} elseif ( 'mariadb' === $library_portal_config['engine'] ) {
	define( 'DB_ENGINE', 'mysql' ); // The SQLite drop-in (wp-content/db.php) steps aside.
	define( 'DB_NAME', $library_portal_config['db_name'] );
	define( 'DB_USER', 'lp' );
	define( 'DB_PASSWORD', 'lp' );
	define( 'DB_HOST', 'localhost:' . $library_portal_config['socket'] );
} else {
	define( 'DB_ENGINE', 'sqlite' );
	define( 'DB_DIR', $library_portal_config['dir'] . '/database/' );
	define( 'DB_FILE', '.ht.sqlite' );
	define( 'DB_NAME', 'wordpress' );
	define( 'DB_USER', '' );
	define( 'DB_PASSWORD', '' );
	define( 'DB_HOST', 'localhost' );
}
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );

$library_portal_salts = dirname( __DIR__ ) . '/var/salts.php';
if ( ! is_readable( $library_portal_salts ) ) {
	exit( "Library Portal dev runtime: var/salts.php is missing; run bin/setup.\n" );
}
require_once $library_portal_salts;

$table_prefix            = 'wp_';
$GLOBALS['table_prefix'] = $table_prefix;

if ( $library_portal_config['multisite'] ) {
	// A subdirectory network on 127.0.0.1:<port> (README, "A network of sites"): each site keeps its
	// own home and siteurl options, so no WP_HOME. While bin/site-install.php makes the network's
	// tables (LP_NETWORK_INSTALLING=1) WordPress runs as the single site it starts as.
	define( 'WP_ALLOW_MULTISITE', true );
	if ( '1' !== getenv( 'LP_NETWORK_INSTALLING' ) ) {
		define( 'MULTISITE', true );
		define( 'SUBDOMAIN_INSTALL', false );
		define( 'DOMAIN_CURRENT_SITE', '127.0.0.1:' . $library_portal_config['port'] );
		define( 'PATH_CURRENT_SITE', '/' );
		define( 'SITE_ID_CURRENT_SITE', 1 );
		define( 'BLOG_ID_CURRENT_SITE', 1 );
	} else {
		define( 'WP_HOME', $library_portal_config['url'] );
		define( 'WP_SITEURL', $library_portal_config['url'] );
	}
} else {
	define( 'WP_HOME', $library_portal_config['url'] );
	define( 'WP_SITEURL', $library_portal_config['url'] );
}
define( 'UPLOADS', 'wp-content/uploads/' . $library_portal_site );

define( 'WP_ENVIRONMENT_TYPE', 'local' );
// The failed connection of an outage on purpose is no PHP error to report (bin/test-e2e shows the log).
define( 'WP_DEBUG', ! $library_portal_database_away );
define( 'WP_DEBUG_LOG', $library_portal_config['dir'] . '/debug.log' );
// On the command line WordPress leaves display_errors alone (our scripts send errors to stderr).
define( 'WP_DEBUG_DISPLAY', 'cli' === PHP_SAPI ? null : false );
define( 'SCRIPT_DEBUG', false );

// No internet here: no update checks, no calls to wordpress.org (loopback stays allowed).
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_AUTO_UPDATE_CORE', false );
define( 'FS_METHOD', 'direct' );
if ( str_starts_with( $library_portal_site, 'bench' ) ) {
	define( 'LIBRARY_PORTAL_SERVER_TIMING', true ); // Server-Timing and X-Library-Queries headers on REST replies.
}
if ( str_starts_with( $library_portal_site, 'test-' ) ) {
	define( 'DISABLE_WP_CRON', true );
}

// A persistent object cache through Redis (bin/redis, socket var/run/redis.sock) when LP_REDIS_DROPIN
// names a copy of a well-known drop-in (CONTRIBUTING.md); bin/object-cache.php loads it for this site
// only. Each site has its own key prefix, and a flush empties only that prefix.
$library_portal_dropin = (string) getenv( 'LP_REDIS_DROPIN' );
if ( '' !== $library_portal_dropin ) {
	if ( ! is_readable( $library_portal_dropin ) ) {
		exit( "Library Portal dev runtime: LP_REDIS_DROPIN=$library_portal_dropin is not a readable file.\n" ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- plain text.
	}
	define( 'LIBRARY_PORTAL_DEV_OBJECT_CACHE', (string) realpath( $library_portal_dropin ) );
	define( 'WP_REDIS_CLIENT', 'phpredis' );
	define( 'WP_REDIS_SCHEME', 'unix' );
	define( 'WP_REDIS_PATH', dirname( __DIR__ ) . '/var/run/redis.sock' );
	define( 'WP_REDIS_PREFIX', 'lp_' . $library_portal_site . ':' );
	define( 'WP_REDIS_SELECTIVE_FLUSH', true );
	define( 'WP_CACHE_KEY_SALT', 'lp_' . $library_portal_site . ':' );
}

// LP_PRIMARY_READS=off stops the plugin sending its decision reads to the primary database
// (docs/rules/platform.md, "Reads that must be fresh (replicas)"):
// only for the replicated lane's lag test (tests/replica), to show that the test fails without that routing.
if ( 'off' === getenv( 'LP_PRIMARY_READS' ) ) {
	define( 'LIBRARY_PORTAL_PRIMARY_READS', false );
}

// Command-line runs (installer, PHPUnit, bin/wp-php) look like a request to the site.
if ( 'cli' === PHP_SAPI ) {
	$_SERVER['HTTP_HOST']       = $_SERVER['HTTP_HOST'] ?? '127.0.0.1:' . $library_portal_config['port'];
	$_SERVER['SERVER_NAME']     = $_SERVER['SERVER_NAME'] ?? '127.0.0.1';
	$_SERVER['SERVER_PORT']     = $_SERVER['SERVER_PORT'] ?? (string) $library_portal_config['port'];
	$_SERVER['SERVER_PROTOCOL'] = $_SERVER['SERVER_PROTOCOL'] ?? 'HTTP/1.1';
	$_SERVER['REQUEST_METHOD']  = $_SERVER['REQUEST_METHOD'] ?? 'GET';
	$_SERVER['REQUEST_URI']     = $_SERVER['REQUEST_URI'] ?? '/';
	$_SERVER['REMOTE_ADDR']     = $_SERVER['REMOTE_ADDR'] ?? '127.0.0.1';
}

unset( $library_portal_config, $library_portal_salts, $library_portal_dropin, $library_portal_database_away );
