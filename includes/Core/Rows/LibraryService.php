<?php
/**
 * Builds a user's library.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

use LibraryPortal\Core\Contracts\ContractRepository;
use LibraryPortal\Core\Items\Catalogue;
use LibraryPortal\Core\People\People;
use LibraryPortal\Core\Rows\CertificateRepository;
use LibraryPortal\Core\Rows\Expiry;
use LibraryPortal\Core\Rows\PartProgress;
use LibraryPortal\Core\Rows\ProgressRepository;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Seats\ShareLinks;
use LibraryPortal\Core\Site\AccountLinks;
use LibraryPortal\Platform\Database\CombinedRead;

/**
 * Reads what a user's library rows are built from and has them built (LibraryRows, the one
 * builder), for the items reply and for a progress report.
 *
 * The number of queries is fixed: seats, contract items, catalogue (posts, meta,
 * thumbnails), people, progress and certificates are each read once, whatever the number
 * of items; the rows are then put together in PHP.
 */
final class LibraryService {

	/**
	 * Seats.
	 *
	 * @var LicenseRepository
	 */
	private LicenseRepository $licenses;

	/**
	 * Progress.
	 *
	 * @var ProgressRepository
	 */
	private ProgressRepository $progress;

	/**
	 * Certificates.
	 *
	 * @var CertificateRepository
	 */
	private CertificateRepository $certificates;

	/**
	 * Contracts.
	 *
	 * @var ContractRepository
	 */
	private ContractRepository $contracts;

	/**
	 * Catalogue.
	 *
	 * @var Catalogue
	 */
	private Catalogue $catalogue;

	/**
	 * Share links: the owner's pending invitations, read with the seats.
	 *
	 * @var ShareLinks|null
	 */
	private ?ShareLinks $share_links;

	/**
	 * Several reads as one statement (a progress report's).
	 *
	 * @var CombinedRead
	 */
	private CombinedRead $reads;

	/**
	 * The one row builder (the list's and a report's).
	 *
	 * @var LibraryRows
	 */
	private LibraryRows $builder;

	/**
	 * Wires the service.
	 *
	 * @param LicenseRepository     $licenses     Seats.
	 * @param ProgressRepository    $progress     Progress.
	 * @param CertificateRepository $certificates Certificates.
	 * @param ContractRepository    $contracts    Contracts.
	 * @param Catalogue             $catalogue    Catalogue.
	 * @param CombinedRead          $reads        Combined reads.
	 * @param AccountLinks|null     $account_links Account links (certificate programs open that page).
	 * @param ShareLinks|null       $share_links   Share links (an owner's pending invitations per item).
	 */
	public function __construct( LicenseRepository $licenses, ProgressRepository $progress, CertificateRepository $certificates, ContractRepository $contracts, Catalogue $catalogue, CombinedRead $reads, ?AccountLinks $account_links = null, ?ShareLinks $share_links = null ) {
		$this->share_links  = $share_links;
		$this->reads        = $reads;
		$this->builder      = new LibraryRows( static fn(): string => (string) ( $account_links?->urls()['certificate-program'] ?? '' ) );
		$this->licenses     = $licenses;
		$this->progress     = $progress;
		$this->certificates = $certificates;
		$this->contracts    = $contracts;
		$this->catalogue    = $catalogue;
	}

	/**
	 * Every library row of a user: owned, received by share, and from contracts.
	 *
	 * @param int $user_id    User.
	 * @param int $now        Unix seconds.
	 * @param int $product_id Only the rows of this item (0 = all): what a route that just wrote
	 *                        answers with, without rebuilding the whole library.
	 * @return array<int, array<string, mixed>>
	 */
	public function items_for( int $user_id, int $now, int $product_id = 0 ): array {
		return $this->item_rows( $user_id, $now, $product_id )['rows'];
	}

