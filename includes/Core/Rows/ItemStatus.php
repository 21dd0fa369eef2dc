<?php
/**
 * Status of an item in the library list.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

use LibraryPortal\Core\Items\ContentType;

/**
 * Item status in the list: the first matching meaning wins, in this order.
 */
final class ItemStatus {

	public const SHARED         = 'shared';
	public const PURCHASED      = 'purchased';
	public const EXPIRED        = 'expired';
	public const COMPLETED      = 'completed';
	public const TAKE_TEST      = 'take-test';
	public const IN_PROGRESS    = 'in-progress';
	public const MEMBER_PRODUCT = 'member-product';
	public const MEMBERSHIP     = 'membership';
	public const NOT_STARTED    = 'not-started';

	/**
	 * Every status, in the order it is tried (the REST schema's enum).
	 *
	 * @return string[]
	 */
	public static function all(): array {
		return array( self::SHARED, self::PURCHASED, self::EXPIRED, self::COMPLETED, self::TAKE_TEST, self::IN_PROGRESS, self::MEMBER_PRODUCT, self::MEMBERSHIP, self::NOT_STARTED );
	}

	/**
	 * Words for a status in wp-admin (the portal's own words live in src/domain/status.ts).
	 *
	 * @param string $status One of all().
	 */
	public static function label( string $status ): string {
		$labels = array(
			self::SHARED         => __( 'Shared', 'library-portal' ),
			self::PURCHASED      => __( 'Purchased', 'library-portal' ),
			self::EXPIRED        => __( 'Expired', 'library-portal' ),
			self::COMPLETED      => __( 'Completed', 'library-portal' ),
			self::TAKE_TEST      => __( 'Take Test', 'library-portal' ),
			self::IN_PROGRESS    => __( 'In Progress', 'library-portal' ),
			self::MEMBER_PRODUCT => __( 'Member Product', 'library-portal' ),
			self::MEMBERSHIP     => __( 'Membership', 'library-portal' ),
			self::NOT_STARTED    => __( 'Not Started', 'library-portal' ),
		);
		return $labels[ $status ] ?? $status;
	}

	/**
	 * Decides the status of one library row.
	 *
	 * `test_ready` is TestReadiness's verdict (every part at TAKE_TEST_PERCENT or more), not the
	 * average: an item with parts at 100, 100 and 85 averages 95 but its test is still locked, so
	 * the list must not say Take Test.
	 *
	 * @param array{content_type: string, tag: string, share_user_id: int, activated: bool, total_licenses: int, available_licenses: int, expired_licenses: int, progress: int, test_ready: bool, has_certificate: bool, contract_ended?: bool} $row Row facts (contract_ended: a contract row past its end).
	 */
	public static function of( array $row ): string {
		$all_expired = $row['total_licenses'] > 0 && $row['expired_licenses'] >= $row['total_licenses'];

		if ( ! $row['activated'] && $row['total_licenses'] > 0 && 0 === $row['available_licenses'] && ! $all_expired && 0 === $row['share_user_id'] ) {
			return self::SHARED;
		}
		if ( in_array( $row['content_type'], array( ContentType::E_COURSE, ContentType::E_MANUAL ), true ) ) {
			return self::PURCHASED;
		}
		if ( ( $all_expired && 'member' !== $row['tag'] ) || ! empty( $row['contract_ended'] ) ) {
			return self::EXPIRED;
		}
		if ( $row['has_certificate'] ) {
			return self::COMPLETED;
		}
		if ( $row['test_ready'] ) {
			return self::TAKE_TEST;
		}
		if ( $row['progress'] > 0 ) {
			return self::IN_PROGRESS;
		}
		if ( 'member' === $row['tag'] ) {
			return self::MEMBER_PRODUCT;
		}
		if ( ContentType::MEMBERSHIP === $row['content_type'] ) {
			return self::MEMBERSHIP;
		}
		return self::NOT_STARTED;
	}
}
