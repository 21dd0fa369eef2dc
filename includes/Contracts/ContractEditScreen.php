<?php
/**
 * What a contract's edit screen shows, ready for its views.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

use InvalidArgumentException;
use LibraryPortal\Core\Contracts\ContractSummary;
use LibraryPortal\Core\Items\ItemPostType;
use WP_User_Query;

/**
 * The arguments of views/contract-edit.php and its parts: the form's values (a refused save's typed
 * values first), members, the user search's matches, items in words and the import's status.
 */
final class ContractEditScreen {

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
	 * The screen's data.
	 *
	 * @param ContractService $service Contracts.
	 * @param MemberImports   $imports Member imports.
	 */
	public function __construct( ContractService $service, MemberImports $imports ) {
		$this->service = $service;
		$this->imports = $imports;
	}

	/**
	 * The edit view's arguments.
	 *
	 * @param ContractSummary|null                                                      $contract The contract (null: a new one).
	 * @param array{type?: string, message?: string, fields?: array<string, mixed>} $notice   The kept notice.
	 * @param string                                                                    $search   The user search typed ('' = none).
	 * @param string                                                                    $token    The import job shown ('' = none).
	 * @return array<string, mixed>
	 */
	public function args( ?ContractSummary $contract, array $notice, string $search, string $token ): array {
		$contract_id = $contract ? $contract->contract->id : 0;
		$stored      = $contract ? self::stored_input( $contract ) : array();
		$typed       = array_map( 'strval', $notice['fields'] ?? array() );
		return array(
			'heading'  => $contract ? $contract->contract->title : __( 'Add New Contract', 'library-portal' ),
			'list_url' => ContractsPage::url(),
			'notice'   => $notice,
			'details'  => array(
				'contract_id' => $contract_id,
				'fields'      => self::fields(),
				'values'      => array_merge( $stored, $typed ),
				'thumb'       => (string) ( $stored['organizer_thumb'] ?? '' ),
			),
			'members'  => $contract ? $this->members( $contract_id, $search ) : null,
			'items'    => $contract ? $this->items( $contract_id ) : null,
			'import'   => $contract ? $this->import( $contract_id, $token ) : null,
		);
	}

	/**
	 * The contract form's fields: label, input type, help.
	 *
	 * @return array<string, array{0: string, 1: string, 2: string}>
	 */
	private static function fields(): array {
		return array(
			'title'           => array( __( 'Title', 'library-portal' ), 'text', __( 'Shown as the heading of the contract library.', 'library-portal' ) ),
			'organizer_name'  => array( __( 'Organizer name', 'library-portal' ), 'text', '' ),
			'organizer_title' => array( __( 'Organizer title', 'library-portal' ), 'text', __( 'The organizer\'s job title, e.g. Training Coordinator.', 'library-portal' ) ),
			'organizer_phone' => array( __( 'Organizer phone', 'library-portal' ), 'tel', __( 'Digits, spaces, + ( ) - . and /.', 'library-portal' ) ),
			'organizer_email' => array( __( 'Organizer e-mail', 'library-portal' ), 'email', '' ),
			'organizer_thumb' => array( __( 'Organizer picture', 'library-portal' ), 'text', __( 'An image from the media library (its ID) or an http(s) address.', 'library-portal' ) ),
			'starts'          => array( __( 'Start date', 'library-portal' ), 'date', __( 'Empty: from now on.', 'library-portal' ) ),
			'ends'            => array( __( 'End date', 'library-portal' ), 'date', __( 'The last day members have the items (included). Empty: open-ended.', 'library-portal' ) ),
		);
	}

	/**
	 * A contract's stored values as the form shows them.
	 *
	 * @param ContractSummary $summary Contract.
	 * @return array<string, string>
	 */
	private static function stored_input( ContractSummary $summary ): array {
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
	 * The members part: members, and up to ten users matching the search (name, login, e-mail).
	 *
	 * @param int    $contract_id Contract.
	 * @param string $search      Search text.
	 * @return array<string, mixed>
	 */
	private function members( int $contract_id, string $search ): array {
		$found = '' === $search ? array() : ( new WP_User_Query(
			\LibraryPortal\Core\People\SiteMembers::user_query_args(
				array(
					'search'         => '*' . $search . '*',
					'search_columns' => array( 'user_login', 'user_email', 'display_name' ),
					'number'         => 10,
					'orderby'        => 'display_name',
					'fields'         => array( 'ID', 'display_name', 'user_email' ),
				)
			)
		) )->get_results();
		return array(
			'contract_id' => $contract_id,
			'members'     => $this->service->members( $contract_id ),
			'search'      => $search,
			'search_url'  => admin_url( ContractsPage::PARENT ),
			'found'       => $found,
		);
	}

	/**
	 * The items part: each item in words, and the published items to add.
	 *
	 * @param int $contract_id Contract.
	 * @return array<string, mixed>
	 */
	private function items( int $contract_id ): array {
		$items = array();
		foreach ( $this->service->items( $contract_id ) as $item ) {
			$items[] = array(
				'product_id' => $item->product_id,
				'title'      => get_the_title( $item->product_id ),
				'published'  => 'publish' === get_post_status( $item->product_id ),
				'expires'    => $item->expires_at ? (string) wp_date( (string) get_option( 'date_format' ), $item->expires_at - 1 ) : __( 'With the contract', 'library-portal' ),
			);
		}
		return array(
			'contract_id' => $contract_id,
			'items'       => $items,
			'choices'     => ItemPostType::published_titles(),
		);
	}

	/**
	 * The import part: the job of the current admin named in the address, or why it is gone.
	 *
	 * @param int    $contract_id Contract.
	 * @param string $token       Job ('' = none).
	 * @return array<string, mixed>
	 */
	private function import( int $contract_id, string $token ): array {
		$status = null;
		$gone   = '';
		if ( '' !== $token ) {
			try {
				$status = $this->imports->status( $token, $contract_id, get_current_user_id() );
			} catch ( InvalidArgumentException $missing ) {
				$gone = $missing->getMessage();
			}
		}
		return array(
			'contract_id' => $contract_id,
			'token'       => $token,
			'status'      => $status,
			'gone'        => $gone,
		);
	}
}
