<?php
/**
 * A team member's status on one training.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

use LibraryPortal\Core\Items\ContentType;

/**
 * Playback status in the user table: completed with a certificate; Take Test
 * once the test may be taken and no certificate exists yet; in progress once started; else not
 * started. Rows with nothing to watch say what they are (docs/rules/library-and-catalogue.md, "Primary actions"):
 * an expired row Expired, a membership Active, an e-course or certificate program Purchased (its
 * learning happens on its own page); a certificate still wins. Take Test is TestReadiness's gate (every part at 95 % or more), as in the library
 * list (ItemStatus): parts at 100, 100 and 85 average 95 but the test is still locked. The values
 * are the list's status keys, so both tables read alike.
 */
final class PlaybackStatus {

	/**
	 * A running membership.
	 */
	public const ACTIVE = 'active';

	/**
	 * Every value, for the REST schemas.
	 *
	 * @return string[]
	 */
	public static function all(): array {
		return array( ItemStatus::NOT_STARTED, ItemStatus::IN_PROGRESS, ItemStatus::TAKE_TEST, ItemStatus::COMPLETED, ItemStatus::EXPIRED, self::ACTIVE, ItemStatus::PURCHASED );
	}

	/**
	 * The status of a training.
	 *
	 * @param array{count: int, parts: array<int, array{count: int}>} $progress  Progress as ProgressSummary::of() gives it.
	 * @param bool                                                     $certified    Whether a valid certificate exists.
	 * @param string                                                   $content_type The item's type.
	 * @param bool                                                     $expired      Whether the row is expired (its list status).
	 */
	public static function of( array $progress, bool $certified, string $content_type = '', bool $expired = false ): string {
		if ( $certified ) {
			return ItemStatus::COMPLETED;
		}
		if ( $expired ) {
			return ItemStatus::EXPIRED;
		}
		if ( ContentType::MEMBERSHIP === $content_type ) {
			return self::ACTIVE;
		}
		if ( in_array( $content_type, array( ContentType::E_COURSE, ContentType::CERTIFICATE_SELF_GUIDED ), true ) ) {
			return ItemStatus::PURCHASED;
		}
		if ( TestReadiness::all_parts_ready( array_map( 'intval', array_column( $progress['parts'], 'count' ) ) ) ) {
			return ItemStatus::TAKE_TEST;
		}
		return $progress['count'] > 0 ? ItemStatus::IN_PROGRESS : ItemStatus::NOT_STARTED;
	}
}
