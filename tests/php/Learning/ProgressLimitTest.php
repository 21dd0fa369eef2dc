<?php
/**
 * The jump rule's arithmetic.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Learning\ProgressLimit;
use LibraryPortal\Learning\ProgressRules;
use LibraryPortal\Repositories\PartProgress;
use LibraryPortal\Tests\Support\TestCase;

/**
 * allowed = stored + ceil_to_5( ( elapsed * MAX_PLAYBACK_RATE + TOLERANCE_SECONDS ) / duration * 100 ).
 */
final class ProgressLimitTest extends TestCase {

	public function test_the_rule_constants_are_the_players(): void {
		$this->assertSame( 2, ProgressRules::MAX_PLAYBACK_RATE );
		$this->assertSame( 10, ProgressRules::TOLERANCE_SECONDS );
	}

	public function test_steps(): void {
		$this->assertTrue( ProgressLimit::is_step( 0 ) );
		$this->assertTrue( ProgressLimit::is_step( 100 ) );
		$this->assertFalse( ProgressLimit::is_step( 7 ) );
		$this->assertFalse( ProgressLimit::is_step( 105 ) );
		$this->assertFalse( ProgressLimit::is_step( -5 ) );
	}

	public function test_allowed_percent(): void {
		$now = 1000000;

		$this->assertSame( 5, ProgressLimit::allowed( null, 100, $now ), 'No row: one step.' );
		$this->assertSame( 15, ProgressLimit::allowed( new PartProgress( 5, $now ), 100, $now ), '10 s of 100 s: exactly 10%.' );
		$this->assertSame( 20, ProgressLimit::allowed( new PartProgress( 5, $now - 1 ), 100, $now ), '12 s: 12% rounds up to 15%.' );
		$this->assertSame( 60, ProgressLimit::allowed( new PartProgress( 0, $now - 30 ), 120, $now ), '30 s at 2x + 10 s = 70 s of 120 s: 58.3% rounds up to 60%.' );
		$this->assertSame( 100, ProgressLimit::allowed( new PartProgress( 50, $now - 3600 ), 100, $now ), 'Capped at 100.' );
		$this->assertSame( 55, ProgressLimit::allowed( new PartProgress( 50, $now - 3600 ), 0, $now ), 'Unknown duration: one step.' );
		$this->assertSame( 15, ProgressLimit::allowed( new PartProgress( 5, $now + 60 ), 100, $now ), 'A row from the future counts no elapsed time.' );
	}
}
