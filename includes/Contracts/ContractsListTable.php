<?php
/**
 * The contracts list in wp-admin.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

use LibraryPortal\Core\Contracts\ContractSummary;
use WP_List_Table;

defined( 'ABSPATH' ) || exit; // Top-level code below: never run outside WordPress.

if ( ! class_exists( WP_List_Table::class ) ) {
	require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
}

/**
 * Title, organizer, period, member and item counts and status of every contract, a page at a
 * time (Screen Options sets the page size), sortable by title, counts and status.
 */
final class ContractsListTable extends WP_List_Table {

	/**
	 * Contracts.
	 *
	 * @var ContractService
	 */
	private ContractService $service;

	/**
	 * Builds the table.
	 *
	 * @param ContractService $service Contracts.
	 */
	public function __construct( ContractService $service ) {
		parent::__construct(
			array(
				'singular' => 'contract',
				'plural'   => 'contracts',
				'ajax'     => false,
				'screen'   => ContractsPage::screen_id(),
			)
		);
		$this->service = $service;
	}

	/**
	 * Columns.
	 *
	 * @return array<string, string>
	 */
	public function get_columns() {
		return array(
			'title'        => __( 'Title', 'library-portal' ),
			'organizer'    => __( 'Organizer', 'library-portal' ),
			'period'       => __( 'Period', 'library-portal' ),
			'member_count' => __( 'Members', 'library-portal' ),
			'item_count'   => __( 'Items', 'library-portal' ),
			'status'       => __( 'Status', 'library-portal' ),
		);
	}

	/**
	 * Sortable columns (ContractRepository::ORDER_COLUMNS).
	 *
	 * @return array<string, array{0: string, 1: bool}>
	 */
	protected function get_sortable_columns() {
		return array(
			'title'        => array( 'title', false ),
			'period'       => array( 'starts_at', false ),
			'member_count' => array( 'member_count', true ),
			'item_count'   => array( 'item_count', true ),
			'status'       => array( 'status', false ),
		);
	}

	/**
	 * Reads the page of contracts the request asks for.
	 */
	public function prepare_items(): void {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- sorting and paging a read-only list.
		$orderby = sanitize_key( wp_unslash( $_GET['orderby'] ?? 'id' ) );
		$desc    = 'asc' !== strtolower( sanitize_key( wp_unslash( $_GET['order'] ?? 'desc' ) ) );
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		$per_page = $this->get_items_per_page( ContractsPage::PER_PAGE_OPTION, 20 );
		$total    = $this->service->count();
		$this->set_pagination_args(
			array(
				'total_items' => $total,
				'per_page'    => $per_page,
			)
		);
		$this->items           = $this->service->page( $per_page, $this->get_pagenum(), $orderby, $desc );
		$this->_column_headers = array( $this->get_columns(), array(), $this->get_sortable_columns(), 'title' );
	}

	/**
	 * Text when there are no contracts.
	 */
	public function no_items(): void {
		esc_html_e( 'No contracts yet.', 'library-portal' );
	}

	/**
	 * The title, linked to the edit screen, with its row action.
	 *
	 * @param ContractSummary $item Row.
	 */
	protected function column_title( $item ): string {
		$url = ContractsPage::edit_url( $item->contract->id );
		return sprintf( '<strong><a class="row-title" href="%1$s">%2$s</a></strong>', esc_url( $url ), esc_html( $item->contract->title ) )
			. $this->row_actions(
				array(
					'edit'   => sprintf(
						'<a href="%1$s" aria-label="%2$s">%3$s</a>',
						esc_url( $url ),
						/* translators: %s: contract title. */
						esc_attr( sprintf( __( 'Edit “%s”', 'library-portal' ), $item->contract->title ) ),
						esc_html__( 'Edit', 'library-portal' )
					),
					'delete' => sprintf(
						'<a href="%1$s" aria-label="%2$s">%3$s</a>',
						esc_url( ContractsPage::delete_url( $item->contract->id ) ),
						/* translators: %s: contract title. */
						esc_attr( sprintf( __( 'Delete “%s”', 'library-portal' ), $item->contract->title ) ),
						esc_html__( 'Delete', 'library-portal' )
					),
				)
			);
	}

	/**
	 * The organizer's name and e-mail.
	 *
	 * @param ContractSummary $item Row.
	 */
	protected function column_organizer( $item ): string {
		$contract = $item->contract;
		$lines    = array_filter( array( esc_html( $contract->organizer_name ), esc_html( $contract->organizer_email ) ) );
		return $lines ? implode( '<br>', $lines ) : '<span aria-hidden="true">—</span><span class="screen-reader-text">' . esc_html__( 'None', 'library-portal' ) . '</span>';
	}

	/**
	 * The first and last day.
	 *
	 * @param ContractSummary $item Row.
	 */
	protected function column_period( $item ): string {
		$format = (string) get_option( 'date_format' );
		$start  = $item->contract->starts_at ? (string) wp_date( $format, $item->contract->starts_at ) : '';
		$end    = $item->contract->ends_at ? (string) wp_date( $format, $item->contract->ends_at - 1 ) : '';
		// Said as a person would: a missing day is left out, not named "from the start" or "open-ended".
		if ( '' !== $start && '' !== $end ) {
			/* translators: 1: first day, 2: last day. */
			return esc_html( sprintf( __( '%1$s to %2$s', 'library-portal' ), $start, $end ) );
		}
		if ( '' !== $start ) {
			/* translators: %s: first day. */
			return esc_html( sprintf( __( 'From %s, no end date', 'library-portal' ), $start ) );
		}
		if ( '' !== $end ) {
			/* translators: %s: last day. */
			return esc_html( sprintf( __( 'Until %s', 'library-portal' ), $end ) );
		}
		return esc_html__( 'No start or end date', 'library-portal' );
	}

	/**
	 * Members, items and status.
	 *
	 * @param ContractSummary $item        Row.
	 * @param string          $column_name Column.
	 */
	protected function column_default( $item, $column_name ): string {
		switch ( $column_name ) {
			case 'member_count':
				return esc_html( number_format_i18n( $item->member_count ) );
			case 'item_count':
				return esc_html( number_format_i18n( $item->item_count ) );
			case 'status':
				return esc_html( ContractsPage::status_label( $item->status, $item->contract->has_ended( time() ) ) );
		}
		return '';
	}
}
