<?php
/**
 * Training Library → Contracts in wp-admin.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.Security.NonceVerification.Missing -- the tests set the request's fields themselves.

namespace LibraryPortal\Tests\Contracts;

use LibraryPortal\Contracts\ContractAction;
use LibraryPortal\Contracts\ContractService;
use LibraryPortal\Contracts\ContractsPage;
use LibraryPortal\Contracts\MemberImports;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\AdminScreens;
use LibraryPortal\Tests\Support\TestCase;
use RuntimeException;

/**
 * Every action needs manage_library_contracts and its own nonce (bound to the contract); without either
 * WordPress stops the request and nothing changes. Done actions redirect back with a notice;
 * refused input leaves a notice, stores nothing and shows the typed values again.
 */
final class ContractsPageTest extends TestCase {

	use AdminScreens;

	/**
	 * The service over the test's connection.
	 */
	private function service(): ContractService {
		return new ContractService( $this->services()->contracts, $this->services()->seat_audit );
	}

	/**
	 * The screen over the test's connection.
	 */
	private function page(): ContractsPage {
		$service = $this->service();
		return new ContractsPage( $service, new MemberImports( $service ) );
	}

	/**
	 * Posts an action as the current user, with the nonce of $nonce_contract (null: no nonce).
	 *
	 * @param string                $action         Action.
	 * @param int                   $contract_id    Contract posted.
	 * @param array<string, string> $fields         More fields.
	 * @param int|null              $nonce_contract Contract the nonce was made for.
	 * @return string Where the screen redirects.
	 */
	private function post( string $action, int $contract_id, array $fields = array(), ?int $nonce_contract = -1 ): string {
		$_POST = array_merge( array( 'contract' => (string) $contract_id ), $fields );
		if ( null !== $nonce_contract ) {
			$_POST['_wpnonce'] = wp_create_nonce( ContractsPage::nonce_action( $action, -1 === $nonce_contract ? $contract_id : $nonce_contract ) );
		}
		$_REQUEST = $_POST;
		return $this->handler( $action )->handle();
	}

	/**
	 * The admin-post handler of an action.
	 *
	 * @param string $action One of ContractsPage::ACTIONS.
	 */
	private function handler( string $action ): ContractAction {
		foreach ( $this->page()->handlers() as $handler ) {
			if ( $handler->name() === $action ) {
				return $handler;
			}
		}
		$this->fail( "no handler for $action" );
	}

	/**
	 * The screen's output for a query.
	 *
	 * @param array<string, string> $query $_GET.
	 */
	private function render( array $query ): string {
		$_GET = array_merge( array( 'page' => ContractsPage::SLUG ), $query );
		set_current_screen( ContractsPage::screen_id() );
		ob_start();
		$this->page()->render();
		return (string) ob_get_clean();
	}

	/**
	 * What the contract holds: its fields, members and items.
	 *
	 * @param int $contract_id Contract.
	 * @return array<string, mixed>
	 */
	private function state( int $contract_id ): array {
		return array(
			'contracts' => $this->service()->count(),
			'contract'  => $this->service()->contract( $contract_id ),
			'members'   => $this->service()->members( $contract_id ),
			'items'     => $this->service()->items( $contract_id ),
		);
	}

	/**
	 * A contract with one member and one item, and the fields of each action against it.
	 *
	 * @return array{0: int, 1: array<string, array<string, string>>}
	 */
	private function contract_with_everything(): array {
		$service  = $this->service();
		$id       = $service->create( array( 'title' => 'Riverside' ) );
		$member   = $this->make_user();
		$newcomer = $this->make_user();
		$item     = Library::item( 'Riverside workshop', 'workshop' );
		$other    = Library::item( 'Other workshop', 'workshop' );
		$service->add_member( $id, (string) $member );
		$service->add_item( $id, $item );
		$token = ( new MemberImports( $service ) )->start( $id, get_current_user_id(), "email\n" . get_userdata( $newcomer )->user_email );
		return array(
			$id,
			array(
				'save'          => array( 'title' => 'Renamed' ),
				'add_member'    => array( 'member' => (string) $newcomer ),
				'remove_member' => array( 'member' => (string) $member ),
				'add_item'      => array( 'item' => (string) $other ),
				'remove_item'   => array( 'item' => (string) $item ),
				'import'        => array(),
				'import_batch'  => array( 'token' => $token ),
				'delete'        => array(),
			),
		);
	}

