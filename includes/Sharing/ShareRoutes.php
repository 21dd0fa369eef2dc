<?php
/**
 * What the sharing routes have in common.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Sharing;

use LibraryPortal\Platform\Rest\Controller;
use LibraryPortal\Platform\Rest\ErrorReply;
use LibraryPortal\Platform\Rest\Refusal;
use WP_Error;
use WP_REST_Response;

/**
 * The base of the owner's (ShareOwnerController) and the invitee's (ShareInviteController)
 * routes: both answer a sharing service's result the same way.
 */
abstract class ShareRoutes extends Controller {

	/**
	 * The reply of a service's answer: success with its data, or the error; a 429 says when to
	 * come back in Retry-After.
	 *
	 * @param array<string, mixed>|Refusal|WP_Error $result Service answer.
	 * @return WP_REST_Response
	 */
	protected function reply( $result ): WP_REST_Response {
		if ( $result instanceof Refusal ) {
			$result = ErrorReply::refused( $result );
		}
		if ( ! $result instanceof WP_Error ) {
			return $this->success( $result );
		}
		$response = rest_convert_error_to_response( $result );
		$data     = $result->get_error_data();
		if ( is_array( $data ) && isset( $data['retry_after'] ) ) {
			$response->header( 'Retry-After', (string) (int) $data['retry_after'] );
		}
		$response->header( 'Cache-Control', 'no-store, private' );
		return $response;
	}
}
