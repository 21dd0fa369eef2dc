<?php
/**
 * A contract's start and end dates.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Library;

use LibraryPortal\Services;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Before its start a contract gives nothing; while it runs its items open; after its end its
 * rows stay as expired, without access, and the certificates earned stay.
 */
final class ContractPeriodTest extends TestCase {

	use ServesRequests;

	/**
	 * A member of a contract with one workshop, with the given dates.
	 *
	 * @param int $starts_at Start (0: always).
	 * @param int $ends_at   End (0: open).
	 * @return array{member: int, contract: int, item: int}
	 */
	private function contract( int $starts_at, int $ends_at ): array {
		$services = Services::on( $GLOBALS['wpdb'] );
		$member   = $this->make_user();
		$item     = Library::item( 'Contract workshop', 'workshop' );
		$contract = $services->contracts->create(
			array(
				'title'     => 'Riverside Health',
				'starts_at' => $starts_at,
				'ends_at'   => $ends_at,
			),
			time()
		);
		$services->contracts->add_member( $contract, $member );
		$services->contracts->add_item( $contract, $item );
		return compact( 'member', 'contract', 'item' );
	}

	/**
	 * The user's contract rows.
	 *
	 * @param int $user_id User.
	 * @return array<int, array<string, mixed>>
	 */
	private function contract_rows( int $user_id ): array {
		$rows = $this->send( 'GET', '/library/v2/items', $user_id )->get_data()['data'];
		return array_values( array_filter( $rows, static fn( array $row ): bool => 'contract' === $row['tag'] ) );
	}

	public function test_a_running_contract_opens_its_items(): void {
		$c    = $this->contract( time() - DAY_IN_SECONDS, time() + DAY_IN_SECONDS );
		$rows = $this->contract_rows( $c['member'] );
		$this->assertCount( 1, $rows );
		$this->assertSame( array( 'contract', 'not-started' ), array( $rows[0]['access'], $rows[0]['status'] ) );
		$this->assertSame( 200, $this->send( 'GET', "/library/v2/video/{$c['item']}", $c['member'], array( 'contract' => $c['contract'] ) )->get_status() );
	}

	public function test_a_contract_that_has_not_started_gives_nothing(): void {
		$c = $this->contract( time() + DAY_IN_SECONDS, 0 );
		$this->assertSame( array(), $this->contract_rows( $c['member'] ) );
		$this->assertSame( 404, $this->send( 'GET', "/library/v2/contract/{$c['contract']}/item/{$c['item']}", $c['member'] )->get_status() );
	}

	public function test_after_its_end_the_rows_stay_expired_without_access_and_keep_the_certificate(): void {
		$ends = time() + HOUR_IN_SECONDS; // Once: the clock may tick between the setup and the assertion.
		$c    = $this->contract( 0, $ends );
		Services::on( $GLOBALS['wpdb'] )->certificates->issue( $c['member'], $c['item'], 90, time() );
		$c2 = $this->contract( 0, time() - HOUR_IN_SECONDS );
		Services::on( $GLOBALS['wpdb'] )->certificates->issue( $c2['member'], $c2['item'], 90, time() );

		$running = $this->contract_rows( $c['member'] )[0];
		$this->assertSame( array( 'contract', 'completed' ), array( $running['access'], $running['status'] ) );
		$this->assertSame( $ends, $running['expiry'], 'The contract\'s end is the row\'s expiry.' );

		$ended = $this->contract_rows( $c2['member'] )[0];
		$this->assertSame( array( 'no_license', 'expired' ), array( $ended['access'], $ended['status'] ) );
		$this->assertStringContainsString( '/certificate', (string) $ended['video_data']['pdf'], 'The certificate earned stays.' );
		$this->assertSame( 403, $this->send( 'GET', "/library/v2/video/{$c2['item']}", $c2['member'], array( 'contract' => $c2['contract'] ) )->get_status() );
	}
}
