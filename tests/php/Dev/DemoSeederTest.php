<?php
/**
 * The dev-only demo seeder.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Dev;

use LibraryPortal\Catalogue\ItemPostType;
use LibraryPortal\Dev\DemoSeeder;
use LibraryPortal\Domain\ContentType;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Seeds once, never writes a password to the database, keeps known passwords on a rerun.
 */
final class DemoSeederTest extends TestCase {

	public function test_seeding_stores_no_password_and_a_rerun_keeps_the_known_ones(): void {
		global $wpdb;
		$logins = DemoSeeder::create()->seed();

		$this->assertCount( 5, $logins );
		foreach ( $logins as $row ) {
			$user = get_user_by( 'login', $row['login'] );
			$this->assertTrue( wp_check_password( $row['password'], $user->user_pass, $user->ID ), $row['login'] );
			$found = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_value LIKE %s", '%' . $wpdb->esc_like( $row['password'] ) . '%' ) );
			$this->assertSame( 0, $found, 'a demo password is stored in an option' );
		}
		$this->assertFalse( get_option( 'library_portal_demo_logins' ) );

		$count = static function () use ( $wpdb ): int {
			return (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = 'library_item'" );
		};
		$posts = $count();
		$again = DemoSeeder::create()->seed( $logins );

		$this->assertSame( $logins, $again );
		$this->assertGreaterThan( 20, $posts );
		$this->assertSame( $posts, $count(), 'a second run adds no items' );
	}

	public function test_a_site_seeded_by_the_old_seeder_is_not_seeded_again_and_loses_its_stored_passwords(): void {
		global $wpdb;
		update_option(
			'library_portal_demo_logins',
			array(
				array(
					'login'    => 'demo-owner',
					'password' => 'stored-in-db',
				),
			),
			false
		);
		$before = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = 'library_item'" );

		$logins = DemoSeeder::create()->seed();

		$this->assertCount( 5, $logins );
		$this->assertSame( $before, (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = 'library_item'" ) );
		$this->assertFalse( get_option( 'library_portal_demo_logins' ) );
		$this->assertSame( '1', (string) get_option( DemoSeeder::SEEDED_OPTION ) );
	}

	public function test_demo_items_get_the_thumbnails_of_their_kind_once(): void {
		global $wpdb;
		$this->make_demo_media();

		$logins = DemoSeeder::create()->seed();
		$items  = get_posts(
			array(
				'post_type'      => 'library_item',
				'posts_per_page' => -1,
				'fields'         => 'ids',
			)
		);
		$this->assertNotEmpty( $items );
		foreach ( $items as $item_id ) {
			$type      = (string) get_post_meta( $item_id, '_lp_content_type', true );
			$thumbnail = (int) get_post_thumbnail_id( $item_id );
			$this->assertGreaterThan( 0, $thumbnail, "item $item_id has a featured image" );
			$this->assertFileExists( (string) get_attached_file( $thumbnail ) );
			$this->assertMatchesRegularExpression( '/^' . preg_quote( $type, '/' ) . '-[12]\.jpg$/', (string) get_post_meta( $thumbnail, DemoSeeder::THUMBNAIL_META, true ) );
		}

		$attachments = static function () use ( $wpdb ): int {
			return (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = 'attachment'" );
		};
		$before      = $attachments();
		$this->assertLessThanOrEqual( 18, $before, 'one attachment per image file, shared by the items of a kind' );
		DemoSeeder::create()->seed( $logins );
		$this->assertSame( $before, $attachments(), 'a second run imports nothing' );

		// The customer's reply carries the image.
		$owner = get_user_by( 'login', 'demo-owner' );
		$reply = $this->rest( 'GET', '/library/v2/items', array(), (int) $owner->ID );
		$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
		foreach ( $reply->get_data()['data'] as $row ) {
			$this->assertMatchesRegularExpression( '~/' . DemoSeeder::MEDIA_DIR . '/library-demo-[a-z-]+-[12](-\d+x\d+)?\.jpg$~', $row['img'], $row['title'] );
		}
	}

	public function test_without_the_image_files_items_stay_without_a_thumbnail(): void {
		global $wpdb;
		$item_id = wp_insert_post(
			array(
				'post_type'   => ItemPostType::POST_TYPE,
				'post_status' => 'publish',
				'post_title'  => 'Thumbnail-less Workshop',
				'meta_input'  => array( '_lp_content_type' => ContentType::WORKSHOP ),
			)
		);
		$before  = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = 'attachment'" );

		$this->assertSame( 0, DemoSeeder::create()->attach_thumbnails( WP_CONTENT_DIR . '/' . DemoSeeder::MEDIA_DIR . '/no-such-folder' ) );
		$this->assertSame( 0, (int) get_post_thumbnail_id( $item_id ) );
		$this->assertSame( $before, (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = 'attachment'" ) );
	}

	/**
	 * Makes the demo thumbnails with bin/make-demo-media when some are missing (it skips what
	 * exists); skips the test only when ffmpeg, which the script needs, is not installed.
	 */
	private function make_demo_media(): void {
		$folder  = WP_CONTENT_DIR . '/' . DemoSeeder::MEDIA_DIR . '/thumbnails';
		$missing = array_filter(
			ContentType::all(),
			static function ( string $type ) use ( $folder ): bool {
				return ! is_file( "$folder/$type-1.jpg" ) || ! is_file( "$folder/$type-2.jpg" );
			}
		);
		if ( ! $missing ) {
			return;
		}
		exec( 'command -v ffmpeg', $found, $code ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec
		if ( 0 !== $code ) {
			$this->markTestSkipped( 'ffmpeg is not installed (bin/setup installs it): bin/make-demo-media cannot make the demo thumbnails.' );
		}
		exec( escapeshellarg( dirname( __DIR__, 3 ) . '/bin/make-demo-media' ) . ' 2>&1', $lines, $code ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec
		$this->assertSame( 0, $code, "bin/make-demo-media failed:\n" . implode( "\n", $lines ) );
	}
}
