<?php
/**
 * The one builder of a library row.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

use Closure;
use LibraryPortal\Core\Items\ContentType;
use LibraryPortal\Core\People\PersonName;
use LibraryPortal\Core\Rows\Access;
use LibraryPortal\Core\Rows\Certificate;
use LibraryPortal\Core\Rows\CertificateLinks;
use LibraryPortal\Core\Rows\Expiry;
use LibraryPortal\Core\Rows\ItemStatus;
use LibraryPortal\Core\Rows\PartProgress;
use LibraryPortal\Core\Rows\ProgressSummary;
use LibraryPortal\Core\Seats\LicenseSummary;
use LibraryPortal\Core\Seats\Seat;
use LibraryPortal\Core\Seats\SeatState;
use LibraryPortal\Core\Seats\ShareRule;
use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Core\Site\SiteDate;

/**
 * The one builder of a library row, for the list (GET items/, the dashboard, the team's views of
 * a user) and for a progress report alike: seats grouped into rows, then each row's counts,
 * access, progress, status and links from the same rules. A report builds its rows here from what
 * its one combined read found (the item's kind instead of its texts, no people), so the access and
 * status it judges are the ones the list shows (docs/rules/learning-and-progress.md, "Watching: progress, activation, subtitles, media").
 *
 * It only computes: every read is the caller's, and it knows no feature above the row (sharing
 * links, teams, routes' controllers), so it can sit with the other shared parts of the library.
 */
final class LibraryRows {

	/**
	 * Gives the certificate program page's address (read only when a row needs it).
	 *
	 * @var Closure(): string
	 */
	private Closure $program_url;

	/**
	 * Creates the builder.
	 *
	 * @param Closure(): string $program_url The certificate program page's address, asked at most once per build.
	 */
	public function __construct( Closure $program_url ) {
		$this->program_url = $program_url;
	}

	/**
	 * An item as the catalogue gives it, from its kind alone: what a row needs of an item whose
	 * texts were not read (a progress report's rows). Texts and links are empty.
	 *
	 * @param int    $product_id   Item.
	 * @param string $content_type Its content type.
	 * @param int    $part_count   Its parts.
	 * @return array<string, mixed>
	 */
	public static function item_of_kind( int $product_id, string $content_type, int $part_count ): array {
		return array(
			'product_id'    => $product_id,
			'title'         => '',
			'subtitle'      => '',
			'description'   => '',
			'img'           => '',
			'content_type'  => $content_type,
			'part_count'    => $part_count,
			'download_link' => '',
			'product_link'  => '',
			'course_url'    => '',
			'free_item'     => false,
			'product_type'  => '',
		);
	}

