<?php
/**
 * Makes the installable plugin zip (see bin/package): the plugin's own files (library-portal.php,
 * uninstall.php, readme.txt, includes/, assets/, languages/) minus .distignore, plus build/, the runtime
 * Composer packages (require, never require-dev) and a production autoloader
 * (composer dump-autoload --no-dev: no dev/, no tests).
 *
 * Usage: php bin/package.php [--list] [--out=<dir>]
 *   --list       print the files of the package, one per line, instead of writing the zip
 *   --out=<dir>  where the staged folder and the zip go (default var/package; tests use their own)
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.Security.EscapeOutput.OutputNotEscaped -- a command-line tool, outside WordPress.
// phpcs:disable WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec -- runs git and composer.

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}

const LIBRARY_PORTAL_PACKAGE_SLUG = 'library-portal';

/**
 * What a zip may hold at its top level: the plugin's PHP, its readme, composer.json (what vendor/
 * holds, for reviewers), the build, static assets
 * that are not built (assets/), the translations and the runtime vendor/. Anything else (a new
 * config or doc at the root) stays out even when .distignore forgets it.
 */
const LIBRARY_PORTAL_PACKAGE_SHIPPED = array( 'library-portal.php', 'uninstall.php', 'readme.txt', 'composer.json', 'includes', 'build', 'assets', 'languages', 'vendor' );

$library_portal_root = dirname( __DIR__ );
$library_portal_opts = getopt( '', array( 'list', 'out:' ) );
$library_portal_list = isset( $library_portal_opts['list'] );
$library_portal_out  = rtrim( (string) ( $library_portal_opts['out'] ?? $library_portal_root . '/var/package' ), '/' );

/**
 * Prints an error and exits.
 *
 * @param string $message Message.
 * @return never
 */
function library_portal_package_fail( string $message ) {
	fwrite( STDERR, "package: $message\n" );
	exit( 1 );
}

/**
 * The patterns of .distignore.
 *
 * @param string $root Repository root.
 * @return string[]
 */
function library_portal_package_patterns( string $root ): array {
	$lines = file( $root . '/.distignore', FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES );
	if ( false === $lines ) {
		library_portal_package_fail( '.distignore is missing.' );
	}
	return array_values(
		array_filter(
			array_map( 'trim', $lines ),
			static function ( string $line ): bool {
				return '' !== $line && '#' !== $line[0];
			}
		)
	);
}

/**
 * Whether .distignore keeps a path out: "/x" matches x and everything below it; a bare name
 * matches any path segment.
 *
 * @param string   $path     Path from the root, without a leading slash.
 * @param string[] $patterns Patterns.
 */
function library_portal_package_ignored( string $path, array $patterns ): bool {
	foreach ( $patterns as $pattern ) {
		if ( '/' === $pattern[0] ) {
			$anchored = ltrim( $pattern, '/' );
			if ( fnmatch( $anchored, $path ) || str_starts_with( $path, rtrim( $anchored, '/' ) . '/' ) ) {
				return true;
			}
			continue;
		}
		foreach ( explode( '/', $path ) as $segment ) {
			if ( fnmatch( $pattern, $segment ) ) {
				return true;
			}
		}
	}
	return false;
}

/**
 * Files of the project (tracked or new, not git-ignored) plus build/, relative to the root.
 *
 * @param string $root Repository root.
 * @return string[]
 */
function library_portal_package_sources( string $root ): array {
	exec( 'git -C ' . escapeshellarg( $root ) . ' ls-files --cached --others --exclude-standard', $files, $code );
	if ( 0 !== $code ) {
		library_portal_package_fail( 'git ls-files failed.' );
	}
	if ( ! is_file( $root . '/build/index.js' ) ) {
		library_portal_package_fail( 'build/ is missing: run npm run build first.' );
	}
	$build = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $root . '/build', FilesystemIterator::SKIP_DOTS ) );
	foreach ( $build as $file ) {
		$files[] = substr( $file->getPathname(), strlen( $root ) + 1 );
	}
	$files = array_filter(
		array_unique( $files ),
		static function ( string $file ) use ( $root ): bool {
			return is_file( $root . '/' . $file ) && ! str_starts_with( $file, 'vendor/' );
		}
	);
	sort( $files );
	return $files;
}

/**
 * Files of a runtime package kept out of the zip: TCPDF ships 25 MB of fonts, the certificate
 * uses DejaVu Sans (regular, bold), the CJK fallback cid0cs with its map, and the core fonts
 * TCPDF itself may fall back to; its tools/ are command-line helpers.
 *
 * @param string $package Package name.
 * @param string $path    Path inside the package.
 */
function library_portal_package_vendor_skipped( string $package, string $path ): bool {
	if ( 'tecnickcom/tcpdf' !== $package ) {
		return false;
	}
	if ( str_starts_with( $path, 'tools/' ) ) {
		return true;
	}
	if ( ! str_starts_with( $path, 'fonts/' ) ) {
		return false;
	}
	$font = substr( $path, 6 );
	return str_contains( $font, '/' ) || ! preg_match( '/^(dejavusansb?\.(php|z|ctg\.z)|cid0cs\.php|uni2cid_ag15\.php|(courier|helvetica|times)(b|i|bi)?\.php|symbol\.php|zapfdingbats\.php)$/', $font );
}

/**
 * Copies the runtime Composer packages (require, not require-dev) into the stage's vendor/ and
 * writes an installed.json that lists only them, so dump-autoload --no-dev maps their classes.
 *
 * @param string $root  Repository root.
 * @param string $stage Staged plugin folder.
 */
