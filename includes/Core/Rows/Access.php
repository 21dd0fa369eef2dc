<?php
/**
 * Whether a user may open an item.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

use LibraryPortal\Core\Items\ContentType;
use LibraryPortal\Core\Seats\LicenseSummary;

/**
 * Access: the server decides; the client only shows the answer.
 *
 * Decision (docs/rules/README.md): a seat that has expired gives no access, whether it
 * was activated or received by share; a membership whose seats have all expired no
 * longer opens its member items.
 */
final class Access {

	public const MEMBER       = 'member';
	public const CONTRACT     = 'contract';
	public const ACTIVATED    = 'activated';
	public const CAN_ACTIVATE = 'can_activate';
	public const SHARED       = 'shared';
	public const NO_LICENSE   = 'no_license';

	/**
	 * Every reason (the REST schema's enum).
	 *
	 * @return string[]
	 */
	public static function all(): array {
		return array( self::MEMBER, self::CONTRACT, self::ACTIVATED, self::CAN_ACTIVATE, self::SHARED, self::NO_LICENSE );
	}

	/**
	 * Words for a reason in wp-admin.
	 *
	 * @param string $reason One of all().
	 */
	public static function label( string $reason ): string {
		$labels = array(
			self::MEMBER       => __( 'Membership', 'library-portal' ),
			self::CONTRACT     => __( 'Contract', 'library-portal' ),
			self::ACTIVATED    => __( 'Activated', 'library-portal' ),
			self::CAN_ACTIVATE => __( 'Can activate a license', 'library-portal' ),
			self::SHARED       => __( 'Shared, not activated', 'library-portal' ),
			self::NO_LICENSE   => __( 'No access', 'library-portal' ),
		);
		return $labels[ $reason ] ?? $reason;
	}

	/**
	 * The reason access is granted, or NO_LICENSE.
	 *
	 * @param string         $tag           Row tag ('', member, contract).
	 * @param string         $content_type  Item type.
	 * @param LicenseSummary $licenses      Seat counts of the row.
	 * @param int            $share_user_id Sharer, when the row was received by share.
	 * @param bool           $row_ended     A contract row whose contract or item has ended.
	 */
	public static function reason( string $tag, string $content_type, LicenseSummary $licenses, int $share_user_id, bool $row_ended = false ): string {
		if ( ( 'member' === $tag || ContentType::MEMBERSHIP === $content_type ) && ! $licenses->all_expired() ) {
			return self::MEMBER;
		}
		if ( 'contract' === $tag ) {
			return $row_ended ? self::NO_LICENSE : self::CONTRACT;
		}
		if ( $licenses->activated && $licenses->holds_valid_seat ) {
			return self::ACTIVATED;
		}
		if ( $share_user_id > 0 && $licenses->holds_valid_seat ) {
			return self::SHARED;
		}
		if ( 0 === $share_user_id && $licenses->available > 0 ) {
			return self::CAN_ACTIVATE;
		}
		return self::NO_LICENSE;
	}

	/**
	 * Whether a reason opens the item's files without spending a seat. A download of an
	 * unactivated seat (can_activate, shared) activates it, so its link is never sent before
	 * the server has activated that seat (docs/rules/README.md).
	 *
	 * @param string $reason Result of reason().
	 */
	public static function opens_files( string $reason ): bool {
		return in_array( $reason, array( self::MEMBER, self::CONTRACT, self::ACTIVATED ), true );
	}

	/**
	 * Whether a reason grants access.
	 *
	 * @param string $reason Result of reason().
	 */
	public static function granted( string $reason ): bool {
		return self::NO_LICENSE !== $reason;
	}
}
