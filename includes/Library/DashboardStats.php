<?php
/**
 * The dashboard's figures.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Library;

use LibraryPortal\Core\Items\ContentType;
use LibraryPortal\Core\Rows\Expiry;
use LibraryPortal\Core\Rows\LibraryCache;
use LibraryPortal\Core\Rows\LibraryService;
use LibraryPortal\Core\Rows\TeamProgress;
use LibraryPortal\Core\Rows\TeamReplyCache;
use LibraryPortal\Core\Site\SiteDate;

/**
 * The Dashboard stats entity, decided here and only shown by the browser.
 *
 * Library figures count the rows of the user's library list, so the list filter each figure
 * carries (`filters`) shows exactly the rows counted: a content-type figure counts every row of
 * its types, expired ones included (the list shows those under 'Expired Items'). Team figures
 * come from the same team reply as Manage My Team. The reasons are in docs/rules/library-and-catalogue.md,
 * "Dashboard figures".
 */
final class DashboardStats {

	/**
	 * Wires the service.
	 *
	 * @param LibraryService $library Library builder.
	 * @param LibraryCache   $cache   Cache of encoded libraries.
	 * @param TeamReplyCache $team    The team's figures, kept with its reply.
	 */
	public function __construct(
		private readonly LibraryService $library,
		private readonly LibraryCache $cache,
		private readonly TeamReplyCache $team
	) {}

	/**
	 * The figures of one user.
	 *
	 * @param \WP_User $user           User.
	 * @param int      $now            Unix seconds.
	 * @param bool     $team_available Whether Manage My Team is offered on this site.
	 * @return array<string, mixed>
	 */
	public function for_user( \WP_User $user, int $now, bool $team_available ): array {
		$user_id = $user->ID;
		$rows    = json_decode( $this->cache->items_json( $user_id, $now, fn() => $this->library->items_for( $user_id, $now ) ), true );
		$rows    = is_array( $rows ) ? $rows : array();
		$team    = $this->team->summary( $user_id, self::year_start( $now ) );
		// Contract rows live in their contract's library (/contract/{id}), not in the list counted here.
		$own       = array();
		$contracts = array();
		foreach ( $rows as $row ) {
			if ( 'contract' === $row['tag'] ) {
				$contracts[] = (int) $row['contract_id'];
			} else {
				$own[] = $row;
			}
		}

		return array_merge(
			self::team_figures( $team ),
			self::library_figures( $own, (int) $this->library->user_summary( $user )['member_expiry'] ),
			array(
				'remainingLicenses' => self::remaining_licenses( $own ),
				'canShare'          => $team_available && ( $team['members'] > 0 || self::bought_for_a_team( $own ) ),
				'filters'           => self::filters(),
				// A library that is only contracts opens on the first contract.
				'contractHome'      => ! $own && $contracts ? min( $contracts ) : null,
			)
		);
	}

	/**
	 * Team figures: members (the rows of Manage My Team), members who completed a training this
	 * calendar year (site time), and completed over assigned trainings, rounded.
	 *
	 * @param array{members: int, completed: int, assigned: int, completed_since: int} $team TeamReplyCache::summary().
	 * @return array<string, int>
	 */
	public static function team_figures( array $team ): array {
		return array(
			'completedUsersThisYear' => $team['completed_since'],
			'totalSharedUsers'       => $team['members'],
			'completionRate'         => TeamProgress::percent( $team['completed'], $team['assigned'] ),
		);
	}

	/**
	 * The first second of the calendar year of $now, in the site's time zone.
	 *
	 * @param int $now Unix seconds.
	 */
	public static function year_start( int $now ): int {
		return ( new \DateTimeImmutable( wp_date( 'Y', $now ) . '-01-01 00:00:00', wp_timezone() ) )->getTimestamp();
	}

