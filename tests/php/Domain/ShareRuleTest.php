<?php
/**
 * Who may share an item's seats.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Domain;

use LibraryPortal\Core\Seats\ShareRule;
use LibraryPortal\Tests\Support\TestCase;

/**
 * A seat received by share is passed on only when it came with more than one license.
 */
final class ShareRuleTest extends TestCase {

	/**
	 * A library row's facts.
	 *
	 * @param int    $sharer    Who shared it (0: the user's own).
	 * @param int    $total     Licenses.
	 * @param int    $available Licenses left.
	 * @param string $tag       Row tag.
	 * @return array{tag: string, contract_id: int, share_user_id: int, total_licenses: int, available_licenses: int}
	 */
	private static function row( int $sharer, int $total, int $available, string $tag = '' ): array {
		return array(
			'tag'                => $tag,
			'contract_id'        => 0,
			'share_user_id'      => $sharer,
			'total_licenses'     => $total,
			'available_licenses' => $available,
		);
	}

	public function test_a_received_share_with_exactly_one_license_cannot_be_shared_on(): void {
		$this->assertFalse( ShareRule::allows( self::row( 7, 1, 1 ) ) );
		$this->assertTrue( ShareRule::allows( self::row( 7, 2, 1 ) ), 'More than one license: it may be shared on.' );
		$this->assertTrue( ShareRule::allows( self::row( 0, 1, 1 ) ), 'The owner\'s single license may be shared.' );
	}

	public function test_member_contract_and_used_up_rows_cannot_be_shared(): void {
		$this->assertFalse( ShareRule::allows( self::row( 0, 3, 3, 'member' ) ) );
		$this->assertFalse( ShareRule::allows( self::row( 0, 3, 3, 'contract' ) ) );
		$this->assertFalse( ShareRule::allows( self::row( 0, 3, 0 ) ) );
		$this->assertFalse( ShareRule::allows( array( 'contract_id' => 4 ) + self::row( 0, 3, 3 ) ), 'A contract\'s item, whatever its tag.' );
	}
}
