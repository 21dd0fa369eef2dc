<?php
/**
 * Proves the test harness itself: rollback, resets, helpers, browser authentication.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Support;

/**
 * Runs on both databases (bin/test-php); the tests depend on running in file order.
 *
 * @group database
 */
final class HarnessTest extends TestCase {

	private const MARKER = 'library_portal_harness_marker';

	/**
	 * Whether the site runs on SQLite.
	 *
	 * @return bool
	 */
	private function is_sqlite(): bool {
		return defined( 'DB_ENGINE' ) && 'sqlite' === DB_ENGINE;
	}

	public function test_site_is_installed_with_the_plugin_active(): void {
		$this->assertTrue( is_blog_installed() );
		$this->assertSame( '/%postname%/', get_option( 'permalink_structure' ) );
		$this->assertContains( 'library-portal/library-portal.php', (array) get_option( 'active_plugins' ) );
		$this->assertSame( 'sqlite' === library_portal_site_settings( LIBRARY_PORTAL_DEV_SITE )['engine'], $this->is_sqlite(), 'The site runs on the engine its name or LP_DB_ENGINE chose.' );
	}

	public function test_1_writes_rows_and_changes_state(): void {
		global $wpdb;
		$wpdb->insert(
			$wpdb->options,
			array(
				'option_name'  => self::MARKER,
				'option_value' => 'written',
				'autoload'     => 'no',
			)
		);
		$this->make_user( 'editor', array( 'user_login' => 'harness-user' ) );
		wp_set_current_user( 1 );
		add_filter( 'library_portal_harness_filter', '__return_true' );
		$_SERVER['REQUEST_URI'] = '/harness';
		wp_cache_set( 'harness', 'cached', 'library_portal' );

		$this->assertSame( 'written', $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", self::MARKER ) ) );
		$this->assertInstanceOf( \WP_User::class, get_user_by( 'login', 'harness-user' ) );
	}

	public function test_2_rows_and_state_of_the_previous_test_are_gone(): void {
		global $wpdb;
		$this->assertNull( $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", self::MARKER ) ) );
		$this->assertFalse( get_user_by( 'login', 'harness-user' ) );
		$this->assertSame( 0, get_current_user_id() );
		$this->assertFalse( has_filter( 'library_portal_harness_filter' ) );
		$this->assertSame( '/', $_SERVER['REQUEST_URI'] );
		$this->assertFalse( wp_cache_get( 'harness', 'library_portal' ) );
	}

	public function test_tables_are_transactional(): void {
		global $wpdb;
		if ( $this->is_sqlite() ) {
			$this->assertSame( 1, (int) $wpdb->get_var( 'SELECT 1' ), 'SQLite: every table is transactional.' );
			return;
		}
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT TABLE_NAME AS name, ENGINE AS engine FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE %s',
				$wpdb->esc_like( $wpdb->prefix ) . '%'
			)
		);
		$this->assertNotEmpty( $rows );
		foreach ( $rows as $row ) {
			$this->assertSame( 'InnoDB', $row->engine, "Table {$row->name} must be InnoDB for the per-test rollback." );
		}
	}

	/**
	 * @group queries
	 */
	public function test_count_queries_counts_wpdb_queries(): void {
		global $wpdb;
		$this->assertSame( 0, $this->count_queries( '__return_null' ) );
		$this->assertSame(
			2,
			$this->count_queries(
				static function () use ( $wpdb ) {
					$wpdb->get_var( 'SELECT 1' );
					$wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->users}" );
				}
			)
		);
		$this->assertSame( 0, $this->count_queries( static fn() => get_option( 'blogname' ) ), 'Autoloaded options are cached.' );
	}

	public function test_rest_runs_as_the_given_user(): void {
		$user = $this->make_user();

		$this->assertSame( 401, $this->rest( 'GET', '/wp/v2/users/me' )->get_status() );

		$response = $this->rest( 'GET', '/wp/v2/users/me', array(), $user );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( $user, $response->get_data()['id'] );
	}

	public function test_browser_with_bad_nonce_gets_403(): void {
		$response = $this->rest_as_browser( 'GET', '/wp/v2/users/me', $this->make_user(), 'bad-nonce' );

		$this->assertSame( 403, $response->get_status() );
		$this->assertSame( 'rest_cookie_invalid_nonce', $response->as_error()->get_error_code() );
	}

	public function test_browser_without_nonce_is_logged_out(): void {
		$response = $this->rest_as_browser( 'GET', '/wp/v2/users/me', $this->make_user(), null );

		$this->assertSame( 401, $response->get_status() );
		$this->assertSame( 'rest_not_logged_in', $response->as_error()->get_error_code() );
	}

	public function test_browser_with_its_nonce_is_logged_in(): void {
		$user  = $this->make_user();
		$nonce = $this->browser_nonce( $user );

		$response = $this->rest_as_browser( 'GET', '/wp/v2/users/me', $user, $nonce );

		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( $user, $response->get_data()['id'] );
	}

	public function test_browser_with_someone_elses_nonce_gets_403(): void {
		$nonce = $this->browser_nonce( $this->make_user() );

		$response = $this->rest_as_browser( 'GET', '/wp/v2/users/me', $this->make_user(), $nonce );

		$this->assertSame( 403, $response->get_status() );
	}
}
