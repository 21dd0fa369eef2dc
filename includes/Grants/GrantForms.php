<?php
/**
 * What the grant forms show: Add grant, Extend expiry, Take back seats not started.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Seats\Grant;
use LibraryPortal\Core\Seats\GrantRepository;
use LibraryPortal\Core\Seats\GrantService;
use LibraryPortal\Platform\Admin\AdminNotice;

/**
 * The arguments of views/grant-add.php and views/grant-change.php: the kept notice, what a refused
 * form typed, the grant in words and the form's action and nonce.
 */
final class GrantForms {

	/**
	 * Grants and seats (reads).
	 *
	 * @var GrantRepository
	 */
	private GrantRepository $grant_rows;

	/**
	 * The one-time notice the handlers keep.
	 *
	 * @var AdminNotice
	 */
	private AdminNotice $notice;

	/**
	 * The forms' data.
	 *
	 * @param GrantRepository $grant_rows Grants and seats.
	 * @param AdminNotice       $notice   The handlers' notice.
	 */
	public function __construct( GrantRepository $grant_rows, AdminNotice $notice ) {
		$this->grant_rows = $grant_rows;
		$this->notice     = $notice;
	}

	/**
	 * The Add grant form's arguments, with the fields a refused post typed.
	 *
	 * @return array<string, mixed>
	 */
	public function add_args(): array {
		$kept = $this->notice->take();
		return array(
			'notice'       => $kept,
			'fields'       => array_map( 'strval', is_array( $kept['fields'] ?? null ) ? $kept['fields'] : array() ),
			'items'        => ItemPostType::published_titles(),
			'max_quantity' => GrantService::MAX_QUANTITY,
			'action'       => AddGrantHandler::ACTION,
			'list_url'     => GrantsPage::url(),
		);
	}

	/**
	 * The arguments of the Extend expiry or Take back form of a grant.
	 *
	 * @param bool  $extend      Extend (else take back).
	 * @param Grant $grant       Grant.
	 * @param bool  $confirm_end Take back: ask to confirm taking back every seat not started and ending the grant.
	 * @return array<string, mixed>
	 */
	public function change_args( bool $extend, Grant $grant, bool $confirm_end = false ): array {
		$owner  = get_userdata( $grant->owner_id );
		$counts = $this->grant_rows->grant_seat_counts( array( $grant->id ) )[ $grant->id ];
		$action = $extend ? ExtendGrantHandler::ACTION : TakeBackHandler::ACTION;
		return array(
			'extend'       => $extend,
			'notice'       => $this->notice->take(),
			'summary'      => sprintf(
				/* translators: 1: grant ID, 2: item title, 3: user e-mail, 4: number of licenses, 5: expiry date or Never. */
				_n( 'Grant #%1$d: %2$s for %3$s, %4$d license, expires: %5$s.', 'Grant #%1$d: %2$s for %3$s, %4$d licenses, expires: %5$s.', $grant->quantity, 'library-portal' ),
				$grant->id,
				get_the_title( $grant->product_id ),
				$owner ? $owner->user_email : __( '(deleted user)', 'library-portal' ),
				$grant->quantity,
				GrantTexts::expiry_text( $grant->expires_at )
			),
			'counts'       => sprintf(
				/* translators: 1: available licenses, 2: shared licenses, 3: activated licenses. */
				__( 'Available: %1$d. Shared, not started: %2$d. Activated: %3$d.', 'library-portal' ),
				$counts['available'],
				$counts['assigned'],
				$counts['activated']
			),
			'confirm_end'  => $confirm_end ? sprintf(
				/* translators: 1: grant ID, 2: available licenses, 3: shared licenses not started. */
				__( 'The number was left empty: this takes back every seat nobody started (available: %2$d; shared, not started: %3$d) and ends grant #%1$d. The owner keeps only the seats already started, members who lose a seat are told, and the grant cannot be reopened.', 'library-portal' ),
				$grant->id,
				$counts['available'],
				$counts['assigned']
			) : '',
			'form_url'     => GrantsPage::url( 'take-back', $grant->id ),
			'grant_id'     => $grant->id,
			'quantity'     => $grant->quantity,
			'action'       => $action,
			'nonce_action' => $extend ? ExtendGrantHandler::nonce_action( $grant->id ) : TakeBackHandler::nonce_action( $grant->id ),
			'list_url'     => GrantsPage::url(),
		);
	}
}