	public function test_only_admins_get_the_page(): void {
		global $submenu, $_registered_pages;
		foreach ( array(
			'administrator' => true,
			'editor'        => false,
		) as $role => $shown ) {
			$submenu           = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- a fresh admin menu.
			$_registered_pages = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
			wp_set_current_user( $this->make_user( $role ) );
			$this->page()->add_page();
			$this->assertSame( $shown, in_array( ContractsPage::SLUG, array_column( $submenu[ ContractsPage::PARENT ] ?? array(), 2 ), true ), $role );
		}
		$this->assertSame( '', $this->render( array() ), 'Nothing is printed without the capability.' );
	}

	public function test_no_action_runs_without_the_capability(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		list( $id, $actions ) = $this->contract_with_everything();
		$before               = $this->state( $id );
		wp_set_current_user( $this->make_user( 'editor' ) );

		foreach ( $actions as $action => $fields ) {
			try {
				$this->post( $action, $id, $fields );
				$this->fail( "$action ran for an editor" );
			} catch ( RuntimeException $stopped ) {
				$this->assertSame( 'wp_die 403', $stopped->getMessage(), $action );
			}
		}
		$this->assertEquals( $before, $this->state( $id ) );
	}

	public function test_no_action_runs_without_its_own_nonce(): void {
		$admin = $this->make_user( 'administrator' );
		wp_set_current_user( $admin );
		list( $id, $actions ) = $this->contract_with_everything();
		$other_contract       = $this->service()->create( array( 'title' => 'Other' ) );
		$before               = $this->state( $id );

		foreach ( $actions as $action => $fields ) {
			foreach ( array(
				'none'           => null,
				'other contract' => $other_contract,
			) as $which => $nonce_for ) {
				try {
					$this->post( $action, $id, $fields, $nonce_for );
					$this->fail( "$action ran with nonce: $which" );
				} catch ( RuntimeException $stopped ) {
					$this->assertSame( 'wp_die 403', $stopped->getMessage(), "$action, $which" );
				}
			}
			// Another action's nonce for the same contract.
			$_POST['_wpnonce']    = wp_create_nonce( ContractsPage::nonce_action( 'save' === $action ? 'remove_member' : 'save', $id ) );
			$_REQUEST['_wpnonce'] = $_POST['_wpnonce'];
			try {
				$this->handler( $action )->handle();
				$this->fail( "$action ran with another action's nonce" );
			} catch ( RuntimeException $stopped ) {
				$this->assertSame( 'wp_die 403', $stopped->getMessage(), $action );
			}
		}
		$this->assertEquals( $before, $this->state( $id ) );
	}

	public function test_the_actions_change_the_contract_and_say_so(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$member = $this->make_user( 'subscriber', array( 'display_name' => 'Ruth Okafor' ) );
		$item   = Library::item( 'Admin workshop', 'workshop' );

		$to = $this->post(
			'save',
			0,
			array(
				'title'           => 'Harbor County',
				'organizer_name'  => 'Dana Rivers',
				'organizer_email' => 'dana@example.com',
				'status'          => 'active',
			)
		);
		$this->assertSame( 1, preg_match( '/contract=(\d+)/', $to, $found ) );
		$id = (int) $found[1];
		$this->assertSame( 'Dana Rivers', $this->service()->contract( $id )->contract->organizer_name );
		$this->assertStringContainsString(
			'Contract created.',
			$this->render(
				array(
					'action'   => 'edit',
					'contract' => (string) $id,
				)
			)
		);

		$this->assertStringEndsWith( '#members', $this->post( 'add_member', $id, array( 'member' => get_userdata( $member )->user_email ) ) );
		$this->assertStringContainsString(
			'Ruth Okafor',
			$this->render(
				array(
					'action'   => 'edit',
					'contract' => (string) $id,
				)
			)
		);
		$this->assertStringEndsWith(
			'#items',
			$this->post(
				'add_item',
				$id,
				array(
					'item'    => (string) $item,
					'expires' => '',
				)
			)
		);
		$this->assertSame( array( array( $member ), array( $item ) ), array( array_column( $this->service()->members( $id ), 'user_id' ), array_column( $this->service()->items( $id ), 'product_id' ) ) );

		$this->post( 'remove_item', $id, array( 'item' => (string) $item ) );
		$this->post( 'remove_member', $id, array( 'member' => (string) $member ) );
		$html = $this->render(
			array(
				'action'   => 'edit',
				'contract' => (string) $id,
			)
		);
		$this->assertStringContainsString( 'is no longer a member of this contract.', $html );
		$this->assertSame( array( array(), array() ), array( $this->service()->members( $id ), $this->service()->items( $id ) ) );
	}

