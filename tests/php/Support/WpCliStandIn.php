<?php
/**
 * A stand-in for WP-CLI's static API, loaded only when WP-CLI is absent.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedClassFound -- it stands in for WP-CLI's own class.

/**
 * Records messages instead of printing them; error() throws instead of exiting.
 */
final class WP_CLI {

	/**
	 * Messages said so far.
	 *
	 * @var string[]
	 */
	public static array $said = array();

	/**
	 * Records a success message.
	 *
	 * @param string $message Message.
	 */
	public static function success( string $message ): void {
		self::$said[] = $message;
	}

	/**
	 * Stops the command.
	 *
	 * @param string $message Message.
	 * @throws RuntimeException Always.
	 */
	public static function error( string $message ): void {
		throw new RuntimeException( esc_html( $message ) );
	}
}
