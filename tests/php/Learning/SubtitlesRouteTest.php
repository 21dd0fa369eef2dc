<?php
/**
 * GET /library/v2/subtitles/{product_id}/{n}
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions -- test fixtures on disk (a symlink, a file outside wp-content).

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Learning\SubtitleSource;
use LibraryPortal\Tests\Fixtures\LearningMedia;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The proxy serves only the item's own WebVTT files that match the pattern, from this site,
 * within the caps, with the right headers; everything else is 404 subtitle_not_found.
 */
final class SubtitlesRouteTest extends TestCase {

	use ServesRequests;

	private const VTT = "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello <b>there</b>\n";

	/**
	 * A file outside wp-content, for the symlink case.
	 *
	 * @var string
	 */
	private string $outside = '';

	public function tear_down() {
		LearningMedia::cleanup();
		if ( '' !== $this->outside && is_file( $this->outside ) ) {
			unlink( $this->outside );
		}
		parent::tear_down();
	}

	/**
	 * An item whose only subtitle entry has this address, and a user with access to it.
	 *
	 * @param string $url Subtitle address.
	 * @return array{0: int, 1: int} User and item.
	 */
	private function item_with_subtitle( string $url ): array {
		$user = $this->make_user();
		$item = LearningMedia::item( 'Subtitled ' . wp_generate_password( 4, false ), 1, 60, 'on-demand-webinar' );
		Library::grant( $user, $item );
		update_post_meta(
			$item,
			'_lp_subtitles',
			array(
				array(
					'url'      => $url,
					'language' => 'en',
				),
			)
		);
		return array( $user, $item );
	}

	/**
	 * Asks for the first subtitle of an item.
	 *
	 * @param int $user User.
	 * @param int $item Item.
	 * @param int $n    Index.
	 */
	private function subtitle( int $user, int $item, int $n = 0 ): \WP_REST_Response {
		return $this->send( 'GET', "/library/v2/subtitles/$item/$n", $user );
	}

	/**
	 * Asserts the proxy refuses an address.
	 *
	 * @param string $url     Address stored in the entry.
	 * @param string $message Why.
	 */
	private function assert_refused( string $url, string $message ): void {
		list( $user, $item ) = $this->item_with_subtitle( $url );
		$response            = $this->subtitle( $user, $item );
		$this->assertSame( 404, $response->get_status(), $message );
		$this->assertSame( 'subtitle_not_found', $response->get_data()['error_code'], $message );
	}

	public function test_a_good_file_is_served_as_vtt_with_nosniff(): void {
		list( $user, $item ) = $this->item_with_subtitle( LearningMedia::file( 'a/subtitles/en.vtt', self::VTT ) );

		$response = $this->subtitle( $user, $item );

		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( self::VTT, $response->get_data() );
		$headers = $response->get_headers();
		$this->assertSame( 'text/vtt; charset=utf-8', $headers['Content-Type'] );
		$this->assertSame( 'nosniff', $headers['X-Content-Type-Options'] );
		$this->assertSame( 'private, max-age=3600', $headers['Cache-Control'] );
	}

	public function test_the_server_prints_the_file_itself_not_json(): void {
		list( $user, $item ) = $this->item_with_subtitle( LearningMedia::file( 'b/subtitles/en.vtt', self::VTT ) );
		wp_set_current_user( $user );
		$_SERVER['REQUEST_METHOD'] = 'GET';

		ob_start();
		rest_get_server()->serve_request( "/library/v2/subtitles/$item/0" );
		$body = (string) ob_get_clean();

		$this->assertSame( self::VTT, $body );
		$this->assertSame( 'text/vtt; charset=utf-8', rest_get_server()->sent_headers['Content-Type'] );
		$this->assertSame( 'nosniff', rest_get_server()->sent_headers['X-Content-Type-Options'] );
	}

	public function test_traversal_is_refused_in_every_spelling(): void {
		LearningMedia::file( 'secret.vtt', self::VTT );
		LearningMedia::file( 'c/subtitles/en.vtt', self::VTT );
		$base = LearningMedia::url( 'c' );

		$this->assert_refused( "$base/subtitles/../../secret.vtt", 'dot-dot' );
		$this->assert_refused( "$base/subtitles/%2e%2e/%2e%2e/secret.vtt", 'encoded dot-dot' );
		$this->assert_refused( "$base/subtitles/..%2F..%2Fsecret.vtt", 'encoded slash' );
		$this->assert_refused( "$base/subtitles/..\\..\\secret.vtt", 'backslashes' );
		LearningMedia::file( 'other/subtitles/en.vtt', self::VTT );
		$this->assert_refused( "$base/../other/subtitles/en.vtt", 'dot-dot to a matching file elsewhere' );
		$this->assert_refused( "$base/%2e%2e/other/subtitles/en.vtt", 'encoded dot-dot to a matching file elsewhere' );
	}

