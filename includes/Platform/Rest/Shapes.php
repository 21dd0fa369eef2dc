<?php
/**
 * Shapes of JSON Schema the replies share.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Rest;

/**
 * Schema building blocks for controllers and for the model's reply schemas alike.
 */
final class Shapes {

	/**
	 * An object schema whose every property is required and that allows no other key, so a
	 * reply checked against it (tests/php/Rest/ReplySchemaTest.php) cannot drift from it.
	 *
	 * @param array<string, mixed> $properties Property schemas.
	 * @param string|string[]      $type       'object', or e.g. array( 'object', 'null' ).
	 * @return array<string, mixed>
	 */
	public static function closed_object( array $properties, $type = 'object' ): array {
		return array(
			'type'                 => $type,
			'properties'           => $properties,
			'required'             => array_keys( $properties ),
			'additionalProperties' => false,
		);
	}
}
