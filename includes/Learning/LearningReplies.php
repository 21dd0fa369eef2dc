<?php
/**
 * What the learning routes share of a request and a reply.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

use LibraryPortal\Core\Items\ItemMedia;
use LibraryPortal\Core\Rows\ItemLookup;
use LibraryPortal\Core\Rows\TestReadiness;
use WP_Error;
use WP_REST_Request;

/**
 * The parts both learning controllers (ProgressController, VideoController) read from a request
 * or put into a reply, so the two resources answer alike.
 */
final class LearningReplies {

	/**
	 * The library row a request acts on, or the 404 (same for missing, not yours, not in that contract).
	 *
	 * @param ItemLookup      $lookup  Row lookup.
	 * @param WP_REST_Request $request Request (`id` or `product_id`, `tag`, `contractid` or `contract`).
	 * @return array<string, mixed>|WP_Error
	 */
	public static function row( ItemLookup $lookup, WP_REST_Request $request ) {
		return $lookup->row(
			get_current_user_id(),
			(int) ( $request['id'] ?? $request['product_id'] ),
			self::tag( $request ),
			(int) ( $request['contractid'] ?? $request['contract'] ?? 0 )
		);
	}

	/**
	 * The request's `tag`, '' when it is not a string. The permission checks also run for a
	 * request the schema refused (WordPress's rest_send_allow_header() asks every handler of the
	 * route while building the 400's Allow header), so they see the raw value: an array there must
	 * not be cast ("Array to string conversion" in the PHP log).
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public static function tag( WP_REST_Request $request ): string {
		$tag = $request['tag'] ?? '';
		return is_string( $tag ) ? $tag : '';
	}

	/**
	 * `progress` of the replies: the row's own figures (overall as the items reply computes it).
	 *
	 * @param array<string, mixed> $row Library row.
	 * @return array{count: int, time: int, parts: array<int, array{count: int, time: int}>}
	 */
	public static function progress( array $row ): array {
		return array(
			'count' => (int) $row['video_data']['progress']['count'],
			'time'  => (int) $row['video_data']['progress']['time'],
			'parts' => array_values( $row['video_data']['progress']['parts'] ),
		);
	}

	/**
	 * `test` of the replies.
	 *
	 * @param array<string, mixed> $row   Library row.
	 * @param ItemMedia            $media Item media.
	 * @return array<string, mixed>
	 */
	public static function test( array $row, ItemMedia $media ): array {
		return TestReadiness::for( $media->parts, array_column( $row['video_data']['progress']['parts'], 'count' ), $media->has_questions );
	}
}
