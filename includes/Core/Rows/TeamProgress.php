<?php
/**
 * What an owner's team did with the seats they were given.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

use LibraryPortal\Core\Items\Catalogue;
use LibraryPortal\Core\Items\ContentType;
use LibraryPortal\Core\People\People;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Seats\TeamSeat;

/**
 * `GET shareduserscontent/` and the team CSV: every person holding a seat the owner shared, with
 * each training's progress, status and certificate. Six reads whatever the team's size, each on
 * an index: the owner's shared seats, the people, their progress and certificates on those
 * items, and the items' posts and meta.
 *
 * Counts are decided here, not in the browser: e-manuals are not
 * trainings to follow (left out of the products and the counts, but counted in the licenses a
 * member holds); a training is completed when its certificate exists; completed_percent is
 * completed over trainings, rounded.
 */
final class TeamProgress {

	/**
	 * Wires the service.
	 *
	 * @param LicenseRepository     $licenses     Seats.
	 * @param ProgressRepository    $progress     Progress.
	 * @param CertificateRepository $certificates Certificates.
	 * @param Catalogue             $catalogue    Items.
	 */
	public function __construct(
		private readonly LicenseRepository $licenses,
		private readonly ProgressRepository $progress,
		private readonly CertificateRepository $certificates,
		private readonly Catalogue $catalogue
	) {}

	/**
	 * The owner's team, keyed by user ID.
	 *
	 * @param int $owner_id Owner.
	 * @return array<int, array<string, mixed>>
	 */
	public function for_owner( int $owner_id ): array {
		return $this->for_seats( $this->licenses->team_seats( $owner_id ), time() );
	}

	/**
	 * The team holding these seats (LicenseRepository::team_seats() of one owner), keyed by user ID:
	 * TeamReplyCache reads the seats first to decide whether its copy is still good.
	 *
	 * @param TeamSeat[] $seats The owner's shared seats.
	 * @param int        $now   Unix seconds: which seats may still be taken back.
	 * @return array<int, array<string, mixed>>
	 */
	public function for_seats( array $seats, int $now ): array {
		$read = $this->read( $seats );
		if ( null === $read ) {
			return array();
		}
		list( $seats, $people, $earned, $products, $holders, $items ) = $read;
		$watched = $this->progress->for_users_items( $holders, $items );

		$team   = array();
		$labels = array();
		foreach ( $seats as $seat ) {
			$holder = $seat->holder_id;
			$item   = $products[ $seat->product_id ] ?? null;
			if ( null === $item || ! isset( $people[ $holder ] ) ) {
				continue; // Unpublished item, or a user who no longer exists.
			}
			$team[ $holder ] ??= array(
				'id'                  => $holder,
				'name'                => $people[ $holder ]['name'],
				'email'               => $people[ $holder ]['email'],
				'shared_licenses'     => 0,
				'completed_count'     => 0,
				'total_count'         => 0,
				'completed_percent'   => 0,
				'products'            => array(),
				// Seats nobody started (e-manuals included): what Remove Team Member offers to take back.
				'revocable_share_ids' => array(),
			);
			++$team[ $holder ]['shared_licenses'];
			if ( $seat->revocable( $now ) ) {
				$team[ $holder ]['revocable_share_ids'][] = $seat->id;
			}
			if ( ContentType::E_MANUAL === $item['content_type'] ) {
				continue;
			}
			$certificate = $earned[ $holder ][ $seat->product_id ] ?? null;
			$progress    = ProgressSummary::of( (int) $item['part_count'], $watched[ $holder ][ $seat->product_id ] ?? array() );

			$team[ $holder ]['products'][] = array(
				'share_id'           => $seat->id,
				'product_id'         => $seat->product_id,
				'title'              => $item['title'],
				'subtitle'           => $item['subtitle'],
				'content_type'       => $item['content_type'],
				'content_type_label' => $labels[ $item['content_type'] ] ??= ContentType::label( $item['content_type'] ),
				'status'             => PlaybackStatus::of( $progress, null !== $certificate, $item['content_type'] ),
				'video_data'         => array_merge(
					// The overall figure only: the team screens show no parts, and a team of 1,000 is a long reply.
					array(
						'progress' => array(
							'count' => $progress['count'],
							'time'  => $progress['time'],
						),
					),
					CertificateLinks::row_fields( $certificate )
				),
			);
			++$team[ $holder ]['total_count'];
			$team[ $holder ]['completed_count'] += null !== $certificate ? 1 : 0;
		}
		foreach ( $team as &$member ) {
			usort( $member['products'], static fn( array $a, array $b ) => array( strtolower( $a['title'] ), $a['share_id'] ) <=> array( strtolower( $b['title'] ), $b['share_id'] ) );
			$member['completed_percent'] = self::percent( $member['completed_count'], $member['total_count'] );
		}
		unset( $member );
		return $team;
	}

