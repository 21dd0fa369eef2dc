<?php
/**
 * Contracts as the site admin edits them.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Contracts;

use InvalidArgumentException;
use LibraryPortal\Contracts\ContractService;
use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Rows\LibraryCache;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Every field is checked before anything is written; members see the contract's items until
 * they are removed, and every change tells the library cache whose library changed.
 */
final class ContractServiceTest extends TestCase {

	use ServesRequests;

	/**
	 * The service over the test's connection.
	 */
	private function service(): ContractService {
		return new ContractService( $this->services()->contracts, $this->services()->seat_audit );
	}

	/**
	 * Valid form values, with some replaced.
	 *
	 * @param array<string, string> $changes Values to replace.
	 * @return array<string, string>
	 */
	private static function input( array $changes = array() ): array {
		return array_merge(
			array(
				'title'           => 'Harbor County Schools',
				'organizer_name'  => 'Dana Rivers',
				'organizer_title' => 'Training Coordinator',
				'organizer_phone' => '+1 (555) 010-2030',
				'organizer_email' => 'dana@example.com',
				'organizer_thumb' => 'https://example.com/dana.jpg',
				'starts'          => '2026-01-01',
				'ends'            => '2026-12-31',
				'status'          => 'active',
			),
			$changes
		);
	}

	/**
	 * The contract rows of a user's library.
	 *
	 * @param int $user_id User.
	 * @return array<int, array<string, mixed>>
	 */
	private function contract_rows( int $user_id ): array {
		$rows = $this->send( 'GET', '/library/v2/items', $user_id )->get_data()['data'];
		return array_values( array_filter( $rows, static fn( array $row ): bool => 'contract' === $row['tag'] ) );
	}

	public function test_a_contract_is_stored_with_its_card_and_whole_days_in_site_time(): void {
		update_option( 'timezone_string', 'Europe/Berlin' );
		$service = $this->service();

		$id       = $service->create( self::input( array( 'title' => ' <b>Harbor</b> County ' ) ) );
		$contract = $service->contract( $id );

		$this->assertSame( 'Harbor County', $contract->contract->title, 'Tags and outer spaces are stripped.' );
		$this->assertSame( '+1 (555) 010-2030', $contract->contract->organizer_phone );
		$this->assertSame( 'https://example.com/dana.jpg', $contract->contract->organizer_thumb );
		$this->assertSame( ( new \DateTimeImmutable( '2026-01-01 00:00', new \DateTimeZone( 'Europe/Berlin' ) ) )->getTimestamp(), $contract->contract->starts_at );
		$this->assertSame( ( new \DateTimeImmutable( '2027-01-01 00:00', new \DateTimeZone( 'Europe/Berlin' ) ) )->getTimestamp() - 1, $contract->contract->ends_at, 'The end day counts in full.' );
		$this->assertSame( '2026-12-31', ContractService::date_field( $contract->contract->ends_at, true ) );
		$this->assertSame( array( 'active', 0, 0 ), array( $contract->status, $contract->member_count, $contract->item_count ) );
	}

	public function test_a_media_library_image_becomes_its_address(): void {
		$attachment = wp_insert_attachment(
			array(
				'post_mime_type' => 'image/jpeg',
				'post_title'     => 'Dana',
				'post_status'    => 'inherit',
			),
			'2026/11/dana.jpg'
		);
		$id         = $this->service()->create( self::input( array( 'organizer_thumb' => (string) $attachment ) ) );
		$this->assertStringEndsWith( '/2026/11/dana.jpg', $this->service()->contract( $id )->contract->organizer_thumb );
	}

