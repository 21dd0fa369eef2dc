<?php
/**
 * The grant screens in wp-admin: grants, view as user, audit trail.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Admin;

use InvalidArgumentException;
use LibraryPortal\Catalogue\ItemPostType;
use LibraryPortal\Certificates\Quiz;
use LibraryPortal\Certificates\QuizService;
use LibraryPortal\Contracts\ContractService;
use LibraryPortal\Domain\Access;
use LibraryPortal\Domain\ItemStatus;
use LibraryPortal\Domain\SeatState;
use LibraryPortal\Grants\GrantService;
use LibraryPortal\Learning\SeatActivation;
use LibraryPortal\Library\LibraryService;
use LibraryPortal\Repositories\AuditEntry;
use LibraryPortal\Repositories\LicenseRepository;
use LibraryPortal\Repositories\SeatAuditRepository;
use LibraryPortal\Repositories\WriteFailed;
use LibraryPortal\Sharing\SeatSharing;
use LibraryPortal\Sharing\ShareLinks;
use LibraryPortal\Sharing\ShareMailer;

/**
 * Three screens under the Library menu, each behind AdminCapabilities::GRANTS. Forms post to
 * admin-post.php with a nonce; each handler checks both, validates, calls GrantService and
 * redirects back (POST-redirect-GET) with a notice kept for one view in a per-user transient.
 */
final class GrantsPage {

	public const PARENT                = 'edit.php?post_type=' . ItemPostType::POST_TYPE;
	public const GRANTS                = 'library-portal-grants';
	public const VIEW_AS               = 'library-portal-view-as';
	public const AUDIT                 = 'library-portal-audit';
	public const GRANTS_SCREEN         = 'library_item_page_library-portal-grants';
	public const AUDIT_SCREEN          = 'library_item_page_library-portal-audit';
	public const PER_PAGE_OPTION       = 'library_portal_grants_per_page';
	public const AUDIT_PER_PAGE_OPTION = 'library_portal_audit_per_page';
	private const NOTICE               = 'library_portal_grants_notice_';
	private const RESET_ATTEMPTS       = 'library_portal_reset_quiz_attempts';

	/**
	 * Grants.
	 *
	 * @var GrantService
	 */
	private GrantService $grants;

	/**
	 * Grants and seats (reads).
	 *
	 * @var LicenseRepository
	 */
	private LicenseRepository $licenses;

	/**
	 * The audit trail.
	 *
	 * @var SeatAuditRepository
	 */
	private SeatAuditRepository $audit;

	/**
	 * Builds the rows of a library.
	 *
	 * @var LibraryService
	 */
	private LibraryService $library;

	/**
	 * Tests (the attempt limit and its reset).
	 *
	 * @var QuizService
	 */
	private QuizService $quizzes;

