<?php
/**
 * The grant screens in wp-admin: grants, view as user, audit trail (the page controller).
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use LibraryPortal\Core\AdminCapabilities;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Quizzes\QuizService;
use LibraryPortal\Core\Rows\LibraryService;
use LibraryPortal\Core\Seats\GrantRepository;
use LibraryPortal\Core\Seats\GrantService;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Seats\SeatAuditRepository;
use LibraryPortal\Core\Site\AdminScreens;
use LibraryPortal\Platform\Admin\AdminNotice;
use LibraryPortal\Platform\Admin\AdminPostHandler;
use LibraryPortal\Platform\Admin\AdminPostRoutes;
use LibraryPortal\Platform\View;

/**
 * Three screens under the Library menu, each behind AdminCapabilities::GRANTS. This controller adds
 * the pages, their Screen Options and Help, picks the view a request asks for and hands it escaped-
 * ready data (views/); each form posts to its own admin-post handler, a GrantAction (AddGrantHandler,
 * ExtendGrantHandler, TakeBackHandler, ResetAttemptsHandler), which redirects back with a notice
 * (docs/rules/platform.md, "How admin screens are built").
 */
final class GrantsPage {

	public const PARENT                = AdminScreens::PARENT;
	public const GRANTS                = AdminScreens::GRANTS;
	public const VIEW_AS               = 'library-portal-view-as';
	public const AUDIT                 = 'library-portal-audit';
	public const GRANTS_SCREEN         = 'library_item_page_library-portal-grants';
	public const AUDIT_SCREEN          = 'library_item_page_library-portal-audit';
	public const PER_PAGE_OPTION       = 'library_portal_grants_per_page';
	public const AUDIT_PER_PAGE_OPTION = 'library_portal_audit_per_page';
	public const NOTICE                = 'library_portal_grants_notice_';

	/**
	 * Grants.
	 *
	 * @var GrantService
	 */
	private GrantService $grants;


	/**
	 * Grant rows.
	 *
	 * @var GrantRepository
	 */
	private GrantRepository $grant_rows;

	/**
	 * The audit trail.
	 *
	 * @var SeatAuditRepository
	 */
	private SeatAuditRepository $audit;

	/**
	 * Tests (the attempt limit and its reset).
	 *
	 * @var QuizService
	 */
	private QuizService $quizzes;

	/**
	 * What View as user shows.
	 *
	 * @var ViewAsScreen
	 */
	private ViewAsScreen $view_as;

	/**
	 * What the add, extend and take-back forms show.
	 *
	 * @var GrantForms
	 */
	private GrantForms $forms;

	/**
	 * The one-time notice the handlers keep.
	 *
	 * @var AdminNotice
	 */
	private AdminNotice $notice;

