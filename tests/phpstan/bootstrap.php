<?php
/**
 * Constants PHPStan cannot see: WordPress defines them at run time (wp-includes/default-constants.php,
 * wp-config.php), and library-portal.php defines the plugin's own with plugin_dir_path(). Their values
 * here only give PHPStan a type; phpstan.neon.dist lists the ones that vary as dynamic.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- WordPress's own constants.

define( 'ABSPATH', '/var/www/wordpress/' );
define( 'WP_CONTENT_DIR', ABSPATH . 'wp-content' );
define( 'COOKIEPATH', '/' );
define( 'SITECOOKIEPATH', '/' );
define( 'COOKIE_DOMAIN', '' );
define( 'MINUTE_IN_SECONDS', 60 );
define( 'HOUR_IN_SECONDS', 3600 );
define( 'DAY_IN_SECONDS', 86400 );
define( 'WEEK_IN_SECONDS', 604800 );
define( 'MONTH_IN_SECONDS', 2592000 );
define( 'YEAR_IN_SECONDS', 31536000 );
define( 'KB_IN_BYTES', 1024 );
define( 'MB_IN_BYTES', 1048576 );
define( 'OBJECT', 'OBJECT' );
define( 'OBJECT_K', 'OBJECT_K' );
define( 'ARRAY_A', 'ARRAY_A' );
define( 'ARRAY_N', 'ARRAY_N' );

define( 'LIBRARY_PORTAL_VERSION', '0.1.0' );
define( 'LIBRARY_PORTAL_FILE', dirname( __DIR__, 2 ) . '/library-portal.php' );
define( 'LIBRARY_PORTAL_DIR', dirname( __DIR__, 2 ) . '/' );
define( 'LIBRARY_PORTAL_URL', 'https://example.com/wp-content/plugins/library-portal/' );
define( 'LIBRARY_PORTAL_MIN_PHP', '8.1' );
