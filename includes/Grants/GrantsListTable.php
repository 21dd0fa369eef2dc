<?php
/**
 * The list of grants in wp-admin.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Seats\Grant;
use LibraryPortal\Core\Seats\GrantRepository;
use LibraryPortal\Platform\View;
use WP_List_Table;

defined( 'ABSPATH' ) || exit; // Top-level code below: never run outside WordPress.

if ( ! class_exists( 'WP_List_Table' ) ) {
	require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
}

/**
 * Grants, newest first, with their seats by state; searchable by the owner's e-mail or login,
 * filtered by one user, an item and a state. The filters are query arguments of a GET form, so the
 * sort and page links (built from the current address) keep them.
 */
final class GrantsListTable extends WP_List_Table {

	/**
	 * Grants and seats.
	 *
	 * @var GrantRepository
	 */
	private GrantRepository $grant_rows;

	/**
	 * Seat counts of the page's grants.
	 *
	 * @var array<int, array{available: int, assigned: int, activated: int}>
	 */
	private array $counts = array();

	/**
	 * The user the list is filtered by (0: every user).
	 *
	 * @var int
	 */
	private int $owner_id;

	/**
	 * Whether the user filter named nobody: then no grant is listed.
	 *
	 * @var bool
	 */
	private bool $owner_unknown;

	/**
	 * Creates the table.
	 *
	 * @param GrantRepository $grant_rows      Grants and seats.
	 * @param int               $owner_id      Only this user's grants (0: every user).
	 * @param bool              $owner_unknown The user filter named no user: list nothing.
	 */
	public function __construct( GrantRepository $grant_rows, int $owner_id = 0, bool $owner_unknown = false ) {
		parent::__construct(
			array(
				'singular' => 'grant',
				'plural'   => 'grants',
				'ajax'     => false,
				'screen'   => GrantsPage::GRANTS_SCREEN,
			)
		);
		$this->grant_rows    = $grant_rows;
		$this->owner_id      = $owner_id;
		$this->owner_unknown = $owner_unknown;
	}

	/**
	 * Columns.
	 *
	 * @return array<string, string>
	 */
	public function get_columns() {
		return array(
			'owner'     => __( 'User', 'library-portal' ),
			'item'      => __( 'Item', 'library-portal' ),
			'quantity'  => __( 'Quantity', 'library-portal' ),
			'available' => __( 'Available', 'library-portal' ),
			'assigned'  => __( 'Assigned', 'library-portal' ),
			'activated' => __( 'Activated', 'library-portal' ),
			'expires'   => __( 'Expires', 'library-portal' ),
			'tag'       => __( 'Tag', 'library-portal' ),
			'source'    => __( 'Source', 'library-portal' ),
			'created'   => __( 'Created', 'library-portal' ),
		);
	}

	/**
	 * Sortable columns (newest first by default).
	 *
	 * @return array<string, array{0: string, 1: bool}>
	 */
	protected function get_sortable_columns() {
		return array(
			'owner'    => array( 'user', false ),
			'item'     => array( 'item', false ),
			'quantity' => array( 'quantity', true ),
			'expires'  => array( 'expires', false ),
			'created'  => array( 'created', true ),
		);
	}

	/**
	 * The user, item and state filters above the table.
	 *
	 * @param string $which top or bottom.
	 * @return void
	 */
	protected function extra_tablenav( $which ) {
		if ( 'top' !== $which ) {
			return;
		}
		View::render(
			__DIR__ . '/views/grant-filters.php',
			array(
				'user'         => GrantRequest::queried( 'user' ),
				'user_unknown' => $this->owner_unknown,
				'items'        => ItemPostType::published_titles(),
				'item'         => self::item_filter(),
				'states'       => array(
					'active'  => __( 'Active', 'library-portal' ),
					'expired' => __( 'Expired', 'library-portal' ),
					'ended'   => __( 'Ended (refunded or taken back)', 'library-portal' ),
				),
				'state'        => self::state_filter(),
			)
		);
	}

	/**
	 * The item the list is filtered by (0: all).
	 */
	private static function item_filter(): int {
		return absint( self::request( 'item' ) );
	}

	/**
	 * The state the list is filtered by ('' = all).
	 */
	private static function state_filter(): string {
		$state = self::request( 'state' );
		return in_array( $state, GrantRepository::GRANT_STATES, true ) ? $state : '';
	}

