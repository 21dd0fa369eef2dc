<?php
/**
 * Training Library → Contracts in wp-admin.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

use InvalidArgumentException;
use LibraryPortal\Admin\AdminCapabilities;
use LibraryPortal\Catalogue\ItemPostType;
use LibraryPortal\Repositories\WriteFailed;
use WP_User_Query;

/**
 * The site admin's contracts: a list (WP_List_Table) and an edit screen with the organizer
 * card, members, items and a CSV import. Every change is a POST to admin-post.php (or, for the
 * import's batches, admin-ajax.php) that checks the capability and a nonce bound to the action
 * and the contract, goes through ContractService, and redirects back with a notice
 * (POST-redirect-GET). Refused input changes nothing; the form shows what was typed again.
 */
final class ContractsPage {

	public const SLUG            = 'library-portal-contracts';
	public const PARENT          = 'edit.php?post_type=' . ItemPostType::POST_TYPE;
	public const PER_PAGE_OPTION = 'library_portal_contracts_per_page';

	/**
	 * Contracts decide who gets paid content, so they are the site admin's: the same capability
	 * as the plugin's settings (docs/decisions.md).
	 */
	public const CAPABILITY = AdminCapabilities::CONTRACTS;

	/**
	 * The admin-post actions (library_portal_contract_<name>).
	 */
	public const ACTIONS = array( 'save', 'add_member', 'remove_member', 'add_item', 'remove_item', 'import', 'import_batch', 'delete' );

	/**
	 * Largest CSV file accepted.
	 */
	public const MAX_FILE_BYTES = 2 * MB_IN_BYTES;

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
	 * Builds the screen.
	 *
	 * @param ContractService $service Contracts.
	 * @param MemberImports   $imports Member imports.
	 */
	public function __construct( ContractService $service, MemberImports $imports ) {
		$this->service = $service;
		$this->imports = $imports;
	}

	/**
	 * Adds the hooks.
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		foreach ( self::ACTIONS as $action ) {
			add_action(
				'admin_post_library_portal_contract_' . $action,
				function () use ( $action ) {
					wp_safe_redirect( $this->handle( $action ) );
					exit;
				}
			);
		}
		add_action( 'wp_ajax_library_portal_contract_import_batch', array( $this, 'ajax_import_batch' ) );
		add_filter( 'set_screen_option_' . self::PER_PAGE_OPTION, array( $this, 'save_per_page' ), 10, 3 );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
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
		$screen->add_help_tab(
			array(
				'id'      => 'library-portal-contracts-overview',
				'title'   => __( 'Overview', 'library-portal' ),
				'content' => '<p>' . esc_html__( 'A contract gives its members a library of its own at /contract/{id}, headed by the organizer\'s card (picture, name, title, phone and e-mail). Members see its items from the start date until the end date (both days included); an item may end earlier. An inactive contract gives its members nothing until it is made active again.', 'library-portal' ) . '</p>',
			)
		);
		$screen->add_help_tab(
			array(
				'id'      => 'library-portal-contracts-import',
				'title'   => __( 'CSV import', 'library-portal' ),
				'content' => '<p>' . esc_html__( 'The file\'s first line is a header naming an "email" column; "first_name" and "last_name" may follow and other columns are ignored. Commas or semicolons separate the values. Each address must belong to an existing account: rows without one are listed with their line number and nothing is created. An address repeated in the file counts once; accounts already in the contract stay as they are.', 'library-portal' ) . '</p>',
			)
		);
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
	 * Runs an admin-post action and returns where to go next. Without the capability or the
	 * nonce, WordPress stops the request (wp_die) before anything changes.
	 *
	 * @param string $action One of ACTIONS.
	 */
	public function handle( string $action ): string {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage contracts.', 'library-portal' ), '', array( 'response' => 403 ) );
		}
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- check_admin_referer() follows at once, with the contract in its action.
		$contract_id = absint( $_POST['contract'] ?? 0 );
		// phpcs:enable WordPress.Security.NonceVerification.Missing
		check_admin_referer( self::nonce_action( $action, $contract_id ) );