	/**
	 * Refused values, each with a word of the message.
	 *
	 * @return array<string, array{0: array<string, string>, 1: string}>
	 */
	public static function invalid_values(): array {
		return array(
			'no title'             => array( array( 'title' => '  ' ), 'title' ),
			'title only tags'      => array( array( 'title' => '<p></p>' ), 'title' ),
			'long name'            => array( array( 'organizer_name' => str_repeat( 'a', 201 ) ), '200' ),
			'e-mail'               => array( array( 'organizer_email' => 'dana@' ), 'e-mail' ),
			'phone letters'        => array( array( 'organizer_phone' => '555-CALL-NOW' ), 'phone' ),
			'phone too few digits' => array( array( 'organizer_phone' => '+1' ), 'phone' ),
			'picture scheme'       => array( array( 'organizer_thumb' => 'javascript:alert(1)' ), 'picture' ),
			'picture not a url'    => array( array( 'organizer_thumb' => 'dana.jpg' ), 'picture' ),
			'picture no image'     => array( array( 'organizer_thumb' => '999999' ), 'image' ),
			'start not a date'     => array( array( 'starts' => '2026-02-30' ), 'Start date' ),
			'end not a date'       => array( array( 'ends' => 'next year' ), 'End date' ),
			'end before start'     => array(
				array(
					'starts' => '2026-05-01',
					'ends'   => '2026-04-30',
				),
				'before',
			),
			'status'               => array( array( 'status' => 'deleted' ), 'status' ),
		);
	}

	/**
	 * Each invalid value is refused on create and update, and nothing changes.
	 *
	 * @dataProvider invalid_values
	 *
	 * @param array<string, string> $changes Invalid values.
	 * @param string                $says    Part of the message.
	 */
	public function test_an_invalid_value_is_refused_and_nothing_changes( array $changes, string $says ): void {
		$service = $this->service();
		$id      = $service->create( self::input() );
		$before  = $service->contract( $id );
		$count   = $service->count();

		foreach ( array( 'create', 'update' ) as $how ) {
			try {
				'create' === $how ? $service->create( self::input( $changes ) ) : $service->update( $id, self::input( $changes ) );
				$this->fail( "$how accepted an invalid value" );
			} catch ( InvalidArgumentException $refused ) {
				$this->assertStringContainsString( $says, $refused->getMessage(), $how );
			}
		}
		$this->assertSame( $count, $service->count() );
		$this->assertEquals( $before, $service->contract( $id ) );
	}

	public function test_refusals_carry_what_was_typed_escaped_for_html(): void {
		$service = $this->service();
		$id      = $service->create( self::input() );
		$typed   = '<img src=x onerror=alert(1)>';
		foreach ( array(
			'add_member' => fn() => $service->add_member( $id, $typed ),
			'date'       => fn() => $service->update( $id, self::input( array( 'starts' => $typed ) ) ),
		) as $what => $refuse ) {
			try {
				$refuse();
				$this->fail( "$what accepted $typed" );
			} catch ( InvalidArgumentException $refused ) {
				// Printed in wp-admin (and by WordPress.org's review tool's rule): never markup from input.
				$this->assertStringNotContainsString( '<img', $refused->getMessage(), $what );
				$this->assertStringContainsString( '&lt;img', $refused->getMessage(), $what );
			}
		}
	}

	public function test_a_member_sees_the_items_until_removed_and_others_never(): void {
		$service  = $this->service();
		$member   = $this->make_user( 'subscriber', array( 'user_email' => 'Ruth.Okafor@example.com' ) );
		$outsider = $this->make_user();
		$item     = Library::item( 'Contract workshop', 'workshop' );
		$id       = $service->create(
			self::input(
				array(
					'starts' => '',
					'ends'   => '',
				)
			)
		);
		$service->add_item( $id, $item );
		$added = false;
		$this->assertSame( $member, $service->add_member( $id, 'ruth.okafor@example.com', $added ) );
		$this->assertTrue( $added );

		$this->assertSame( array( $item ), array_column( $this->contract_rows( $member ), 'product_id' ) );
		$this->assertSame( 200, $this->send( 'GET', "/library/v2/contract/$id/item/$item", $member )->get_status() );
		$this->assertSame( array(), $this->contract_rows( $outsider ) );
		$this->assertSame( 403, $this->send( 'GET', "/library/v2/contract/$id/item/$item", $outsider )->get_status(), 'Not a member: 403 (docs/contract.md).' );

		$service->remove_member( $id, (string) $member );

		$this->assertSame( array(), $this->contract_rows( $member ), 'The cached library was dropped.' );
		$this->assertSame( 403, $this->send( 'GET', "/library/v2/contract/$id/item/$item", $member )->get_status() );
	}

