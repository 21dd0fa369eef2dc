<?php
/**
 * Training Library → Contracts in wp-admin (the page controller).
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

use InvalidArgumentException;
use LibraryPortal\Core\AdminCapabilities;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Site\AdminScreens;
use LibraryPortal\Platform\Admin\AdminNotice;
use LibraryPortal\Platform\Admin\AdminPostRoutes;
use LibraryPortal\Platform\View;

/**
 * The site admin's contracts: a list (ContractsListTable), an edit screen with the organizer card,
 * members, items and a CSV import, and a delete confirmation. This controller adds the page, its
 * Screen Options, Help and script, and picks the view (views/) a request asks for; every change is a
 * POST to its own admin-post handler (ContractAction's subclasses; the import's batches also through
 * admin-ajax), which checks the capability and a nonce bound to the action and the contract, goes
 * through ContractService and redirects back with a notice
 * (docs/rules/platform.md, "How admin screens are built"). Refused input changes nothing; the form shows what was typed again.
 */
final class ContractsPage {

	public const SLUG            = 'library-portal-contracts';
	public const PARENT          = AdminScreens::PARENT;
	public const PER_PAGE_OPTION = 'library_portal_contracts_per_page';

	/**
	 * Contracts decide who gets paid content, so they are the site admin's: the same capability
	 * as the plugin's settings (docs/rules/README.md).
	 */
	public const CAPABILITY = AdminCapabilities::CONTRACTS;

	/**
	 * The admin-post actions (library_portal_contract_<name>).
	 */
	public const ACTIONS = array( 'save', 'add_member', 'remove_member', 'add_item', 'remove_item', 'import', 'import_batch', 'delete' );

	/**
	 * Contracts.
	 *
	 * @var ContractService
	 */
	private ContractService $service;

	/**
	 * Member imports.
	 *
	 * @var MemberImports
	 */
	private MemberImports $imports;

	/**
	 * The one-time notice the handlers keep.
	 *
	 * @var AdminNotice
	 */
	private AdminNotice $notice;

	/**
	 * Builds the screen.
	 *
	 * @param ContractService $service Contracts.
	 * @param MemberImports   $imports Member imports.
	 */
	public function __construct( ContractService $service, MemberImports $imports ) {
		$this->service = $service;
		$this->imports = $imports;
		$this->notice  = new AdminNotice( 'library_portal_contracts_notice_' );
	}

	/**
	 * Adds the hooks.
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		$handlers = $this->handlers();
		( new AdminPostRoutes( ...$handlers ) )->register();
		foreach ( $handlers as $handler ) {
			if ( $handler instanceof ImportBatchHandler ) {
				$handler->register_ajax();
			}
		}
		add_filter( 'set_screen_option_' . self::PER_PAGE_OPTION, array( $this, 'save_per_page' ), 10, 3 );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
	}

	/**
	 * One admin-post handler per action of ACTIONS.
	 *
	 * @return ContractAction[]
	 */
	public function handlers(): array {
		return array(
			new SaveContractHandler( $this->service, $this->notice ),
			new AddMemberHandler( $this->service, $this->notice ),
			new RemoveMemberHandler( $this->service, $this->notice ),
			new AddItemHandler( $this->service, $this->notice ),
			new RemoveItemHandler( $this->service, $this->notice ),
			new ImportMembersHandler( $this->service, $this->notice, $this->imports ),
			new ImportBatchHandler( $this->service, $this->notice, $this->imports ),
			new DeleteContractHandler( $this->service, $this->notice ),
		);
	}

	/**
	 * The submenu page under the catalogue's Library menu.
	 */
	public function add_page(): void {
		$hook = add_submenu_page( self::PARENT, __( 'Contracts', 'library-portal' ), __( 'Contracts', 'library-portal' ), self::CAPABILITY, self::SLUG, array( $this, 'render' ) );
		if ( $hook ) {
			add_action( 'load-' . $hook, array( $this, 'load' ) );
		}
	}

	/**
	 * The screen's ID (as get_current_screen() names it).
	 */
	public static function screen_id(): string {
		return ItemPostType::POST_TYPE . '_page_' . self::SLUG;
	}

	/**
	 * The list's address.
	 *
	 * @param array<string, string|int> $args More query arguments.
	 */
	public static function url( array $args = array() ): string {
		return add_query_arg( array_merge( array( 'page' => self::SLUG ), $args ), admin_url( self::PARENT ) );
	}

	/**
	 * A contract's edit screen.
	 *
	 * @param int $contract_id Contract.
	 */
	public static function edit_url( int $contract_id ): string {
		return self::url(
			array(
				'action'   => 'edit',
				'contract' => $contract_id,
			)
		);
	}

	/**
	 * The nonce action of an admin action on a contract (0: a new one).
	 *
	 * @param string $action      One of ACTIONS.
	 * @param int    $contract_id Contract.
	 */
	public static function nonce_action( string $action, int $contract_id ): string {
		return 'library_portal_contract_' . $action . '-' . $contract_id;
	}

