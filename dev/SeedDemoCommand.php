<?php
/**
 * `wp library-portal seed-demo`, on development copies only.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Dev;

use WP_CLI;

/**
 * Seeds the demo users and library through DemoSeeder. It lives in dev/ with the seeder, so the
 * plugin zip holds neither; the local sites' must-use plugin (bin/dev-mu-plugin.php) registers it
 * on cli_init when this class autoloads (Composer's dev autoloader).
 */
final class SeedDemoCommand {

	/**
	 * Adds the command to WP-CLI when the seeder is there.
	 */
	public static function register(): void {
		if ( class_exists( DemoSeeder::class ) ) {
			WP_CLI::add_command( 'library-portal seed-demo', new self() );
		}
	}

	/**
	 * Seeds the demo (once; a second run changes nothing) and lists the demo logins.
	 *
	 * ## OPTIONS
	 *
	 * [--logins=<file>]
	 * : A logins JSON file (as bin/site-install writes): its passwords are kept and the file is
	 * written back with the result. Without it, existing demo users get new passwords.
	 *
	 * [--format=<format>]
	 * : Output format of the logins.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - csv
	 *   - json
	 * ---
	 *
	 * @param string[]              $args       Positional arguments.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		$file  = (string) ( $assoc_args['logins'] ?? '' );
		$known = array();
		if ( '' !== $file && is_readable( $file ) ) {
			$text  = trim( (string) file_get_contents( $file ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file named by the operator.
			$known = '' === $text ? array() : json_decode( $text, true );
			if ( ! is_array( $known ) ) {
				WP_CLI::error( sprintf( '%s is not a logins JSON file.', $file ) );
			}
		} elseif ( '' === $file ) {
			WP_CLI::warning( 'No --logins file: demo users that exist already get new passwords.' );
		}
		$logins = DemoSeeder::create()->seed( $known );
		if ( '' !== $file ) {
			// Rows of the file that are not demo users (the admin's) stay.
			$seeded = array_column( $logins, 'login' );
			$rows   = array_values( array_filter( $known, static fn( $row ) => ! in_array( $row['login'] ?? '', $seeded, true ) ) );
			file_put_contents( $file, wp_json_encode( array_merge( $rows, $logins ), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ) . "\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- a local file named by the operator.
		}
		\WP_CLI\Utils\format_items( (string) ( $assoc_args['format'] ?? 'table' ), $logins, array( 'role', 'login', 'password' ) );
		WP_CLI::success( sprintf( 'Demo seeded: %d login(s).', count( $logins ) ) );
	}
}
