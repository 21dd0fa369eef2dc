<?php
/**
 * A REST reply whose body is already encoded.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Rest;

use WP_REST_Response;
use WP_REST_Server;

/**
 * Carries a JSON body that was encoded earlier (the library cache), so the server can send it
 * as it is instead of decoding and encoding a large reply again. Anything that asks for the data
 * (in-process requests, `_fields`, `_envelope`, `_embed`, filters) gets it decoded.
 */
final class RawJsonResponse extends WP_REST_Response {

	/**
	 * The encoded body.
	 *
	 * @var string
	 */
	private string $json;

	/**
	 * Whether $this->data holds the decoded body yet.
	 *
	 * @var bool
	 */
	private bool $decoded = false;

	/**
	 * Creates the reply.
	 *
	 * @param string $json Encoded body.
	 */
	public function __construct( string $json ) {
		parent::__construct( null, 200 ); // Calls set_data( null ): the state is set after it.
		$this->json    = $json;
		$this->decoded = false;
	}

	/**
	 * The decoded body.
	 *
	 * @return mixed
	 */
	public function get_data() {
		if ( ! $this->decoded ) {
			$this->data    = json_decode( $this->json, true );
			$this->decoded = true;
		}
		return $this->data;
	}

	/**
	 * Replaces the body (a filter changed it): from now on it is sent encoded as usual.
	 *
	 * @param mixed $data Body.
	 * @return void
	 */
	public function set_data( $data ) {
		$this->data    = $data;
		$this->decoded = true;
		$this->json    = '';
	}

	/**
	 * The body as the server sends it (empty objects stay objects, which the decoded array of
	 * get_data() cannot tell from empty lists).
	 */
	public function encoded(): string {
		return '' !== $this->json ? $this->json : (string) wp_json_encode( $this->get_data() );
	}

	/**
	 * Hook: sends the stored JSON when nothing asked to change or reshape it.
	 *
	 * @param bool             $served  Whether the request was already served.
	 * @param mixed            $result  Reply.
	 * @param \WP_REST_Request $request Request.
	 * @param WP_REST_Server   $server  Server.
	 */
	public static function serve( $served, $result, $request, $server ): bool {
		if ( $served || ! $result instanceof self || '' === $result->json ) {
			return (bool) $served;
		}
		foreach ( array( '_fields', '_embed', '_envelope', '_jsonp', '_pretty' ) as $reshaping ) {
			if ( isset( $request[ $reshaping ] ) ) {
				return false;
			}
		}
		if ( 'HEAD' !== $request->get_method() ) {
			echo $result->json; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON encoded by wp_json_encode(), sent as application/json.
		}
		return true;
	}
}