	/**
	 * Creates the screens.
	 *
	 * @param GrantService        $grants   Grants.
	 * @param LicenseRepository   $licenses Grants and seats.
	 * @param SeatAuditRepository $audit    The audit trail.
	 * @param LibraryService      $library  Library rows.
	 * @param QuizService         $quizzes  Tests (attempt limit and reset).
	 */
	public function __construct( GrantService $grants, LicenseRepository $licenses, SeatAuditRepository $audit, LibraryService $library, QuizService $quizzes ) {
		$this->grants   = $grants;
		$this->licenses = $licenses;
		$this->audit    = $audit;
		$this->library  = $library;
		$this->quizzes  = $quizzes;
	}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_pages' ) );
		$handlers = array(
			'library_portal_add_grant'    => 'handle_add',
			'library_portal_extend_grant' => 'handle_extend',
			'library_portal_take_back'    => 'handle_take_back',
			self::RESET_ATTEMPTS          => 'handle_reset_attempts',
		);
		foreach ( $handlers as $action => $method ) {
			add_action(
				'admin_post_' . $action,
				function () use ( $method ) {
					wp_safe_redirect( $this->$method() );
					exit;
				}
			);
		}
		foreach ( array( self::PER_PAGE_OPTION, self::AUDIT_PER_PAGE_OPTION ) as $option ) {
			add_filter( 'set_screen_option_' . $option, array( self::class, 'save_per_page' ), 10, 3 );
		}
	}

	/**
	 * The three submenu pages, with their screen options and help.
	 */
	public function add_pages(): void {
		$grants = add_submenu_page( self::PARENT, __( 'Grants', 'library-portal' ), __( 'Grants', 'library-portal' ), AdminCapabilities::GRANTS, self::GRANTS, array( $this, 'render_grants' ) );
		$view   = add_submenu_page( self::PARENT, __( 'View as user', 'library-portal' ), __( 'View as user', 'library-portal' ), AdminCapabilities::GRANTS, self::VIEW_AS, array( $this, 'render_view_as' ) );
		$audit  = add_submenu_page( self::PARENT, __( 'Audit trail', 'library-portal' ), __( 'Audit trail', 'library-portal' ), AdminCapabilities::GRANTS, self::AUDIT, array( $this, 'render_audit' ) );
		if ( $grants ) {
			add_action( 'load-' . $grants, array( $this, 'load_grants' ) );
		}
		if ( $view ) {
			add_action( 'load-' . $view, array( $this, 'add_help' ) );
		}
		if ( $audit ) {
			add_action( 'load-' . $audit, array( $this, 'load_audit' ) );
		}
	}

	/**
	 * Screen options and help of the grants list.
	 */
	public function load_grants(): void {
		add_screen_option(
			'per_page',
			array(
				'label'   => __( 'Grants per page', 'library-portal' ),
				'default' => 20,
				'option'  => self::PER_PAGE_OPTION,
			)
		);
		$this->add_help();
	}

	/**
	 * Screen options and help of the audit trail.
	 */
	public function load_audit(): void {
		add_screen_option(
			'per_page',
			array(
				'label'   => __( 'Rows per page', 'library-portal' ),
				'default' => 20,
				'option'  => self::AUDIT_PER_PAGE_OPTION,
			)
		);
		$this->add_help();
	}

	/**
	 * The Help tab of the three screens.
	 */
	public function add_help(): void {
		$screen = get_current_screen();
		if ( ! $screen ) {
			return;
		}
		$screen->add_help_tab(
			array(
				'id'      => 'library-portal-grants-help',
				'title'   => __( 'Grants', 'library-portal' ),
				'content' => '<p>' . esc_html__( 'A grant gives a user a number of licenses (seats) of one item. The user can use one seat and share the others with their team.', 'library-portal' ) . '</p>'
					. '<p>' . esc_html__( 'Extend expiry moves the end date of the grant and of all its seats later. Take back seats not started removes available seats and seats shared with someone who has not started them (they are told why); started seats stay with who started them. Taking back all of them ends the grant, like a refund.', 'library-portal' ) . '</p>'
					. '<p>' . esc_html__( 'View as user shows a library as its user sees it. Every change is written to the audit trail with who made it and when.', 'library-portal' ) . '</p>',
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
		self::require_cap();
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- reading which view to show; every change is a nonce-checked POST.
		$view     = isset( $_GET['view'] ) ? sanitize_key( wp_unslash( $_GET['view'] ) ) : '';
		$grant_id = isset( $_GET['grant'] ) ? absint( $_GET['grant'] ) : 0;
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		echo '<div class="wrap lp-admin" id="lp-admin">';
		if ( 'add' === $view ) {
			$this->render_add_form();
		} elseif ( in_array( $view, array( 'extend', 'take-back' ), true ) && $this->grants->find( $grant_id ) ) {
			$this->render_grant_form( $view, $grant_id );
		} else {
			echo '<h1 class="wp-heading-inline">' . esc_html__( 'Grants', 'library-portal' ) . '</h1> ';
			echo '<a class="page-title-action" href="' . esc_url( self::url( 'add' ) ) . '">' . esc_html__( 'Add grant', 'library-portal' ) . '</a>';
			echo '<hr class="wp-header-end">';
			$this->print_notice();
			self::print_style();
			$table = new GrantsListTable( $this->licenses );
			$table->prepare_items();
			echo '<form method="get">';
			echo '<input type="hidden" name="post_type" value="' . esc_attr( ItemPostType::POST_TYPE ) . '">';
			echo '<input type="hidden" name="page" value="' . esc_attr( self::GRANTS ) . '">';
			$table->search_box( __( 'Search users', 'library-portal' ), 'lp-grant-search' );
			$table->display();
			echo '</form>';
		}
		echo '</div>';
	}

	/**
	 * The "Add grant" form.
	 */
	private function render_add_form(): void {
		$kept   = $this->take_notice();
		$fields = is_array( $kept['fields'] ?? null ) ? $kept['fields'] : array();
		echo '<h1>' . esc_html__( 'Add grant', 'library-portal' ) . '</h1>';
		self::print_notice_of( $kept );
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" novalidate>';
		echo '<input type="hidden" name="action" value="library_portal_add_grant">';
		wp_nonce_field( 'library_portal_add_grant' );
		echo '<table class="form-table" role="presentation"><tbody>';
		self::field_row( 'lp-grant-user', __( 'User (e-mail or login)', 'library-portal' ), '<input type="text" class="regular-text" id="lp-grant-user" name="user" required autocomplete="off" value="' . esc_attr( (string) ( $fields['user'] ?? '' ) ) . '">' );
		$options = '<option value="">' . esc_html__( 'Choose an item', 'library-portal' ) . '</option>';
		foreach ( ItemPostType::published_titles() as $item_id => $title ) {
			$options .= '<option value="' . esc_attr( (string) $item_id ) . '"' . selected( (int) ( $fields['item'] ?? 0 ), $item_id, false ) . '>' . esc_html( $title ) . '</option>';
		}
		self::field_row( 'lp-grant-item', __( 'Item', 'library-portal' ), '<select id="lp-grant-item" name="item" required>' . $options . '</select>' );
		/* translators: %d: the largest number of licenses of one grant. */
		self::field_row( 'lp-grant-quantity', __( 'Quantity', 'library-portal' ), '<input type="number" class="small-text" id="lp-grant-quantity" name="quantity" min="1" max="' . esc_attr( (string) GrantService::MAX_QUANTITY ) . '" required value="' . esc_attr( (string) ( $fields['quantity'] ?? '1' ) ) . '"> <span id="lp-grant-quantity-help" class="description">' . esc_html( sprintf( __( 'From 1 to %d licenses.', 'library-portal' ), GrantService::MAX_QUANTITY ) ) . '</span>', 'lp-grant-quantity-help' );
		self::field_row( 'lp-grant-expires', __( 'Expiry date', 'library-portal' ), '<input type="date" id="lp-grant-expires" name="expires" aria-describedby="lp-grant-expires-help" value="' . esc_attr( (string) ( $fields['expires'] ?? '' ) ) . '"> <span id="lp-grant-expires-help" class="description">' . esc_html__( 'The licenses end at the end of this day (site time). Leave empty: they never expire.', 'library-portal' ) . '</span>' );
		$tag = (string) ( $fields['tag'] ?? '' );
		self::field_row( 'lp-grant-tag', __( 'Tag', 'library-portal' ), '<select id="lp-grant-tag" name="tag"><option value=""' . selected( $tag, '', false ) . '>' . esc_html__( 'None', 'library-portal' ) . '</option><option value="member"' . selected( $tag, 'member', false ) . '>' . esc_html__( 'Member', 'library-portal' ) . '</option></select>' );
		echo '</tbody></table>';
		submit_button( __( 'Add grant', 'library-portal' ) );
		echo '<p><a href="' . esc_url( self::url() ) . '">' . esc_html__( 'Back to grants', 'library-portal' ) . '</a></p>';
		echo '</form>';
	}

	/**
	 * The "Extend expiry" or "Take back seats not started" form of one grant.
	 *
	 * @param string $view     extend or take-back.
	 * @param int    $grant_id Grant.
	 */
	private function render_grant_form( string $view, int $grant_id ): void {
		$grant = $this->grants->find( $grant_id );
		if ( null === $grant ) {
			return; // render_grants() showed the list instead.
		}
		$owner  = get_userdata( $grant->owner_id );
		$counts = $this->licenses->grant_seat_counts( array( $grant_id ) )[ $grant_id ];
		$extend = 'extend' === $view;
		echo '<h1>' . esc_html( $extend ? __( 'Extend expiry', 'library-portal' ) : __( 'Take back seats not started', 'library-portal' ) ) . '</h1>';
		$this->print_notice();
		echo '<p>' . esc_html(
			sprintf(
				/* translators: 1: grant ID, 2: item title, 3: user e-mail, 4: number of licenses, 5: expiry date or Never. */
				_n( 'Grant #%1$d: %2$s for %3$s, %4$d license, expires: %5$s.', 'Grant #%1$d: %2$s for %3$s, %4$d licenses, expires: %5$s.', $grant->quantity, 'library-portal' ),
				$grant->id,
				get_the_title( $grant->product_id ),
				$owner ? $owner->user_email : __( '(deleted user)', 'library-portal' ),
				$grant->quantity,
				self::expiry_text( $grant->expires_at )
			)
		) . '</p>';
		echo '<p>' . esc_html(
			sprintf(
				/* translators: 1: available licenses, 2: shared licenses, 3: activated licenses. */
				__( 'Available: %1$d. Shared, not started: %2$d. Activated: %3$d.', 'library-portal' ),
				$counts['available'],
				$counts['assigned'],
				$counts['activated']
			)
		) . '</p>';
		$action = $extend ? 'library_portal_extend_grant' : 'library_portal_take_back';
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" novalidate>';
		echo '<input type="hidden" name="action" value="' . esc_attr( $action ) . '">';
		echo '<input type="hidden" name="grant" value="' . esc_attr( (string) $grant_id ) . '">';
		wp_nonce_field( $action . '_' . $grant_id );
		echo '<table class="form-table" role="presentation"><tbody>';
		if ( $extend ) {
			self::field_row( 'lp-extend-expires', __( 'New expiry date', 'library-portal' ), '<input type="date" id="lp-extend-expires" name="expires" aria-describedby="lp-extend-help"> <span id="lp-extend-help" class="description">' . esc_html__( 'Later than the current expiry. The licenses end at the end of this day (site time).', 'library-portal' ) . '</span>' );
			self::field_row( 'lp-extend-never', __( 'Never expires', 'library-portal' ), '<input type="checkbox" id="lp-extend-never" name="never" value="1">' );
		} else {
			self::field_row( 'lp-take-back-count', __( 'Seats to take back', 'library-portal' ), '<input type="number" class="small-text" id="lp-take-back-count" name="count" min="1" max="' . esc_attr( (string) $grant->quantity ) . '" aria-describedby="lp-take-back-help"> <span id="lp-take-back-help" class="description">' . esc_html__( 'Leave empty to take back every seat nobody started and end the grant (a refund by hand). Started seats are never taken back.', 'library-portal' ) . '</span>' );
		}
		echo '</tbody></table>';
		submit_button( $extend ? __( 'Extend expiry', 'library-portal' ) : __( 'Take back seats', 'library-portal' ) );
		echo '<p><a href="' . esc_url( self::url() ) . '">' . esc_html__( 'Back to grants', 'library-portal' ) . '</a></p>';
		echo '</form>';
	}

	/**
	 * Handles "Add grant"; returns where to go next.
	 */
	public function handle_add(): string {
		self::require_cap();
		check_admin_referer( 'library_portal_add_grant' );
		$fields = array(
			'user'     => self::posted( 'user' ),
			'item'     => self::posted( 'item' ),
			'quantity' => self::posted( 'quantity' ),
			'expires'  => self::posted( 'expires' ),
			'tag'      => self::posted( 'tag' ),
		);
		try {
			$user = self::find_user( $fields['user'] );
			if ( ! preg_match( '/^\d{1,6}$/', $fields['quantity'] ) ) {
				throw new InvalidArgumentException( esc_html__( 'The quantity must be a whole number.', 'library-portal' ) );
			}
			$grant_id = $this->grants->grant( $user->ID, absint( $fields['item'] ), (int) $fields['quantity'], self::end_of_day( $fields['expires'] ), $fields['tag'], 'admin', '', get_current_user_id() );
		} catch ( InvalidArgumentException | WriteFailed $refused ) {
			$this->keep_notice( 'error', $refused->getMessage(), $fields );
			return self::url( 'add' );
		}
		$this->keep_notice(
			'success',
			sprintf(
				/* translators: 1: number of licenses, 2: item title, 3: user e-mail, 4: grant ID. */
				_n( 'Granted %1$d license of %2$s to %3$s (grant #%4$d).', 'Granted %1$d licenses of %2$s to %3$s (grant #%4$d).', (int) $fields['quantity'], 'library-portal' ),
				(int) $fields['quantity'],
				get_the_title( absint( $fields['item'] ) ),
				$user->user_email,
				$grant_id
			)
		);
		return self::url();
	}

	/**
	 * Handles "Extend expiry"; returns where to go next.
	 */
	public function handle_extend(): string {
		self::require_cap();
		$grant_id = absint( self::posted( 'grant' ) );
		check_admin_referer( 'library_portal_extend_grant_' . $grant_id );
		try {
			$never   = '1' === self::posted( 'never' );
			$expires = self::posted( 'expires' );
			if ( ( '' !== $expires ) === $never ) {
				throw new InvalidArgumentException( esc_html__( 'Give either a new expiry date or Never expires.', 'library-portal' ) );
			}
			$grant = $this->grants->extend( $grant_id, $never ? 0 : self::end_of_day( $expires ), get_current_user_id() );
		} catch ( InvalidArgumentException | WriteFailed $refused ) {
			$this->keep_notice( 'error', $refused->getMessage() );
			return self::url( 'extend', $grant_id );
		}
		/* translators: 1: grant ID, 2: expiry date or Never. */
		$this->keep_notice( 'success', sprintf( __( 'Grant #%1$d now expires: %2$s.', 'library-portal' ), $grant->id, self::expiry_text( $grant->expires_at ) ) );
		return self::url();
	}

	/**
	 * Handles "Take back seats not started"; returns where to go next.
	 */
	public function handle_take_back(): string {
		self::require_cap();
		$grant_id = absint( self::posted( 'grant' ) );
		check_admin_referer( 'library_portal_take_back_' . $grant_id );
		try {
			$count = self::posted( 'count' );
			if ( '' !== $count && ! preg_match( '/^\d{1,6}$/', $count ) ) {
				throw new InvalidArgumentException( esc_html__( 'The number of seats must be a whole number, or empty for all.', 'library-portal' ) );
			}
			$result = $this->grants->take_back( $grant_id, '' === $count ? null : (int) $count, get_current_user_id() );
		} catch ( InvalidArgumentException | WriteFailed $refused ) {
			$this->keep_notice( 'error', $refused->getMessage() );
			return self::url( 'take-back', $grant_id );
		}
		$message = sprintf(
			/* translators: 1: seats taken back, 2: grant ID. */
			_n( 'Took back %1$d seat of grant #%2$d.', 'Took back %1$d seats of grant #%2$d.', $result->taken(), 'library-portal' ),
			$result->taken(),
			$grant_id
		) . ' ' . sprintf(
			/* translators: %d: seats that stayed. */
			_n( '%d could not be taken back (started).', '%d could not be taken back (started).', $result->kept, 'library-portal' ),
			$result->kept
		);
		$this->keep_notice( $result->taken() > 0 ? 'success' : 'warning', $message );
		return self::url();
	}

	/**
	 * Handles "Reset test attempts" of a learner on an item (View as user); returns where to go next.
	 */
	public function handle_reset_attempts(): string {
		self::require_cap();
		$user_id    = absint( self::posted( 'user' ) );
		$product_id = absint( self::posted( 'item' ) );
		check_admin_referer( self::reset_nonce_action( $user_id, $product_id ) );
		$user = get_userdata( $user_id );
		if ( ! $user || ! Quiz::of_item( $product_id )->has_questions() ) {
			$this->keep_notice( 'error', __( 'No such learner or test.', 'library-portal' ) );
			return $user ? self::view_as_url( $user_id ) : self::page_url( self::VIEW_AS );
		}
		try {
			$reset = $this->quizzes->reset_attempts( $user_id, $product_id, get_current_user_id(), time() );
		} catch ( WriteFailed $refused ) {
			$this->keep_notice( 'error', $refused->getMessage() );
			return self::view_as_url( $user_id );
		}
		$this->keep_notice(
			'success',
			sprintf(
				/* translators: 1: item title, 2: number of attempts that stopped counting. */
				_n( 'Test attempts of %1$s reset: %2$d attempt no longer counts.', 'Test attempts of %1$s reset: %2$d attempts no longer count.', $reset, 'library-portal' ),
				get_the_title( $product_id ),
				$reset
			)
		);
		return self::view_as_url( $user_id );
	}

	/**
	 * The nonce action of one reset form (bound to the learner and the item).
	 *
	 * @param int $user_id    Learner.
	 * @param int $product_id Item.
	 */
	private static function reset_nonce_action( int $user_id, int $product_id ): string {
		return self::RESET_ATTEMPTS . '_' . $user_id . '_' . $product_id;
	}

	/**
	 * "View as user": a user's library rows as GET items/ builds them, their seats and their trail.
	 */
	public function render_view_as(): void {
		self::require_cap();
		$who  = self::queried( 'user' );
		$user = '' !== $who ? self::lookup_user( $who ) : null;
		echo '<div class="wrap lp-admin" id="lp-admin">';
		echo '<h1>' . esc_html__( 'View as user', 'library-portal' ) . '</h1>';
		self::user_filter( self::VIEW_AS, 'lp-view-as-user', __( 'User (e-mail or login)', 'library-portal' ), $who, __( 'Show library', 'library-portal' ) );
		if ( '' !== $who && ! $user ) {
			echo '<div class="notice notice-error"><p>' . esc_html__( 'No user with that e-mail or login.', 'library-portal' ) . '</p></div>';
		}
		$this->print_notice();
		if ( $user ) {
			$this->render_library_of( $user );
		}
		echo '</div>';
	}

	/**
	 * A user's library, seats and audit trail.
	 *
	 * @param \WP_User $user User.
	 */
	private function render_library_of( \WP_User $user ): void {
		/* translators: 1: display name, 2: e-mail. */
		echo '<h2>' . esc_html( sprintf( __( 'Library of %1$s (%2$s)', 'library-portal' ), $user->display_name, $user->user_email ) ) . '</h2>';
		$rows = $this->library->items_for( $user->ID, time() );
		self::table(
			__( 'Library items', 'library-portal' ),
			array( __( 'Title', 'library-portal' ), __( 'Tag', 'library-portal' ), __( 'Status', 'library-portal' ), __( 'Access', 'library-portal' ), __( 'Licenses', 'library-portal' ), __( 'Available', 'library-portal' ), __( 'Active', 'library-portal' ), __( 'Expired', 'library-portal' ), __( 'Progress', 'library-portal' ), __( 'Certificate', 'library-portal' ) ),
			array_map(
				static fn( array $row ): array => array(
					(string) $row['title'],
					'' === $row['tag'] ? __( 'None', 'library-portal' ) : (string) $row['tag'],
					ItemStatus::label( (string) $row['status'] ),
					Access::label( (string) $row['access'] ),
					(string) $row['total_licenses'],
					(string) $row['available_licenses'],
					(string) $row['active_licenses'],
					(string) $row['expired_licenses'],
					$row['video_data']['progress']['count'] . ' %',
					$row['video_data']['pdf'] ? self::time_text( (int) $row['video_data']['completed_at'] ) : __( 'None', 'library-portal' ),
				),
				$rows
			),
			__( 'This user has no library items.', 'library-portal' )
		);

		$this->render_tests_of( $user, $rows );

		$seats = $this->licenses->seats_for_user( $user->ID );
		self::table(
			__( 'Seats', 'library-portal' ),
			array( __( 'Seat', 'library-portal' ), __( 'Grant', 'library-portal' ), __( 'Item', 'library-portal' ), __( 'Owner', 'library-portal' ), __( 'Held by', 'library-portal' ), __( 'State', 'library-portal' ), __( 'Expires', 'library-portal' ) ),
			array_map(
				static fn( $seat ): array => array(
					'#' . $seat->id,
					'#' . $seat->grant_id,
					get_the_title( $seat->product_id ),
					self::email_of( $seat->owner_id ),
					$seat->holder_id ? self::email_of( $seat->holder_id ) : __( 'Nobody', 'library-portal' ),
					self::seat_state_text( $seat->state ),
					self::expiry_text( $seat->expires_at ),
				),
				$seats
			),
			__( 'This user owns or holds no seat.', 'library-portal' )
		);

		$trail = $this->audit->page( $user->ID, 50 );
		self::table(
			__( 'Audit trail of this user\'s grants', 'library-portal' ),
			array( __( 'When', 'library-portal' ), __( 'Changed by', 'library-portal' ), __( 'Change', 'library-portal' ), __( 'Item', 'library-portal' ), __( 'Grant', 'library-portal' ), __( 'Seat', 'library-portal' ), __( 'Details', 'library-portal' ) ),
			array_map(
				static fn( AuditEntry $entry ): array => array(
					self::time_text( $entry->created_at ),
					self::actor_text( $entry->actor_id ),
					self::action_text( $entry->action ),
					get_the_title( $entry->product_id ),
					$entry->grant_id ? '#' . $entry->grant_id : '—',
					self::seat_text( $entry ),
					self::details_text( $entry ),
				),
				$trail
			),
			__( 'No changes recorded.', 'library-portal' )
		);
		echo '<p><a href="' . esc_url( add_query_arg( 'user', rawurlencode( $user->user_email ), self::page_url( self::AUDIT ) ) ) . '">' . esc_html__( 'Full audit trail of this user', 'library-portal' ) . '</a></p>';
	}

	/**
	 * The user's tests: attempts left under the limit, and a reset form per test.
	 *
	 * @param \WP_User                         $user User.
	 * @param array<int, array<string, mixed>> $rows Their library rows.
	 */
	private function render_tests_of( \WP_User $user, array $rows ): void {
		$caption = __( 'Tests', 'library-portal' );
		$items   = array();
		foreach ( $rows as $row ) {
			$product_id = (int) $row['product_id'];
			if ( ! isset( $items[ $product_id ] ) && Quiz::of_item( $product_id )->has_questions() ) {
				$items[ $product_id ] = (string) $row['title'];
			}
		}
		echo '<h3>' . esc_html( $caption ) . '</h3>';
		if ( ! $items ) {
			echo '<p>' . esc_html__( 'None of this user\'s items has a test.', 'library-portal' ) . '</p>';
			return;
		}
		echo '<table class="widefat striped" data-testid="lp-admin-tests"><caption class="screen-reader-text">' . esc_html( $caption ) . '</caption><thead><tr>';
		foreach ( array( __( 'Item', 'library-portal' ), __( 'Attempts left in 24 hours', 'library-portal' ), __( 'Reset', 'library-portal' ) ) as $header ) {
			echo '<th scope="col">' . esc_html( $header ) . '</th>';
		}
		echo '</tr></thead><tbody>';
		$now = time();
		foreach ( $items as $product_id => $title ) {
			$allowance = $this->quizzes->allowance( $user->ID, $product_id, $now );
			if ( null === $allowance['left'] ) {
				$left = __( 'No limit', 'library-portal' );
			} elseif ( 0 === $allowance['left'] ) {
				/* translators: 1: attempts allowed, 2: date and time the next attempt opens. */
				$left = sprintf( __( '0 of %1$d (next opens %2$s)', 'library-portal' ), $allowance['limit'], self::time_text( $allowance['next_attempt_at'] ) );
			} else {
				/* translators: 1: attempts left, 2: attempts allowed. */
				$left = sprintf( __( '%1$d of %2$d', 'library-portal' ), $allowance['left'], $allowance['limit'] );
			}
			echo '<tr><td>' . esc_html( $title ) . '</td><td>' . esc_html( $left ) . '</td><td>';
			echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
			echo '<input type="hidden" name="action" value="' . esc_attr( self::RESET_ATTEMPTS ) . '">';
			echo '<input type="hidden" name="user" value="' . esc_attr( (string) $user->ID ) . '">';
			echo '<input type="hidden" name="item" value="' . esc_attr( (string) $product_id ) . '">';
			wp_nonce_field( self::reset_nonce_action( $user->ID, $product_id ) );
			// The visible words start the accessible name (WCAG 2.5.3); the item tells the buttons apart.
			/* translators: %s: item title. */
			echo '<button type="submit" class="button">' . esc_html__( 'Reset attempts', 'library-portal' ) . '<span class="screen-reader-text"> ' . esc_html( sprintf( __( 'of %s', 'library-portal' ), $title ) ) . '</span></button>';
			echo '</form></td></tr>';
		}
		echo '</tbody></table>';
	}

	/**
	 * The audit trail, newest first, filtered by user.
	 */
	public function render_audit(): void {
		self::require_cap();
		$who  = self::queried( 'user' );
		$user = '' !== $who ? self::lookup_user( $who ) : null;
		echo '<div class="wrap lp-admin" id="lp-admin">';
		echo '<h1>' . esc_html__( 'Audit trail', 'library-portal' ) . '</h1>';
		self::user_filter( self::AUDIT, 'lp-audit-user', __( 'Filter by user (e-mail or login)', 'library-portal' ), $who, __( 'Filter', 'library-portal' ) );
		if ( '' !== $who && ! $user ) {
			echo '<div class="notice notice-error"><p>' . esc_html__( 'No user with that e-mail or login.', 'library-portal' ) . '</p></div>';
		} else {
			self::print_style();
			$table = new AuditListTable( $this->audit, $user ? $user->ID : 0, self::AUDIT_SCREEN );
			$table->prepare_items();
			$table->display();
		}
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
	 * The search text of the grants list.
	 */
	public static function search_text(): string {
		return self::queried( 's' );
	}

	/**
	 * An expiry for people: the date in site time, or Never.
	 *
	 * @param int $expires_at Unix seconds (0: never).
	 */
	public static function expiry_text( int $expires_at ): string {
		return 0 === $expires_at ? __( 'Never', 'library-portal' ) : self::time_text( $expires_at );
	}

	/**
	 * A time for people, in site time.
	 *
	 * @param int $time Unix seconds.
	 */
	public static function time_text( int $time ): string {
		return (string) wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $time );
	}

	/**
	 * Who made a change.
	 *
	 * @param int $actor_id User (0: the system).
	 */
	public static function actor_text( int $actor_id ): string {
		$actor = $actor_id ? get_userdata( $actor_id ) : false;
		return $actor ? $actor->user_login : __( 'System (WP-CLI, an order or a deleted account)', 'library-portal' );
	}

	/**
	 * The seat of an audit row for people: one seat, all seats of the grant, or none (a row
	 * about no grant, such as a test attempts reset).
	 *
	 * @param AuditEntry $entry Row.
	 */
	public static function seat_text( AuditEntry $entry ): string {
		if ( $entry->license_id ) {
			return '#' . $entry->license_id;
		}
		return $entry->grant_id ? __( 'All', 'library-portal' ) : '—';
	}

	/**
	 * An audit action for people.
	 *
	 * @param string $action Action.
	 */
	public static function action_text( string $action ): string {
		$labels = array(
			GrantService::GRANT            => __( 'Granted', 'library-portal' ),
			GrantService::EXTEND           => __( 'Extended', 'library-portal' ),
			GrantService::TAKE_BACK        => __( 'Taken back', 'library-portal' ),
			GrantService::END              => __( 'Ended', 'library-portal' ),
			GrantService::RESTORE          => __( 'Granted again', 'library-portal' ),
			GrantService::REVOKE_DELETE    => __( 'Revoked and deleted', 'library-portal' ),
			GrantService::AMOUNT_REFUND    => __( 'Refund without quantities', 'library-portal' ),
			QuizService::RESET_ACTION      => __( 'Test attempts reset', 'library-portal' ),
			ContractService::DELETE_ACTION => __( 'Contract deleted', 'library-portal' ),
			ContractService::IMPORT_ACTION => __( 'Members imported', 'library-portal' ),
			ShareLinks::AUDIT_ACTION       => __( 'Share link made', 'library-portal' ),
			ShareMailer::AUDIT_ACTION      => __( 'Shared by e-mail', 'library-portal' ),
			SeatSharing::ACCEPT_ACTION     => __( 'Share accepted', 'library-portal' ),
			SeatSharing::REVOKE_ACTION     => __( 'Share revoked', 'library-portal' ),
			SeatActivation::AUDIT_ACTION   => __( 'Seat activated', 'library-portal' ),
		);
		return $labels[ $action ] ?? $action;
	}

	/**
	 * A seat's state in words (View as user).
	 *
	 * @param SeatState $state State.
	 */
	public static function seat_state_text( SeatState $state ): string {
		return match ( $state ) {
			SeatState::Available => __( 'Available: nobody holds it yet', 'library-portal' ),
			SeatState::Assigned  => __( 'Given to someone, not started', 'library-portal' ),
			SeatState::Activated => __( 'Activated: in use', 'library-portal' ),
		};
	}

	/**
	 * An audit row's details for people.
	 *
	 * @param AuditEntry $entry Row.
	 */
	public static function details_text( AuditEntry $entry ): string {
		$details = $entry->details();
		switch ( $entry->action ) {
			case GrantService::GRANT:
				/* translators: 1: number of licenses, 2: expiry date or Never. */
				return sprintf( _n( '%1$d license, expires: %2$s', '%1$d licenses, expires: %2$s', (int) ( $details['quantity'] ?? 0 ), 'library-portal' ), (int) ( $details['quantity'] ?? 0 ), self::expiry_text( (int) ( $details['expires_at'] ?? 0 ) ) );
			case GrantService::EXTEND:
				/* translators: 1: old expiry, 2: new expiry. */
				return sprintf( __( 'Expiry %1$s → %2$s', 'library-portal' ), self::expiry_text( (int) ( $details['from'] ?? 0 ) ), self::expiry_text( (int) ( $details['to'] ?? 0 ) ) );
			case GrantService::TAKE_BACK:
				if ( isset( $details['holder'] ) ) {
					/* translators: 1: the team member's e-mail, 2: the reason code, e.g. refunded. */
					return sprintf( __( 'Seat shared with %1$s, not started, removed (%2$s)', 'library-portal' ), self::email_of( (int) $details['holder'] ), (string) ( $details['reason'] ?? '' ) );
				}
				return __( 'Unassigned seat removed', 'library-portal' );
			case GrantService::END:
				/* translators: %s: the reason code, e.g. refunded. */
				return sprintf( __( 'Grant ended (%s): its seats nobody started are taken back', 'library-portal' ), (string) ( $details['reason'] ?? '' ) );
			case GrantService::RESTORE:
				/* translators: %d: number of licenses. */
				return sprintf( __( 'Order paid again: %d licenses added', 'library-portal' ), (int) ( $details['seats'] ?? 0 ) );
			case GrantService::REVOKE_DELETE:
				/* translators: %s: the team member's e-mail. */
				return sprintf( __( 'Shared seat of an ended grant revoked from %s and deleted', 'library-portal' ), self::email_of( (int) ( $details['holder'] ?? 0 ) ) );
			case GrantService::AMOUNT_REFUND:
				/* translators: 1: amount, 2: order number. */
				return sprintf( __( 'Refund of %1$s on order #%2$d named no quantities: nothing taken back', 'library-portal' ), (string) ( $details['amount'] ?? '' ), (int) ( $details['order'] ?? 0 ) );
			case ContractService::DELETE_ACTION:
				$members = (int) ( $details['members'] ?? 0 );
				/* translators: 1: contract title, 2: number of members. */
				return sprintf( _n( 'Contract “%1$s” deleted: %2$d member lost its library', 'Contract “%1$s” deleted: %2$d members lost its library', $members, 'library-portal' ), (string) ( $details['title'] ?? '' ), $members );
			case SeatSharing::ACCEPT_ACTION:
				return 'email' === ( $details['method'] ?? '' )
					/* translators: %s: the team member's e-mail. */
					? sprintf( __( 'Seat taken by %s with an e-mailed invitation', 'library-portal' ), self::email_of( (int) ( $details['holder'] ?? 0 ) ) )
					/* translators: %s: the team member's e-mail. */
					: sprintf( __( 'Seat taken by %s with a copied share link', 'library-portal' ), self::email_of( (int) ( $details['holder'] ?? 0 ) ) );
			case SeatSharing::REVOKE_ACTION:
				/* translators: %s: the team member's e-mail. */
				return sprintf( __( 'Seat taken back from %s by its owner: available again', 'library-portal' ), self::email_of( (int) ( $details['holder'] ?? 0 ) ) );
			case SeatActivation::AUDIT_ACTION:
				/* translators: %s: the learner's e-mail. */
				return sprintf( __( 'Started by %s: the seat is in use', 'library-portal' ), self::email_of( (int) ( $details['holder'] ?? 0 ) ) );
			case ShareLinks::AUDIT_ACTION:
				return empty( $details['renewed'] )
					? __( 'A share link to copy was made', 'library-portal' )
					: __( 'A new share link was made; the previous one no longer works', 'library-portal' );
			case ShareMailer::AUDIT_ACTION:
				$sent       = (int) ( $details['sent'] ?? 0 );
				$recipients = (int) ( $details['recipients'] ?? 0 );
				if ( ! empty( $details['resent'] ) ) {
					return __( 'A pending invitation was e-mailed again', 'library-portal' );
				}
				/* translators: 1: recipients the mail reached, 2: recipients of the send. */
				return sprintf( _n( 'Invitation e-mailed to %1$d of %2$d recipient', 'Invitations e-mailed to %1$d of %2$d recipients', $recipients, 'library-portal' ), $sent, $recipients );
			case ContractService::IMPORT_ACTION:
				$added = (int) ( $details['added'] ?? 0 );
				$known = (int) ( $details['already'] ?? 0 );
				$bad   = (int) ( $details['bad'] ?? 0 );
				return implode(
					', ',
					array(
						/* translators: 1: contract ID, 2: number of members. */
						sprintf( _n( 'Contract #%1$d: %2$d member added', 'Contract #%1$d: %2$d members added', $added, 'library-portal' ), (int) ( $details['contract'] ?? 0 ), $added ),
						/* translators: %d: number of people. */
						sprintf( _n( '%d already a member', '%d already members', $known, 'library-portal' ), $known ),
						/* translators: %d: number of rows. */
						sprintf( _n( '%d bad row', '%d bad rows', $bad, 'library-portal' ), $bad ),
					)
				);
			case QuizService::RESET_ACTION:
				/* translators: %d: number of attempts. */
				return sprintf( _n( '%d attempt no longer counts towards the limit', '%d attempts no longer count towards the limit', (int) ( $details['attempts'] ?? 0 ), 'library-portal' ), (int) ( $details['attempts'] ?? 0 ) );
		}
		return $entry->details;
	}

	/**
	 * Column widths of the two list tables: they are fixed-layout, so numbers get narrow columns
	 * and the user, the item and the details get the room.
	 */
	private static function print_style(): void {
		echo '<style>#lp-admin .column-owner{width:16%}#lp-admin .column-item{width:14%}#lp-admin .column-details{width:20%}'
			. '#lp-admin :is(.column-actor,.column-action){width:11%}'
			. '#lp-admin :is(.column-expires,.column-created,.column-created_at){width:10%}#lp-admin .column-source{width:8%}'
			. '#lp-admin :is(.column-quantity,.column-available,.column-assigned,.column-activated){width:8%}'
			. '#lp-admin :is(.column-tag,.column-grant,.column-seat){width:6%}</style>';
	}

	/**
	 * Address of one of the three pages.
	 *
	 * @param string $page Page slug.
	 */
	private static function page_url( string $page ): string {
		return add_query_arg( 'page', $page, admin_url( self::PARENT ) );
	}

	/**
	 * A user's e-mail, or a placeholder for a deleted one.
	 *
	 * @param int $user_id User.
	 */
	private static function email_of( int $user_id ): string {
		$user = get_userdata( $user_id );
		return $user ? $user->user_email : __( '(deleted user)', 'library-portal' );
	}

	/**
	 * Stops unless the current user may manage grants.
	 */
	private static function require_cap(): void {
		if ( ! current_user_can( AdminCapabilities::GRANTS ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage grants.', 'library-portal' ), '', array( 'response' => 403 ) );
		}
	}

	/**
	 * A posted text field, trimmed ('' when absent).
	 *
	 * @param string $name Field.
	 */
	private static function posted( string $name ): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- every handler checks the nonce before it reads a field.
		return isset( $_POST[ $name ] ) && is_string( $_POST[ $name ] ) ? trim( sanitize_text_field( wp_unslash( $_POST[ $name ] ) ) ) : '';
	}

	/**
	 * A text of the query string, trimmed ('' when absent).
	 *
	 * @param string $name Parameter.
	 */
	private static function queried( string $name ): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only filter.
		return isset( $_GET[ $name ] ) && is_string( $_GET[ $name ] ) ? trim( sanitize_text_field( wp_unslash( $_GET[ $name ] ) ) ) : '';
	}

	/**
	 * A user by e-mail or login, or null.
	 *
	 * @param string $who E-mail or login.
	 */
	private static function lookup_user( string $who ): ?\WP_User {
		$user = is_email( $who ) ? get_user_by( 'email', $who ) : false;
		if ( ! $user ) {
			$user = get_user_by( 'login', $who );
		}
		return $user ? $user : null;
	}

	/**
	 * A user by e-mail or login.
	 *
	 * @param string $who E-mail or login.
	 * @throws InvalidArgumentException When there is none.
	 */
	private static function find_user( string $who ): \WP_User {
		$user = '' !== $who ? self::lookup_user( $who ) : null;
		if ( ! $user ) {
			throw new InvalidArgumentException( esc_html__( 'No user with that e-mail or login.', 'library-portal' ) );
		}
		return $user;
	}

	/**
	 * Unix seconds of the end of a typed day (Y-m-d) in site time; 0 for an empty field.
	 *
	 * @param string $date Date as the date field sends it.
	 * @throws InvalidArgumentException When it is not a date.
	 */
	private static function end_of_day( string $date ): int {
		if ( '' === $date ) {
			return 0;
		}
		$day = \DateTimeImmutable::createFromFormat( '!Y-m-d', $date, wp_timezone() );
		if ( ! $day || $day->format( 'Y-m-d' ) !== $date ) {
			throw new InvalidArgumentException( esc_html__( 'The date must be a real date (YYYY-MM-DD).', 'library-portal' ) );
		}
		return $day->modify( '+1 day' )->getTimestamp() - 1;
	}

	/**
	 * One labelled row of a form table.
	 *
	 * @param string $id        Control ID.
	 * @param string $label     Label text.
	 * @param string $control   The control's HTML (escaped by the caller).
	 * @param string $described ID of the help text, when the control points to it.
	 */
	private static function field_row( string $id, string $label, string $control, string $described = '' ): void {
		if ( '' !== $described ) {
			$control = preg_replace( '/^<(input|select)\b/', '<$1 aria-describedby="' . esc_attr( $described ) . '"', $control, 1 );
		}
		echo '<tr><th scope="row"><label for="' . esc_attr( $id ) . '">' . esc_html( $label ) . '</label></th><td>' . $control . '</td></tr>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- $control is built from escaped parts above.
	}

	/**
	 * The user filter form of View as user and the audit trail.
	 *
	 * @param string $page   Page slug.
	 * @param string $id     Field ID.
	 * @param string $label  Label.
	 * @param string $value  Current value.
	 * @param string $button Button text.
	 */
	private static function user_filter( string $page, string $id, string $label, string $value, string $button ): void {
		echo '<form method="get" class="lp-user-filter">';
		echo '<input type="hidden" name="post_type" value="' . esc_attr( ItemPostType::POST_TYPE ) . '">';
		echo '<input type="hidden" name="page" value="' . esc_attr( $page ) . '">';
		echo '<p><label for="' . esc_attr( $id ) . '">' . esc_html( $label ) . '</label> ';
		echo '<input type="search" id="' . esc_attr( $id ) . '" name="user" class="regular-text" value="' . esc_attr( $value ) . '"> ';
		submit_button( $button, 'secondary', '', false );
		echo '</p></form>';
	}

	/**
	 * A plain table with a caption.
	 *
	 * @param string              $caption Caption (also the heading).
	 * @param string[]            $headers Column headers.
	 * @param array<int, array<int, int|string>> $rows Cells (text; escaped here).
	 * @param string              $empty   Text when there is no row.
	 */
	private static function table( string $caption, array $headers, array $rows, string $empty ): void {
		echo '<h3>' . esc_html( $caption ) . '</h3>';
		if ( ! $rows ) {
			echo '<p>' . esc_html( $empty ) . '</p>';
			return;
		}
		echo '<table class="widefat striped"><caption class="screen-reader-text">' . esc_html( $caption ) . '</caption><thead><tr>';
		foreach ( $headers as $header ) {
			echo '<th scope="col">' . esc_html( $header ) . '</th>';
		}
		echo '</tr></thead><tbody>';
		foreach ( $rows as $row ) {
			echo '<tr>';
			foreach ( $row as $cell ) {
				echo '<td>' . esc_html( (string) $cell ) . '</td>';
			}
			echo '</tr>';
		}
		echo '</tbody></table>';
	}

	/**
	 * Keeps a notice (and the fields typed, for a refused form) for the next view.
	 *
	 * @param string               $type    success, warning or error.
	 * @param string               $message Text.
	 * @param array<string, mixed> $fields  Fields to put back in the form.
	 */
	private function keep_notice( string $type, string $message, array $fields = array() ): void {
		set_transient(
			self::NOTICE . get_current_user_id(),
			array(
				'type'    => $type,
				'message' => $message,
				'fields'  => $fields,
			),
			5 * MINUTE_IN_SECONDS
		);
	}

	/**
	 * The kept notice, once.
	 *
	 * @return array{type?: string, message?: string, fields?: array<string, mixed>}
	 */
	private function take_notice(): array {
		$key    = self::NOTICE . get_current_user_id();
		$notice = get_transient( $key );
		if ( false === $notice ) {
			return array();
		}
		delete_transient( $key );
		return is_array( $notice ) ? $notice : array();
	}

	/**
	 * Prints the kept notice, if any.
	 */
	private function print_notice(): void {
		self::print_notice_of( $this->take_notice() );
	}

	/**
	 * Prints a notice.
	 *
	 * @param array{type?: string, message?: string} $notice Notice.
	 */
	private static function print_notice_of( array $notice ): void {
		if ( empty( $notice['message'] ) ) {
			return;
		}
		$type = in_array( $notice['type'] ?? '', array( 'success', 'warning', 'error' ), true ) ? $notice['type'] : 'info';
		echo '<div class="notice notice-' . esc_attr( $type ) . '" role="' . ( 'error' === $type ? 'alert' : 'status' ) . '"><p>' . esc_html( (string) $notice['message'] ) . '</p></div>';
	}
}
