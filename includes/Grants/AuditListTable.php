<?php
/**
 * The seat audit trail in wp-admin.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use LibraryPortal\Core\Seats\AuditEntry;
use LibraryPortal\Core\Seats\SeatAuditRepository;
use WP_List_Table;

defined( 'ABSPATH' ) || exit; // Top-level code below: never run outside WordPress.

if ( ! class_exists( 'WP_List_Table' ) ) {
	require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
}

/**
 * Audit rows, newest first, of one user's grants or of everyone's.
 */
final class AuditListTable extends WP_List_Table {

	/**
	 * The audit trail.
	 *
	 * @var SeatAuditRepository
	 */
	private SeatAuditRepository $audit;

	/**
	 * Owner whose rows are listed (0 = everyone).
	 *
	 * @var int
	 */
	private int $owner_id;

	/**
	 * Creates the table.
	 *
	 * @param SeatAuditRepository $audit    The audit trail.
	 * @param int                 $owner_id Owner (0 = everyone).
	 * @param string              $screen   Screen ID.
	 */
	public function __construct( SeatAuditRepository $audit, int $owner_id, string $screen ) {
		parent::__construct(
			array(
				'singular' => 'audit_entry',
				'plural'   => 'audit_entries',
				'ajax'     => false,
				'screen'   => $screen,
			)
		);
		$this->audit    = $audit;
		$this->owner_id = $owner_id;
	}

	/**
	 * Columns.
	 *
	 * @return array<string, string>
	 */
	public function get_columns() {
		return array(
			'created_at' => __( 'When', 'library-portal' ),
			// "User" is who acted (naming the grant's owner there read as if the owner did it); the seat's
			// holder beside, when the row is about someone's seat; then whose grant it is.
			'actor'      => __( 'User', 'library-portal' ),
			'holder'     => __( 'Holder', 'library-portal' ),
			'action'     => __( 'Change', 'library-portal' ),
			'owner'      => __( 'Owner', 'library-portal' ),
			'item'       => __( 'Item', 'library-portal' ),
			'grant'      => __( 'Grant', 'library-portal' ),
			'seat'       => __( 'Seat', 'library-portal' ),
			'details'    => __( 'Details', 'library-portal' ),
		);
	}

	/**
	 * Reads the page of rows the request asks for.
	 *
	 * @param int $per_page Rows per page.
	 */
	public function prepare_page( int $per_page ): void {
		$page                  = $this->get_pagenum();
		$this->items           = $this->audit->page( $this->owner_id, $per_page, ( $page - 1 ) * $per_page );
		$this->_column_headers = array( $this->get_columns(), array(), array(), 'created_at' );
		$this->set_pagination_args(
			array(
				'total_items' => $this->audit->count( $this->owner_id ),
				'per_page'    => $per_page,
			)
		);
	}

	/**
	 * Reads the first page (WP_List_Table's entry point).
	 *
	 * @return void
	 */
	public function prepare_items() {
		$this->prepare_page( $this->get_items_per_page( GrantsPage::AUDIT_PER_PAGE_OPTION, 20 ) );
	}

	/**
	 * Text when there is no row.
	 *
	 * @return void
	 */
	public function no_items() {
		esc_html_e( 'No changes recorded.', 'library-portal' );
	}

	/**
	 * A cell.
	 *
	 * @param AuditEntry $entry       Row.
	 * @param string     $column_name Column.
	 */
	public function column_default( $entry, $column_name ): string {
		switch ( $column_name ) {
			case 'created_at':
				return esc_html( GrantTexts::time_text( $entry->created_at ) );
			case 'actor':
				return esc_html( GrantTexts::person_text( $entry->actor_id ) );
			case 'holder':
				$holder = (int) ( $entry->details()['holder'] ?? 0 );
				return $holder ? esc_html( GrantTexts::person_text( $holder ) ) : '—';
			case 'action':
				return esc_html( GrantTexts::action_text( $entry->action ) );
			case 'owner':
				if ( 0 === $entry->owner_id ) {
					return '—'; // A row about no one's grant (a contract's import or deletion).
				}
				$owner = get_userdata( $entry->owner_id );
				return $owner ? esc_html( $owner->user_email ) : esc_html__( '(deleted user)', 'library-portal' );
			case 'item':
				return $entry->product_id ? esc_html( get_the_title( $entry->product_id ) ) : '—';
			case 'grant':
				return esc_html( $entry->grant_id ? '#' . $entry->grant_id : '—' );
			case 'seat':
				return esc_html( GrantTexts::seat_text( $entry ) );
			case 'details':
				return esc_html( GrantTexts::details_text( $entry ) );
		}
		return '';
	}
}
