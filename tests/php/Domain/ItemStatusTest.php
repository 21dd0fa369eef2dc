<?php
/**
 * Item status in the list.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Domain;

use LibraryPortal\Core\Rows\ItemStatus;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Each rule, and the order in which the rules are tried.
 */
final class ItemStatusTest extends TestCase {

	/**
	 * A row that matches no rule before "Not Started".
	 *
	 * @param array<string, mixed> $changes Fields to change.
	 * @return array<string, mixed>
	 */
	private static function row( array $changes = array() ): array {
		return array_merge(
			array(
				'content_type'       => 'on-demand',
				'tag'                => '',
				'share_user_id'      => 0,
				'activated'          => false,
				'total_licenses'     => 2,
				'available_licenses' => 1,
				'expired_licenses'   => 0,
				'progress'           => 0,
				'test_ready'         => false,
				'has_certificate'    => false,
			),
			$changes
		);
	}

	/**
	 * Rows and the status each must get.
	 *
	 * @return array<string, array{0: array<string, mixed>, 1: string}>
	 */
	public function provide_rows(): array {
		return array(
			'not started'                           => array( self::row(), ItemStatus::NOT_STARTED ),
			'expired: the contract ended'           => array(
				self::row(
					array(
						'tag'            => 'contract',
						'contract_ended' => true,
						'progress'       => 40,
					)
				),
				ItemStatus::EXPIRED,
			),
			'shared: none available, not activated' => array( self::row( array( 'available_licenses' => 0 ) ), ItemStatus::SHARED ),
			'shared beats purchased'                => array(
				self::row(
					array(
						'available_licenses' => 0,
						'content_type'       => 'e-manual',
					)
				),
				ItemStatus::SHARED,
			),
			'not shared when activated'             => array(
				self::row(
					array(
						'available_licenses' => 0,
						'activated'          => true,
					)
				),
				ItemStatus::NOT_STARTED,
			),
			'not shared when received by share'     => array(
				self::row(
					array(
						'available_licenses' => 0,
						'share_user_id'      => 7,
					)
				),
				ItemStatus::NOT_STARTED,
			),
			'not shared when all expired'           => array(
				self::row(
					array(
						'available_licenses' => 0,
						'expired_licenses'   => 2,
					)
				),
				ItemStatus::EXPIRED,
			),
			'not shared without licenses'           => array(
				self::row(
					array(
						'available_licenses' => 0,
						'total_licenses'     => 0,
					)
				),
				ItemStatus::NOT_STARTED,
			),
			'purchased e-course'                    => array( self::row( array( 'content_type' => 'e-course' ) ), ItemStatus::PURCHASED ),
			'purchased e-manual beats expired'      => array(
				self::row(
					array(
						'content_type'       => 'e-manual',
						'expired_licenses'   => 2,
						'available_licenses' => 0,
					)
				),
				ItemStatus::PURCHASED,
			),
			'expired'                               => array(
				self::row(
					array(
						'expired_licenses'   => 2,
						'available_licenses' => 0,
					)
				),
				ItemStatus::EXPIRED,
			),
			'expired beats completed'               => array(
				self::row(
					array(
						'expired_licenses' => 2,
						'has_certificate'  => true,
					)
				),
				ItemStatus::EXPIRED,
			),
			'member items never expire here'        => array(
				self::row(
					array(
						'expired_licenses' => 2,
						'tag'              => 'member',
						'activated'        => true,
					)
				),
				ItemStatus::MEMBER_PRODUCT,
			),
			'completed with a certificate'          => array(
				self::row(
					array(
						'has_certificate' => true,
						'progress'        => 100,
						'test_ready'      => true,
					)
				),
				ItemStatus::COMPLETED,
			),
			'take test when every part is ready'    => array(
				self::row(
					array(
						'progress'   => 95,
						'test_ready' => true,
					)
				),
				ItemStatus::TAKE_TEST,
			),
			'in progress: average 95, a part below' => array( self::row( array( 'progress' => 95 ) ), ItemStatus::IN_PROGRESS ),
			'in progress at 94'                     => array( self::row( array( 'progress' => 94 ) ), ItemStatus::IN_PROGRESS ),
			'in progress at 5'                      => array( self::row( array( 'progress' => 5 ) ), ItemStatus::IN_PROGRESS ),
			'in progress beats member product'      => array(
				self::row(
					array(
						'progress' => 40,
						'tag'      => 'member',
					)
				),
				ItemStatus::IN_PROGRESS,
			),
			'member product'                        => array( self::row( array( 'tag' => 'member' ) ), ItemStatus::MEMBER_PRODUCT ),
			'member product beats membership'       => array(
				self::row(
					array(
						'tag'          => 'member',
						'content_type' => 'membership',
					)
				),
				ItemStatus::MEMBER_PRODUCT,
			),
			'membership'                            => array( self::row( array( 'content_type' => 'membership' ) ), ItemStatus::MEMBERSHIP ),
		);
	}

	/**
	 * The first matching rule wins.
	 *
	 * @dataProvider provide_rows
	 *
	 * @param array<string, mixed> $row      Row facts.
	 * @param string               $expected Status.
	 */
	public function test_status_follows_spec_order( array $row, string $expected ): void {
		$this->assertSame( $expected, ItemStatus::of( $row ) );
	}
}
