<?php
/**
 * The dev-only demo seeder.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Dev;

use LibraryPortal\Core\Items\ContentType;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Dev\DemoSeeder;
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

	public function test_the_workshop_and_webinar_play_real_media_with_subtitles_and_a_test(): void {
		$this->make_demo_media();
		DemoSeeder::create()->seed();

		$workshop = $this->item_titled( 'Trauma-Informed Care' );
		$parts    = get_post_meta( $workshop, '_lp_video_parts', true );
		$this->assertCount( 3, $parts );
		foreach ( $parts as $index => $part ) {
			$this->assertSame( 'Part ' . ( $index + 1 ), $part['title'] );
			$this->assertStringEndsWith( '/workshop/part-' . ( $index + 1 ) . '/index.m3u8', $part['url'] );
			$this->assertStringStartsWith( "#EXTM3U\n", $this->demo_text( $part['url'] ) );
			$this->assertFileExists( $this->local_path( $part['thumb'] ) );
			$this->assertSame( 16, $part['duration'], 'the duration is the playlist\'s, in whole seconds' );
		}
		$subtitles = get_post_meta( $workshop, '_lp_subtitles', true );
		$this->assertSame( array( 0, 1, 2 ), array_column( $subtitles, 'part' ) );
		foreach ( $subtitles as $subtitle ) {
			$this->assertSame( 'en', $subtitle['language'] );
			$this->assertMatchesRegularExpression( '#/subtitles/[A-Za-z0-9._-]+\.vtt$#', (string) wp_parse_url( $subtitle['url'], PHP_URL_PATH ), 'the path the subtitles proxy serves' );
			$this->assertStringStartsWith( 'WEBVTT', $this->demo_text( $subtitle['url'] ) );
		}
		$this->assertStringStartsWith( '%PDF-', $this->demo_text( (string) get_post_meta( $workshop, '_lp_attachment_url', true ) ) );

		$webinar = $this->item_titled( 'Anxiety in Children and Adolescents' );
		$this->assertStringEndsWith( '/webinar/index.m3u8', (string) get_post_meta( $webinar, '_lp_video_url', true ) );
		$this->assertSame( 20, (int) get_post_meta( $webinar, '_lp_video_duration', true ) );
		$this->assertCount( 1, get_post_meta( $webinar, '_lp_subtitles', true ) );

		foreach ( array( $workshop, $webinar ) as $item_id ) {
			$quiz = get_post_meta( $item_id, '_lp_quiz', true );
			$this->assertSame( 80, $quiz['pass_mark'] );
			$this->assertGreaterThanOrEqual( 3, count( $quiz['questions'] ) );
			$this->assertLessThanOrEqual( 5, count( $quiz['questions'] ) );
			foreach ( $quiz['questions'] as $index => $question ) {
				$this->assertSame( 'q' . ( $index + 1 ), $question['id'] );
				$this->assertGreaterThanOrEqual( 2, count( $question['answers'] ) );
				$this->assertArrayHasKey( $question['correct'], $question['answers'] );
			}
		}

		$manual = $this->item_titled( 'CBT Skills Workbook' );
		$this->assertStringStartsWith( '%PDF-', $this->demo_text( (string) get_post_meta( $manual, '_lp_download_link', true ) ) );

		// Every demo video item plays something; a rerun changes no meta.
		$before = array();
		foreach ( get_posts(
			array(
				'post_type'      => 'library_item',
				'posts_per_page' => -1,
				'fields'         => 'ids',
			)
		) as $item_id ) {
			$type = (string) get_post_meta( $item_id, '_lp_content_type', true );
			if ( ContentType::has_video( $type ) ) {
				$parts = (array) get_post_meta( $item_id, '_lp_video_parts', true );
				$urls  = count( $parts ) >= 2 ? array_column( $parts, 'url' ) : array( get_post_meta( $item_id, '_lp_video_url', true ) );
				$this->assertNotContains( '', $urls, "item $item_id has its video" );
			}
			$before[ $item_id ] = get_post_meta( $item_id );
		}
		$this->assertSame( 0, DemoSeeder::create()->attach_learning() );
		foreach ( $before as $item_id => $meta ) {
			$this->assertSame( $meta, get_post_meta( $item_id ), "item $item_id unchanged" );
		}
	}

	public function test_learning_meta_set_in_wp_admin_is_kept(): void {
		$this->make_demo_media();
		$item_id = wp_insert_post(
			array(
				'post_type'   => ItemPostType::POST_TYPE,
				'post_status' => 'publish',
				'post_title'  => 'Anxiety in Children and Adolescents',
				'meta_input'  => array(
					'_lp_content_type' => ContentType::WEBINAR,
					'_lp_video_url'    => 'https://video.example.com/own/index.m3u8',
					'_lp_quiz'         => array(
						'pass_mark' => 70,
						'questions' => array(),
					),
				),
			)
		);

		DemoSeeder::create()->attach_learning();

		$this->assertSame( 'https://video.example.com/own/index.m3u8', get_post_meta( $item_id, '_lp_video_url', true ) );
		$this->assertSame( '', get_post_meta( $item_id, '_lp_subtitles', true ), 'no demo subtitles beside another video' );
		$this->assertSame( 70, get_post_meta( $item_id, '_lp_quiz', true )['pass_mark'] );
	}

	/**
	 * The ID of the demo item with this title.
	 *
	 * @param string $title Title.
	 */
	private function item_titled( string $title ): int {
		$ids = get_posts(
			array(
				'post_type'   => 'library_item',
				'title'       => $title,
				'fields'      => 'ids',
				'numberposts' => 1,
			)
		);
		$this->assertNotEmpty( $ids, $title );
		return (int) $ids[0];
	}

	/**
	 * The text of the file behind a demo media address.
	 *
	 * @param string $url Address.
	 */
	private function demo_text( string $url ): string {
		return (string) file_get_contents( $this->local_path( $url ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
	}

	/**
	 * The file behind a demo media address (under wp-content).
	 *
	 * @param string $url Address.
	 */
	private function local_path( string $url ): string {
		$this->assertStringStartsWith( content_url( DemoSeeder::MEDIA_DIR . '/' ), $url );
		return WP_CONTENT_DIR . substr( $url, strlen( content_url() ) );
	}

	/**
	 * Makes the demo media with bin/make-demo-media when some is missing (it skips what
	 * exists); skips the test only when ffmpeg, which the script needs, is not installed.
	 */
	private function make_demo_media(): void {
		$media   = WP_CONTENT_DIR . '/' . DemoSeeder::MEDIA_DIR;
		$folder  = "$media/thumbnails";
		$missing = array_filter(
			ContentType::all(),
			static function ( string $type ) use ( $folder ): bool {
				return ! is_file( "$folder/$type-1.jpg" ) || ! is_file( "$folder/$type-2.jpg" );
			}
		);
		foreach ( array( 'workshop/part-3/subtitles/en.vtt', 'webinar/subtitles/en.vtt', 'manual/cbt-skills-workbook.pdf', 'workshop/handout.pdf' ) as $file ) {
			if ( ! is_file( "$media/$file" ) ) {
				$missing[] = $file;
			}
		}
		if ( ! $missing ) {
			return;
		}
		exec( 'command -v ffmpeg', $found, $code ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec
		if ( 0 !== $code ) {
			$this->markTestSkipped( 'ffmpeg is not installed (bin/setup installs it): bin/make-demo-media cannot make the demo media.' );
		}
		exec( escapeshellarg( dirname( __DIR__, 3 ) . '/bin/make-demo-media' ) . ' 2>&1', $lines, $code ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec
		$this->assertSame( 0, $code, "bin/make-demo-media failed:\n" . implode( "\n", $lines ) );
	}
}
