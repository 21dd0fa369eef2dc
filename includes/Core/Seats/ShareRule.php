<?php
/**
 * Who may share an item's seats.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

/**
 * The share button is there only for items that are not member items, not in a
 * contract, not received by share (unless it came with more than one license), and with a
 * license left. The items reply carries the answer (`can_share`) and the share routes ask the
 * same question, so the button and the server never disagree.
 */
final class ShareRule {

	/**
	 * Whether the row's seats can be shared now.
	 *
	 * @param array{tag: string, contract_id: int, share_user_id: int, total_licenses: int, available_licenses: int} $row Library row facts.
	 */
	public static function allows( array $row ): bool {
		if ( 'member' === $row['tag'] || 'contract' === $row['tag'] || $row['contract_id'] > 0 ) {
			return false;
		}
		if ( $row['share_user_id'] > 0 && $row['total_licenses'] <= 1 ) {
			return false;
		}
		return $row['available_licenses'] > 0;
	}
}