	public function test_deleting_a_contract_asks_first_then_takes_its_library_from_the_members_and_is_audited(): void {
		$admin = $this->make_user( 'administrator' );
		wp_set_current_user( $admin );
		list( $id ) = $this->contract_with_everything();
		$member     = (int) $this->service()->members( $id )[0]['user_id'];
		$item       = $this->service()->items( $id )[0]->product_id;
		$this->services()->certificates->issue( $member, $item, 90, time() );
		$contract_rows = function () use ( $member ): array {
			$rows = $this->rest( 'GET', '/library/v2/items', array(), $member )->get_data()['data'];
			return array_values( array_filter( $rows, static fn( array $row ): bool => 'contract' === $row['tag'] ) );
		};
		$this->assertCount( 1, $contract_rows() );
		wp_set_current_user( $admin );

		// The list offers it; the confirmation says what goes and what stays, and changes nothing.
		$this->assertStringContainsString( esc_url( ContractsPage::delete_url( $id ) ), $this->render( array() ) );
		$asked = $this->render(
			array(
				'action'   => 'delete',
				'contract' => (string) $id,
			)
		);
		$this->assertStringContainsString( 'Delete the contract “Riverside”?', $asked );
		$this->assertStringContainsString( 'Its 1 member loses the contract library (1 item) at once', $asked );
		$this->assertStringContainsString( 'What stays: the certificates', $asked );
		$this->assertStringContainsString( 'name="action" value="library_portal_contract_delete"', $asked );
		$this->assertSame( 1, $this->service()->count() );

		$this->assertSame( ContractsPage::url(), $this->post( 'delete', $id ) );
		$this->assertStringContainsString( 'The contract “Riverside” was deleted; its 1 member no longer has its library.', $this->render( array() ) );
		$this->assertSame( 0, $this->service()->count() );
		$this->assertSame( array(), $contract_rows(), "The member's cached library lost the contract's items at once." );
		wp_set_current_user( $admin );
		$this->assertCount( 1, $this->services()->certificates->valid_for_user( $member, $item ), 'The certificate stays.' );
		$entry = $this->services()->seat_audit->page( 0, 1 )[0];
		$this->assertSame( ContractService::DELETE_ACTION, $entry->action );
		$this->assertSame( $admin, $entry->actor_id );
		$this->assertSame( 'Contract “Riverside” deleted: 1 member lost its library', \LibraryPortal\Grants\GrantTexts::details_text( $entry ) );

		// A missing contract: the confirmation says so, and the action changes nothing.
		$this->assertStringContainsString(
			'Back to the contracts',
			$this->render(
				array(
					'action'   => 'delete',
					'contract' => (string) $id,
				)
			)
		);
		$this->post( 'delete', $id );
		$this->assertSame( 0, $this->service()->count() );
		$this->assertCount( 1, $this->services()->seat_audit->page( 0, 10 ), 'A refused delete writes nothing.' );
	}