	public function test_every_change_is_announced_to_the_users_whose_library_it_changes(): void {
		$service = $this->service();
		$members = array( $this->make_user(), $this->make_user() );
		$item    = Library::item( 'Announced workshop', 'workshop' );
		$id      = $service->create( self::input() );
		$heard   = array();
		add_action(
			Repository::LIBRARY_CHANGED,
			static function ( array $users ) use ( &$heard ) {
				sort( $users );
				$heard[] = $users;
			}
		);

		$service->add_member( $id, (string) $members[0] );
		$service->add_member( $id, (string) $members[1] );
		$service->add_item( $id, $item, gmdate( 'Y-m-d', time() + 10 * DAY_IN_SECONDS ) );
		$service->update( $id, self::input( array( 'title' => 'Renamed' ) ) );
		$service->remove_item( $id, $item );
		$service->remove_member( $id, (string) $members[0] );

		$this->assertSame( array( array( $members[0] ), array( $members[1] ), $members, $members, $members, array( $members[0] ) ), $heard );
	}

	public function test_a_visible_member_cache_drops_on_a_new_item(): void {
		$service = $this->service();
		$member  = $this->make_user();
		$id      = $service->create(
			self::input(
				array(
					'starts' => '',
					'ends'   => '',
				)
			)
		);
		$service->add_member( $id, (string) $member );
		$this->assertSame( array(), $this->contract_rows( $member ) );

		$item = Library::item( 'Late workshop', 'workshop' );
		$service->add_item( $id, $item );

		$this->assertSame( array( $item ), array_column( $this->contract_rows( $member ), 'product_id' ) );
	}

