<?php
/**
 * Argument schemas shared by several library/v2 routes.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Rest;

/**
 * One definition per argument that several routes accept, so the same name means the same
 * type and allowed values everywhere. Every argument a route reads is declared: WordPress then
 * refuses a wrong type (an array for a scalar, a string for a number) with 400
 * `rest_invalid_param` before the route's code runs (docs/rules/platform.md, "Security").
 */
final class ArgSchemas {

	/**
	 * `tag`: which row of an item, '' or `member` (the member version of a membership item).
	 *
	 * @return array<string, mixed>
	 */
	public static function item_tag(): array {
		return array(
			'description' => __( 'member for the member version of a membership item.', 'library-portal' ),
			'type'        => 'string',
			'enum'        => array( '', 'member' ),
			'default'     => '',
		);
	}

	/**
	 * `contract`: the contract whose library an item is opened from (0: the user's own library).
	 *
	 * @return array<string, mixed>
	 */
	public static function contract_scope(): array {
		return array(
			'description' => __( 'Contract whose library the item is opened from.', 'library-portal' ),
			'type'        => 'integer',
			'minimum'     => 0,
			'maximum'     => Limits::MAX_ID,
			'default'     => 0,
		);
	}
}
