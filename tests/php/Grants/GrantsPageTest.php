<?php
/**
 * The grant screens in wp-admin.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Grants;

use LibraryPortal\Core\AdminCapabilities;
use LibraryPortal\Core\Database\Schema;
use LibraryPortal\Core\Items\Quiz;
use LibraryPortal\Core\Quizzes\QuizService;
use LibraryPortal\Grants\AddGrantHandler;
use LibraryPortal\Grants\ExtendGrantHandler;
use LibraryPortal\Grants\GrantsPage;
use LibraryPortal\Grants\ResetAttemptsHandler;
use LibraryPortal\Grants\TakeBackHandler;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\AdminScreens;
use LibraryPortal\Tests\Support\TestCase;
use RuntimeException;

/**
 * Each form needs the grant capability and its nonce (without either WordPress stops and nothing
 * changes), refused input leaves an error notice and changes nothing, done actions redirect to
 * the list with a notice; the screens print escaped rows of the real tables.
 */
final class GrantsPageTest extends TestCase {

	use AdminScreens;

	/**
	 * The screens over the test's connection.
	 */
	private function page(): GrantsPage {
		$services = $this->services();
		return new GrantsPage( $services->grants, $services->licenses, $services->grant_rows, $services->seat_audit, $services->library, new QuizService( $services->quiz_attempts, $services->certificates, $services->progress, $services->licenses, $services->notifier, $services->settings, $services->seat_audit ) );
	}

	/**
	 * Posts a form to a handler as the current user.
	 *
	 * @param string                $handler handle_add, handle_extend or handle_take_back.
	 * @param array<string, string> $fields  Fields.
	 * @param string|null           $nonce   Nonce action (null: no nonce).
	 * @return string Where the handler redirects.
	 */
	private function post( string $handler, array $fields, ?string $nonce ): string {
		$_POST = $fields;
		if ( null !== $nonce ) {
			$_POST['_wpnonce'] = wp_create_nonce( $nonce );
		}
		$_REQUEST = $_POST; // phpcs:ignore WordPress.Security.NonceVerification.Missing -- the test builds the request.
		$actions  = array(
			'handle_add'            => AddGrantHandler::ACTION,
			'handle_extend'         => ExtendGrantHandler::ACTION,
			'handle_take_back'      => TakeBackHandler::ACTION,
			'handle_reset_attempts' => ResetAttemptsHandler::ACTION,
		);
		foreach ( $this->page()->handlers() as $admin_post ) {
			if ( $admin_post->action() === $actions[ $handler ] ) {
				return $admin_post->handle();
			}
		}
		$this->fail( "no handler for $handler" );
	}

	/**
	 * A screen's output.
	 *
	 * @param string                $method render_grants, render_view_as or render_audit.
	 * @param array<string, string> $query  $_GET.
	 */
	private function render( string $method, array $query = array() ): string {
		$_GET = $query;
		set_current_screen( 'render_audit' === $method ? GrantsPage::AUDIT_SCREEN : GrantsPage::GRANTS_SCREEN );
		ob_start();
		$this->page()->$method();
		return (string) ob_get_clean();
	}

	/**
	 * Rows of a table.
	 *
	 * @param string $table Short name.
	 */
	private function rows( string $table ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', ( new Schema( $wpdb ) )->table( $table ) ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
	}

	/**
	 * Fields of a valid "Add grant".
	 *
	 * @param string $user E-mail or login.
	 * @param int    $item Item.
	 * @return array<string, string>
	 */
	private static function add_fields( string $user, int $item ): array {
		return array(
			'user'     => $user,
			'item'     => (string) $item,
			'quantity' => '2',
			'expires'  => '',
			'tag'      => '',
		);
	}

