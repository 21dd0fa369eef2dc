<?php
/**
 * GET /library/v2/video/{id} with signed addresses.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Core\Items\VideoUrlSigner;
use LibraryPortal\Tests\Fixtures\LearningMedia;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Each learner gets an address of their own that expires; nobody without access gets a new one,
 * whatever they were handed before (a revoked shared seat, an expired one).
 */
final class VideoSigningRouteTest extends TestCase {

	use ServesRequests;

	private const SECRET = 'prod-lane-secret-0123';

	/**
	 * Signs with nginx secure_link for 4 hours.
	 */
	public function set_up(): void {
		parent::set_up();
		$this->services()->settings->update(
			array(
				'video_signing'      => VideoUrlSigner::NGINX,
				'video_link_minutes' => 240,
				'nginx_link_secret'  => self::SECRET,
			)
		);
	}

	/**
	 * Route of an item.
	 *
	 * @param int $item Item.
	 */
	private static function route( int $item ): string {
		return '/library/v2/video/' . $item;
	}

	/**
	 * The part addresses a learner gets.
	 *
	 * @param int $user User.
	 * @param int $item Item.
	 * @return string[]
	 */
	private function addresses( int $user, int $item ): array {
		$response = $this->send( 'GET', self::route( $item ), $user );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		return array_column( $response->get_data()['data']['parts'], 'url' );
	}

	/**
	 * Asserts a refusal holds no playlist address, signed or not.
	 *
	 * @param \WP_REST_Response $response Reply.
	 * @param int               $status   Status.
	 */
	private function assert_refused_without_addresses( $response, int $status ): void {
		$this->assertSame( $status, $response->get_status() );
		$body = (string) wp_json_encode( $response->get_data() );
		$this->assertStringNotContainsString( '.m3u8', $body );
		$this->assertStringNotContainsString( VideoUrlSigner::NGINX_PREFIX, $body );
	}

	public function test_each_learner_gets_an_address_of_their_own_that_expires(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = LearningMedia::item( 'Signed workshop' );
		Library::grant( $owner, $item, 2 );
		Library::share( $owner, $member, $item );
		$stored = LearningMedia::url( $item . '/part-1/index.m3u8' );
		$path   = (string) wp_parse_url( $stored, PHP_URL_PATH );

		$before = time();
		$theirs = $this->addresses( $owner, $item );
		$mine   = $this->addresses( $member, $item );

		$this->assertSame( 1, preg_match( '#^' . preg_quote( home_url( '/protected/' ), '#' ) . '([A-Za-z0-9_-]{22})/(\d+)/' . $member . preg_quote( $path, '#' ) . '$#', $mine[1], $match ), $mine[1] );
		$this->assertGreaterThanOrEqual( $before + 240 * MINUTE_IN_SECONDS, (int) $match[2] );
		$this->assertLessThanOrEqual( time() + 240 * MINUTE_IN_SECONDS, (int) $match[2], 'It works for the minutes set, from now.' );
		$this->assertSame( VideoUrlSigner::nginx( $stored, self::SECRET, (int) $match[2], $member ), $mine[1] );
		$this->assertNotSame( $theirs[1], $mine[1], 'The owner and the member hold different addresses.' );
		$this->assertStringContainsString( '/' . $owner . $path, $theirs[1] );
		$this->assertStringNotContainsString( '"' . $stored . '"', (string) wp_json_encode( $this->send( 'GET', self::route( $item ), $member )->get_data() ), 'The stored address itself is never handed out.' );
	}

	public function test_a_revoked_seat_gets_no_new_address(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = LearningMedia::item( 'Shared then revoked' );
		Library::grant( $owner, $item, 1 );
		$seat = Library::share( $owner, $member, $item );
		$this->assertNotSame( '', $this->addresses( $member, $item )[0] );

		$licenses = $this->services()->licenses;
		$this->assertTrue( $licenses->revoke_seat( $licenses->find_seat( $seat ), time() ) );

		// The seat is no longer the member's: the item is not in their library at all.
		$this->assert_refused_without_addresses( $this->send( 'GET', self::route( $item ), $member ), 404 );
	}

	public function test_an_expired_seat_gets_no_address(): void {
		$user = $this->make_user();
		$item = LearningMedia::item( 'Expired signed workshop' );
		Library::grant( $user, $item, 1, time() - 1 );

		$this->assert_refused_without_addresses( $this->send( 'GET', self::route( $item ), $user ), 403 );
	}

	public function test_logged_out_without_nonce_and_someone_elses_item_get_no_address(): void {
		$owner    = $this->make_user();
		$stranger = $this->make_user();
		$item     = LearningMedia::item( 'Private signed workshop' );
		Library::grant( $owner, $item );

		$this->assert_refused_without_addresses( $this->send( 'GET', self::route( $item ), 0 ), 401 );
		$this->assert_refused_without_addresses( $this->rest_as_browser( 'GET', self::route( $item ), $owner, null ), 401 );
		$this->assert_refused_without_addresses( $this->send( 'GET', self::route( $item ), $stranger ), 404 );
		$this->assertSame( 200, $this->rest_as_browser( 'GET', self::route( $item ), $owner, $this->browser_nonce( $owner ) )->get_status() );
	}

	public function test_the_filter_runs_after_the_built_in_signer(): void {
		$user = $this->make_user();
		$item = LearningMedia::item( 'Filtered signed webinar', 1, 60, 'on-demand-webinar' );
		Library::grant( $user, $item );
		$seen = array();
		add_filter(
			'library_portal_video_url',
			static function ( string $url ) use ( &$seen ): string {
				$seen[] = $url;
				return $url . '#site';
			}
		);

		$address = $this->addresses( $user, $item )[0];

		$this->assertStringContainsString( VideoUrlSigner::NGINX_PREFIX . '/', $seen[0], 'The filter gets the signed address.' );
		$this->assertSame( $seen[0] . '#site', $address, 'What the filter returns is what the learner gets.' );
	}

	public function test_a_signer_without_its_secret_hands_out_no_address_rather_than_an_open_one(): void {
		$user = $this->make_user();
		$item = LearningMedia::item( 'Half configured', 1, 60, 'on-demand-webinar' );
		Library::grant( $user, $item );
		$this->services()->settings->update( array( 'video_signing' => VideoUrlSigner::BUNNY ) );

		$this->assertSame( array( '' ), $this->addresses( $user, $item ) );
	}
}
