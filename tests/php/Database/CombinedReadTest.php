<?php
/**
 * Several reads as one statement.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Database;

use LibraryPortal\Core\Items\CatalogueRepository;
use LibraryPortal\Core\Rows\ProgressRepository;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Platform\Database\CombinedRead;
use LibraryPortal\Platform\Database\SelectPart;
use LibraryPortal\Tests\Fixtures\LearningMedia;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * CombinedRead gives each part what the part read alone gives, in one statement, on both engines:
 * a progress report's read (docs/rules/learning-and-progress.md, "Cost of a report: the short path") rests on it.
 *
 * @group database
 */
final class CombinedReadTest extends TestCase {

	/**
	 * A learner with an item of three parts, two of them reported, an own seat and a shared one.
	 *
	 * @return array{0: int, 1: int} User and item.
	 */
	private function learner(): array {
		$user  = $this->make_user();
		$owner = $this->make_user();
		$item  = LearningMedia::item( 'Combined ' . wp_generate_password( 4, false ) );
		Library::grant( $user, $item, 2 );
		Library::activate_own( $user, $item );
		Library::grant( $owner, $item, 3 );
		Library::share( $owner, $user, $item );
		$progress = new ProgressRepository( $GLOBALS['wpdb'] );
		$progress->record( $user, $item, 0, 40, 1000 );
		$progress->record( $user, $item, 2, 100, 2000 );
		return array( $user, $item );
	}

	public function test_each_part_reads_what_it_reads_alone_in_one_statement(): void {
		global $wpdb;
		list( $user, $item ) = $this->learner();
		$catalogue           = new CatalogueRepository( $wpdb );
		$licenses            = new LicenseRepository( $wpdb );
		$progress            = new ProgressRepository( $wpdb );

		wp_cache_flush();
		$alone = array(
			'progress' => $progress->for_item( $user, $item ),
			'seats'    => $licenses->seats_for_user( $user, $item ),
		);
		wp_cache_flush();
		$meta_alone = ( new CombinedRead( $wpdb ) )->read( $catalogue->published_item_meta_read( $item ) )['item'];
		wp_cache_flush();
		$this->assertSame( get_post_meta( $item ), $meta_alone, 'the meta as get_post_meta() gives it' );

		wp_cache_flush();
		$read    = null;
		$queries = $this->count_queries(
			function () use ( &$read, $catalogue, $licenses, $progress, $user, $item, $wpdb ): void {
				$read = ( new CombinedRead( $wpdb ) )->read(
					$catalogue->published_item_meta_read( $item ),
					$progress->for_item_read( $user, $item ),
					...$licenses->seats_for_user_read( $user, $item )
				);
			}
		);
		$this->assertSame( 1, $queries, 'four selects, one statement' );
		$this->assertSame( $meta_alone, $read['item'], 'the meta, every key and value in meta_id order' );
		$this->assertEquals( $alone['progress'], $read['progress'] );
		$this->assertSame( array( 0, 2 ), array_keys( $read['progress'] ) );
		$this->assertEquals( $alone['seats'], $read['seats'], 'owned and held seats, by seat ID' );
		$this->assertCount( 3, $read['seats'], 'two own seats and the shared one' );
		$this->assertSame( $meta_alone, wp_cache_get( $item, 'post_meta' ), 'the meta went into WordPress\'s meta cache' );
	}

	public function test_a_known_part_reads_nothing_and_parts_without_rows_map_to_empty(): void {
		global $wpdb;
		$item = LearningMedia::item( 'Known ' . wp_generate_password( 4, false ) );
		get_post( $item );
		get_post_meta( $item ); // WordPress's caches hold the item, as with a persistent object cache.
		$catalogue = new CatalogueRepository( $wpdb );
		$read      = null;
		$queries   = $this->count_queries(
			function () use ( &$read, $catalogue, $item, $wpdb ): void {
				$read = ( new CombinedRead( $wpdb ) )->read( $catalogue->published_item_meta_read( $item ) );
			}
		);
		$this->assertSame( 0, $queries, 'the cached item is known: no statement' );
		$this->assertSame( get_post_meta( $item ), $read['item'] );

		// Nobody's seats or progress, the item known, read together: one statement, empty values.
		$nobody  = $this->make_user();
		$queries = $this->count_queries(
			function () use ( &$read, $catalogue, $item, $nobody, $wpdb ): void {
				$read = ( new CombinedRead( $wpdb ) )->read(
					$catalogue->published_item_meta_read( $item ),
					( new ProgressRepository( $wpdb ) )->for_item_read( $nobody, $item ),
					...( new LicenseRepository( $wpdb ) )->seats_for_user_read( $nobody, $item )
				);
			}
		);
		$this->assertSame( 1, $queries );
		$this->assertSame( array(), $read['progress'] );
		$this->assertSame( array(), $read['seats'] );
		$this->assertSame( get_post_meta( $item ), $read['item'] );

		// Not a published item: no rows, null (the caller takes the whole lookup).
		wp_update_post(
			array(
				'ID'          => $item,
				'post_status' => 'draft',
			)
		);
		wp_cache_flush();
		$this->assertNull( ( new CombinedRead( $wpdb ) )->read( $catalogue->published_item_meta_read( $item ) )['item'] );
	}

	public function test_columns_of_other_types_and_collations_stay_apart_and_nulls_stay_null(): void {
		global $wpdb;
		$option = 'library_portal_combined_' . wp_generate_password( 4, false );
		add_option( $option, "a value, with a comma\nand a line", '', false );
		$keep = static fn( array $rows ): array => $rows;
		$read = ( new CombinedRead( $wpdb ) )->read(
			SelectPart::of(
				'option',
				array(
					'name'  => 'option_name',
					'value' => 'option_value',
					'none'  => 'NULL',
				),
				'FROM %i WHERE option_name = %s',
				array( $wpdb->options, $option ),
				$keep
			),
			SelectPart::of(
				'user',
				array(
					'id'    => 'ID',
					'login' => 'user_login',
				),
				'FROM %i WHERE ID = %d',
				array( $wpdb->users, 1 ),
				$keep
			),
			SelectPart::known( 'known', 'as given' )->then( static fn( string $value ): string => strtoupper( $value ) )
		);
		$this->assertSame(
			array(
				array(
					'name'  => $option,
					'value' => "a value, with a comma\nand a line",
					'none'  => null,
				),
			),
			$read['option']
		);
		$this->assertSame( '1', (string) $read['user'][0]['id'] );
		$this->assertSame( get_userdata( 1 )->user_login, $read['user'][0]['login'] );
		$this->assertSame( 'AS GIVEN', $read['known'] );
	}
}