function library_portal_package_vendor( string $root, string $stage ): void {
	$installed = json_decode( (string) file_get_contents( $root . '/vendor/composer/installed.json' ), true );
	if ( ! is_array( $installed ) ) {
		library_portal_package_fail( 'vendor/composer/installed.json is missing: run composer install first.' );
	}
	$dev      = (array) ( $installed['dev-package-names'] ?? array() );
	$packages = array();
	foreach ( (array) ( $installed['packages'] ?? array() ) as $package ) {
		if ( in_array( $package['name'], $dev, true ) ) {
			continue;
		}
		$source = $root . '/vendor/' . $package['name'];
		$files  = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $source, FilesystemIterator::SKIP_DOTS ) );
		foreach ( $files as $file ) {
			$path = substr( $file->getPathname(), strlen( $source ) + 1 );
			if ( library_portal_package_vendor_skipped( $package['name'], $path ) ) {
				continue;
			}
			$target = $stage . '/vendor/' . $package['name'] . '/' . $path;
			if ( ! is_dir( dirname( $target ) ) ) {
				mkdir( dirname( $target ), 0777, true );
			}
			copy( $file->getPathname(), $target );
		}
		$packages[] = $package;
	}
	if ( ! is_dir( $stage . '/vendor/composer' ) ) {
		mkdir( $stage . '/vendor/composer', 0777, true );
	}
	$runtime = array(
		'packages'          => $packages,
		'dev'               => false,
		'dev-package-names' => array(),
	);
	file_put_contents( $stage . '/vendor/composer/installed.json', json_encode( $runtime, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ) );
}

$library_portal_patterns = library_portal_package_patterns( $library_portal_root );
$library_portal_files    = array_values(
	array_filter(
		library_portal_package_sources( $library_portal_root ),
		static function ( string $file ) use ( $library_portal_patterns ): bool {
			return in_array( explode( '/', $file )[0], LIBRARY_PORTAL_PACKAGE_SHIPPED, true )
				&& ! library_portal_package_ignored( $file, $library_portal_patterns );
		}
	)
);

// Stage the files and give them an autoloader without autoload-dev.
$library_portal_stage = $library_portal_out . '/' . LIBRARY_PORTAL_PACKAGE_SLUG;
exec( 'rm -rf ' . escapeshellarg( $library_portal_stage ) );
foreach ( $library_portal_files as $library_portal_file ) {
	$library_portal_target = $library_portal_stage . '/' . $library_portal_file;
	if ( ! is_dir( dirname( $library_portal_target ) ) ) {
		mkdir( dirname( $library_portal_target ), 0777, true );
	}
	copy( $library_portal_root . '/' . $library_portal_file, $library_portal_target );
}
// The zip's composer.json names what its vendor/ holds (the runtime packages and the autoload):
// no dev packages, no autoload-dev of folders that do not ship.
$library_portal_composer = json_decode( (string) file_get_contents( $library_portal_root . '/composer.json' ), true );
if ( ! is_array( $library_portal_composer ) ) {
	library_portal_package_fail( 'composer.json is not valid JSON.' );
}
unset( $library_portal_composer['require-dev'], $library_portal_composer['autoload-dev'], $library_portal_composer['config'] );
file_put_contents( $library_portal_stage . '/composer.json', json_encode( $library_portal_composer, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ) . "\n" );
library_portal_package_vendor( $library_portal_root, $library_portal_stage );
exec( 'cd ' . escapeshellarg( $library_portal_stage ) . ' && composer dump-autoload --no-dev --classmap-authoritative --no-interaction --quiet 2>&1', $library_portal_output, $library_portal_code );
if ( 0 !== $library_portal_code || ! is_file( $library_portal_stage . '/vendor/autoload.php' ) ) {
	library_portal_package_fail( 'composer dump-autoload --no-dev failed: ' . implode( "\n", $library_portal_output ) );
}

$library_portal_shipped = array();
$library_portal_walk    = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $library_portal_stage, FilesystemIterator::SKIP_DOTS ) );
foreach ( $library_portal_walk as $library_portal_entry ) {
	$library_portal_shipped[] = substr( $library_portal_entry->getPathname(), strlen( $library_portal_stage ) + 1 );
}
sort( $library_portal_shipped );

if ( $library_portal_list ) {
	echo implode( "\n", $library_portal_shipped ), "\n";
	exit( 0 );
}

preg_match( '/^\s*\*\s*Version:\s*(\S+)/m', (string) file_get_contents( $library_portal_root . '/library-portal.php' ), $library_portal_version );
$library_portal_zip_path = $library_portal_out . '/' . LIBRARY_PORTAL_PACKAGE_SLUG . '-' . ( $library_portal_version[1] ?? 'dev' ) . '.zip';
$library_portal_zip      = new ZipArchive();
if ( true !== $library_portal_zip->open( $library_portal_zip_path, ZipArchive::CREATE | ZipArchive::OVERWRITE ) ) {
	library_portal_package_fail( "cannot write $library_portal_zip_path" );
}
foreach ( $library_portal_shipped as $library_portal_file ) {
	$library_portal_zip->addFile( $library_portal_stage . '/' . $library_portal_file, LIBRARY_PORTAL_PACKAGE_SLUG . '/' . $library_portal_file );
}
$library_portal_zip->close();
echo $library_portal_zip_path, ' (', count( $library_portal_shipped ), " files)\n";