	public function test_a_symlink_out_of_wp_content_is_refused(): void {
		$this->outside = sys_get_temp_dir() . '/lp-outside-' . wp_generate_password( 6, false ) . '.vtt';
		file_put_contents( $this->outside, self::VTT );
		LearningMedia::file( 'd/placeholder.txt', '' );
		wp_mkdir_p( LearningMedia::root() . '/d/subtitles' );
		symlink( $this->outside, LearningMedia::root() . '/d/subtitles/en.vtt' );

		$this->assert_refused( LearningMedia::url( 'd/subtitles/en.vtt' ), 'symlink leaving wp-content' );
	}

	public function test_foreign_hosts_are_refused_unless_a_filter_adds_them(): void {
		$fetched = array();
		add_filter(
			'pre_http_request',
			static function ( $pre, $args, $url ) use ( &$fetched ) {
				$fetched[] = $url;
				return array(
					'headers'  => array(),
					'body'     => "WEBVTT\n\nremote",
					'response' => array(
						'code'    => 200,
						'message' => 'OK',
					),
					'cookies'  => array(),
				);
			},
			10,
			3
		);

		$this->assert_refused( 'https://cdn.example.net/media/subtitles/en.vtt', 'foreign host' );
		$this->assert_refused( 'https://user:pass@' . wp_parse_url( home_url(), PHP_URL_HOST ) . '/subtitles/en.vtt', 'credentials in the address' );
		$this->assert_refused( 'ftp://' . wp_parse_url( home_url(), PHP_URL_HOST ) . '/subtitles/en.vtt', 'other scheme' );
		$this->assertSame( array(), $fetched, 'Nothing was fetched.' );

		add_filter( 'library_portal_subtitle_hosts', static fn( array $hosts ) => array_merge( $hosts, array( 'cdn.example.net' ) ) );
		list( $user, $item ) = $this->item_with_subtitle( 'https://cdn.example.net/media/subtitles/en.vtt' );
		$response            = $this->subtitle( $user, $item );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( "WEBVTT\n\nremote", $response->get_data() );
		$this->assertSame( array( 'https://cdn.example.net/media/subtitles/en.vtt' ), $fetched );
	}

	public function test_a_path_outside_the_pattern_is_refused(): void {
		$this->assert_refused( LearningMedia::file( 'e/captions/en.vtt', self::VTT ), 'not in a subtitles folder' );
		$this->assert_refused( LearningMedia::file( 'e/subtitles/en.txt', self::VTT ), 'not .vtt' );
		$this->assert_refused( LearningMedia::file( 'e/subtitles/en vtt.vtt', self::VTT ), 'character outside the pattern' );
	}

	public function test_a_body_that_is_not_webvtt_is_refused(): void {
		$this->assert_refused( LearningMedia::file( 'f/subtitles/page.vtt', "<html><script>alert(1)</script></html>\n" ), 'HTML' );
		$this->assert_refused( LearningMedia::file( 'f/subtitles/almost.vtt', "WEBVTTX\n" ), 'WEBVTT must stand alone' );
		list( $user, $item ) = $this->item_with_subtitle( LearningMedia::file( 'f/subtitles/bom.vtt', "\xEF\xBB\xBF" . self::VTT ) );
		$this->assertSame( 200, $this->subtitle( $user, $item )->get_status(), 'A byte-order mark is allowed.' );
	}

	public function test_an_oversize_file_is_refused(): void {
		$big = "WEBVTT\n\n" . str_repeat( "00:00:00.000 --> 00:00:01.000\nline\n\n", 20000 );
		$this->assertGreaterThan( SubtitleSource::MAX_BYTES, strlen( $big ) );

		$this->assert_refused( LearningMedia::file( 'g/subtitles/big.vtt', $big ), 'over 512 KB' );
	}

	public function test_only_the_items_own_entries_are_served(): void {
		list( $user, $item ) = $this->item_with_subtitle( LearningMedia::file( 'h/subtitles/en.vtt', self::VTT ) );

		$this->assertSame( 404, $this->subtitle( $user, $item, 1 )->get_status(), 'No such entry.' );
		$this->assertSame( 400, $this->subtitle( $user, $item, 1001 )->get_status(), 'Beyond the schema bound.' );
	}

	public function test_no_access_logged_out_no_nonce_and_someone_elses_item(): void {
		list( $user, $item ) = $this->item_with_subtitle( LearningMedia::file( 'i/subtitles/en.vtt', self::VTT ) );
		$stranger            = $this->make_user();
		$expired             = $this->make_user();
		Library::grant( $expired, $item, 1, time() - 1 );
		$route = "/library/v2/subtitles/$item/0";

		$this->assertSame( 401, $this->subtitle( 0, $item )->get_status() );
		$this->assertSame( 401, $this->rest_as_browser( 'GET', $route, $user, null )->get_status() );
		$this->assertSame( 404, $this->subtitle( $stranger, $item )->get_status() );
		$this->assertSame( 'item_not_found', $this->subtitle( $stranger, $item )->get_data()['error_code'] );
		$this->assertSame( 403, $this->subtitle( $expired, $item )->get_status() );
		$this->assertSame( 'no_license', $this->subtitle( $expired, $item )->get_data()['error_code'] );
		$this->assertSame( 200, $this->rest_as_browser( 'GET', $route, $user, $this->browser_nonce( $user ) )->get_status() );
	}
}