	/**
	 * Creates the screens.
	 *
	 * @param GrantService        $grants   Grants.
	 * @param LicenseRepository   $licenses Seats.
	 * @param GrantRepository     $grant_rows Grant rows.
	 * @param SeatAuditRepository $audit    The audit trail.
	 * @param LibraryService      $library  Library rows.
	 * @param QuizService         $quizzes  Tests (attempt limit and reset).
	 */
	public function __construct( GrantService $grants, LicenseRepository $licenses, GrantRepository $grant_rows, SeatAuditRepository $audit, LibraryService $library, QuizService $quizzes ) {
		$this->grants     = $grants;
		$this->grant_rows = $grant_rows;
		$this->audit      = $audit;
		$this->quizzes    = $quizzes;
		$this->view_as    = new ViewAsScreen( $licenses, $audit, $library, $quizzes );
		$this->notice     = new AdminNotice( self::NOTICE );
		$this->forms      = new GrantForms( $grant_rows, $this->notice );
	}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_pages' ) );
		( new AdminPostRoutes( ...$this->handlers() ) )->register();
		foreach ( array( self::PER_PAGE_OPTION, self::AUDIT_PER_PAGE_OPTION ) as $option ) {
			add_filter( 'set_screen_option_' . $option, array( self::class, 'save_per_page' ), 10, 3 );
		}
	}

	/**
	 * The screens' admin-post handlers, one per form.
	 *
	 * @return AdminPostHandler[]
	 */
	public function handlers(): array {
		return array(
			new AddGrantHandler( $this->grants, $this->notice ),
			new ExtendGrantHandler( $this->grants, $this->notice ),
			new TakeBackHandler( $this->grants, $this->notice ),
			new ResetAttemptsHandler( $this->grants, $this->notice, $this->quizzes ),
		);
	}

	/**
	 * The three submenu pages, with their screen options and help.
	 */
	public function add_pages(): void {
		$grants = add_submenu_page( self::PARENT, __( 'Grants', 'library-portal' ), __( 'Grants', 'library-portal' ), AdminCapabilities::GRANTS, self::GRANTS, array( $this, 'render_grants' ) );
		$view   = add_submenu_page( self::PARENT, __( 'View as user', 'library-portal' ), __( 'View as user', 'library-portal' ), AdminCapabilities::GRANTS, self::VIEW_AS, array( $this, 'render_view_as' ) );
		$audit  = add_submenu_page( self::PARENT, __( 'Audit trail', 'library-portal' ), __( 'Audit trail', 'library-portal' ), AdminCapabilities::GRANTS, self::AUDIT, array( $this, 'render_audit' ) );
		if ( $grants ) {
			add_action( 'load-' . $grants, fn() => $this->load_screen( __( 'Grants per page', 'library-portal' ), self::PER_PAGE_OPTION ) );
		}
		if ( $view ) {
			add_action( 'load-' . $view, fn() => $this->load_screen( '', '' ) );
		}
		if ( $audit ) {
			add_action( 'load-' . $audit, fn() => $this->load_screen( __( 'Rows per page', 'library-portal' ), self::AUDIT_PER_PAGE_OPTION ) );
		}
	}

	/**
	 * The Help tab of the three screens, and the page size of the two lists in Screen Options.
	 *
	 * @param string $label  Screen Options label ('' = no page size).
	 * @param string $option User option of the page size.
	 */
	public function load_screen( string $label, string $option ): void {
		$screen = get_current_screen();
		if ( '' !== $label ) {
			add_screen_option( 'per_page', compact( 'label', 'option' ) + array( 'default' => 20 ) );
		}
		$screen?->add_help_tab(
			array(
				'id'       => 'library-portal-grants-help',
				'title'    => __( 'Grants', 'library-portal' ),
				'content'  => '',
				'callback' => static fn() => self::view( 'help', array() ),
			)
		);
	}

	/**
	 * Keeps a per-page choice between 1 and 200.
	 *
	 * @param mixed  $status Value to store (false: do not).
	 * @param string $option Option name.
	 * @param mixed  $value  Value typed.
	 * @return int|false
	 */
	public static function save_per_page( $status, $option, $value ) {
		$value = (int) $value;
		return $value >= 1 && $value <= 200 ? $value : $status;
	}

	/**
	 * The grants screen: the list, or one of its forms.
	 */
	public function render_grants(): void {
		GrantRequest::require_cap();
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- reading which view to show; every change is a nonce-checked POST.
		$view     = isset( $_GET['view'] ) ? sanitize_key( wp_unslash( $_GET['view'] ) ) : '';
		$grant_id = isset( $_GET['grant'] ) ? absint( $_GET['grant'] ) : 0;
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		$grant = in_array( $view, array( 'extend', 'take-back' ), true ) ? $this->grants->find( $grant_id ) : null;
		echo '<div class="wrap lp-admin" id="lp-admin">';
		if ( 'add' === $view ) {
			self::view( 'grant-add', $this->forms->add_args() );
		} elseif ( null !== $grant ) {
			$confirm_end = 'take-back' === $view && TakeBackHandler::CONFIRM_END === GrantRequest::queried( 'confirm' );
			self::view( 'grant-change', $this->forms->change_args( 'extend' === $view, $grant, $confirm_end ) );
		} else {
			self::view( 'grants-list', $this->list_args() );
		}
		echo '</div>';
	}

	/**
	 * The list view's arguments: the table filtered by the request, and the user filter's verdict.
	 *
	 * @return array{table: GrantsListTable, notice: array{type?: string, message?: string}, add_url: string, user_unknown: bool}
	 */
	private function list_args(): array {
		$who   = GrantRequest::queried( 'user' );
		$owner = '' !== $who ? GrantRequest::lookup_user( $who ) : null;
		$table = new GrantsListTable( $this->grant_rows, $owner ? $owner->ID : 0, '' !== $who && ! $owner );
		$table->prepare_items();
		return array(
			'table'        => $table,
			'notice'       => $this->notice->take(),
			'add_url'      => self::url( 'add' ),
			'user_unknown' => '' !== $who && ! $owner,
		);
	}

	/**
	 * "View as user": a user's library rows as GET items/ builds them, their seats and their trail.
	 */
	public function render_view_as(): void {
		GrantRequest::require_cap();
		echo '<div class="wrap lp-admin" id="lp-admin">';
		self::view( 'view-as', $this->view_as->args( GrantRequest::queried( 'user' ), $this->notice->take() ) );
		echo '</div>';
	}

	/**
	 * The audit trail, newest first, filtered by user.
	 */
	public function render_audit(): void {
		GrantRequest::require_cap();
		$who   = GrantRequest::queried( 'user' );
		$user  = '' !== $who ? GrantRequest::lookup_user( $who ) : null;
		$table = null;
		if ( '' === $who || $user ) {
			$table = new AuditListTable( $this->audit, $user ? $user->ID : 0, self::AUDIT_SCREEN );
			$table->prepare_items();
		}
		echo '<div class="wrap lp-admin" id="lp-admin">';
		self::view(
			'audit',
			array(
				'filter' => self::filter_args( self::AUDIT, 'lp-audit-user', __( 'Filter by user (e-mail or login)', 'library-portal' ), $who, __( 'Filter', 'library-portal' ) ),
				'table'  => $table,
			)
		);
		echo '</div>';
	}

	/**
	 * Address of the grants screen or one of its views.
	 *
	 * @param string $view     '' (the list), add, extend or take-back.
	 * @param int    $grant_id Grant of extend and take-back.
	 */
	public static function url( string $view = '', int $grant_id = 0 ): string {
		$args = array_filter(
			array(
				'view'  => $view,
				'grant' => $grant_id ? $grant_id : '',
			)
		);
		return add_query_arg( $args, self::page_url( self::GRANTS ) );
	}

	/**
	 * Address of "View as user" for a user.
	 *
	 * @param int $user_id User.
	 */
	public static function view_as_url( int $user_id ): string {
		$user = get_userdata( $user_id );
		return $user ? add_query_arg( 'user', rawurlencode( $user->user_email ), self::page_url( self::VIEW_AS ) ) : self::page_url( self::VIEW_AS );
	}

	/**
	 * Address of one of the three pages.
	 *
	 * @param string $page Page slug.
	 */
	public static function page_url( string $page ): string {
		return AdminScreens::url( $page );
	}

	/**
	 * The arguments of the user field of View as user and the audit trail (views/user-filter.php).
	 *
	 * @param string $page   Page slug.
	 * @param string $id     Field ID.
	 * @param string $label  Label.
	 * @param string $value  Current value.
	 * @param string $button Button text.
	 * @return array{page: string, id: string, label: string, value: string, button: string}
	 */
	public static function filter_args( string $page, string $id, string $label, string $value, string $button ): array {
		return compact( 'page', 'id', 'label', 'value', 'button' );
	}

	/**
	 * Prints a view of views/ with its arguments.
	 *
	 * @param string               $name View file name without .php.
	 * @param array<string, mixed> $args What it prints.
	 */
	private static function view( string $name, array $args ): void {
		View::render( __DIR__ . '/views/' . $name . '.php', $args );
	}
}
