<?php
/**
 * The JSON Schema of a library row.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

use LibraryPortal\Core\Items\ContentType;
use LibraryPortal\Platform\Rest\Shapes;

/**
 * What one library row looks like in a reply: the list route sends rows of it, the item and
 * progress routes one, so each controller describes its reply with the same schema.
 */
final class RowSchema {

	/**
	 * Schema of one library row, as GET items/ sends it.
	 *
	 * @return array<string, mixed>
	 */
	public static function row(): array {
		$int    = array( 'type' => 'integer' );
		$string = array( 'type' => 'string' );
		$person = Shapes::closed_object(
			array(
				'name'  => $string,
				'email' => $string,
			),
			array( 'object', 'null' )
		);
		return Shapes::closed_object(
			array(
				'product_id'         => $int,
				'title'              => $string,
				'subtitle'           => $string,
				'description'        => $string,
				'img'                => $string,
				'content_type'       => array(
					'type' => 'string',
					'enum' => ContentType::all(),
				),
				'content_type_label' => $string,
				'tag'                => array(
					'type' => 'string',
					'enum' => array( '', 'member', 'contract' ),
				),
				'total_licenses'     => $int,
				'active_licenses'    => $int,
				'available_licenses' => $int,
				'expired_licenses'   => $int,
				'activated'          => array( 'type' => 'boolean' ),
				'activated_at'       => $int,
				'licenses'           => array(
					'type'  => 'array',
					'items' => Shapes::closed_object(
						array(
							'license_id' => $int,
							'user_id'    => $int,
							'expiry'     => $int,
							'shared'     => array( 'type' => 'boolean' ),
							'activated'  => array( 'type' => 'boolean' ),
						)
					),
				),
				'expiry'             => $int,
				'expiry_date'        => $string,
				'share_user_id'      => $int,
				'share_user'         => $person,
				'shared_with'        => array(
					'type'                 => 'object',
					'additionalProperties' => $person,
				),
				'download_link'      => $string,
				'product_link'       => $string,
				'contract_id'        => $int,
				'free_item'          => array( 'type' => 'boolean' ),
				'user_id'            => $int,
				'product'            => Shapes::closed_object( array( 'type' => $string ) ),
				'video_data'         => Shapes::closed_object(
					array(
						'progress'       => Shapes::closed_object(
							array(
								'count' => $int,
								'time'  => $int,
								'parts' => array(
									'type'  => 'array',
									'items' => Shapes::closed_object(
										array(
											'count' => $int,
											'time'  => $int,
										)
									),
								),
							)
						),
						'pdf'            => array( 'type' => array( 'string', 'boolean' ) ),
						'completed_at'   => $int,
						'completed_date' => $string,
					)
				),
				'status'             => array(
					'type' => 'string',
					'enum' => ItemStatus::all(),
				),
				'playback_status'    => array(
					'type' => 'string',
					'enum' => PlaybackStatus::all(),
				),
				'access'             => array(
					'type' => 'string',
					'enum' => Access::all(),
				),
				'expiring_licenses'  => $int,
				'can_share'          => array( 'type' => 'boolean' ),
				'viewer'             => array(
					'type' => 'string',
					'enum' => array( 'owner', 'team_member', 'contract_user' ),
				),
				'shared_by'          => $string,
				'share_controls'     => array( 'type' => 'boolean' ),
				'pending_invites'    => $int,
				'pending_until'      => $int,
				'primary_action'     => Shapes::closed_object(
					array(
						'kind' => array(
							'type' => 'string',
							'enum' => PrimaryAction::all(),
						),
						'url'  => $string,
					)
				),
			)
		);
	}

	/**
	 * Schema of a row's `test` object (the test route's reply carries the same one).
	 *
	 * @return array<string, mixed>
	 */
	public static function test(): array {
		return Shapes::closed_object(
			array(
				'available'        => array( 'type' => 'boolean' ),
				'ready'            => array( 'type' => 'boolean' ),
				'incomplete_parts' => array(
					'type'  => 'array',
					'items' => Shapes::closed_object(
						array(
							'index'   => array( 'type' => 'integer' ),
							'title'   => array( 'type' => 'string' ),
							'percent' => array( 'type' => 'integer' ),
						)
					),
				),
				'message'          => array( 'type' => 'string' ),
			)
		);
	}
}