		$back = $contract_id ? self::edit_url( $contract_id ) : self::url( array( 'action' => 'new' ) );
		try {
			switch ( $action ) {
				case 'save':
					return $this->save( $contract_id );
				case 'add_member':
					$added = false;
					$user  = $this->service->add_member( $contract_id, $this->posted( 'member' ), $added );
					$name  = $this->user_name( $user );
					/* translators: %s: name and e-mail of the user. */
					$this->notice( $added ? 'success' : 'info', sprintf( $added ? __( '%s is now a member of this contract.', 'library-portal' ) : __( '%s was already a member of this contract.', 'library-portal' ), $name ) );
					return $back . '#members';
				case 'remove_member':
					$user = $this->service->remove_member( $contract_id, $this->posted( 'member' ) );
					/* translators: %s: name and e-mail of the user. */
					$this->notice( 'success', sprintf( __( '%s is no longer a member of this contract.', 'library-portal' ), $this->user_name( $user ) ) );
					return $back . '#members';
				case 'add_item':
					$item  = absint( $this->posted( 'item' ) );
					$added = $this->service->add_item( $contract_id, $item, $this->posted( 'expires' ) );
					/* translators: %s: item title. */
					$this->notice( 'success', sprintf( $added ? __( '“%s” is now in this contract.', 'library-portal' ) : __( 'The expiry of “%s” in this contract was changed.', 'library-portal' ), get_the_title( $item ) ) );
					return $back . '#items';
				case 'remove_item':
					$item = absint( $this->posted( 'item' ) );
					$this->service->remove_item( $contract_id, $item );
					/* translators: %s: item title. */
					$this->notice( 'success', sprintf( __( '“%s” was taken out of this contract.', 'library-portal' ), get_the_title( $item ) ) );
					return $back . '#items';
				case 'import':
					$token = $this->imports->start( $contract_id, get_current_user_id(), $this->uploaded_text() );
					return add_query_arg( 'import', $token, $back ) . '#import';
				case 'import_batch':
					$token = sanitize_key( $this->posted( 'token' ) );
					$this->imports->next_batch( $token, $contract_id, get_current_user_id() );
					return add_query_arg( 'import', $token, $back ) . '#import';
				case 'delete':
					$deleted = $this->service->delete( $contract_id, get_current_user_id() );
					$this->notice(
						'success',
						sprintf(
							/* translators: 1: contract title, 2: number of members. */
							_n( 'The contract “%1$s” was deleted; its %2$d member no longer has its library.', 'The contract “%1$s” was deleted; its %2$d members no longer have its library.', $deleted->member_count, 'library-portal' ),
							$deleted->contract->title,
							$deleted->member_count
						)
					);
					return self::url();
			}
		} catch ( InvalidArgumentException | WriteFailed $error ) {
			$this->notice( 'error', $error->getMessage(), 'save' === $action ? $this->contract_input() : array() );
			return $back . ( 'import' === $action ? '#import' : '' );
		}
		return self::url();
	}

	/**
	 * One batch of an import for the admin script (admin-ajax): capability and nonce first.
	 */
	public function ajax_import_batch(): void {
		$reply = $this->import_batch_reply();
		wp_send_json( $reply['body'], $reply['status'] );
	}

	/**
	 * The reply to one import batch: status code and body.
	 *
	 * @return array{status: int, body: array<string, mixed>}
	 */
	public function import_batch_reply(): array {
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- check_ajax_referer() follows, with the contract in its action.
		$contract_id = absint( $_POST['contract'] ?? 0 );
		$token       = sanitize_key( wp_unslash( $_POST['token'] ?? '' ) );
		// phpcs:enable WordPress.Security.NonceVerification.Missing
		if ( ! current_user_can( self::CAPABILITY ) || ! check_ajax_referer( self::nonce_action( 'import_batch', $contract_id ), false, false ) ) {
			return array(
				'status' => 403,
				'body'   => array(
					'success' => false,
					'data'    => array( 'message' => __( 'Sorry, you are not allowed to do that. Reload the page and try again.', 'library-portal' ) ),
				),
			);
		}
		try {
			$status = $this->imports->next_batch( $token, $contract_id, get_current_user_id() );
		} catch ( InvalidArgumentException | WriteFailed $error ) {
			return array(
				'status' => 400,
				'body'   => array(
					'success' => false,
					// Messages are made escaped for HTML; the script shows them as text.
					'data'    => array( 'message' => wp_specialchars_decode( $error->getMessage(), ENT_QUOTES ) ),
				),
			);
		}
		return array(
			'status' => 200,
			'body'   => array(
				'success' => true,
				'data'    => array(
					'processed' => $status['processed'],
					'total'     => $status['total'],
					'done'      => $status['done'],
				),
			),
		);
	}

	/**
	 * Prints the list or the edit screen.
	 */
	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return;
		}
		echo '<div class="wrap library-portal-contracts">';
		$view = $this->view();
		if ( 'delete' === $view ) {
			// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- which contract the confirmation is about; the delete itself checks its nonce.
			$this->render_delete( absint( $_GET['contract'] ?? 0 ) );
		} elseif ( 'edit' === $view || 'new' === $view ) {
			// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- which contract to show.
			$this->render_edit( 'new' === $view ? 0 : absint( $_GET['contract'] ?? 0 ) );
		} else {
			$this->render_list();
		}
		echo '</div>';
	}

	/**
	 * The list of contracts.
	 */
	private function render_list(): void {
		printf(
			'<h1 class="wp-heading-inline">%1$s</h1> <a href="%2$s" class="page-title-action">%3$s</a><hr class="wp-header-end">',
			esc_html__( 'Contracts', 'library-portal' ),
			esc_url( self::url( array( 'action' => 'new' ) ) ),
			esc_html__( 'Add New Contract', 'library-portal' )
		);
		$this->print_notice();
		$table = new ContractsListTable( $this->service );
		$table->prepare_items();
		echo '<form method="get"><input type="hidden" name="post_type" value="' . esc_attr( ItemPostType::POST_TYPE ) . '"><input type="hidden" name="page" value="' . esc_attr( self::SLUG ) . '">';
		$table->display();
		echo '</form>';
	}

	/**
	 * Asks before a contract is deleted, saying what goes and what stays.
	 *
	 * @param int $contract_id Contract.
	 */
	private function render_delete( int $contract_id ): void {
		try {
			$contract = $this->service->contract( $contract_id );
		} catch ( InvalidArgumentException $missing ) {
			self::render_missing( $missing );
			return;
		}
		/* translators: %s: contract title. */
		printf( '<h1>%s</h1>', esc_html( sprintf( __( 'Delete the contract “%s”?', 'library-portal' ), $contract->contract->title ) ) );
		printf(
			'<p>%1$s</p><p>%2$s</p>',
			esc_html(
				sprintf(
					/* translators: 1: number of members, 2: number of items. */
					_n( 'Its %1$d member loses the contract library (%2$d items) at once, and the organizer card goes with it.', 'Its %1$d members lose the contract library (%2$d items) at once, and the organizer card goes with it.', $contract->member_count, 'library-portal' ),
					$contract->member_count,
					$contract->item_count
				)
			),
			esc_html__( 'What stays: the certificates the members earned, their own purchases and shared seats, their progress, and the audit trail, which records this deletion. To pause the library instead, set the contract inactive.', 'library-portal' )
		);
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" class="library-portal-contracts__delete">';
		$this->hidden_fields( 'delete', $contract_id );
		printf(
			'<p><button type="submit" class="button button-primary">%1$s</button> <a class="button" href="%2$s">%3$s</a></p></form>',
			esc_html__( 'Delete contract', 'library-portal' ),
			esc_url( self::edit_url( $contract_id ) ),
			esc_html__( 'Cancel', 'library-portal' )
		);
	}

	/**
	 * The screen of a contract that is not there (edit or delete of a wrong or deleted ID).
	 *
	 * @param InvalidArgumentException $missing The service's refusal.
	 */
	private static function render_missing( InvalidArgumentException $missing ): void {
		printf( '<h1>%s</h1>', esc_html__( 'Contracts', 'library-portal' ) );
		wp_admin_notice( esc_html( $missing->getMessage() ), array( 'type' => 'error' ) );
		printf( '<p><a href="%1$s">%2$s</a></p>', esc_url( self::url() ), esc_html__( 'Back to the contracts', 'library-portal' ) );
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
	 * The edit screen of a contract (0: a new one).
	 *
	 * @param int $contract_id Contract.
	 */
	private function render_edit( int $contract_id ): void {
		$contract = null;
		if ( $contract_id ) {
			try {
				$contract = $this->service->contract( $contract_id );
			} catch ( InvalidArgumentException $missing ) {
				self::render_missing( $missing );
				return;
			}
		}
		printf(
			'<h1 class="wp-heading-inline">%1$s</h1> <a href="%2$s" class="page-title-action">%3$s</a><hr class="wp-header-end">',
			esc_html( $contract ? $contract->contract->title : __( 'Add New Contract', 'library-portal' ) ),
			esc_url( self::url() ),
			esc_html__( 'All Contracts', 'library-portal' )
		);
		$input = $this->print_notice();
		$this->render_details( $contract_id, $contract ? $this->stored_input( $contract ) : array(), $input );
		if ( $contract ) {
			$this->render_members( $contract_id );
			$this->render_items( $contract_id );
			$this->render_import( $contract_id );
		}
	}

	/**
	 * The contract's own fields and organizer card.
	 *
	 * @param int                   $contract_id Contract (0: new).
	 * @param array<string, string> $stored      Stored values.
	 * @param array<string, string> $typed       Values of a refused save, shown again.
	 */
	private function render_details( int $contract_id, array $stored, array $typed ): void {
		$value  = static fn( string $key ): string => (string) ( $typed[ $key ] ?? $stored[ $key ] ?? '' );
		$fields = array(
			'title'           => array( __( 'Title', 'library-portal' ), 'text', __( 'Shown as the heading of the contract library.', 'library-portal' ) ),
			'organizer_name'  => array( __( 'Organizer name', 'library-portal' ), 'text', '' ),
			'organizer_title' => array( __( 'Organizer title', 'library-portal' ), 'text', __( 'The organizer\'s job title, e.g. Training Coordinator.', 'library-portal' ) ),
			'organizer_phone' => array( __( 'Organizer phone', 'library-portal' ), 'tel', __( 'Digits, spaces, + ( ) - . and /.', 'library-portal' ) ),
			'organizer_email' => array( __( 'Organizer e-mail', 'library-portal' ), 'email', '' ),
			'organizer_thumb' => array( __( 'Organizer picture', 'library-portal' ), 'text', __( 'An image from the media library (its ID) or an http(s) address.', 'library-portal' ) ),
			'starts'          => array( __( 'Start date', 'library-portal' ), 'date', __( 'Empty: from now on.', 'library-portal' ) ),
			'ends'            => array( __( 'End date', 'library-portal' ), 'date', __( 'The last day members have the items (included). Empty: open-ended.', 'library-portal' ) ),
		);
		echo '<h2 id="details">' . esc_html__( 'Contract and organizer', 'library-portal' ) . '</h2>';
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" novalidate>';
		$this->hidden_fields( 'save', $contract_id );
		echo '<table class="form-table" role="presentation"><tbody>';
		foreach ( $fields as $key => list( $label, $type, $help ) ) {
			$id = 'library-portal-contract-' . str_replace( '_', '-', $key );
			printf(
				'<tr><th scope="row"><label for="%1$s">%2$s</label></th><td><input type="%3$s" id="%1$s" name="%4$s" value="%5$s" class="regular-text"',
				esc_attr( $id ),
				esc_html( $label ),
				esc_attr( $type ),
				esc_attr( $key ),
				esc_attr( $value( $key ) )
			);
			if ( 'title' === $key ) {
				echo ' required aria-required="true"';
			}
			if ( '' !== $help ) {
				printf( ' aria-describedby="%s"', esc_attr( $id . '-help' ) );
			}
			echo '>';
			if ( 'organizer_thumb' === $key ) {
				printf(
					' <button type="button" class="button" data-library-portal-media="%1$s" data-title="%2$s" data-button="%3$s" hidden>%4$s</button>',
					esc_attr( $id ),
					esc_attr__( 'Organizer picture', 'library-portal' ),
					esc_attr__( 'Use this image', 'library-portal' ),
					esc_html__( 'Choose from the media library', 'library-portal' )
				);
				$thumb = (string) ( $stored['organizer_thumb'] ?? '' );
				if ( '' !== $thumb ) {
					printf( '<p><img src="%1$s" alt="%2$s" width="96" height="96" style="object-fit:cover"></p>', esc_url( $thumb ), esc_attr__( 'The organizer picture members see', 'library-portal' ) );
				}
			}
			if ( $help ) {
				printf( '<p class="description" id="%1$s-help">%2$s</p>', esc_attr( $id ), esc_html( $help ) );
			}
			echo '</td></tr>';
		}
		$status = $value( 'status' ) ? $value( 'status' ) : 'active';
		printf(
			'<tr><th scope="row"><label for="library-portal-contract-status">%1$s</label></th><td><select id="library-portal-contract-status" name="status"><option value="active"%2$s>%3$s</option><option value="inactive"%4$s>%5$s</option></select></td></tr>',
			esc_html__( 'Status', 'library-portal' ),
			selected( $status, 'active', false ),
			esc_html__( 'Active', 'library-portal' ),
			selected( $status, 'inactive', false ),
			esc_html__( 'Inactive (members see nothing)', 'library-portal' )
		);
		echo '</tbody></table>';
		submit_button( $contract_id ? __( 'Save Contract', 'library-portal' ) : __( 'Create Contract', 'library-portal' ) );
		echo '</form>';
	}

	/**
	 * Members with remove buttons, the add form and the user search.
	 *
	 * @param int $contract_id Contract.
	 */
	private function render_members( int $contract_id ): void {
		$members = $this->service->members( $contract_id );
		echo '<h2 id="members">' . esc_html__( 'Members', 'library-portal' ) . '</h2>';
		if ( $members ) {
			echo '<table class="widefat striped"><caption class="screen-reader-text">' . esc_html__( 'Members of this contract', 'library-portal' ) . '</caption><thead><tr><th scope="col">' . esc_html__( 'Name', 'library-portal' ) . '</th><th scope="col">' . esc_html__( 'E-mail', 'library-portal' ) . '</th><th scope="col">' . esc_html__( 'Actions', 'library-portal' ) . '</th></tr></thead><tbody>';
			foreach ( $members as $member ) {
				printf( '<tr><td>%1$s</td><td>%2$s</td><td>', esc_html( $member['name'] ), esc_html( $member['email'] ) );
				$this->action_button(
					'remove_member',
					$contract_id,
					array( 'member' => (string) $member['user_id'] ),
					__( 'Remove', 'library-portal' ),
					/* translators: %s: member's name. */
					sprintf( __( 'Remove %s from this contract', 'library-portal' ), $member['name'] )
				);
				echo '</td></tr>';
			}
			echo '</tbody></table>';
		} else {
			echo '<p>' . esc_html__( 'No members yet.', 'library-portal' ) . '</p>';
		}

		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" class="library-portal-inline-form">';
		$this->hidden_fields( 'add_member', $contract_id );
		printf(
			'<p><label for="library-portal-add-member">%1$s</label> <input type="text" id="library-portal-add-member" name="member" class="regular-text" autocomplete="off"> ',
			esc_html__( 'E-mail address or user ID', 'library-portal' )
		);
		submit_button( __( 'Add Member', 'library-portal' ), 'secondary', 'submit', false );
		echo '</p></form>';

		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a search only reads.
		$search = sanitize_text_field( wp_unslash( $_GET['user_search'] ?? '' ) );
		echo '<form method="get" action="' . esc_url( admin_url( self::PARENT ) ) . '" role="search">';
		foreach ( array(
			'post_type' => ItemPostType::POST_TYPE,
			'page'      => self::SLUG,
			'action'    => 'edit',
			'contract'  => (string) $contract_id,
		) as $name => $hidden ) {
			printf( '<input type="hidden" name="%1$s" value="%2$s">', esc_attr( $name ), esc_attr( $hidden ) );
		}
		printf(
			'<p><label for="library-portal-user-search">%1$s</label> <input type="search" id="library-portal-user-search" name="user_search" value="%2$s" class="regular-text"> ',
			esc_html__( 'Find users by name, login or e-mail', 'library-portal' ),
			esc_attr( $search )
		);
		submit_button( __( 'Search Users', 'library-portal' ), 'secondary', '', false );
		echo '</p></form>';
		if ( '' !== $search ) {
			$this->render_user_search( $contract_id, $search );
		}
	}

	/**
	 * Users matching a search, each with an Add button.
	 *
	 * @param int    $contract_id Contract.
	 * @param string $search      Search text.
	 */
	private function render_user_search( int $contract_id, string $search ): void {
		$users = ( new WP_User_Query(
			array(
				'search'         => '*' . $search . '*',
				'search_columns' => array( 'user_login', 'user_email', 'display_name' ),
				'number'         => 10,
				'orderby'        => 'display_name',
				'fields'         => array( 'ID', 'display_name', 'user_email' ),
			)
		) )->get_results();
		if ( ! $users ) {
			echo '<p>' . esc_html__( 'No users found.', 'library-portal' ) . '</p>';
			return;
		}
		echo '<table class="widefat striped"><caption class="screen-reader-text">' . esc_html__( 'Users found', 'library-portal' ) . '</caption><thead><tr><th scope="col">' . esc_html__( 'Name', 'library-portal' ) . '</th><th scope="col">' . esc_html__( 'E-mail', 'library-portal' ) . '</th><th scope="col">' . esc_html__( 'Actions', 'library-portal' ) . '</th></tr></thead><tbody>';
		foreach ( $users as $user ) {
			printf( '<tr><td>%1$s</td><td>%2$s</td><td>', esc_html( $user->display_name ), esc_html( $user->user_email ) );
			$this->action_button(
				'add_member',
				$contract_id,
				array( 'member' => (string) $user->ID ),
				__( 'Add', 'library-portal' ),
				/* translators: %s: user's name. */
				sprintf( __( 'Add %s to this contract', 'library-portal' ), $user->display_name )
			);
			echo '</td></tr>';
		}
		echo '</tbody></table>';
	}

	/**
	 * Items with their expiry and remove buttons, and the add form.
	 *
	 * @param int $contract_id Contract.
	 */
	private function render_items( int $contract_id ): void {
		$items = $this->service->items( $contract_id );
		echo '<h2 id="items">' . esc_html__( 'Items', 'library-portal' ) . '</h2>';
		if ( $items ) {
			echo '<table class="widefat striped"><caption class="screen-reader-text">' . esc_html__( 'Items of this contract', 'library-portal' ) . '</caption><thead><tr><th scope="col">' . esc_html__( 'Item', 'library-portal' ) . '</th><th scope="col">' . esc_html__( 'Expires', 'library-portal' ) . '</th><th scope="col">' . esc_html__( 'Actions', 'library-portal' ) . '</th></tr></thead><tbody>';
			foreach ( $items as $item ) {
				$title = get_the_title( $item->product_id );
				printf(
					'<tr><td>%1$s%2$s</td><td>%3$s</td><td>',
					esc_html( $title ),
					'publish' === get_post_status( $item->product_id ) ? '' : ' <em>' . esc_html__( '(not published: members do not see it)', 'library-portal' ) . '</em>',
					esc_html( $item->expires_at ? (string) wp_date( (string) get_option( 'date_format' ), $item->expires_at - 1 ) : __( 'With the contract', 'library-portal' ) )
				);
				$this->action_button(
					'remove_item',
					$contract_id,
					array( 'item' => (string) $item->product_id ),
					__( 'Remove', 'library-portal' ),
					/* translators: %s: item title. */
					sprintf( __( 'Remove “%s” from this contract', 'library-portal' ), $title )
				);
				echo '</td></tr>';
			}
			echo '</tbody></table>';
		} else {
			echo '<p>' . esc_html__( 'No items yet.', 'library-portal' ) . '</p>';
		}

		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		$this->hidden_fields( 'add_item', $contract_id );
		printf( '<p><label for="library-portal-add-item">%1$s</label> <select id="library-portal-add-item" name="item"><option value="">%2$s</option>', esc_html__( 'Published library item', 'library-portal' ), esc_html__( '— Choose an item —', 'library-portal' ) );
		foreach ( ItemPostType::published_titles() as $item_id => $title ) {
			printf( '<option value="%1$d">%2$s</option>', (int) $item_id, esc_html( $title ) );
		}
		printf(
			'</select> <label for="library-portal-item-expires">%1$s</label> <input type="date" id="library-portal-item-expires" name="expires" aria-describedby="library-portal-item-expires-help"> ',
			esc_html__( 'Expires (optional)', 'library-portal' )
		);
		submit_button( __( 'Add Item', 'library-portal' ), 'secondary', 'submit', false );
		printf( '</p><p class="description" id="library-portal-item-expires-help">%s</p></form>', esc_html__( 'Without a date the item ends with the contract. Adding an item the contract has changes its expiry.', 'library-portal' ) );
	}

	/**
	 * The CSV upload and, while one runs or when it is done, its progress and report.
	 *
	 * @param int $contract_id Contract.
	 */
	private function render_import( int $contract_id ): void {
		echo '<h2 id="import">' . esc_html__( 'Import members from a CSV file', 'library-portal' ) . '</h2>';
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- shows a job of the current user only.
		$token = sanitize_key( wp_unslash( $_GET['import'] ?? '' ) );
		if ( '' !== $token ) {
			try {
				$this->render_import_status( $contract_id, $token, $this->imports->status( $token, $contract_id, get_current_user_id() ) );
			} catch ( InvalidArgumentException $gone ) {
				wp_admin_notice( esc_html( $gone->getMessage() ), array( 'type' => 'warning' ) );
			}
		}
		echo '<form method="post" enctype="multipart/form-data" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		$this->hidden_fields( 'import', $contract_id );
		printf(
			'<p id="library-portal-import-help" class="description">%1$s</p><p><label for="library-portal-import-file">%2$s</label> <input type="file" id="library-portal-import-file" name="csv" accept=".csv,text/csv" aria-describedby="library-portal-import-help"> ',
			esc_html__( 'A header line naming an "email" column (optionally first_name and last_name), then one address per line; commas or semicolons. Every address must belong to an existing account.', 'library-portal' ),
			esc_html__( 'CSV file', 'library-portal' )
		);
		submit_button( __( 'Upload and Import', 'library-portal' ), 'secondary', 'submit', false );
		echo '</p></form>';
	}

	/**
	 * An import's progress bar (driven by the admin script, or the Continue button without
	 * one) and, once done, its report.
	 *
	 * @param int                                                                     $contract_id Contract.
	 * @param string                                                                  $token       Job.
	 * @param array{processed: int, total: int, done: bool, report: ImportReport} $status      Where it stands.
	 */
	private function render_import_status( int $contract_id, string $token, array $status ): void {
		$done_value = 0 === $status['total'] ? 1 : $status['processed'];
		/* translators: 1: rows processed, 2: rows to process. */
		$progress_text = __( '%1$s of %2$s addresses processed', 'library-portal' );
		printf(
			'<div class="library-portal-import" data-library-portal-import data-ajax="%1$s" data-nonce="%2$s" data-token="%3$s" data-contract="%4$d" data-progress-text="%5$s" data-error-text="%6$s"%7$s>',
			esc_url( admin_url( 'admin-ajax.php' ) ),
			esc_attr( wp_create_nonce( self::nonce_action( 'import_batch', $contract_id ) ) ),
			esc_attr( $token ),
			(int) $contract_id,
			esc_attr( $progress_text ),
			esc_attr__( 'The import stopped:', 'library-portal' ),
			$status['done'] ? ' data-done' : ''
		);
		printf(
			'<p><label for="library-portal-import-progress">%1$s</label><br><progress id="library-portal-import-progress" max="%2$d" value="%3$d">%4$s</progress></p><p id="library-portal-import-status" role="status">%4$s</p>',
			esc_html__( 'Import progress', 'library-portal' ),
			absint( max( 1, $status['total'] ) ),
			absint( $done_value ),
			esc_html( sprintf( $progress_text, number_format_i18n( $status['processed'] ), number_format_i18n( $status['total'] ) ) )
		);
		if ( ! $status['done'] ) {
			echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" data-library-portal-continue>';
			$this->hidden_fields( 'import_batch', $contract_id );
			printf( '<input type="hidden" name="token" value="%s">', esc_attr( $token ) );
			submit_button( __( 'Continue Import', 'library-portal' ), 'primary', 'submit', false );
			echo '</form></div>';
			return;
		}
		$report = $status['report'];
		echo '<div class="notice notice-' . ( $report->bad ? 'warning' : 'success' ) . ' inline"><p>';
		echo esc_html(
			sprintf(
				/* translators: 1: members added, 2: already members, 3: repeated rows, 4: bad rows. */
				__( 'Import finished: %1$s added, %2$s already members, %3$s repeated rows counted once, %4$s bad rows.', 'library-portal' ),
				number_format_i18n( $report->added ),
				number_format_i18n( $report->already ),
				number_format_i18n( $report->duplicates ),
				number_format_i18n( count( $report->bad ) )
			)
		);
		echo '</p></div>';
		if ( $report->bad ) {
			echo '<table class="widefat striped"><caption>' . esc_html__( 'Rows not imported', 'library-portal' ) . '</caption><thead><tr><th scope="col">' . esc_html__( 'Line', 'library-portal' ) . '</th><th scope="col">' . esc_html__( 'Value', 'library-portal' ) . '</th><th scope="col">' . esc_html__( 'Reason', 'library-portal' ) . '</th></tr></thead><tbody>';
			foreach ( $report->bad as $row ) {
				printf( '<tr><td>%1$d</td><td>%2$s</td><td>%3$s</td></tr>', (int) $row['line'], esc_html( $row['value'] ), esc_html( $row['reason'] ) );
			}
			echo '</tbody></table>';
		}
		echo '</div>';
	}

	/**
	 * A one-button form posting an action on a contract.
	 *
	 * @param string                $action      One of ACTIONS.
	 * @param int                   $contract_id Contract.
	 * @param array<string, string> $fields      More hidden fields.
	 * @param string                $text        Button text.
	 * @param string                $label       Accessible name naming what it acts on.
	 */
	private function action_button( string $action, int $contract_id, array $fields, string $text, string $label ): void {
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		$this->hidden_fields( $action, $contract_id );
		foreach ( $fields as $name => $value ) {
			printf( '<input type="hidden" name="%1$s" value="%2$s">', esc_attr( $name ), esc_attr( $value ) );
		}
		printf(
			'<button type="submit" class="%1$s" aria-label="%2$s">%3$s</button></form>',
			// Core's red .button-link-delete is below 4.5:1 on a striped row: plain buttons.
			str_starts_with( $action, 'remove' ) ? 'button button-small' : 'button button-secondary button-small',
			esc_attr( $label ),
			esc_html( $text )
		);
	}

	/**
	 * The action, contract and nonce fields of a form.
	 *
	 * @param string $action      One of ACTIONS.
	 * @param int    $contract_id Contract.
	 */
	private function hidden_fields( string $action, int $contract_id ): void {
		printf( '<input type="hidden" name="action" value="%1$s"><input type="hidden" name="contract" value="%2$d">', esc_attr( 'library_portal_contract_' . $action ), (int) $contract_id );
		wp_nonce_field( self::nonce_action( $action, $contract_id ), '_wpnonce', true );
	}

	/**
	 * Creates or updates the contract from the form.
	 *
	 * @param int $contract_id Contract (0: new).
	 * @throws InvalidArgumentException When a value is invalid.
	 */
	private function save( int $contract_id ): string {
		$input = $this->contract_input();
		if ( $contract_id ) {
			$this->service->update( $contract_id, $input );
			$this->notice( 'success', __( 'Contract saved.', 'library-portal' ) );
			return self::edit_url( $contract_id );
		}
		$contract_id = $this->service->create( $input );
		$this->notice( 'success', __( 'Contract created. Add its members and items below.', 'library-portal' ) );
		return self::edit_url( $contract_id );
	}

	/**
	 * The contract form's values as posted.
	 *
	 * @return array<string, string>
	 */
	private function contract_input(): array {
		$input = array();
		foreach ( array( 'title', 'organizer_name', 'organizer_title', 'organizer_phone', 'organizer_email', 'organizer_thumb', 'starts', 'ends', 'status' ) as $key ) {
			$input[ $key ] = $this->posted( $key );
		}
		return $input;
	}

	/**
	 * A contract's stored values as the form shows them.
	 *
	 * @param \LibraryPortal\Repositories\ContractSummary $summary Contract.
	 * @return array<string, string>
	 */
	private function stored_input( $summary ): array {
		$contract = $summary->contract;
		return array(
			'title'           => $contract->title,
			'organizer_name'  => $contract->organizer_name,
			'organizer_title' => $contract->organizer_title,
			'organizer_phone' => $contract->organizer_phone,
			'organizer_email' => $contract->organizer_email,
			'organizer_thumb' => $contract->organizer_thumb,
			'starts'          => ContractService::date_field( $contract->starts_at, false ),
			'ends'            => ContractService::date_field( $contract->ends_at, true ),
			'status'          => $summary->status,
		);
	}

	/**
	 * A posted text field (the nonce was checked by the caller).
	 *
	 * @param string $key Field.
	 */
	private function posted( string $key ): string {
		// phpcs:disable WordPress.Security.NonceVerification.Missing, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- handle() checked the nonce; ContractService validates and sanitises.
		$value = isset( $_POST[ $key ] ) && is_string( $_POST[ $key ] ) ? wp_unslash( $_POST[ $key ] ) : '';
		// phpcs:enable WordPress.Security.NonceVerification.Missing, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
		return trim( $value );
	}

	/**
	 * The uploaded CSV file's text.
	 *
	 * @throws InvalidArgumentException When no readable CSV file came.
	 */
	private function uploaded_text(): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized, WordPress.Security.ValidatedSanitizedInput.MissingUnslash -- handle() checked the nonce; only the temporary path and size are used ($_FILES is never slashed).
		$file  = isset( $_FILES['csv'] ) && is_array( $_FILES['csv'] ) ? $_FILES['csv'] : array();
		$error = (int) ( $file['error'] ?? UPLOAD_ERR_NO_FILE );
		if ( UPLOAD_ERR_OK !== $error ) {
			throw new InvalidArgumentException( esc_html( self::upload_error( $error ) ) );
		}
		if ( ! is_uploaded_file( (string) ( $file['tmp_name'] ?? '' ) ) ) {
			throw new InvalidArgumentException( esc_html__( 'Choose a CSV file to import.', 'library-portal' ) );
		}
		if ( (int) $file['size'] > self::MAX_FILE_BYTES ) {
			/* translators: %s: largest size, e.g. 2 MB. */
			throw new InvalidArgumentException( esc_html( sprintf( __( 'The file is larger than %s.', 'library-portal' ), size_format( self::MAX_FILE_BYTES ) ) ) );
		}
		$text = file_get_contents( (string) $file['tmp_name'] ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local upload.
		if ( false === $text ) {
			throw new InvalidArgumentException( esc_html__( 'The file could not be read.', 'library-portal' ) );
		}
		return $text;
	}

	/**
	 * What went wrong with an upload PHP refused, for the person who chose the file
	 * (docs/decisions.md "Faults: a full disk"): a full disk on the server is not their mistake.
	 *
	 * @param int $error PHP's UPLOAD_ERR_* code (not UPLOAD_ERR_OK).
	 */
	private static function upload_error( int $error ): string {
		switch ( $error ) {
			case UPLOAD_ERR_INI_SIZE:
			case UPLOAD_ERR_FORM_SIZE:
				/* translators: %s: largest size, e.g. 2 MB. */
				return sprintf( __( 'The file is larger than %s.', 'library-portal' ), size_format( min( self::MAX_FILE_BYTES, wp_max_upload_size() ) ) );
			case UPLOAD_ERR_PARTIAL:
				return __( 'The file arrived only in part. Nothing was imported: please upload it again.', 'library-portal' );
			case UPLOAD_ERR_NO_TMP_DIR:
			case UPLOAD_ERR_CANT_WRITE:
			case UPLOAD_ERR_EXTENSION:
				return __( 'The server could not store the uploaded file (its disk may be full). Nothing was imported: please try again later, or tell the site administrator if it keeps happening.', 'library-portal' );
			default:
				return __( 'Choose a CSV file to import.', 'library-portal' );
		}
	}

	/**
	 * "Name <e-mail>" of a user for a notice.
	 *
	 * @param int $user_id User.
	 */
	private function user_name( int $user_id ): string {
		$user = get_userdata( $user_id );
		return $user ? sprintf( '%1$s <%2$s>', $user->display_name, $user->user_email ) : (string) $user_id;
	}

	/**
	 * The screen asked for: '' (the list), 'new' or 'edit'.
	 */
	private function view(): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- which screen to show.
		$view = sanitize_key( wp_unslash( $_GET['action'] ?? '' ) );
		return in_array( $view, array( 'new', 'edit', 'delete' ), true ) ? $view : '';
	}

	/**
	 * Keeps a notice for the page the admin is sent to (one per user, read once).
	 *
	 * @param string                $type    success, info, warning or error.
	 * @param string                $message Plain text.
	 * @param array<string, string> $input   Form values to show again.
	 */
	private function notice( string $type, string $message, array $input = array() ): void {
		set_transient( self::notice_key(), compact( 'type', 'message', 'input' ), 5 * MINUTE_IN_SECONDS );
	}

	/**
	 * Prints and forgets the kept notice; returns the form values kept with it.
	 *
	 * @return array<string, string>
	 */
	private function print_notice(): array {
		$notice = get_transient( self::notice_key() );
		if ( ! is_array( $notice ) ) {
			return array();
		}
		delete_transient( self::notice_key() );
		$type = in_array( $notice['type'] ?? '', array( 'success', 'info', 'warning', 'error' ), true ) ? $notice['type'] : 'info';
		wp_admin_notice(
			esc_html( (string) ( $notice['message'] ?? '' ) ),
			array(
				'type'           => $type,
				'dismissible'    => true,
				'paragraph_wrap' => true,
				'attributes'     => array( 'role' => 'error' === $type ? 'alert' : 'status' ),
			)
		);
		return array_map( 'strval', (array) ( $notice['input'] ?? array() ) );
	}

	/**
	 * The transient holding the current user's notice.
	 */
	private static function notice_key(): string {
		return 'library_portal_contracts_notice_' . get_current_user_id();
	}
}