	/**
	 * Groups seats into library rows: one per (item, tag) owned, one per (item, tag, sharer) received.
	 *
	 * @param Seat[] $seats   Seats from the repository.
	 * @param int    $user_id User.
	 * @return array<string, array<string, mixed>>
	 */
	public function group( array $seats, int $user_id ): array {
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
	 * The rows of grouped seats (and contract entries), sorted by title then tag as the list shows
	 * them. A row whose item is not in $catalogue (unpublished or deleted) is left out.
	 *
	 * @param array<string, array<string, mixed>>                $grouped  Grouped rows (group(), contract rows with an `expiry`).
	 * @param array<int, array<string, mixed>>                   $catalogue Items by ID (Catalogue, or item_of_kind()).
	 * @param int                                                $user_id  Viewer.
	 * @param int                                                $now      Unix seconds.
	 * @param array<int, array{name: string, email: string}>     $people   Names by user ID (empty: no names shown).
	 * @param array<int, array<int, PartProgress>>               $progress Progress by item, then part.
	 * @param array<int, Certificate>                            $earned   Valid certificates by item.
	 * @return array<int, array<string, mixed>>
	 */
	public function rows( array $grouped, array $catalogue, int $user_id, int $now, array $people, array $progress, array $earned ): array {
		$program = null;
		// What every row of one build shares, made once: a list of 1,000 rows made each of these
		// per row (time zone, site addresses through their filters), a fifth of its build time.
		$common = array(
			'program_url'     => function () use ( &$program ): string {
				$program ??= ( $this->program_url )();
				return $program;
			},
			'month_end'       => Expiry::next_month_start( $now, wp_timezone() ),
			'videos_url'      => home_url( '/' . Routes::PORTAL_PATH . '/videos/' ),
			'contract_url'    => home_url( '/contract/' ),
			'member_list_url' => home_url( '/' . Routes::PORTAL_PATH . '/videos?status=' . ItemStatus::MEMBER_PRODUCT ),
			'type_labels'     => ContentType::labels(),
		);
		$rows   = SiteDate::in_one_setting(
			function () use ( $grouped, $catalogue, $user_id, $now, $people, $progress, $earned, $common ): array {
				$rows = array();
				foreach ( $grouped as $row ) {
					$item = $catalogue[ $row['product_id'] ] ?? null;
					if ( null === $item ) {
						continue; // The item was unpublished or deleted: nothing to show.
					}
					$rows[] = $this->row( $row, $item, $user_id, $now, $people, $progress[ $row['product_id'] ] ?? array(), $earned[ $row['product_id'] ] ?? null, $common );
				}
				return $rows;
			}
		);
		usort(
			$rows,
			static function ( array $a, array $b ): int {
				$by_title = strcasecmp( $a['title'], $b['title'] );
				return 0 !== $by_title ? $by_title : strcmp( $a['tag'], $b['tag'] );
			}
		);
		return $rows;
	}

	/**
	 * People whose names the rows show (sharers and holders of shared seats).
	 *
	 * @param array<string, array<string, mixed>> $grouped Grouped rows.
	 * @return int[]
	 */
	public static function people_ids( array $grouped ): array {
		$ids = array();
		foreach ( $grouped as $row ) {
			if ( $row['share_user_id'] ) {
				$ids[] = $row['share_user_id'];
			}
			foreach ( $row['seats'] as $seat ) {
				if ( $seat->shared && $seat->holder_id ) {
					$ids[] = $seat->holder_id;
				}
			}
		}
		return $ids;
	}

	/**
	 * One row.
	 *
	 * @param array<string, mixed>                           $row         Grouped row.
	 * @param array<string, mixed>                           $item        Catalogue item.
	 * @param int                                            $user_id     Viewer.
	 * @param int                                            $now         Unix seconds.
	 * @param array<int, array{name: string, email: string}> $people      Names by user ID.
	 * @param array<int, PartProgress>                       $progress    Progress by part.
	 * @param Certificate|null                               $earned      Valid certificate, or null.
	 * @param array{program_url: Closure(): string, month_end: int, videos_url: string, contract_url: string, member_list_url: string, type_labels: array<string, string>} $common What the rows of a build share (rows()).
	 * @return array<string, mixed>
	 */
	private function row( array $row, array $item, int $user_id, int $now, array $people, array $progress, ?Certificate $earned, array $common ): array {
		$summary     = LicenseSummary::of( $row['seats'], $user_id, $now );
		$licenses    = array();
		$shared      = array();
		$month_end   = $common['month_end'];
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
		$access   = Access::reason( $row['tag'], $item['content_type'], $summary, $sharer, 'contract' === $row['tag'] && Expiry::has_passed( $expiry, $now ) );
		$is_owner = 0 === $sharer;

		$built = array(
			'product_id'         => $item['product_id'],
			'title'              => $item['title'],
			'subtitle'           => $item['subtitle'],
			'description'        => $item['description'],
			'img'                => $item['img'],
			'content_type'       => $item['content_type'],
			'content_type_label' => $common['type_labels'][ $item['content_type'] ] ?? '',
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
			'status'             => '', // Set below, with playback_status, from the row itself (RowStatus).
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
				'detail_url'    => self::detail_url( $built, $common['videos_url'], $common['contract_url'] ),
			),
			$common['program_url'],
			$common['member_list_url']
		);
		return $built;
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
	 * The portal address of a row's own page (the member version with tag=member, a contract's
	 * row in its contract library).
	 *
	 * @param array<string, mixed> $row          Row as built.
	 * @param string               $videos_url   home_url() of the portal's videos/, with its slash.
	 * @param string               $contract_url home_url() of contract/, with its slash.
	 */
	private static function detail_url( array $row, string $videos_url, string $contract_url ): string {
		if ( 'contract' === $row['tag'] ) {
			return $contract_url . (int) $row['contract_id'] . '/' . (int) $row['product_id'];
		}
		$url = $videos_url . (int) $row['product_id'];
		return 'member' === $row['tag'] ? add_query_arg( 'tag', 'member', $url ) : $url;
	}
}
