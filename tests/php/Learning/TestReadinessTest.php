<?php
/**
 * The Take Test gate.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Core\Rows\ProgressRules;
use LibraryPortal\Core\Rows\TestReadiness;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Every part at TAKE_TEST_PERCENT opens the test; the message names what is missing.
 */
final class TestReadinessTest extends TestCase {

	public function test_a_single_video_below_the_threshold_is_not_ready(): void {
		$test = TestReadiness::for( array( array( 'title' => 'Webinar' ) ), array( 0 => ProgressRules::TAKE_TEST_PERCENT - 5 ), true );

		$this->assertTrue( $test['available'] );
		$this->assertFalse( $test['ready'] );
		$this->assertSame( 'You need to watch at least 95% of the video before taking the test.', $test['message'] );
		$this->assertSame(
			array(
				array(
					'index'   => 0,
					'title'   => 'Webinar',
					'percent' => 90,
				),
			),
			$test['incomplete_parts']
		);
	}

	public function test_a_single_video_at_the_threshold_is_ready(): void {
		$test = TestReadiness::for( array( array( 'title' => '' ) ), array( 0 => 95 ), false );

		$this->assertSame(
			array(
				'available'        => false,
				'ready'            => true,
				'incomplete_parts' => array(),
				'message'          => '',
			),
			$test
		);
	}

	public function test_multi_part_lists_every_incomplete_part_and_missing_parts_count_zero(): void {
		$parts = array( array( 'title' => '' ), array( 'title' => 'Part 2' ), array( 'title' => '' ) );
		$test  = TestReadiness::for(
			$parts,
			array(
				0 => 40,
				1 => 100,
			),
			true
		);

		$this->assertFalse( $test['ready'] );
		$this->assertSame( array( 0, 2 ), array_column( $test['incomplete_parts'], 'index' ) );
		$this->assertSame( 'You need to watch at least 95% of each part before taking the test. Incomplete parts: Part 1 (40%), Part 3 (0%)', $test['message'] );
	}

	public function test_multi_part_is_ready_only_when_every_part_reaches_the_threshold(): void {
		$parts = array( array( 'title' => 'A' ), array( 'title' => 'B' ) );

		$this->assertTrue( TestReadiness::for( $parts, array( 95, 100 ), true )['ready'] );
		$this->assertFalse( TestReadiness::for( $parts, array( 100, 90 ), true )['ready'] );
	}
}
