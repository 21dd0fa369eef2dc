<?php
/**
 * The site owner's REST API: learners and certificates.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\AdminApi;

use LibraryPortal\AdminApi\GrantsController;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;
use WP_REST_Response;

/**
 * A learner's progress and certificates, and the certificates of a period: only with the Grants
 * capability, the same rows the learner's own library shows, every reply as its schema says.
 */
final class LearnersApiTest extends TestCase {

	private const NS = '/' . GrantsController::NAMESPACE;

	/**
	 * Validates a reply against its route's schema.
	 *
	 * @param WP_REST_Response $reply Reply.
	 * @param string           $route Route as registered.
	 */
	private function assert_schema( WP_REST_Response $reply, string $route ): void {
		$schema = call_user_func( rest_get_server()->get_route_options( $route )['schema'] );
		$valid  = rest_validate_value_from_schema( json_decode( (string) wp_json_encode( $reply->get_data() ), true ), $schema, 'reply' );
		$this->assertTrue( $valid, is_wp_error( $valid ) ? $valid->get_error_message() : '' );
	}

	/**
	 * A learner with a half-watched two-part item and a certificate of another, issued at a time.
	 *
	 * @param int $issued_at Unix seconds.
	 * @return array{0: int, 1: int, 2: int, 3: string}
	 */
	private function learner( int $issued_at ): array {
		$user    = $this->make_user();
		$watched = Library::item( 'API watched ' . wp_generate_password( 4, false ), 'on-demand-workshop', 2 );
		$passed  = Library::item( 'API passed ' . wp_generate_password( 4, false ), 'certificate-self-guided' );
		foreach ( array( $watched, $passed ) as $item ) {
			Library::grant( $user, $item );
			Library::activate_own( $user, $item );
		}
		$this->services()->progress->record( $user, $watched, 0, 100, time() );
		$this->services()->progress->record( $user, $watched, 1, 20, time() );
		$this->assertTrue( $this->services()->certificates->issue( $user, $passed, 90, $issued_at ) );
		return array( $user, $watched, $passed, $this->services()->certificates->for_user_item( $user, $passed )->code );
	}

	public function test_every_route_refuses_no_login_a_cookie_without_nonce_and_a_customer(): void {
		list( $user ) = $this->learner( time() );
		$admin        = $this->make_user( 'administrator' );
		$routes       = array(
			self::NS . "/learners/$user/progress"     => array(),
			self::NS . "/learners/$user/certificates" => array(),
			self::NS . '/certificates'                => array(
				'after'  => '2020-01-01',
				'before' => '2040-01-01',
			),
		);
		foreach ( $routes as $route => $params ) {
			wp_set_current_user( 0 );
			$this->assertSame( 401, $this->rest( 'GET', $route, $params )->get_status(), $route );
			$this->assertSame( 401, $this->rest_as_browser( 'GET', $route, $admin, null, $params )->get_status(), "$route without its nonce" );
			$this->assertSame( 403, $this->rest( 'GET', $route, $params, $user )->get_status(), "$route as the learner" );
			$this->assertSame( 403, $this->rest( 'GET', $route, $params, $this->make_user( 'editor' ) )->get_status(), "$route as an editor" );
			$this->assertSame( 200, $this->rest( 'GET', $route, $params, $admin )->get_status(), "$route as an admin" );
		}
		$this->assertSame( 404, $this->rest( 'GET', self::NS . '/learners/999999/progress', array(), $admin )->get_status() );
	}

	public function test_a_learners_progress_is_their_librarys_and_their_certificates_all_of_them(): void {
		list( $user, $watched, $passed, $code ) = $this->learner( 1_790_000_000 );
		$admin                                  = $this->make_user( 'administrator' );

		$progress = $this->rest( 'GET', self::NS . "/learners/$user/progress", array(), $admin );

		$this->assertSame( 200, $progress->get_status() );
		$this->assert_schema( $progress, '/library-admin/v1/learners/(?P<id>\d+)/progress' );
		$rows = array_column( $progress->get_data(), null, 'product_id' );
		$this->assertSame( array( 60, array( 100, 20 ) ), array( $rows[ $watched ]['percent'], $rows[ $watched ]['parts'] ) );
		$this->assertSame( gmdate( 'Y-m-d\TH:i:s\Z', 1_790_000_000 ), $rows[ $passed ]['completed_at'], 'earned when its certificate was issued' );
		$own = array_column( $this->rest( 'GET', '/library/v2/items', array(), $user )->get_data()['data'], 'status', 'product_id' );
		$this->assertSame( $own, array_column( $progress->get_data(), 'status', 'product_id' ), 'the statuses the learner sees' );

		$certificate = $this->services()->certificates->for_user_item( $user, $passed );
		$this->services()->certificates->revoke( $certificate, time() );
		$listed = $this->rest( 'GET', self::NS . "/learners/$user/certificates", array(), $admin );
		$this->assert_schema( $listed, '/library-admin/v1/learners/(?P<id>\d+)/certificates' );
		$this->assertSame( array( array( $code, 90, true ) ), array_map( static fn( array $row ): array => array( $row['code'], $row['score'], null !== $row['revoked_at'] ), $listed->get_data() ), 'a revoked one is listed, as revoked' );
	}

	public function test_the_certificates_of_a_period_are_paged_newest_first_and_leave_out_revoked_ones(): void {
		update_option( 'timezone_string', 'Europe/Berlin' );
		$admin = $this->make_user( 'administrator' );
		// 2031-03-01 00:30 in Berlin is still February 28 in UTC: the period is the site's days.
		$march = ( new \DateTimeImmutable( '2031-03-01 00:30', wp_timezone() ) )->getTimestamp();
		$codes = array();
		foreach ( array( $march, $march + DAY_IN_SECONDS, $march + 2 * DAY_IN_SECONDS, $march - HOUR_IN_SECONDS ) as $at ) {
			$codes[ $at ] = $this->learner( $at )[3];
		}
		$revoked = $this->services()->certificates->find_by_code( $codes[ $march + 2 * DAY_IN_SECONDS ] );
		$this->services()->certificates->revoke( $revoked, time() );

		$period = array(
			'after'    => '2031-03-01',
			'before'   => '2031-03-03',
			'per_page' => 1,
		);
		$first  = $this->rest( 'GET', self::NS . '/certificates', $period, $admin );
		$second = $this->rest( 'GET', self::NS . '/certificates', array( 'page' => 2 ) + $period, $admin );

		$this->assertSame( 200, $first->get_status(), (string) wp_json_encode( $first->get_data() ) );
		$this->assert_schema( $first, '/library-admin/v1/certificates' );
		$this->assertSame( array( '2', '2' ), array( $first->get_headers()['X-WP-Total'], $first->get_headers()['X-WP-TotalPages'] ) );
		$this->assertSame( array( $codes[ $march + DAY_IN_SECONDS ], $codes[ $march ] ), array_merge( array_column( $first->get_data(), 'code' ), array_column( $second->get_data(), 'code' ) ) );
		foreach ( array(
			array(
				'after'  => '2031-03-05',
				'before' => '2031-03-01',
			),
			array(
				'after'  => '2031-02-30',
				'before' => '2031-03-01',
			),
			array( 'after' => '2031-03-01' ),
		) as $bad ) {
			$this->assertSame( 400, $this->rest( 'GET', self::NS . '/certificates', $bad, $admin )->get_status(), (string) wp_json_encode( $bad ) );
		}
	}
}