	public function test_manage_options_alone_does_not_open_the_contracts(): void {
		$admin = $this->make_user( 'administrator' );
		wp_set_current_user( $admin );
		list( $id ) = $this->contract_with_everything();
		get_role( 'administrator' )->remove_cap( \LibraryPortal\Core\AdminCapabilities::CONTRACTS );
		wp_set_current_user( 0 );
		wp_set_current_user( $admin ); // The user's capabilities read again from the role.
		$this->assertTrue( current_user_can( 'manage_options' ) );
		$stopped = '';
		try {
			$this->post( 'delete', $id );
		} catch ( RuntimeException $error ) {
			$stopped = $error->getMessage();
		} finally {
			get_role( 'administrator' )->add_cap( \LibraryPortal\Core\AdminCapabilities::CONTRACTS );
		}
		$this->assertSame( 'wp_die 403', $stopped );
		$this->assertSame( 1, $this->service()->count() );
	}

	public function test_invalid_input_is_refused_with_a_notice_and_shown_again(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$id = $this->service()->create( array( 'title' => 'Kept title' ) );

		$to = $this->post(
			'save',
			$id,
			array(
				'title'           => 'Typed <title>',
				'organizer_email' => 'not-an-address',
			)
		);
		$this->assertSame( ContractsPage::edit_url( $id ), $to );
		$this->assertSame( 'Kept title', $this->service()->contract( $id )->contract->title );
		$html = $this->render(
			array(
				'action'   => 'edit',
				'contract' => (string) $id,
			)
		);
		$this->assertStringContainsString( 'The organizer e-mail is not a valid e-mail address.', $html );
		$this->assertStringContainsString( 'value="Typed &lt;title&gt;"', $html );
		$this->assertStringNotContainsString(
			'The organizer e-mail is not',
			$this->render(
				array(
					'action'   => 'edit',
					'contract' => (string) $id,
				)
			),
			'A notice shows once.'
		);

		$this->post( 'add_item', $id, array( 'item' => '987654' ) );
		$this->post( 'import', $id );
		$this->assertStringContainsString(
			'Choose a CSV file to import.',
			$this->render(
				array(
					'action'   => 'edit',
					'contract' => (string) $id,
				)
			)
		);
		$this->assertSame( 0, $this->service()->contract( $id )->item_count );
		$new = $this->post( 'save', 0, array( 'title' => '' ) );
		$this->assertStringContainsString( 'action=new', $new );
		$this->assertSame( 1, $this->service()->count() );
	}

	public function test_the_import_batch_route_checks_capability_and_nonce(): void {
		$admin = $this->make_user( 'administrator' );
		wp_set_current_user( $admin );
		$this->make_user( 'subscriber', array( 'user_email' => 'batch@example.com' ) );
		$id    = $this->service()->create( array( 'title' => 'Batch' ) );
		$token = ( new MemberImports( $this->service() ) )->start( $id, $admin, "email\nbatch@example.com\nnobody@example.com\n" );
		$reply = function ( ?string $nonce ) use ( $id, $token ): array {
			$_POST    = array(
				'contract'    => (string) $id,
				'token'       => $token,
				'_ajax_nonce' => (string) $nonce,
			);
			$_REQUEST = $_POST;
			return $this->handler( 'import_batch' )->ajax_reply();
		};

		$this->assertSame( 403, $reply( null )['status'] );
		$this->assertSame( 403, $reply( wp_create_nonce( ContractsPage::nonce_action( 'import_batch', $id + 1 ) ) )['status'] );
		$editor_nonce = null;
		wp_set_current_user( $this->make_user( 'editor' ) );
		$editor_nonce = wp_create_nonce( ContractsPage::nonce_action( 'import_batch', $id ) );
		$this->assertSame( 403, $reply( $editor_nonce )['status'] );
		$this->assertSame( array(), $this->service()->members( $id ) );

		wp_set_current_user( $admin );
		$done = $reply( wp_create_nonce( ContractsPage::nonce_action( 'import_batch', $id ) ) );
		$this->assertSame( 200, $done['status'] );
		$this->assertSame(
			array(
				'processed' => 2,
				'total'     => 2,
				'done'      => true,
			),
			$done['body']['data']
		);
		$this->assertCount( 1, $this->service()->members( $id ) );

		// Without the script, the Continue button posts the same batch to admin-post.php.
		$again = ( new MemberImports( $this->service() ) )->start( $id, $admin, "email\nbatch@example.com\n" );
		$this->assertStringContainsString( 'import=' . $again, $this->post( 'import_batch', $id, array( 'token' => $again ) ) );
		$this->assertTrue( ( new MemberImports( $this->service() ) )->status( $again, $id, $admin )['done'] );

		$html = $this->render(
			array(
				'action'   => 'edit',
				'contract' => (string) $id,
				'import'   => $token,
			)
		);
		$this->assertMatchesRegularExpression( '/<label for="library-portal-import-progress">[^<]+<\/label><br><progress id="library-portal-import-progress" max="2" value="2">/', $html );
		$this->assertStringContainsString( 'Import finished: 1 added, 1 bad row.', $html, 'only what happened, in the right number' );
		$this->assertStringContainsString( '<td>3</td><td>nobody@example.com</td><td>No account with this e-mail.</td>', $html );
	}

