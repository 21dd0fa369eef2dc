<?php
/**
 * The part of WP-CLI's API the plugin calls (no WP-CLI stubs package is on the registries here).
 *
 * @package LibraryPortal
 */

// phpcs:disable -- declarations for static analysis only, never loaded by WordPress.

namespace {

/**
 * WP-CLI's static facade.
 */
class WP_CLI {

	/**
	 * @param string                   $name     Command name.
	 * @param callable|object|string   $callable Command implementation.
	 * @param array<string, mixed>     $args     Registration arguments.
	 */
	public static function add_command( $name, $callable, $args = array() ): bool {}

	/**
	 * @param string $message Message.
	 */
	public static function success( $message ): void {}

	/**
	 * @param string|\WP_Error|\Exception $message Message.
	 * @param bool|int                    $exit    Exit code, or false to go on.
	 * @return ($exit is false ? void : never)
	 */
	public static function error( $message, $exit = true ) {}

	/**
	 * @param string $message Message.
	 */
	public static function log( $message ): void {}

	/**
	 * @param string $message Message.
	 */
	public static function warning( $message ): void {}
}
}

namespace WP_CLI\Utils {

	/**
	 * Prints rows as a table, CSV, JSON, YAML, IDs or a count.
	 *
	 * @param string                      $format Output format.
	 * @param array<int, array|object>    $items  Rows.
	 * @param array<int, string>|string   $fields Columns.
	 */
	function format_items( $format, $items, $fields ): void {}
}
