<?php
/**
 * Lengths read from playlists on another host, served for real.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions.system_calls_proc_open -- a test harness: a second HTTP host and its files.

use LibraryPortal\Learning\PlaylistDuration;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * A second HTTP host on this machine (PHP's built-in server on 127.0.0.2, a port of this
 * checkout's range: 8870 + LP_PORT_OFFSET) serves HLS playlists, master and media, with and
 * without #EXT-X-ENDLIST. The site reaches it with wp_safe_remote_get, which refuses loopback
 * addresses unless the site allows the host (WordPress's `http_request_host_is_external`).
 */
final class PlaylistOtherHostTest extends TestCase {

	private const HOST = '127.0.0.2';

	private const MEDIA = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.000,\nseg0.ts\n#EXTINF:4.000,\nseg1.ts\n#EXTINF:2.600,\nseg2.ts\n#EXT-X-ENDLIST\n";

	/**
	 * The server process.
	 *
	 * @var resource|null
	 */
	private static $server = null;

	/**
	 * Its document root.
	 *
	 * @var string
	 */
	private static string $root = '';

	/**
	 * Its port.
	 */
	private static function port(): int {
		return 8870 + (int) getenv( 'LP_PORT_OFFSET' );
	}

	/**
	 * An address on the second host.
	 *
	 * @param string $path Path.
	 */
	private static function url( string $path ): string {
		return 'http://' . self::HOST . ':' . self::port() . '/' . $path;
	}

	public static function set_up_before_class(): void {
		parent::set_up_before_class();
		self::$root = sys_get_temp_dir() . '/lp-playlists-' . getmypid();
		$files      = array(
			'vod/index.m3u8'      => self::MEDIA,
			'live/index.m3u8'     => str_replace( "#EXT-X-ENDLIST\n", '', self::MEDIA ),
			'abr/master.m3u8'     => "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=1280x720\n720p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=400000\n360p/index.m3u8\n",
			'abr/720p/index.m3u8' => self::MEDIA,
			'abr/360p/index.m3u8' => str_replace( '2.600', '9.000', self::MEDIA ),
		);
		foreach ( $files as $path => $text ) {
			wp_mkdir_p( dirname( self::$root . '/' . $path ) );
			file_put_contents( self::$root . '/' . $path, $text );
		}
		self::$server = proc_open( array( 'setsid', PHP_BINARY, '-S', self::HOST . ':' . self::port(), '-t', self::$root ), array( array( 'pipe', 'r' ), array( 'file', '/dev/null', 'w' ), array( 'file', '/dev/null', 'w' ) ), $pipes );
		for ( $try = 0; $try < 100; $try++ ) {
			$socket = @fsockopen( self::HOST, self::port() ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- polling until the server listens.
			if ( false !== $socket ) {
				fclose( $socket );
				break;
			}
			usleep( 50000 );
		}
	}

	public static function tear_down_after_class(): void {
		if ( is_resource( self::$server ) ) {
			proc_terminate( self::$server );
			proc_close( self::$server );
		}
		foreach ( new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( self::$root, \FilesystemIterator::SKIP_DOTS ), \RecursiveIteratorIterator::CHILD_FIRST ) as $file ) {
			$file->isDir() ? rmdir( $file->getPathname() ) : unlink( $file->getPathname() );
		}
		rmdir( self::$root );
		parent::tear_down_after_class();
	}

	public function set_up(): void {
		parent::set_up();
		// This machine has no internet: the local sites block outside HTTP except the hosts named here.
		if ( ! defined( 'WP_ACCESSIBLE_HOSTS' ) ) {
			define( 'WP_ACCESSIBLE_HOSTS', self::HOST ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- WordPress's own constant.
		}
		add_filter( 'http_allowed_safe_ports', static fn( $ports ) => array_merge( (array) $ports, array( self::port() ) ) );
	}

	/**
	 * The site allows the second host (it is a loopback address, which wp_safe_remote_get refuses otherwise).
	 */
	private function allow_host(): void {
		add_filter( 'http_request_host_is_external', static fn( $external, $host ) => $external || self::HOST === $host, 10, 2 );
	}

	public function test_a_media_playlist_and_a_master_playlists_first_variant_are_read(): void {
		$this->allow_host();
		$this->assertSame( 11, PlaylistDuration::seconds( self::url( 'vod/index.m3u8' ) ), '4 + 4 + 2.6, rounded.' );
		$this->assertSame( 11, PlaylistDuration::seconds( self::url( 'abr/master.m3u8' ) ), 'The first variant, not the 360p one (15 s).' );
	}

	public function test_a_live_playlist_a_missing_one_or_a_host_the_site_does_not_allow_give_no_length(): void {
		$this->assertSame( 0, PlaylistDuration::seconds( self::url( 'vod/index.m3u8' ) ), 'A loopback address the site did not allow.' );
		$this->allow_host();
		$this->assertSame( 0, PlaylistDuration::seconds( self::url( 'live/index.m3u8' ) ), 'No #EXT-X-ENDLIST: live, no length yet.' );
		$this->assertSame( 0, PlaylistDuration::seconds( self::url( 'missing/index.m3u8' ) ) );
	}

	public function test_saving_fills_the_lengths_and_a_failure_saves_with_a_warning(): void {
		$this->allow_host();
		$editor = $this->make_user( 'editor' );
		wp_set_current_user( $editor );
		$item = Library::item( 'CDN workshop', 'on-demand-workshop', 3 );
		update_post_meta(
			$item,
			'_lp_video_parts',
			array(
				array(
					'title' => 'One',
					'url'   => self::url( 'vod/index.m3u8' ),
				),
				array(
					'title' => 'Two',
					'url'   => self::url( 'abr/master.m3u8' ),
				),
				array(
					'title' => 'Three',
					'url'   => self::url( 'live/index.m3u8' ),
				),
			)
		);

		wp_update_post(
			array(
				'ID'         => $item,
				'post_title' => 'CDN workshop (edited)',
			)
		);

		$this->assertSame( array( 11, 11, 0 ), array_map( static fn( $part ) => (int) ( $part['duration'] ?? 0 ), get_post_meta( $item, '_lp_video_parts', true ) ) );
		$this->assertSame( 'CDN workshop (edited)', get_the_title( $item ), 'Saved.' );
		$this->assertSame( array( $item => array( 3 ) ), get_user_meta( $editor, PlaylistDuration::WARNING_META, true ) );

		// The warning shows once, on the item's edit screen.
		require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
		require_once ABSPATH . 'wp-admin/includes/screen.php';
		$GLOBALS['post'] = get_post( $item ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- post.php sets it too.
		set_current_screen( 'library_item' );
		ob_start();
		( new PlaylistDuration() )->warning();
		$html = (string) ob_get_clean();
		ob_start();
		( new PlaylistDuration() )->warning();
		$again                     = (string) ob_get_clean();
		$GLOBALS['current_screen'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- back to no screen.
		$this->assertStringContainsString( 'the length of part 3 could not be read', $html );
		$this->assertSame( '', $again );
	}
}