	public function test_the_period_column_leaves_a_missing_day_out(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		update_option( 'date_format', 'Y-m-d' );
		$this->service()->create( array( 'title' => 'Both days', 'starts' => '2026-01-01', 'ends' => '2026-12-31' ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->service()->create( array( 'title' => 'Start only', 'starts' => '2026-02-01' ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->service()->create( array( 'title' => 'End only', 'ends' => '2026-03-31' ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.

		$list = $this->render( array() );
		$this->assertStringContainsString( '2026-01-01 to 2026-12-31', $list );
		$this->assertStringContainsString( 'From 2026-02-01, no end date', $list );
		$this->assertStringContainsString( 'Until 2026-03-31', $list );
		$this->assertStringNotContainsString( 'open-ended', $list );
		$this->assertStringNotContainsString( 'from the start', $list );
	}

	public function test_the_screens_escape_and_label_every_control(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$id = $this->service()->create(
			array(
				'title'          => 'Title with <script>x</script> & more',
				'organizer_name' => '"Quoted" <b>name</b>',
			)
		);
		$this->service()->add_member( $id, (string) $this->make_user( 'subscriber', array( 'display_name' => '<img src=x onerror=alert(1)>' ) ) );

		$list = $this->render( array() );
		$this->assertStringNotContainsString( '<script>', $list );
		foreach ( array( 'Title', 'Organizer', 'Period', 'Members', 'Items', 'Status' ) as $column ) {
			$this->assertStringContainsString( '>' . $column . '<', $list, $column );
		}
		$this->assertStringContainsString( 'No start or end date', $list );

		$edit = $this->render(
			array(
				'action'      => 'edit',
				'contract'    => (string) $id,
				'user_search' => 'example.com',
			)
		);
		$this->assertStringNotContainsString( '<img src=x', $edit );
		$this->assertStringNotContainsString( '<script>', $edit );
		preg_match_all( '/<(?:input|select)\b(?![^>]*type="(?:hidden|submit)")[^>]*\bid="([^"]+)"/', $edit, $controls );
		$this->assertGreaterThanOrEqual( 14, count( $controls[1] ) );
		foreach ( $controls[1] as $control ) {
			$this->assertStringContainsString( '<label for="' . $control . '">', $edit, "$control has a label" );
		}
		$this->assertSame( 0, preg_match( '/<(?:input|select)\b(?![^>]*type="(?:hidden|submit)")(?![^>]*\bid=)[^>]*>/', $edit ), 'Every visible control has an ID (and so a label).' );
	}

	public function test_screen_options_keep_a_page_size_from_1_to_200(): void {
		$page = $this->page();
		$this->assertSame( 200, $page->save_per_page( false, ContractsPage::PER_PAGE_OPTION, '5000' ) );
		$this->assertSame( 1, $page->save_per_page( false, ContractsPage::PER_PAGE_OPTION, '-3' ) );
		$this->assertFalse( $page->save_per_page( false, 'other_option', '30' ) );
	}
}
