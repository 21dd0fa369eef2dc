<?php
/**
 * REST server for tests: records headers instead of sending them.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Support;

use WP_REST_Server;

/**
 * Used through the wp_rest_server_class filter set in tests/php/bootstrap.php.
 */
class SpyRestServer extends WP_REST_Server {

	/**
	 * Headers the server tried to send, by name.
	 *
	 * @var array<string, string>
	 */
	public $sent_headers = array();

	/**
	 * Records a header.
	 *
	 * @param string $key   Header name.
	 * @param string $value Header value.
	 */
	public function send_header( $key, $value ) {
		$this->sent_headers[ $key ] = $value;
	}

	/**
	 * Forgets a header.
	 *
	 * @param string $key Header name.
	 */
	public function remove_header( $key ) {
		unset( $this->sent_headers[ $key ] );
	}
}