	/**
	 * The rows of items_for(), with the progress rows they were built from (by item, then part,
	 * each with its watching clock when one item is asked for): what a progress report judges,
	 * read once in the request.
	 *
	 * @param int $user_id    User.
	 * @param int $now        Unix seconds.
	 * @param int $product_id Only the rows of this item (0 = all).
	 * @return array{rows: array<int, array<string, mixed>>, progress: array<int, array<int, PartProgress>>}
	 */
	public function item_rows( int $user_id, int $now, int $product_id = 0 ): array {
		$seat_parts = $this->licenses->seats_for_user_read( $user_id, $product_id );
		$read       = $this->reads->read( ...( $this->share_links ? array( ...$seat_parts, $this->share_links->pending_counts_read( $user_id, $product_id, $now ) ) : $seat_parts ) );
		$pending    = $read['pending'] ?? array();
		$rows       = $this->builder->group( $read['seats'], $user_id );
		foreach ( $this->contracts->items_for_member( $user_id, $now, $product_id ) as $contract_item ) {
			$key          = 'c' . $contract_item->contract_id . '|' . $contract_item->product_id;
			$rows[ $key ] = array(
				'product_id'    => $contract_item->product_id,
				'tag'           => 'contract',
				'contract_id'   => $contract_item->contract_id,
				'share_user_id' => 0,
				'seats'         => array(),
				'expiry'        => $contract_item->expires_at,
			);
		}
		if ( $product_id > 0 ) {
			$rows = array_filter( $rows, static fn( array $row ) => $row['product_id'] === $product_id );
		}
		if ( ! $rows ) {
			return array(
				'rows'     => array(),
				'progress' => array(),
			);
		}

		$catalogue = $this->catalogue->items_for_user( $user_id, $product_id );
		$people    = People::by_id( LibraryRows::people_ids( $rows ) );
		$progress  = $product_id > 0 ? array( $product_id => $this->progress->for_item( $user_id, $product_id ) ) : $this->progress->for_user( $user_id );
		$earned    = $this->certificates->valid_for_user( $user_id, $product_id );

		$items = $this->builder->rows( $rows, $catalogue, $user_id, $now, $people, $progress, $earned );
		foreach ( $items as $index => $built ) {
			// Only the owner's own row speaks of their invitations (a team member's row of the same item is not theirs to share).
			$invitations                        = $built['share_controls'] ? ( $pending[ $built['product_id'] ] ?? null ) : null;
			$items[ $index ]['pending_invites'] = $invitations['count'] ?? 0;
			$items[ $index ]['pending_until']   = $invitations['expires_at'] ?? 0;
		}
		return array(
			'rows'     => $items,
			'progress' => $progress,
		);
	}

	/**
	 * The user's seat rows of one item, built by the same builder as the list from what a progress
	 * report reads in one statement (CombinedRead): the item's kind, its progress rows with the
	 * watching clock, the user's seats of it and the user's valid certificate of it. Null when it
	 * is not a published item with meta (the caller takes the whole lookup). No contract entries,
	 * texts or people are read, so the rows carry no texts and no names: a caller uses them only
	 * when one of them opens the item without spending a seat, where items_for() would pick the
	 * same row with the same access and status (docs/rules/learning-and-progress.md, "Watching: progress, activation, subtitles, media"). The item comes
	 * from WordPress's caches when they hold it (a persistent object cache).
	 *
	 * @param int $user_id    User.
	 * @param int $now        Unix seconds.
	 * @param int $product_id Item.
	 * @return array{rows: array<int, array<string, mixed>>, progress: array<int, PartProgress>}|null
	 */
	public function seat_rows_of_item( int $user_id, int $now, int $product_id ): ?array {
		$read = $this->reads->read(
			$this->catalogue->kind_read( $product_id ),
			$this->progress->for_item_read( $user_id, $product_id ),
			$this->certificates->valid_for_item_read( $user_id, $product_id ),
			...$this->licenses->seats_for_user_read( $user_id, $product_id )
		);
		if ( null === $read['item'] ) {
			return null;
		}
		$item = LibraryRows::item_of_kind( $product_id, $read['item']['content_type'], $read['item']['part_count'] );
		return array(
			'rows'     => $this->builder->rows(
				$this->builder->group( $read['seats'], $user_id ),
				array( $product_id => $item ),
				$user_id,
				$now,
				array(),
				array( $product_id => $read['progress'] ),
				null === $read['certificate'] ? array() : array( $product_id => $read['certificate'] )
			),
			'progress' => $read['progress'],
		);
	}

	/**
	 * The user reply (one query: the user's membership seats).
	 *
	 * @param \WP_User $user User.
	 * @return array<string, mixed>
	 */
	public function user_summary( \WP_User $user ): array {
		$membership_expiries = $this->licenses->membership_expiries( $user->ID );
		$member_expiry       = 0;
		if ( $membership_expiries ) {
			$latest        = Expiry::latest( $membership_expiries );
			$member_expiry = 0 === $latest ? Expiry::NEVER_LEGACY : $latest;
		}
		return array(
			'id'            => $user->ID,
			'display_name'  => $user->display_name,
			'user_nicename' => $user->user_nicename,
			'user_email'    => $user->user_email,
			'member_expiry' => $member_expiry,
			'is_member'     => 0 !== $member_expiry && ! Expiry::has_passed( $member_expiry, time() ),
		);
	}
}
