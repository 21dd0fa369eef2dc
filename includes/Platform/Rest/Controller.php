<?php
/**
 * Base of the plugin's REST controllers.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Rest;

use WP_Error;
use WP_REST_Controller;
use WP_REST_Response;

/**
 * Shared namespace, login check and reply envelope.
 *
 * Cookie requests carry the `wp_rest` nonce: WordPress's REST cookie check treats a request
 * without it as logged out (401 here) and answers 403 to a wrong one, before any route runs.
 */
abstract class Controller extends WP_REST_Controller {

	/**
	 * Namespace of every route.
	 *
	 * @var non-falsy-string
	 */
	protected $namespace = 'library/v2';

	/**
	 * Permission callback: a logged-in user.
	 *
	 * @return true|WP_Error
	 */
	public function require_login() {
		if ( is_user_logged_in() ) {
			return true;
		}
		return new WP_Error(
			'rest_forbidden',
			__( 'Please log in to open your library.', 'library-portal' ),
			array( 'status' => rest_authorization_required_code() )
		);
	}

	/**
	 * The argument schema of a catalogue item's ID in a route.
	 *
	 * @return array<string, mixed>
	 */
	protected static function item_id_arg(): array {
		return array(
			'description' => __( 'Item ID.', 'library-portal' ),
			'type'        => 'integer',
			'minimum'     => 1,
			'maximum'     => Limits::MAX_ID,
		);
	}

	/**
	 * The envelope every reply uses.
	 *
	 * @param mixed $data Payload.
	 */
	protected function success( $data ): WP_REST_Response {
		$response = new WP_REST_Response(
			array(
				'success' => true,
				'data'    => $data,
			)
		);
		$response->header( 'Cache-Control', 'no-store, private' );
		return $response;
	}

	/**
	 * An object schema whose every property is required and that allows no other key, so a
	 * reply checked against it (tests/php/Rest/ReplySchemaTest.php) cannot drift from it.
	 *
	 * @param array<string, mixed> $properties Property schemas.
	 * @param string|string[]      $type       'object', or e.g. array( 'object', 'null' ).
	 * @return array<string, mixed>
	 */
	protected static function closed_object( array $properties, $type = 'object' ): array {
		return Shapes::closed_object( $properties, $type );
	}

	/**
	 * Schema of the envelope around a payload schema.
	 *
	 * @param string               $title Schema title.
	 * @param array<string, mixed> $data  Schema of `data`.
	 * @return array<string, mixed>
	 */
	protected function envelope_schema( string $title, array $data ): array {
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => $title,
			'type'       => 'object',
			'properties' => array(
				'success' => array(
					'type'     => 'boolean',
					'context'  => array( 'view' ),
					'readonly' => true,
				),
				'data'    => $data,
			),
		);
	}
}