	/**
	 * Library figures over the list's rows.
	 *
	 * @param array<int, array<string, mixed>> $rows          Items reply rows.
	 * @param int                              $member_expiry The user's membership expiry (0: none).
	 * @return array<string, int|string|null>
	 */
	public static function library_figures( array $rows, int $member_expiry ): array {
		$membership_ends = self::membership_expiry( $rows, $member_expiry );
		$of_types        = static fn( array $types ): int => count(
			array_filter( $rows, static fn( array $row ): bool => in_array( $row['content_type'], $types, true ) )
		);
		$videos          = array_filter( $rows, static fn( array $row ): bool => ContentType::has_video( $row['content_type'] ) );
		$done            = static fn( array $row ): bool => 'completed' === $row['status'];
		return array(
			'onDemandWorkshops'         => $of_types( ContentType::WORKSHOPS ),
			'webinars'                  => $of_types( ContentType::WEBINARS ),
			'eManuals'                  => $of_types( array( ContentType::E_MANUAL ) ),
			'completedTrainings'        => count( array_filter( $rows, $done ) ),
			'membershipExpiry'          => $membership_ends,
			'membershipExpiryDate'      => SiteDate::date( (int) $membership_ends ), // '' for N/A.
			'expiringLicensesThisMonth' => (int) array_sum( array_column( $rows, 'expiring_licenses' ) ),
			'completedVideos'           => count( array_filter( $videos, $done ) ),
			'totalVideos'               => count( $videos ),
		);
	}

	/**
	 * Licenses the user can still share: the unclaimed seats of every row with a Share button.
	 *
	 * @param array<int, array<string, mixed>> $rows Items reply rows.
	 */
	public static function remaining_licenses( array $rows ): int {
		$total = 0;
		foreach ( $rows as $row ) {
			$total += ! empty( $row['can_share'] ) ? (int) $row['available_licenses'] : 0;
		}
		return $total;
	}

	/**
	 * The list filter (content types and status filter) that shows exactly
	 * what each figure counts.
	 *
	 * @return array<string, array{types: string[], status: string}>
	 */
	public static function filters(): array {
		return array(
			'onDemandWorkshops'         => array(
				'types'  => ContentType::WORKSHOPS,
				'status' => 'all',
			),
			'webinars'                  => array(
				'types'  => ContentType::WEBINARS,
				'status' => 'all',
			),
			'eManuals'                  => array(
				'types'  => array( ContentType::E_MANUAL ),
				'status' => 'all',
			),
			'completedTrainings'        => array(
				'types'  => array(),
				'status' => 'completed',
			),
			'expiringLicensesThisMonth' => array(
				'types'  => array(),
				'status' => 'expired',
			),
		);
	}

	/**
	 * Whether the user bought seats for a team: a row with more than one seat that they can
	 * share now or bought themselves (every seat may be taken by now). A single seat bought for
	 * oneself is not a team, even though the Share button could give it away.
	 *
	 * @param array<int, array<string, mixed>> $rows Items reply rows.
	 */
	private static function bought_for_a_team( array $rows ): bool {
		foreach ( $rows as $row ) {
			$own_purchase = '' === (string) $row['tag'] && 0 === (int) $row['share_user_id'] && 0 === (int) $row['contract_id'];
			if ( (int) $row['total_licenses'] > 1 && ( ! empty( $row['can_share'] ) || $own_purchase ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Membership expiry: the user's membership, else the latest expiry of membership rows;
	 * null ('N/A') when none is known or it never ends.
	 *
	 * @param array<int, array<string, mixed>> $rows          Items reply rows.
	 * @param int                              $member_expiry The user's membership expiry (0: none).
	 */
	private static function membership_expiry( array $rows, int $member_expiry ): ?int {
		if ( 0 !== $member_expiry && ! Expiry::is_never( $member_expiry ) ) {
			return $member_expiry;
		}
		$expiries = array();
		foreach ( $rows as $row ) {
			if ( ContentType::MEMBERSHIP === $row['content_type'] && ! Expiry::is_never( (int) $row['expiry'] ) ) {
				$expiries[] = (int) $row['expiry'];
			}
		}
		return $expiries ? max( $expiries ) : null;
	}
}
