<?php
/**
 * Dates in the replies, written in the site's format.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Library;

use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * One date format everywhere, the site's, formatted on the server (docs/rules/library-and-catalogue.md, "Dates").
 */
final class SiteDatesTest extends TestCase {

	protected function set_up() {
		parent::set_up();
		update_option( 'timezone_string', 'UTC' );
		update_option( 'date_format', 'd/m/Y' );
		update_option( 'time_format', 'H:i' );
	}

	public function test_item_and_mail_history_dates_follow_the_site_format_and_a_change_of_it(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Dated Workshop' );
		$ends  = strtotime( '2031-03-05 10:00:00 UTC' );
		Library::grant( $owner, $item, 2, $ends );
		Library::grant( $owner, Library::item( 'Forever' ), 1 );
		$this->services()->mail_history->add( $owner, $item, 'max@example.com', true, strtotime( '2030-12-24 18:30:00 UTC' ) );

		$rows = Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $owner )->get_data()['data'] );
		$this->assertSame( '05/03/2031', $rows[ $item ]['expiry_date'] );
		$this->assertSame( array( '' ), array_values( array_diff_key( array_column( $rows, 'expiry_date', 'product_id' ), array( $item => 1 ) ) ), 'Never expiring: no date.' );
		$history = $this->rest( 'GET', '/library/v2/videosharedata/' . $item, array(), $owner )->get_data()['data']['mail_history'];
		$this->assertSame( '24/12/2030 18:30', $history[0]['date'] );

		update_option( 'date_format', 'F j, Y' );

		$rows = Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $owner )->get_data()['data'] );
		$this->assertSame( 'March 5, 2031', $rows[ $item ]['expiry_date'], 'A cached library is rebuilt when the format changes.' );
	}
}