	/**
	 * A status in words.
	 *
	 * @param string $status Stored status.
	 * @param bool   $ended  Whether the contract's end has passed.
	 */
	public static function status_label( string $status, bool $ended ): string {
		if ( 'active' !== $status ) {
			return __( 'Inactive', 'library-portal' );
		}
		return $ended ? __( 'Ended', 'library-portal' ) : __( 'Active', 'library-portal' );
	}

	/**
	 * Address of the confirmation before a contract is deleted.
	 *
	 * @param int $contract_id Contract.
	 */
	public static function delete_url( int $contract_id ): string {
		return self::url(
			array(
				'action'   => 'delete',
				'contract' => $contract_id,
			)
		);
	}

	/**
	 * Screen Options (page size of the list) and the Help tab.
	 */
	public function load(): void {
		$screen = get_current_screen();
		if ( ! $screen ) {
			return;
		}
		if ( '' === $this->view() ) {
			add_screen_option(
				'per_page',
				array(
					'label'   => __( 'Contracts per page', 'library-portal' ),
					'default' => 20,
					'option'  => self::PER_PAGE_OPTION,
				)
			);
		}
		foreach ( array(
			'overview' => __( 'Overview', 'library-portal' ),
			'import'   => __( 'CSV import', 'library-portal' ),
		) as $tab => $title ) {
			$screen->add_help_tab(
				array(
					'id'       => 'library-portal-contracts-' . $tab,
					'title'    => $title,
					'content'  => '',
					'callback' => static fn() => View::render( __DIR__ . '/views/help-' . $tab . '.php' ),
				)
			);
		}
	}

	/**
	 * Keeps the page size from Screen Options (1-200).
	 *
	 * @param mixed  $keep   What an earlier filter decided.
	 * @param string $option Option name.
	 * @param mixed  $value  Submitted value.
	 * @return mixed
	 */
	public function save_per_page( $keep, $option, $value ) {
		return self::PER_PAGE_OPTION === $option ? max( 1, min( 200, (int) $value ) ) : $keep;
	}

	/**
	 * The admin script (media picker, import progress), on this screen only.
	 *
	 * @param string $hook_suffix Screen's hook.
	 */
	public function enqueue( $hook_suffix ): void {
		if ( self::screen_id() !== $hook_suffix ) {
			return;
		}
		wp_enqueue_media();
		wp_enqueue_script( 'library-portal-contracts', plugins_url( 'assets/admin/contracts.js', LIBRARY_PORTAL_FILE ), array(), LIBRARY_PORTAL_VERSION, true );
	}

	/**
	 * Prints the list, the edit screen or the delete confirmation.
	 */
	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return;
		}
		list( $view, $args ) = $this->screen();
		echo '<div class="wrap library-portal-contracts">';
		View::render( __DIR__ . '/views/' . $view . '.php', $args );
		echo '</div>';
	}

	/**
	 * The view the request asks for, and what it prints.
	 *
	 * @return array{0: string, 1: array<string, mixed>}
	 */
	private function screen(): array {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- which screen, contract, search and import job to show; every change checks its nonce.
		$contract_id = absint( $_GET['contract'] ?? 0 );
		$search      = sanitize_text_field( wp_unslash( $_GET['user_search'] ?? '' ) );
		$token       = sanitize_key( wp_unslash( $_GET['import'] ?? '' ) );
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		$view = $this->view();
		if ( '' === $view ) {
			$table = new ContractsListTable( $this->service );
			$table->prepare_items();
			return array(
				'contracts-list',
				array(
					'new_url' => self::url( array( 'action' => 'new' ) ),
					'notice'  => $this->notice->take(),
					'table'   => $table,
				),
			);
		}
		try {
			// "edit" without a contract is the new contract's form, as "new" is.
			$contract = 'delete' === $view || ( 'edit' === $view && $contract_id ) ? $this->service->contract( $contract_id ) : null;
		} catch ( InvalidArgumentException $missing ) {
			return array(
				'contract-missing',
				array(
					'message'  => $missing->getMessage(),
					'list_url' => self::url(),
				),
			);
		}
		if ( 'delete' === $view && null !== $contract ) {
			return array(
				'contract-delete',
				array(
					'title'        => $contract->contract->title,
					'member_count' => $contract->member_count,
					'item_count'   => $contract->item_count,
					'contract_id'  => $contract_id,
					'edit_url'     => self::edit_url( $contract_id ),
				),
			);
		}
		return array( 'contract-edit', ( new ContractEditScreen( $this->service, $this->imports ) )->args( $contract, $this->notice->take(), $search, $token ) );
	}

	/**
	 * The screen asked for: '' (the list), 'new' or 'edit'.
	 */
	private function view(): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- which screen to show.
		$view = sanitize_key( wp_unslash( $_GET['action'] ?? '' ) );
		return in_array( $view, array( 'new', 'edit', 'delete' ), true ) ? $view : '';
	}
}
