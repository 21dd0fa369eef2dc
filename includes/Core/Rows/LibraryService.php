<?php
/**
 * Builds a user's library.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

use LibraryPortal\Core\Contracts\ContractRepository;
use LibraryPortal\Core\Items\Catalogue;
use LibraryPortal\Core\Items\ContentType;
use LibraryPortal\Core\People\People;
use LibraryPortal\Core\People\PersonName;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Seats\LicenseSummary;
use LibraryPortal\Core\Seats\Seat;
use LibraryPortal\Core\Seats\SeatState;
use LibraryPortal\Core\Seats\ShareLinks;
use LibraryPortal\Core\Seats\ShareRule;
use LibraryPortal\Core\Site\AccountLinks;
use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Core\Site\SiteDate;
use LibraryPortal\Platform\Database\CombinedRead;

/**
 * Assembles the items reply for one user.
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
	 * The sidebar's account links (the certificate program page), or null for none.
	 *
	 * @var AccountLinks|null
	 */
	private ?AccountLinks $account_links;

	/**
	 * The certificate program page, read once per build and only when a row needs it.
	 *
	 * @var string|null
	 */
	private ?string $program_url = null;

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
		$this->share_links   = $share_links;
		$this->reads         = $reads;
		$this->account_links = $account_links;
		$this->licenses      = $licenses;
		$this->progress      = $progress;
		$this->certificates  = $certificates;
		$this->contracts     = $contracts;
		$this->catalogue     = $catalogue;
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
		$rows       = $this->group_seats( $read['seats'], $user_id );
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
		$people    = $this->people( $rows );
		$progress  = $product_id > 0 ? array( $product_id => $this->progress->for_item( $user_id, $product_id ) ) : $this->progress->for_user( $user_id );
		$earned    = $this->certificates->valid_for_user( $user_id, $product_id );

		$items             = array();
		$this->program_url = null;
		foreach ( $rows as $row ) {
			$item = $catalogue[ $row['product_id'] ] ?? null;
			if ( null === $item ) {
				continue; // The item was unpublished or deleted: nothing to show.
			}
			$built = $this->item( $row, $item, $user_id, $now, $people, $progress[ $row['product_id'] ] ?? array(), $earned[ $row['product_id'] ] ?? null );
			// Only the owner's own row speaks of their invitations (a team member's row of the same item is not theirs to share).
			$invitations              = $built['share_controls'] ? ( $pending[ $row['product_id'] ] ?? null ) : null;
			$built['pending_invites'] = $invitations['count'] ?? 0;
			$built['pending_until']   = $invitations['expires_at'] ?? 0;
			$items[]                  = $built;
		}
		usort(
			$items,
			static function ( array $a, array $b ): int {
				$by_title = strcasecmp( $a['title'], $b['title'] );
				return 0 !== $by_title ? $by_title : strcmp( $a['tag'], $b['tag'] );
			}
		);
		return array(
			'rows'     => $items,
			'progress' => $progress,
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

	/**
	 * Groups seats into library rows: one per (item, tag) owned, one per (item, tag, sharer) received.
	 *
	 * @param Seat[] $seats   Seats from the repository.
	 * @param int    $user_id User.
	 * @return array<string, array<string, mixed>>
	 */
	private function group_seats( array $seats, int $user_id ): array {
		$rows = array();
		foreach ( $seats as $seat ) {
			$sharer_id = $seat->owner_id === $user_id ? 0 : $seat->owner_id;
			$key       = $seat->product_id . '|' . $seat->tag . '|' . $sharer_id;
			if ( ! isset( $rows[ $key ] ) ) {
				$rows[ $key ] = array(
					'product_id'    => $seat->product_id,
					'tag'           => $seat->tag,
					'contract_id'   => $seat->contract_id,
					'share_user_id' => $sharer_id,
					'seats'         => array(),
				);
			}
			$rows[ $key ]['seats'][] = $seat;
		}
		return $rows;
	}

	/**
	 * Names and e-mails of everyone the rows mention (sharers and holders), in one query.
	 *
	 * @param array<string, array<string, mixed>> $rows Library rows.
	 * @return array<int, array{name: string, email: string}>
	 */
	private function people( array $rows ): array {
		$ids = array();
		foreach ( $rows as $row ) {
			if ( $row['share_user_id'] ) {
				$ids[] = $row['share_user_id'];
			}
			foreach ( $row['seats'] as $seat ) {
				if ( $seat->shared && $seat->holder_id ) {
					$ids[] = $seat->holder_id;
				}
			}
		}
		return People::by_id( $ids );
	}

	/**
	 * Who looks at a row: its owner, a team member it was shared with, or a
	 * contract user. Only an owner sees seat counts and sharing (docs/rules/seats-and-sharing.md, "Sharing seats").
	 *
	 * @param string $tag         Row tag.
	 * @param int    $contract_id Contract, 0 when none.
	 * @param int    $sharer      Sharer's ID, 0 when the row is the viewer's own.
	 * @return 'owner'|'team_member'|'contract_user'
	 */
	private static function viewer_of( string $tag, int $contract_id, int $sharer ): string {
		if ( 'contract' === $tag || $contract_id > 0 ) {
			return 'contract_user';
		}
		return $sharer > 0 ? 'team_member' : 'owner';
	}

	/**
	 * A sharer's name as a team member's row shows it (PersonName's cleaning; a sharer without a
	 * usable name is 'A team member').
	 *
	 * @param string $name Display name as read.
	 */
	private static function sharer_name( string $name ): string {
		$clean = PersonName::clean( $name );
		return '' !== $clean ? $clean : __( 'A team member', 'library-portal' );
	}

	/**
	 * One item of the reply.
	 *
	 * @param array<string, mixed>                                $row      Library row.
	 * @param array<string, mixed>                                $item     Catalogue item.
	 * @param int                                                 $user_id  Viewer.
	 * @param int                                                 $now      Unix seconds.
	 * @param array<int, array{name: string, email: string}>      $people   Names by user ID.
	 * @param array<int, PartProgress>                            $progress Progress by part.
	 * @param Certificate|null                                    $earned   Valid certificate, or null.
	 * @return array<string, mixed>
	 */
	private function item( array $row, array $item, int $user_id, int $now, array $people, array $progress, ?Certificate $earned ): array {
		$summary     = LicenseSummary::of( $row['seats'], $user_id, $now );
		$licenses    = array();
		$shared      = array();
		$month_end   = Expiry::next_month_start( $now, wp_timezone() );
		$ending_soon = 0;
		foreach ( $row['seats'] as $seat ) {
			$holder_id    = $seat->holder_id;
			$ending_soon += Expiry::ends_this_month( $seat->expires_at, $now, $month_end ) ? 1 : 0;
			$licenses[]   = array(
				'license_id' => $seat->id,
				'user_id'    => $holder_id,
				'expiry'     => $seat->expires_at,
				'shared'     => $seat->shared,
				'activated'  => SeatState::Activated === $seat->state,
			);
			if ( $seat->shared && $holder_id && $holder_id !== $user_id && isset( $people[ $holder_id ] ) ) {
				$shared[ (string) $holder_id ] = $people[ $holder_id ];
			}
		}

		$watching = ProgressSummary::of( $item['part_count'], $progress );
		$sharer   = $row['share_user_id'];
		$expiry   = array_key_exists( 'expiry', $row ) ? (int) $row['expiry'] : $summary->expiry;
		$access   = self::access_of( $row, $item['content_type'], $summary, $expiry, $now );
		$is_owner = 0 === $sharer;

		$built = array(
			'product_id'         => $item['product_id'],
			'title'              => $item['title'],
			'subtitle'           => $item['subtitle'],
			'description'        => $item['description'],
			'img'                => $item['img'],
			'content_type'       => $item['content_type'],
			'content_type_label' => ContentType::label( $item['content_type'] ),
			'tag'                => $row['tag'],
			'total_licenses'     => $summary->total,
			'active_licenses'    => $summary->active,
			'available_licenses' => $is_owner ? $summary->available : 0,
			'expired_licenses'   => $summary->expired,
			'activated'          => $summary->activated,
			'activated_at'       => $summary->activated_at,
			'licenses'           => $licenses,
			'expiry'             => $expiry,
			'expiry_date'        => SiteDate::date( $expiry ),
			'share_user_id'      => $sharer,
			'share_user'         => $sharer ? ( $people[ $sharer ] ?? null ) : null,
			'shared_with'        => (object) $shared,
			'download_link'      => Access::opens_files( $access ) ? $item['download_link'] : '',
			'product_link'       => $item['product_link'],
			'contract_id'        => $row['contract_id'],
			'free_item'          => $item['free_item'],
			'user_id'            => $user_id,
			'product'            => array( 'type' => $item['product_type'] ),
			'video_data'         => array_merge( array( 'progress' => $watching ), CertificateLinks::row_fields( $earned ) ),
			'status'             => '', // Set below, with playback_status, from the row itself (status_of()).
			'playback_status'    => '',
			'access'             => $access,
			'expiring_licenses'  => $ending_soon,
		);

		$built['status']          = RowStatus::status( $built );
		$built['playback_status'] = RowStatus::playback_status( $built );
		$built['can_share']       = ShareRule::allows( $built );
		$built['viewer']          = self::viewer_of( $row['tag'], (int) $row['contract_id'], $sharer );
		// The sharer's name is put into the portal's own sentence ('Shared with you by {name}'): cleaned as in mail.
		$built['shared_by']      = 'team_member' === $built['viewer'] ? self::sharer_name( $people[ $sharer ]['name'] ?? '' ) : '';
		$built['share_controls'] = 'owner' === $built['viewer'] && 'member' !== $row['tag'];
		$built['primary_action'] = PrimaryAction::of(
			array(
				'content_type'  => $built['content_type'],
				'expired'       => RowStatus::expired( $built ),
				'access'        => $access,
				'product_link'  => $built['product_link'],
				'course_url'    => (string) $item['course_url'],
				'download_link' => $built['download_link'],
				'detail_url'    => self::detail_url( $built ),
			),
			fn(): string => $this->program_url ??= (string) ( $this->account_links?->urls()['certificate-program'] ?? '' ),
			home_url( '/' . Routes::PORTAL_PATH . '/videos?status=' . ItemStatus::MEMBER_PRODUCT )
		);
		return $built;
	}

	/**
	 * The access a row gives: one rule for the built rows and the seat rows of a progress report.
	 *
	 * @param array<string, mixed> $row          Grouped row (tag, share_user_id).
	 * @param string               $content_type Item's content type.
	 * @param LicenseSummary       $summary      The row's seats summed up.
	 * @param int                  $expiry       The row's expiry.
	 * @param int                  $now          Unix seconds.
	 */
	private static function access_of( array $row, string $content_type, LicenseSummary $summary, int $expiry, int $now ): string {
		return Access::reason( $row['tag'], $content_type, $summary, $row['share_user_id'], 'contract' === $row['tag'] && Expiry::has_passed( $expiry, $now ) );
	}

	/**
	 * What a progress report reads on its short path, in one statement (CombinedRead): the
	 * item's kind (null when it is not a published item with meta: the caller takes the whole
	 * lookup), its progress rows and the user's seats of it, made into seat rows (seat_rows()).
	 * The item comes from WordPress's caches when they hold it (a persistent object cache).
	 *
	 * @param int $user_id    User.
	 * @param int $now        Unix seconds.
	 * @param int $product_id Item.
	 * @return array{rows: array<int, array<string, mixed>>, progress: array<int, PartProgress>}|null
	 */
	public function report_rows( int $user_id, int $now, int $product_id ): ?array {
		$read = $this->reads->read(
			$this->catalogue->kind_read( $product_id ),
			$this->progress->for_item_read( $user_id, $product_id ),
			...$this->licenses->seats_for_user_read( $user_id, $product_id )
		);
		if ( null === $read['item'] ) {
			return null;
		}
		return array(
			'rows'     => $this->seat_rows( $user_id, $now, $product_id, $read['item']['content_type'], $read['item']['part_count'], $read['progress'], $read['seats'] ),
			'progress' => $read['progress'],
		);
	}

	/**
	 * The user's seat rows of one item with what a progress report judges and what its reply's
	 * status depends on (docs/rules/learning-and-progress.md, "Watching: progress, activation, subtitles, media": the report's short path): access, counts,
	 * progress, and the status as if no certificate were earned. The seats, the item's type and
	 * parts and the progress rows come from the caller (report_rows()'s one read). No contract
	 * rows, texts, people or certificate: a caller uses these rows only when one of them opens the
	 * item without spending a seat, where items_for() would pick the same row.
	 *
	 * @param int                      $user_id      User.
	 * @param int                      $now          Unix seconds.
	 * @param int                      $product_id   Item.
	 * @param string                   $content_type Item's content type.
	 * @param int                      $part_count   Item's parts.
	 * @param array<int, PartProgress> $progress     The item's progress by part.
	 * @param Seat[]                   $seats        The user's seats of the item.
	 * @return array<int, array<string, mixed>> In the order items_for() lists them.
	 */
	private function seat_rows( int $user_id, int $now, int $product_id, string $content_type, int $part_count, array $progress, array $seats ): array {
		$rows = array();
		foreach ( $this->group_seats( $seats, $user_id ) as $row ) {
			$summary = LicenseSummary::of( $row['seats'], $user_id, $now );
			$lean    = array(
				'product_id'         => $product_id,
				'content_type'       => $content_type,
				'tag'                => $row['tag'],
				'contract_id'        => $row['contract_id'],
				'share_user_id'      => $row['share_user_id'],
				'activated'          => $summary->activated,
				'total_licenses'     => $summary->total,
				'available_licenses' => 0 === $row['share_user_id'] ? $summary->available : 0,
				'expired_licenses'   => $summary->expired,
				'access'             => self::access_of( $row, $content_type, $summary, $summary->expiry, $now ),
				'video_data'         => array_merge( array( 'progress' => ProgressSummary::of( $part_count, $progress ) ), CertificateLinks::row_fields( null ) ),
			);
			$rows[]  = RowStatus::with_progress( $lean, $progress );
		}
		// items_for() sorts one item's rows by tag (the title is the same); usort keeps ties in order.
		usort( $rows, static fn( array $a, array $b ): int => strcmp( $a['tag'], $b['tag'] ) );
		return $rows;
	}

	/**
	 * The portal address of a row's own page (the member version with tag=member, a contract's
	 * row in its contract library).
	 *
	 * @param array<string, mixed> $row Row as built.
	 */
	private static function detail_url( array $row ): string {
		if ( 'contract' === $row['tag'] ) {
			return home_url( '/contract/' . (int) $row['contract_id'] . '/' . (int) $row['product_id'] );
		}
		$url = home_url( '/' . Routes::PORTAL_PATH . '/videos/' . (int) $row['product_id'] );
		return 'member' === $row['tag'] ? add_query_arg( 'tag', 'member', $url ) : $url;
	}
}
