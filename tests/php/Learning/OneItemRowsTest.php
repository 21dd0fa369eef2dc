<?php
/**
 * One item's rows built alone equal the same rows of the whole library.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Dev\DemoSeeder;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The learning routes answer with LibraryService::items_for( user, now, product ) after a write
 * (and ItemLookup builds it when the cache is invalid): it must not differ from the full build.
 */
final class OneItemRowsTest extends TestCase {

	public function test_every_kind_of_row_is_the_same_built_alone(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		DemoSeeder::create()->seed_library_for( $owner, 12 );
		$item = Library::item( 'Many ways' );
		Library::grant( $owner, $item, 3 );
		Library::grant( $owner, $item, 1, 0, 'member' );
		Library::share( $owner, $member, $item );
		Library::grant( $member, $item, 1 );
		$contracts = $this->services()->contracts;
		$contract  = $contracts->create( array( 'title' => 'C' ), time() );
		$contracts->add_member( $contract, $member );
		$contracts->add_item( $contract, $item );
		$this->services()->progress->record( $member, $item, 0, 40, time() );
		$library = $this->services()->library;
		$now     = time();

		foreach ( array( $owner, $member ) as $user ) {
			$all   = array_values( array_filter( $library->items_for( $user, $now ), static fn( $row ) => $row['product_id'] === $item ) );
			$alone = $library->items_for( $user, $now, $item );
			$this->assertGreaterThanOrEqual( 2, count( $alone ) );
			$this->assertEquals( $all, $alone );
		}
		$this->assertSame( array(), $library->items_for( $this->make_user(), $now, $item ), 'Not in the library: no row.' );
	}
}
