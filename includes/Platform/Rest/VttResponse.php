<?php
/**
 * A REST reply whose body is a WebVTT file.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Rest;

use WP_REST_Response;
use WP_REST_Server;

/**
 * The subtitle proxy answers with the file itself, not JSON. The body travels as the data (so
 * in-process requests and tests read it), and serve() prints it as it is instead of letting the
 * REST server encode it, the way RawJsonResponse does for cached JSON.
 */
final class VttResponse extends WP_REST_Response {

	/**
	 * Creates the reply with the proxy's headers.
	 *
	 * @param string $text WebVTT text.
	 */
	public function __construct( string $text ) {
		parent::__construct( $text, 200 );
		$this->header( 'Content-Type', 'text/vtt; charset=utf-8' );
		$this->header( 'X-Content-Type-Options', 'nosniff' );
		$this->header( 'Cache-Control', 'private, max-age=3600' );
		$this->header( 'Content-Disposition', 'inline' );
	}

	/**
	 * Hook (rest_pre_serve_request): prints the file.
	 *
	 * @param bool             $served  Whether the request was already served.
	 * @param mixed            $result  Reply.
	 * @param \WP_REST_Request $request Request.
	 * @param WP_REST_Server   $server  Server.
	 */
	public static function serve( $served, $result, $request, $server ): bool {
		if ( $served || ! $result instanceof self || ! is_string( $result->get_data() ) ) {
			return (bool) $served;
		}
		if ( 'HEAD' !== $request->get_method() ) {
			RawBody::send( $result->get_data(), (string) ( $result->get_headers()['Content-Type'] ?? '' ) );
		}
		return true;
	}
}
