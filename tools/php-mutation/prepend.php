<?php
/**
 * Loaded before PHPUnit (php -d auto_prepend_file=…) by tools/php-mutation/run.php: the one class
 * named by LP_MUTATION_CLASS comes from its mutated copy (LP_MUTATION_FILE, under a copy of
 * includes/), every other class from the working tree, which the runner never changes.
 *
 * At shutdown it writes "loaded" to LP_MUTATION_MARK when the mutated copy was included: a mutant
 * that every test passes without loading it was not tested at all (no coverage), not survived.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- runs before WordPress is loaded.

$library_portal_mutated_class = (string) getenv( 'LP_MUTATION_CLASS' );
$library_portal_mutated_file  = (string) getenv( 'LP_MUTATION_FILE' );
if ( '' !== $library_portal_mutated_class && is_file( $library_portal_mutated_file ) ) {
	// Composer registers its loader first in line (prepend), so it is set up here and ours goes before it.
	require_once dirname( __DIR__, 2 ) . '/vendor/autoload.php';
	spl_autoload_register(
		static function ( string $class_name ) use ( $library_portal_mutated_class, $library_portal_mutated_file ): void {
			if ( $class_name === $library_portal_mutated_class ) {
				require $library_portal_mutated_file;
			}
		},
		true,
		true
	);
	register_shutdown_function(
		static function () use ( $library_portal_mutated_file ): void {
			$mark = (string) getenv( 'LP_MUTATION_MARK' );
			if ( '' !== $mark && in_array( realpath( $library_portal_mutated_file ), get_included_files(), true ) ) {
				file_put_contents( $mark, 'loaded' );
			}
		}
	);
}
unset( $library_portal_mutated_class, $library_portal_mutated_file );
