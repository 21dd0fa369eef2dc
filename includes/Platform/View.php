<?php
/**
 * Prints the plugin's views (includes/<Area>/views/*.php).
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform;

/**
 * Each view file returns a closure that prints its markup from the arguments it is given; this
 * calls it. The view's own variables thus live in that closure's scope, never the file's, so a
 * view cannot leak a global or read one by accident, and every name in it is local on its face
 * (what the directory's reviewers check for). The classes keep the logic, the views the markup,
 * escaped where it is printed.
 */
final class View {

	/**
	 * Prints a view with its arguments.
	 *
	 * @param string               $file The view file (it returns a closure taking the arguments).
	 * @param array<string, mixed> $args What the view prints from.
	 */
	public static function render( string $file, array $args = array() ): void {
		$view = require $file;
		$view( $args );
	}

	/**
	 * A view's markup as a string, for callers that hand HTML back to WordPress instead of printing
	 * it (a list table's cells, a filter's return value).
	 *
	 * @param string               $file The view file.
	 * @param array<string, mixed> $args What the view prints from.
	 */
	public static function html( string $file, array $args = array() ): string {
		ob_start();
		self::render( $file, $args );
		return (string) ob_get_clean();
	}
}
