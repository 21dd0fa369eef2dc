<?php
/**
 * Kept replies go out compressed.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions -- curl: the test reads the raw bytes and headers the server sends.

namespace LibraryPortal\Tests\Rest;

use LibraryPortal\Platform\Rest\RawJsonResponse;
use LibraryPortal\Platform\Rest\ReplyBody;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\ParallelSite;
use LibraryPortal\Tests\Support\TestCase;

/**
 * `GET items/` and `GET shareduserscontent/` keep their body gzip-compressed and send it as it is
 * to a client that accepts gzip, over real HTTP
 * (docs/rules/platform.md, "Kept replies go out compressed"); every other client gets the same JSON uncompressed.
 */
final class CompressedRepliesTest extends TestCase {

	use ParallelSite {
		site_environment as private parallel_site_environment;
	}

	/**
	 * The test site without bin/router.php's own compression, so every compressed byte comes from the plugin.
	 *
	 * @return array<string, string>
	 */
	private static function site_environment(): array {
		return array( 'LP_ROUTER_GZIP' => '0' ) + self::parallel_site_environment();
	}

	/**
	 * One GET over HTTP as a browser, curl decoding nothing.
	 *
	 * @param string                               $route   REST route.
	 * @param array{cookie: string, nonce: string} $browser Cookie and nonce.
	 * @param string|null                          $accept  Accept-Encoding, or null for none.
	 * @return array{status: int, headers: array<string, string[]>, body: string}
	 */
	private function get( string $route, array $browser, ?string $accept ): array {
		$headers = array( 'X-WP-Nonce: ' . $browser['nonce'], 'Cookie: ' . $browser['cookie'] );
		if ( null !== $accept ) {
			$headers[] = 'Accept-Encoding: ' . $accept;
		}
		$received = array();
		$handle   = curl_init( 'http://127.0.0.1:' . self::$port . '/wp-json' . $route );
		curl_setopt_array(
			$handle,
			array(
				CURLOPT_HTTPHEADER     => $headers,
				CURLOPT_RETURNTRANSFER => true,
				CURLOPT_TIMEOUT        => 60,
				CURLOPT_HEADERFUNCTION => static function ( $curl, string $line ) use ( &$received ): int {
					$parts = explode( ':', $line, 2 );
					if ( 2 === count( $parts ) ) {
						$received[ strtolower( trim( $parts[0] ) ) ][] = trim( $parts[1] );
					}
					return strlen( $line );
				},
			)
		);
		$body   = (string) curl_exec( $handle );
		$status = (int) curl_getinfo( $handle, CURLINFO_HTTP_CODE );
		curl_close( $handle );
		return array(
			'status'  => $status,
			'headers' => $received,
			'body'    => $body,
		);
	}

	/**
	 * An owner who shares a seat with a member, both committed.
	 *
	 * @return array{owner: int, member: int}
	 */
	private function team(): array {
		$owner                      = $this->user();
		$member                     = $this->user();
		$item                       = Library::item( 'Compressed reply' );
		$this->committed['posts'][] = $item;
		Library::grant( $owner, $item, 3 );
		Library::share( $owner, $member, $item );
		return array(
			'owner'  => $owner,
			'member' => $member,
		);
	}

	public function test_a_client_that_accepts_gzip_gets_the_kept_body_compressed_and_others_the_same_json(): void {
		$owner   = $this->team()['owner'];
		$browser = $this->browser( $owner );
		$kept    = array(
			'/library/v2/items/'              => fn() => $this->services()->library_cache->items_reply( $owner, time(), fn() => array() ),
			'/library/v2/shareduserscontent/' => fn() => $this->services()->team_reply->reply( $owner ),
		);
		foreach ( $kept as $route => $kept_bytes ) {
			$plain      = $this->get( $route, $browser, null );
			$compressed = $this->get( $route, $browser, 'gzip, deflate, br' );
			$refused    = $this->get( $route, $browser, 'gzip;q=0, identity' );

			$this->assertSame( 200, $plain['status'], $route . ': ' . $plain['body'] );
			$this->assertStringStartsWith( '{"success":true,"data":', $plain['body'], $route );
			$this->assertArrayNotHasKey( 'content-encoding', $plain['headers'], $route );

			$this->assertSame( 200, $compressed['status'], $route );
			$this->assertSame( array( 'gzip' ), $compressed['headers']['content-encoding'] ?? array(), $route );
			$this->assertContains( 'Accept-Encoding', $compressed['headers']['vary'] ?? array(), $route . ': caches must keep the two apart' );
			$this->assertSame( $plain['body'], gzdecode( $compressed['body'] ), $route . ': the same reply, compressed' );
			$this->assertSame( $kept_bytes(), $compressed['body'], $route . ': the kept bytes, not compressed again' );

			$this->assertArrayNotHasKey( 'content-encoding', $refused['headers'], $route . ': q=0 refuses gzip' );
			$this->assertSame( $plain['body'], $refused['body'], $route );
		}
	}

	public function test_a_reshaped_reply_is_never_sent_compressed(): void {
		$browser = $this->browser( $this->team()['owner'] );

		$reply = $this->get( '/library/v2/items/?_fields=success', $browser, 'gzip' );

		$this->assertArrayNotHasKey( 'content-encoding', $reply['headers'] );
		$this->assertSame( array( 'success' => true ), json_decode( $reply['body'], true ) );
	}