	public function test_administrators_have_the_capabilities_and_editors_do_not(): void {
		$admin  = $this->make_user( 'administrator' );
		$editor = $this->make_user( 'editor' );
		foreach ( array( AdminCapabilities::GRANTS, AdminCapabilities::CONTRACTS ) as $capability ) {
			$this->assertTrue( user_can( $admin, $capability ), $capability );
			$this->assertFalse( user_can( $editor, $capability ), $capability );
		}

		AdminCapabilities::revoke(); // Uninstall.
		$this->assertFalse( user_can( $admin, AdminCapabilities::GRANTS ) );
		$this->assertFalse( user_can( $admin, AdminCapabilities::CONTRACTS ) );
		$this->assertFalse( get_option( AdminCapabilities::VERSION_OPTION ) );
		// A site of the version that knew only the grants' capability gets the contracts' one on
		// the next load after the update.
		get_role( 'administrator' )->add_cap( AdminCapabilities::GRANTS );
		update_option( AdminCapabilities::VERSION_OPTION, 1, true );
		AdminCapabilities::maybe_grant();
		$this->assertTrue( user_can( $admin, AdminCapabilities::CONTRACTS ) );
		$this->assertSame( 0, $this->count_queries( array( AdminCapabilities::class, 'maybe_grant' ) ), 'current: no query' );
	}

