<?php
/**
 * The spec's error replies.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Rest;

use WP_Error;
use WP_HTTP_Response;
use WP_REST_Request;
use WP_REST_Server;

/**
 * The one place that shapes errors of `library/v2` as the spec reads them:
 * `{ success: false, error_code, data: { message, status } }`, keeping WordPress's own `code`
 * and `message` beside them, so `@wordpress/api-fetch` and the spec's client read the same reply.
 *
 * Routes make errors with error(); permission callbacks and WordPress itself (401 without a
 * nonce, 400 for a bad argument) return WP_Error too, and the filter reshapes them all.
 */
final class ErrorReply {

	/**
	 * Routes whose errors are reshaped.
	 */
	private const NAMESPACE_PREFIX = '/library/v2/';

	/**
	 * Adds the filter.
	 */
	public function register(): void {
		add_filter( 'rest_post_dispatch', array( $this, 'reshape' ), 10, 3 );
	}

	/**
	 * An error of the spec's kind.
	 *
	 * @param string $error_code Machine-readable code, e.g. 'license_activated'.
	 * @param string $message    Sentence for the customer.
	 * @param int    $status     HTTP status.
	 */
	public static function error( string $error_code, string $message, int $status ): WP_Error {
		return new WP_Error( $error_code, $message, array( 'status' => $status ) );
	}

	/**
	 * The WP_Error a route answers with for a service's refusal: the same code, message, status and
	 * data as the service gave (docs/rules/platform.md, "Code layout: one folder per feature").
	 *
	 * @param Refusal $refusal What the service refused.
	 */
	public static function refused( Refusal $refusal ): WP_Error {
		return new WP_Error( $refusal->code, $refusal->message, array_merge( array( 'status' => $refusal->status ), $refusal->data ) );
	}

	/**
	 * Gives every error reply of the plugin's routes the spec's envelope.
	 *
	 * @param WP_HTTP_Response|mixed $response Result to send.
	 * @param WP_REST_Server         $server   Server.
	 * @param WP_REST_Request        $request  Request.
	 * @return WP_HTTP_Response|mixed
	 */
	public function reshape( $response, $server, $request ) {
		if ( ! $response instanceof WP_HTTP_Response || $response->get_status() < 400 || ! str_starts_with( $request->get_route() . '/', self::NAMESPACE_PREFIX ) ) {
			return $response;
		}
		$body = $response->get_data();
		if ( ! is_array( $body ) || ! isset( $body['code'], $body['message'] ) ) {
			return $response;
		}
		$data = is_array( $body['data'] ?? null ) ? $body['data'] : array();
		$response->set_data(
			array(
				'success'    => false,
				'error_code' => (string) $body['code'],
				'code'       => (string) $body['code'],
				'message'    => (string) $body['message'],
				'data'       => array_merge(
					$data,
					array(
						'message' => (string) $body['message'],
						'status'  => $response->get_status(),
					)
				),
			)
		);
		return $response;
	}
}
