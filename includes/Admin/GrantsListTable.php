<?php
/**
 * The list of grants in wp-admin.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Admin;

use LibraryPortal\Repositories\Grant;
use LibraryPortal\Repositories\LicenseRepository;
use WP_List_Table;

defined( 'ABSPATH' ) || exit; // Top-level code below: never run outside WordPress.

if ( ! class_exists( 'WP_List_Table' ) ) {
	require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
}

/**
 * Grants, newest first, with their seats by state; searchable by the owner's e-mail or login.
 */
final class GrantsListTable extends WP_List_Table {

	/**
	 * Grants and seats.
	 *
	 * @var LicenseRepository
	 */
	private LicenseRepository $licenses;

	/**
	 * Seat counts of the page's grants.
	 *
	 * @var array<int, array{available: int, assigned: int, activated: int}>
	 */
	private array $counts = array();

	/**
	 * Creates the table.
	 *
	 * @param LicenseRepository $licenses Grants and seats.
	 */
	public function __construct( LicenseRepository $licenses ) {
		parent::__construct(
			array(
				'singular' => 'grant',
				'plural'   => 'grants',
				'ajax'     => false,
				'screen'   => GrantsPage::GRANTS_SCREEN,
			)
		);
		$this->licenses = $licenses;
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
	 * Reads the page of grants the request asks for.
	 *
	 * @return void
	 */
	public function prepare_items() {
		$search   = GrantsPage::search_text();
		$per_page = $this->get_items_per_page( GrantsPage::PER_PAGE_OPTION, 20 );
		$total    = $this->licenses->grant_count( $search );
		$page     = $this->get_pagenum();

		$this->items           = $this->licenses->grant_page( $search, $per_page, ( $page - 1 ) * $per_page );
		$this->counts          = $this->licenses->grant_seat_counts( array_map( static fn( Grant $grant ) => $grant->id, $this->items ) );
		$this->_column_headers = array( $this->get_columns(), array(), array(), 'owner' );
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
		return $owner ? '<strong>' . esc_html( $owner->display_name ) . '</strong><br>' . esc_html( $owner->user_email ) : esc_html__( '(deleted user)', 'library-portal' );
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
				return esc_html( GrantsPage::expiry_text( $grant->expires_at ) );
			case 'tag':
				return '' === $grant->tag ? esc_html__( 'None', 'library-portal' ) : esc_html( $grant->tag );
			case 'source':
				return esc_html( $grant->source . ( '' !== $grant->source_ref ? ' (' . $grant->source_ref . ')' : '' ) );
			case 'created':
				return esc_html( GrantsPage::time_text( $grant->created_at ) );
		}
		return '';
	}
}