	/**
	 * A query argument of the list (search, filters, sort): read-only, so no nonce.
	 *
	 * @param string $name Argument.
	 */
	private static function request( string $name ): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only filter of the list.
		return isset( $_GET[ $name ] ) && is_string( $_GET[ $name ] ) ? sanitize_key( wp_unslash( $_GET[ $name ] ) ) : '';
	}

	/**
	 * Reads the page of grants the request asks for.
	 *
	 * @return void
	 */
	public function prepare_items() {
		$search   = GrantRequest::queried( 's' );
		$item     = self::item_filter();
		$state    = self::state_filter();
		$per_page = $this->get_items_per_page( GrantsPage::PER_PAGE_OPTION, 20 );
		$total    = $this->owner_unknown ? 0 : $this->grant_rows->grant_count( $search, $item, $state, $this->owner_id );
		$page     = $this->get_pagenum();
		$orderby  = array_key_exists( self::request( 'orderby' ), $this->get_sortable_columns() ) ? self::request( 'orderby' ) : 'created';
		$desc     = 'asc' !== strtolower( self::request( 'order' ) );

		$this->items           = $this->owner_unknown ? array() : $this->grant_rows->grant_page( $search, $per_page, ( $page - 1 ) * $per_page, $item, $state, $orderby, $desc, $this->owner_id );
		$this->counts          = $this->grant_rows->grant_seat_counts( array_map( static fn( Grant $grant ) => $grant->id, $this->items ) );
		$this->_column_headers = array( $this->get_columns(), array(), $this->get_sortable_columns(), 'owner' );
		$this->set_pagination_args(
			array(
				'total_items' => $total,
				'per_page'    => $per_page,
			)
		);
	}

	/**
	 * Text when there is no grant.
	 *
	 * @return void
	 */
	public function no_items() {
		esc_html_e( 'No grants found.', 'library-portal' );
	}

	/**
	 * The owner's name and e-mail.
	 *
	 * @param Grant $grant Grant.
	 */
	public function column_owner( $grant ): string {
		$owner = get_userdata( $grant->owner_id );
		return View::html(
			__DIR__ . '/views/grant-owner.php',
			array(
				'owner' => $owner ? array(
					'name'  => (string) $owner->display_name,
					'email' => (string) $owner->user_email,
				) : null,
			)
		);
	}

	/**
	 * The row actions, under the owner.
	 *
	 * @param Grant  $grant       Grant.
	 * @param string $column_name Column.
	 * @param string $primary     Primary column.
	 */
	protected function handle_row_actions( $grant, $column_name, $primary ) {
		if ( $column_name !== $primary ) {
			return '';
		}
		return $this->row_actions(
			array(
				'extend'    => sprintf( '<a href="%s">%s</a>', esc_url( GrantsPage::url( 'extend', $grant->id ) ), esc_html__( 'Extend expiry', 'library-portal' ) ),
				'take_back' => sprintf( '<a href="%s">%s</a>', esc_url( GrantsPage::url( 'take-back', $grant->id ) ), esc_html__( 'Take back seats not started', 'library-portal' ) ),
				'view_as'   => sprintf( '<a href="%s">%s</a>', esc_url( GrantsPage::view_as_url( $grant->owner_id ) ), esc_html__( 'View as user', 'library-portal' ) ),
			)
		);
	}

	/**
	 * The other columns.
	 *
	 * @param Grant  $grant       Grant.
	 * @param string $column_name Column.
	 */
	public function column_default( $grant, $column_name ): string {
		$counts = $this->counts[ $grant->id ] ?? array(
			'available' => 0,
			'assigned'  => 0,
			'activated' => 0,
		);
		switch ( $column_name ) {
			case 'item':
				return esc_html( get_the_title( $grant->product_id ) );
			case 'quantity':
				return esc_html( (string) $grant->quantity );
			case 'available':
			case 'assigned':
			case 'activated':
				return esc_html( (string) $counts[ $column_name ] );
			case 'expires':
				return esc_html( GrantTexts::expiry_text( $grant->expires_at ) );
			case 'tag':
				return '' === $grant->tag ? esc_html__( 'None', 'library-portal' ) : esc_html( $grant->tag );
			case 'source':
				return esc_html( $grant->source . ( '' !== $grant->source_ref ? ' (' . $grant->source_ref . ')' : '' ) );
			case 'created':
				return esc_html( GrantTexts::time_text( $grant->created_at ) );
		}
		return '';
	}
}