	/**
	 * What the dashboard counts of a team (for_owner()'s reply): members, completed and assigned
	 * trainings, and each member's latest completion, so "this year" can be counted on any day.
	 *
	 * @param array<int, array<string, mixed>> $team The team, as for_owner() builds it.
	 * @return array{members: int, completed: int, assigned: int, latest: array<int, int>}
	 */
	public static function figures( array $team ): array {
		$figures = array(
			'members'   => count( $team ),
			'completed' => 0,
			'assigned'  => 0,
			'latest'    => array(),
		);
		foreach ( $team as $member_id => $member ) {
			$figures['completed'] += (int) $member['completed_count'];
			$figures['assigned']  += (int) $member['total_count'];
			$done                  = array_column( array_column( $member['products'], 'video_data' ), 'completed_at' );
			if ( $done && max( $done ) > 0 ) {
				$figures['latest'][ (int) $member_id ] = (int) max( $done );
			}
		}
		return $figures;
	}

	/**
	 * The dashboard's team summary from figures(): members who completed a training since $since.
	 *
	 * @param array{members: int, completed: int, assigned: int, latest: array<int, int>} $figures Team figures.
	 * @param int                                                                       $since   Unix seconds: completions from then on count as "this year".
	 * @return array{members: int, completed: int, assigned: int, completed_since: int}
	 */
	public static function summary_of( array $figures, int $since ): array {
		return array(
			'members'         => $figures['members'],
			'completed'       => $figures['completed'],
			'assigned'        => $figures['assigned'],
			'completed_since' => count( array_filter( $figures['latest'], static fn( int $at ): bool => $at >= $since ) ),
		);
	}

	/**
	 * The completion rate: completed over trainings, a rounded percent (0 without any).
	 *
	 * @param int $completed Completed trainings.
	 * @param int $total     Trainings.
	 */
	public static function percent( int $completed, int $total ): int {
		return $total > 0 ? (int) round( 100 * $completed / $total ) : 0;
	}

	/**
	 * The reads both views start from: the owner's shared seats, their holders, the certificates
	 * on those items and the items; null when the owner shared nothing.
	 *
	 * @param TeamSeat[] $seats The owner's shared seats.
	 * @return array{0: TeamSeat[], 1: array<int, array{name: string, email: string}>, 2: array<int, array<int, \LibraryPortal\Core\Rows\Certificate>>, 3: array<int, array<string, mixed>>, 4: int[], 5: int[]}|null
	 */
	private function read( array $seats ): ?array {
		if ( ! $seats ) {
			return null;
		}
		$holders = array_values( array_unique( array_column( $seats, 'holder_id' ) ) );
		$items   = array_values( array_unique( array_column( $seats, 'product_id' ) ) ); // Seat's public properties.
		return array(
			$seats,
			People::by_id( $holders ),
			$this->certificates->for_users_items( $holders, $items ),
			$this->catalogue->items_by_id( $items ),
			$holders,
			$items,
		);
	}
}