	public function test_items_members_and_contracts_that_do_not_exist_are_refused(): void {
		$service = $this->service();
		$id      = $service->create( self::input() );
		$draft   = Library::item( 'Draft workshop', 'workshop' );
		wp_update_post(
			array(
				'ID'          => $draft,
				'post_status' => 'draft',
			)
		);
		$page      = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => 'A page',
			)
		);
		$published = Library::item( 'Published workshop', 'workshop' );
		$member    = $this->make_user();

		$refusals = array(
			'draft item'        => fn() => $service->add_item( $id, $draft ),
			'page'              => fn() => $service->add_item( $id, $page ),
			'past expiry'       => fn() => $service->add_item( $id, $published, '2020-01-01' ),
			'bad expiry'        => fn() => $service->add_item( $id, $published, '31/12/2030' ),
			'missing contract'  => fn() => $service->add_item( 987654, $published ),
			'unknown e-mail'    => fn() => $service->add_member( $id, 'nobody@example.com' ),
			'unknown id'        => fn() => $service->add_member( $id, '987654' ),
			'not an address'    => fn() => $service->add_member( $id, 'ruth' ),
			'not a member'      => fn() => $service->remove_member( $id, (string) $member ),
			'item not in it'    => fn() => $service->remove_item( $id, $published ),
			'update missing id' => fn() => $service->update( 987654, self::input() ),
		);
		foreach ( $refusals as $what => $call ) {
			try {
				$call();
				$this->fail( "$what was accepted" );
			} catch ( InvalidArgumentException $refused ) {
				$this->assertNotSame( '', $refused->getMessage(), $what );
			}
		}
		$contract = $service->contract( $id );
		$this->assertSame( array( 0, 0 ), array( $contract->member_count, $contract->item_count ) );
	}

	public function test_adding_an_item_again_changes_its_expiry(): void {
		$service = $this->service();
		$id      = $service->create( self::input() );
		$item    = Library::item( 'Twice workshop', 'workshop' );

		$this->assertTrue( $service->add_item( $id, $item, '2031-03-01' ) );
		$this->assertFalse( $service->add_item( $id, $item ) );

		$items = $service->items( $id );
		$this->assertCount( 1, $items );
		$this->assertSame( 0, $items[0]->expires_at );
	}

	public function test_the_list_pages_and_sorts_with_counts(): void {
		$service = $this->service();
		$a       = $service->create( self::input( array( 'title' => 'Alpha' ) ) );
		$b       = $service->create( self::input( array( 'title' => 'Beta' ) ) );
		$service->add_member( $b, (string) $this->make_user() );
		$service->add_item( $b, Library::item( 'Beta workshop', 'workshop' ) );

		$by_members = $service->page( 2, 1, 'member_count', true );
		$this->assertSame( $b, $by_members[0]->contract->id );
		$this->assertSame( array( 1, 1 ), array( $by_members[0]->member_count, $by_members[0]->item_count ) );
		$titles = array_map( static fn( $row ) => $row->contract->title, $service->page( 100, 1, 'title', false ) );
		$this->assertLessThan( array_search( 'Beta', $titles, true ), array_search( 'Alpha', $titles, true ) );
		$this->assertEquals( $service->page( 100, 1, 'id', true ), $service->page( 100, 1, 'id; DROP TABLE x', true ), 'An unknown column sorts by ID.' );
		$this->assertGreaterThanOrEqual( 2, $service->count() );
		unset( $a );
	}

	/**
	 * N accounts made with one INSERT (wp_insert_user() for 1,000 would take most of the test's time).
	 *
	 * @param string $prefix Login prefix.
	 * @param int    $count  How many.
	 * @return int[] Their IDs.
	 */
	private function bulk_users( string $prefix, int $count ): array {
		global $wpdb;
		$rows   = array();
		$values = array();
		for ( $n = 1; $n <= $count; $n++ ) {
			$rows[] = '(%s, %s, %s, %s, %s)';
			array_push( $values, "$prefix-$n", "$prefix-$n", "$prefix-$n@example.com", '2026-01-01 00:00:00', "Member $n" );
		}
		$wpdb->query( $wpdb->prepare( "INSERT INTO {$wpdb->users} (user_login, user_nicename, user_email, user_registered, display_name) VALUES " . implode( ', ', $rows ), $values ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- a fixture: one tuple per user.
		return array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT ID FROM {$wpdb->users} WHERE user_login LIKE %s ORDER BY ID", $wpdb->esc_like( "$prefix-" ) . '%' ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a fixture.
	}

	public function test_a_contract_change_costs_the_same_queries_for_10_and_1000_members_and_moves_every_version(): void {
		$cache  = $this->services()->library_cache;
		$counts = array();
		foreach ( array( 10, 1000 ) as $size ) {
			$id      = $this->service()->create( self::input( array( 'title' => "Contract of $size" ) ) );
			$members = $this->bulk_users( "bump$size", $size );
			$this->services()->contracts->add_members( $id, $members );
			// Half the members have had a library version before, half get their first.
			foreach ( array_slice( $members, intdiv( $size, 2 ) ) as $fresh ) {
				delete_user_meta( $fresh, LibraryCache::USER_META );
			}
			$before = $cache->versions_of( $members );
			$this->assertCount( intdiv( $size, 2 ), $before );
			$this->assertSame( $before[ $members[0] ], get_user_meta( $members[0], LibraryCache::USER_META, true ) ); // Now in the meta cache.

			$counts[ $size ] = $this->count_queries( fn() => $this->service()->update( $id, self::input( array( 'title' => "Renamed $size" ) ) ) );

			$after = $cache->versions_of( $members );
			$this->assertCount( $size, $after, 'Every member has a version.' );
			$this->assertSame( array(), array_intersect_assoc( $after, $before ), 'Every member\'s version moved.' );
			$this->assertSame( $after[ $members[0] ], get_user_meta( $members[0], LibraryCache::USER_META, true ), 'The meta cache was dropped.' );
		}
		fwrite( STDERR, sprintf( "\n[contract change queries: %s]\n", wp_json_encode( $counts ) ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- the measured figures, for the report.
		$this->assertSame( $counts[10], $counts[1000] );
		$this->assertLessThanOrEqual( 8, $counts[1000] );
	}
}
