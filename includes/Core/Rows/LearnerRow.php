<?php
/**
 * Which of a user's library rows of an item a learning route acts on.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

/**
 * A user may hold an item several times (own seats, a member version, seats from sharers, a
 * contract). The routes use the non-member row first (`tag=member` asks for the member one),
 * and among those the one whose access opens the most, so nobody spends a seat while holding an
 * activated one. Only when none of the asked rows grants access may another row of the same item
 * open it. With a contract id, only that contract's row counts.
 */
final class LearnerRow {

	/**
	 * Access kinds from the one that spends nothing to the one that grants nothing.
	 */
	private const RANK = array(
		Access::ACTIVATED    => 0,
		Access::MEMBER       => 0,
		Access::CONTRACT     => 0,
		Access::SHARED       => 1,
		Access::CAN_ACTIVATE => 2,
		Access::NO_LICENSE   => 3,
	);

	/**
	 * The row to act on, or null when no row fits (contract asked, user not in it).
	 *
	 * @param array<int, array<string, mixed>> $rows        The user's rows of the item (ItemLookup::rows()).
	 * @param string                           $tag         '' or 'member'.
	 * @param int                              $contract_id Contract asked for (0 = none).
	 * @return array<string, mixed>|null
	 */
	public static function pick( array $rows, string $tag, int $contract_id = 0 ): ?array {
		if ( $contract_id > 0 ) {
			$rows = array_values( array_filter( $rows, static fn( array $row ) => 'contract' === $row['tag'] && (int) $row['contract_id'] === $contract_id ) );
		}
		if ( ! $rows ) {
			return null;
		}
		$order = array();
		foreach ( $rows as $position => $row ) {
			$asked   = 'member' === $tag ? 'member' === $row['tag'] : 'member' !== $row['tag'];
			$rank    = self::RANK[ (string) $row['access'] ] ?? 3;
			$granted = Access::granted( (string) $row['access'] );
			// Granted first; then the asked version; then the cheapest access; then the list order.
			$order[ $position ] = array( $granted ? 0 : 1, $asked ? 0 : 1, $rank, $position );
		}
		asort( $order );
		$best = $rows[ array_key_first( $order ) ];
		if ( Access::granted( (string) $best['access'] ) ) {
			return $best;
		}
		// Nothing grants access: answer with the asked version (its no_license is the reply).
		foreach ( $order as $position => $key ) {
			if ( 0 === $key[1] ) {
				return $rows[ $position ];
			}
		}
		return $best;
	}
}