	public function test_the_grants_list_filters_by_item_user_and_state_and_sorts_by_its_columns(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$grants = $this->services()->grants;
		$first  = Library::item( 'Filter Alpha' );
		$second = Library::item( 'Filter Beta' );
		$ann    = $this->make_user(
			'subscriber',
			array(
				'user_email' => 'ann-filter@example.com',
				'user_login' => 'ann-filter',
			)
		);
		$bob    = $this->make_user(
			'subscriber',
			array(
				'user_email' => 'bob-filter@example.com',
				'user_login' => 'bob-filter',
			)
		);
		$cy     = $this->make_user(
			'subscriber',
			array(
				'user_email' => 'cy-filter@example.com',
				'user_login' => 'cy-filter',
			)
		);
		$active = $grants->grant( $ann, $first, 3, 0, '', 'admin', '', 0 );
		$old    = $grants->grant( $bob, $second, 1, time() + 60, '', 'admin', '', 0 );
		$ended  = $grants->grant( $cy, $first, 2, 0, '', 'admin', '', 0 );
		$grants->take_back( $ended, null, 0 );
		global $wpdb;
		$wpdb->update( $wpdb->prefix . 'lp_grants', array( 'expires_at' => time() - 60 ), array( 'id' => $old ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a grant that expired a minute ago.

		$owners = function ( array $query ): array {
			$html = $this->render( 'render_grants', array_merge( array( 's' => 'filter' ), $query ) );
			preg_match_all( '/([a-z]+)-filter@example\.com/', $html, $found );
			return array_values( array_unique( $found[1] ) );
		};
		$this->assertSame( array( 'cy', 'bob', 'ann' ), $owners( array() ), 'newest first' );
		$this->assertSame( array( 'cy', 'ann' ), $owners( array( 'item' => (string) $first ) ) );
		$this->assertSame( array( 'ann' ), $owners( array( 'state' => 'active' ) ) );
		$this->assertSame( array( 'bob' ), $owners( array( 'state' => 'expired' ) ) );
		$this->assertSame( array( 'cy' ), $owners( array( 'state' => 'ended' ) ) );
		$this->assertSame( array( 'cy', 'bob', 'ann' ), $owners( array( 'state' => 'nonsense' ) ), 'an unknown state filters nothing' );
		$this->assertSame(
			array( 'ann', 'bob', 'cy' ),
			$owners(
				array(
					'orderby' => 'user',
					'order'   => 'asc',
				)
			)
		);
		$this->assertSame(
			array( 'cy', 'bob', 'ann' ), // The ended grant's seats were taken back: 0.
			$owners(
				array(
					'orderby' => 'quantity',
					'order'   => 'asc',
				)
			)
		);
		$this->assertSame(
			array( 'cy', 'ann', 'bob' ), // Same item: newest first.
			$owners(
				array(
					'orderby' => 'item',
					'order'   => 'asc',
				)
			)
		);
		$this->assertSame( array( 'cy', 'bob', 'ann' ), $owners( array( 'orderby' => 'ID; DROP TABLE x' ) ), 'only known sorts' );
		$html = $this->render( 'render_grants', array() );
		$this->assertStringContainsString( '<label class="screen-reader-text" for="lp-grant-filter-item">Filter by item</label>', $html );
		$this->assertStringContainsString( 'orderby=quantity', $html );
	}

	public function test_the_user_filter_names_one_user_is_checked_on_the_server_and_survives_paging_and_sorting(): void {
		$admin = $this->make_user( 'administrator' );
		wp_set_current_user( $admin );
		update_user_meta( $admin, GrantsPage::PER_PAGE_OPTION, 2 );
		$ann     = $this->make_user(
			'subscriber',
			array(
				'user_email' => 'ann-pager@example.com',
				'user_login' => 'ann-pager',
			)
		);
		$annette = $this->make_user(
			'subscriber',
			array(
				'user_email' => 'annette-pager@example.com',
				'user_login' => 'annette-pager',
			)
		);
		foreach ( array( 'Pager A', 'Pager B', 'Pager C' ) as $title ) {
			Library::grant( $ann, Library::item( $title ), 1 );
		}
		Library::grant( $annette, Library::item( 'Pager D' ), 1 );

		// The list as a browser asks for it: the query in the address (WP_List_Table builds its links from it).
		$open   = function ( string $query ): string {
			parse_str( $query, $get );
			$_SERVER['HTTP_HOST']   = wp_parse_url( home_url(), PHP_URL_HOST ) . ( wp_parse_url( home_url(), PHP_URL_PORT ) ? ':' . wp_parse_url( home_url(), PHP_URL_PORT ) : '' );
			$_SERVER['REQUEST_URI'] = '/wp-admin/edit.php?' . $query;
			$_REQUEST               = $get; // WP_List_Table reads the page number from $_REQUEST.
			return $this->render( 'render_grants', $get );
		};
		$titles = static function ( string $html ): array {
			preg_match_all( '/Pager [A-D]/', (string) strstr( $html, '<tbody' ), $found );
			return array_values( array_unique( $found[0] ) );
		};
		$base   = 'post_type=library_item&page=library-portal-grants';

		$first = $open( $base . '&user=ann-pager%40example.com&orderby=item&order=asc' );
		$this->assertSame( array( 'Pager A', 'Pager B' ), $titles( $first ), 'one user exactly (not annette-pager), sorted by item, page 1 of 2' );
		$this->assertStringContainsString( '<label for="lp-grant-filter-user">User (e-mail or login)</label> <input type="search" id="lp-grant-filter-user" name="user" value="ann-pager@example.com">', $first );
		$this->assertMatchesRegularExpression( '/3 items/', $first );
		$this->assertSame( 1, preg_match( "/class='next-page button' href='([^']+)'/", $first, $next ), 'a link to page 2' );
		$next_query = (string) wp_parse_url( html_entity_decode( $next[1] ), PHP_URL_QUERY );
		parse_str( $next_query, $next_args );
		$this->assertSame( array( 'ann-pager@example.com', 'item', 'asc', '2' ), array( $next_args['user'] ?? '', $next_args['orderby'] ?? '', $next_args['order'] ?? '', $next_args['paged'] ?? '' ), 'the page link keeps the filter and the sort' );
		$this->assertSame( array( 'Pager C' ), $titles( $open( $next_query ) ), 'page 2: the same user\'s third grant' );

		$this->assertSame( 1, preg_match( "/id='quantity'[^>]*><a href=\"([^\"]+)\"/", $first, $sort ), 'a sort link' );
		parse_str( (string) wp_parse_url( html_entity_decode( $sort[1] ), PHP_URL_QUERY ), $sort_args );
		$this->assertSame( 'ann-pager@example.com', $sort_args['user'] ?? '', 'the sort link keeps the filter' );

		$this->assertSame( array( 'Pager D' ), $titles( $open( $base . '&user=annette-pager' ) ), 'a login names a user too' );

		$before  = $this->count_queries( fn() => $open( $base ) );
		$unknown = '';
		$queries = $this->count_queries(
			function () use ( $open, $base, &$unknown ): void {
				$unknown = $open( $base . '&user=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E' );
			}
		);
		$this->assertStringContainsString( 'No user with that e-mail or login.', $unknown );
		$this->assertStringContainsString( 'No grants found.', $unknown );
		$this->assertSame( array(), $titles( $unknown ), 'a user filter that names nobody lists nothing' );
		$this->assertStringContainsString( 'aria-invalid="true" aria-describedby="lp-grant-filter-user-error"', $unknown );
		$this->assertStringNotContainsString( '<script>alert(1)', $unknown );
		$this->assertStringContainsString( 'value="&quot;&gt;"', $unknown, 'the typed text comes back escaped (a script stripped)' );
		$this->assertLessThan( $before, $queries, 'the grants are not read for a user that is not there' );
	}

	public function test_without_the_capability_or_the_nonce_nothing_changes(): void {
		$customer = $this->make_user();
		$item     = Library::item( 'Guarded' );
		$grant    = Library::grant( $customer, $item, 2 );
		$before   = array( $this->rows( 'grants' ), $this->rows( 'licenses' ), $this->rows( 'seat_audit' ) );
		$attempts = array(
			array( 'handle_add', self::add_fields( (string) $customer, $item ), 'library_portal_add_grant' ),
			array( 'handle_extend', array( 'grant' => (string) $grant, 'never' => '1' ), 'library_portal_extend_grant_' . $grant ), // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
			array( 'handle_take_back', array( 'grant' => (string) $grant ), 'library_portal_take_back_' . $grant ),
		);

		foreach ( array( 'editor', 'administrator' ) as $role ) {
			wp_set_current_user( $this->make_user( $role ) );
			foreach ( $attempts as list( $handler, $fields, $nonce ) ) {
				try {
					// The editor brings a valid nonce and lacks the capability; the admin has no nonce.
					$this->post( $handler, $fields, 'editor' === $role ? $nonce : null );
					$this->fail( "$role $handler: wp_die expected" );
				} catch ( RuntimeException $stopped ) {
					$this->assertSame( 'wp_die 403', $stopped->getMessage(), "$role $handler" );
				}
			}
		}
		wp_set_current_user( $this->make_user( 'administrator' ) );
		try {
			$this->post( 'handle_take_back', array( 'grant' => (string) $grant ), 'library_portal_take_back_' . ( $grant + 1 ) );
			$this->fail( 'a nonce of another grant: wp_die expected' );
		} catch ( RuntimeException $stopped ) {
			$this->assertSame( 'wp_die 403', $stopped->getMessage() );
		}
		$this->assertSame( $before, array( $this->rows( 'grants' ), $this->rows( 'licenses' ), $this->rows( 'seat_audit' ) ) );
		$this->assertStringContainsString( 'wp_die 403', $this->stopped( fn() => $this->render( 'render_grants' ), 'editor' ) );
	}

	/**
	 * Runs a screen as a new user of a role; the wp_die message, or ''.
	 *
	 * @param callable $render Screen.
	 * @param string   $role   Role.
	 */
	private function stopped( callable $render, string $role ): string {
		wp_set_current_user( $this->make_user( $role ) );
		try {
			$render();
		} catch ( RuntimeException $stopped ) {
			ob_end_clean();
			return $stopped->getMessage();
		}
		return '';
	}

	public function test_add_grants_and_redirects_to_the_list_with_a_notice(): void {
		$admin    = $this->make_user( 'administrator' );
		$customer = $this->make_user( 'subscriber', array( 'user_email' => 'granted-customer@example.com' ) );
		$item     = Library::item( 'Granted in wp-admin' );
		wp_set_current_user( $admin );

		$fields            = self::add_fields( 'granted-customer@example.com', $item );
		$fields['expires'] = '2099-12-31';
		$fields['tag']     = 'member';
		$to                = $this->post( 'handle_add', $fields, 'library_portal_add_grant' );

		$this->assertSame( GrantsPage::url(), $to );
		$seats = $this->services()->licenses->seats_for_user( $customer );
		$this->assertCount( 2, $seats );
		$this->assertSame( 'member', $seats[0]->tag );
		$end = new \DateTimeImmutable( '2100-01-01 00:00:00', wp_timezone() );
		$this->assertSame( $end->getTimestamp() - 1, $seats[0]->expires_at, 'the end of the day in site time' );
		$grant = $this->services()->grants->find( $seats[0]->grant_id );
		$this->assertSame( array( 'admin', $admin ), array( $grant->source, $this->services()->seat_audit->for_grant( $grant->id )[0]->actor_id ) );

		$list = $this->render( 'render_grants' );
		$this->assertStringContainsString( 'notice-success', $list );
		$this->assertStringContainsString( 'Granted 2 licenses of Granted in wp-admin to granted-customer@example.com', $list );
		$this->assertStringNotContainsString( 'notice-success', $this->render( 'render_grants' ), 'the notice shows once' );
	}

	public function test_refused_input_changes_nothing_and_keeps_what_was_typed(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$customer = $this->make_user( 'subscriber', array( 'user_login' => 'typed-customer' ) );
		$item     = Library::item( 'Refused in wp-admin' );
		$before   = array( $this->rows( 'grants' ), $this->rows( 'licenses' ), $this->rows( 'seat_audit' ) );
		$cases    = array(
			'No user with that e-mail or login.'    => array( 'user' => 'nobody-at-all' ),
			'The quantity must be a whole number.'  => array( 'quantity' => 'two' ),
			'The quantity must be a whole number from 1 to' => array( 'quantity' => '0' ),
			'The date must be a real date'          => array( 'expires' => '2030-02-30' ),
			'The expiry date must be in the future' => array( 'expires' => '2001-01-01' ),
			'Choose a published library item.'      => array( 'item' => '0' ),
			'The tag must be none or member.'       => array( 'tag' => 'gold' ),
		);
		foreach ( $cases as $message => $change ) {
			$fields = array_merge( self::add_fields( 'typed-customer', $item ), $change );
			$this->assertSame( GrantsPage::url( 'add' ), $this->post( 'handle_add', $fields, 'library_portal_add_grant' ), $message );
			$form = $this->render( 'render_grants', array( 'view' => 'add' ) );
			$this->assertStringContainsString( 'notice-error', $form, $message );
			$this->assertStringContainsString( $message, $form );
			$this->assertStringContainsString( 'value="' . esc_attr( $fields['user'] ) . '"', $form, 'the typed user is kept' );
		}
		$this->assertSame( $before, array( $this->rows( 'grants' ), $this->rows( 'licenses' ), $this->rows( 'seat_audit' ) ) );
		$this->assertSame( array(), $this->services()->licenses->seats_for_user( $customer ) );
	}

	public function test_extend_and_take_back_through_their_forms(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$customer = $this->make_user();
		$item     = Library::item( 'Changed in wp-admin' );
		$grant    = Library::grant( $customer, $item, 3, time() + DAY_IN_SECONDS );
		Library::activate_own( $customer, $item );
		$member = $this->make_user();
		Library::share( $customer, $member, $item ); // Shared, not started: taken back too.
		$extend = 'library_portal_extend_grant_' . $grant;

		$this->assertSame( GrantsPage::url( 'extend', $grant ), $this->post( 'handle_extend', array( 'grant' => (string) $grant ), $extend ), 'neither date nor never' );
		$this->assertStringContainsString( 'Give either a new expiry date or Never expires.', $this->render( 'render_grants', array( 'view' => 'extend', 'grant' => (string) $grant ) ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->assertSame( GrantsPage::url(), $this->post( 'handle_extend', array( 'grant' => (string) $grant, 'never' => '1' ), $extend ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->assertSame( 0, $this->services()->grants->find( $grant )->expires_at );

		$take_back = 'library_portal_take_back_' . $grant;
		$this->assertSame( GrantsPage::url( 'take-back', $grant ), $this->post( 'handle_take_back', array( 'grant' => (string) $grant, 'count' => '9' ), $take_back ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->assertSame( 3, $this->services()->grants->find( $grant )->quantity );
		$this->render( 'render_grants' );

		// An empty field ends the grant, so it asks first, saying what ends, and changes nothing.
		$confirm = add_query_arg( 'confirm', 'end', GrantsPage::url( 'take-back', $grant ) );
		$this->assertSame( $confirm, $this->post( 'handle_take_back', array( 'grant' => (string) $grant, 'count' => '' ), $take_back ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->assertSame( 3, $this->services()->grants->find( $grant )->quantity, 'nothing taken back before the confirmation' );
		$this->assertFalse( $this->services()->grants->find( $grant )->ended() );
		$asked = $this->render( 'render_grants', array( 'view' => 'take-back', 'grant' => (string) $grant, 'confirm' => 'end' ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->assertStringContainsString( 'End the grant?', $asked );
		$this->assertStringContainsString( 'this takes back every seat nobody started (available: 1; shared, not started: 1) and ends grant #' . $grant . '.', $asked );
		$this->assertStringContainsString( 'name="end_grant" value="1"', $asked );
		$this->assertStringNotContainsString( 'End the grant?', $this->render( 'render_grants', array( 'view' => 'take-back', 'grant' => (string) $grant ) ), 'the plain form does not ask' ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.

		$this->assertSame( GrantsPage::url(), $this->post( 'handle_take_back', array( 'grant' => (string) $grant, 'count' => '', 'end_grant' => '1' ), $take_back ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->assertSame( 1, $this->services()->grants->find( $grant )->quantity, 'the activated seat stays' );
		$this->assertSame( array( 'available' => 0, 'assigned' => 0, 'activated' => 1 ), Library::seat_states( $item ), 'the available and the shared seat went' ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->assertTrue( $this->services()->grants->find( $grant )->ended() );
		$this->assertSame( 1, $this->services()->notifications->unread_count( $member ), 'the member is told' );
		$this->assertStringContainsString( 'Took back 2 seats of grant #' . $grant . '. 1 could not be taken back (started).', $this->render( 'render_grants' ) );
	}

	public function test_the_screens_print_escaped_rows_searches_and_pages(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$customer = $this->make_user(
			'subscriber',
			array(
				'user_login' => 'screen-customer',
				'user_email' => 'screen-customer@example.com',
			)
		);
		$other    = $this->make_user();
		$item     = Library::item( 'Shown <img src=x onerror=alert(1)> in wp-admin' );
		$this->services()->grants->grant( $customer, $item, 2, 0, '', 'admin', '', get_current_user_id() );
		Library::grant( $other, Library::item( 'Someone else\'s' ), 1 );

		$list = $this->render( 'render_grants', array( 's' => 'screen-customer' ) );
		$this->assertStringContainsString( 'Shown &lt;img src=x onerror=alert(1)&gt; in wp-admin', $list );
		$this->assertStringNotContainsString( '<img src=x', $list );
		$this->assertSame( 1, substr_count( $list, 'class="toggle-row"' ) );
		$this->assertStringNotContainsString( 'Someone else', (string) strstr( $list, '<tbody' ), 'the search keeps to the user' );
		$this->assertStringContainsString( 'Take back seats not started', $list );
		$this->assertStringContainsString( '<label class="screen-reader-text" for="lp-grant-search-search-input">', $list );

		$view = $this->render( 'render_view_as', array( 'user' => 'screen-customer' ) );
		$this->assertStringContainsString( '<caption class="screen-reader-text">Library items</caption>', $view );
		$this->assertMatchesRegularExpression( '#<td>Shown &lt;img src=x onerror=alert\(1\)&gt; in wp-admin</td><td>None</td><td>Not Started</td><td>Can activate a license</td><td>2</td><td>2</td><td>0</td><td>0</td><td>0 %</td>#', $view, 'the row as items/ builds it, its status and access in words' );
		$this->assertStringContainsString( 'Granted', $view );
		$this->assertSame( 2, substr_count( $view, '<td>Available: nobody holds it yet</td>' ), 'seat states in words' );
		$this->assertStringNotContainsString( '<td>available</td>', $view );
		$this->assertStringContainsString( 'No user with that e-mail or login.', $this->render( 'render_view_as', array( 'user' => 'nobody-at-all' ) ) );

		$audit = $this->render( 'render_audit', array( 'user' => 'screen-customer@example.com' ) );
		$this->assertStringContainsString( '2 licenses, expires: Never', $audit );
		$this->services()->grants->grant( $customer, $item, 1, 0, '', 'admin', '', get_current_user_id() );
		$this->assertStringContainsString( '1 license, expires: Never', $this->render( 'render_audit', array( 'user' => 'screen-customer@example.com' ) ), 'plural forms' );
		$this->assertStringNotContainsString( 'Someone else', $audit );
		$this->assertSame( 50, GrantsPage::save_per_page( false, GrantsPage::PER_PAGE_OPTION, '50' ) );
		$this->assertFalse( GrantsPage::save_per_page( false, GrantsPage::PER_PAGE_OPTION, '5000' ) );
	}

	public function test_an_admin_resets_a_learners_test_attempts_on_view_as_user_and_the_trail_says_so(): void {
		$learner = $this->make_user(
			'subscriber',
			array(
				'user_login' => 'reset-learner',
				'user_email' => 'reset-learner@example.com',
			)
		);
		$item    = Library::item( 'Reset <b>me</b>' );
		update_post_meta(
			$item,
			Quiz::META_KEY,
			array(
				'questions' => array(
					array(
						'text'    => 'Yes?',
						'answers' => array( 'Yes', 'No' ),
						'correct' => 0,
					),
				),
			)
		);
		Library::grant( $learner, $item, 1 );
		for ( $n = 3; $n > 0; $n-- ) {
			$this->services()->quiz_attempts->record( $learner, $item, 0, false, array(), time() - $n * 60 );
		}
		$fields = array(
			'user' => (string) $learner,
			'item' => (string) $item,
		);
		$nonce  = 'library_portal_reset_quiz_attempts_' . $learner . '_' . $item;
		$quiz   = fn(): array => $this->rest( 'GET', "/library/v2/quiz/$item", array(), $learner )->get_data()['data'];
		$this->assertSame( 0, $quiz()['attempts_left'] );

		wp_set_current_user( $this->make_user( 'administrator' ) );
		$view = $this->render( 'render_view_as', array( 'user' => 'reset-learner' ) );
		$this->assertStringContainsString( '<td>Reset &lt;b&gt;me&lt;/b&gt;</td><td>0 of 3 (next opens ', $view );
		$this->assertStringContainsString( 'name="action" value="library_portal_reset_quiz_attempts"', $view );

		// Refused: an editor with the nonce (no capability), an admin without it or with another item's.
		foreach ( array( array( 'editor', $nonce ), array( 'administrator', null ), array( 'administrator', 'library_portal_reset_quiz_attempts_' . $learner . '_' . ( $item + 1 ) ) ) as list( $role, $with ) ) {
			wp_set_current_user( $this->make_user( $role ) );
			try {
				$this->post( 'handle_reset_attempts', $fields, $with );
				$this->fail( "$role: wp_die expected" );
			} catch ( RuntimeException $stopped ) {
				$this->assertSame( 'wp_die 403', $stopped->getMessage(), $role );
			}
		}
		$this->assertSame( 0, $this->rows( 'seat_audit' ) );
		$this->assertSame( 0, $quiz()['attempts_left'] );

		$admin = $this->make_user( 'administrator' );
		wp_set_current_user( $admin );
		$back = $this->post( 'handle_reset_attempts', $fields, $nonce );

		$this->assertSame( GrantsPage::view_as_url( $learner ), $back );
		$this->assertSame( 3, $quiz()['attempts_left'], 'The learner has their attempts again.' );
		$this->assertSame( 3, $quiz()['attempts'], 'The attempts stay as history.' );
		$trail = $this->services()->seat_audit->page( $learner, 10 );
		$this->assertCount( 1, $trail );
		$this->assertSame( array( $admin, QuizService::RESET_ACTION, $item, array( 'attempts' => 3 ) ), array( $trail[0]->actor_id, $trail[0]->action, $trail[0]->product_id, $trail[0]->details() ) );
		wp_set_current_user( $admin );
		$after = $this->render( 'render_view_as', array( 'user' => 'reset-learner' ) );
		$this->assertStringContainsString( 'Test attempts of Reset &lt;b&gt;me&lt;/b&gt; reset: 3 attempts no longer count.', $after );
		$this->assertStringContainsString( 'Test attempts reset', $after );
		$this->assertMatchesRegularExpression( '#<td>Test attempts reset</td><td>Reset &lt;b&gt;me&lt;/b&gt;</td><td>—</td><td>—</td><td>3 attempts no longer count towards the limit</td>#', $after, 'no grant and no seat' );
	}
}