	public function test_a_page_and_someone_else_are_still_answered_as_before(): void {
		$team    = $this->team();
		$browser = $this->browser( $team['member'] );

		$page = $this->get( '/library/v2/items/?per_page=1', $browser, 'gzip' );
		$this->assertSame( 200, $page['status'] );
		$this->assertSame( array( '1' ), $page['headers']['x-wp-total'] ?? array() );
		$body = json_decode( $this->decoded( $page ), true );
		$this->assertSame( $team['owner'], $body['data'][0]['share_user_id'], 'the member sees the seat the owner shared' );

		$team_reply = json_decode( $this->decoded( $this->get( '/library/v2/shareduserscontent/', $browser, 'gzip' ) ), true );
		$this->assertSame( array(), (array) $team_reply['data'], "a member sees no team of their own, never the owner's" );

		$logged_out = $this->get(
			'/library/v2/items/',
			array(
				'cookie' => '',
				'nonce'  => '',
			),
			'gzip'
		);
		$this->assertSame( 401, $logged_out['status'] );
		$this->assertArrayNotHasKey( 'content-encoding', $logged_out['headers'] );
	}

	/**
	 * The body of a reply, uncompressed when it came compressed.
	 *
	 * @param array{status: int, headers: array<string, string[]>, body: string} $reply Reply.
	 */
	private function decoded( array $reply ): string {
		return isset( $reply['headers']['content-encoding'] ) ? (string) gzdecode( $reply['body'] ) : $reply['body'];
	}

	/**
	 * @dataProvider accept_encodings
	 *
	 * @param string $header  Accept-Encoding.
	 * @param bool   $accepts Whether gzip may be sent.
	 */
	public function test_accept_encoding_is_read_as_http_says( string $header, bool $accepts ): void {
		$this->assertSame( $accepts, RawJsonResponse::accepts_gzip( $header ) );
	}

	/**
	 * Accept-Encoding headers and whether they allow gzip.
	 *
	 * @return array<string, array{0: string, 1: bool}>
	 */
	public static function accept_encodings(): array {
		return array(
			'browser'              => array( 'gzip, deflate, br, zstd', true ),
			'none'                 => array( '', false ),
			'identity only'        => array( 'identity', false ),
			'upper case'           => array( 'GZIP', true ),
			'weighted'             => array( 'br;q=1.0, gzip;q=0.8', true ),
			'refused'              => array( 'gzip;q=0', false ),
			'refused with decimal' => array( 'gzip; q=0.000, br', false ),
			'x-gzip'               => array( 'x-gzip', true ),
			'any'                  => array( '*', true ),
			'any but gzip'         => array( '*, gzip;q=0', false ),
			'any refused'          => array( '*;q=0', false ),
		);
	}

	public function test_a_compressed_body_expands_to_what_was_wrapped(): void {
		$body = ReplyBody::wrap( '[{"a":1}]' );

		$this->assertSame( $body, ReplyBody::expand( ReplyBody::compress( $body ) ) );
		$this->assertSame( '[{"a":1}]', ReplyBody::data_of( $body ) );
		$this->assertSame( '', ReplyBody::expand( $body ), 'bytes that are not gzip expand to nothing' );
	}

	public function test_the_leading_rows_of_a_compressed_list_are_its_first_lines(): void {
		foreach ( array( 0, 1, 2, 3, 250 ) as $size ) {
			$rows = array();
			for ( $n = 0; $n < $size; $n++ ) {
				$rows[] = (string) wp_json_encode(
					array(
						'n'    => $n,
						'text' => "Line\nbreak, comma,\n and " . str_repeat( wp_generate_password( 40, false ), 30 ),
					)
				);
			}
			$gzip = ReplyBody::compress( ReplyBody::wrap( '[' . implode( ",\n", $rows ) . ']' ) );
			foreach ( array( 1, 2, 100, 249, 250, 251 ) as $count ) {
				$this->assertSame( array_slice( $rows, 0, $count ), ReplyBody::leading_rows( $gzip, $count ), "$count of $size rows" );
			}
		}
		$this->assertSame( array(), ReplyBody::leading_rows( '{"success":true,"data":[1]}', 1 ), 'bytes that are not gzip hold no rows' );
	}

	public function test_the_leading_rows_expand_no_further_than_they_reach(): void {
		$rows = array();
		for ( $n = 0; $n < 1000; $n++ ) {
			$rows[] = (string) wp_json_encode( array( 'n' => $n ) + array_fill_keys( range( 'a', 'z' ), md5( (string) $n ) ) );
		}
		$gzip = ReplyBody::compress( ReplyBody::wrap( '[' . implode( ",\n", $rows ) . ']' ) );
		// Cut to its first half, the list no longer expands; its first rows still come out.
		$half = substr( $gzip, 0, intdiv( strlen( $gzip ), 2 ) );
		$this->assertSame( array_slice( $rows, 0, 100 ), ReplyBody::leading_rows( $half, 100 ), 'a page of 100 read only the start of the list' );
	}
}
