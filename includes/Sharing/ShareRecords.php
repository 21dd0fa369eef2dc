<?php
/**
 * The Share Details tab's data.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Sharing;

use LibraryPortal\Core\Items\ItemMedia;
use LibraryPortal\Core\People\People;
use LibraryPortal\Core\Rows\CertificateLinks;
use LibraryPortal\Core\Rows\CertificateRepository;
use LibraryPortal\Core\Rows\Expiry;
use LibraryPortal\Core\Rows\ProgressRepository;
use LibraryPortal\Core\Rows\ProgressSummary;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Seats\MailHistoryRepository;
use LibraryPortal\Core\Seats\ShareLinks;
use LibraryPortal\Core\Seats\ShareRule;
use LibraryPortal\Core\Site\SiteDate;

/**
 * `GET videosharedata/{id}`: an owner's share records of an item with each holder's progress,
 * completion date and certificate, the e-mail history, the invitations still pending and what is
 * left of the send limits.
 * A fixed number of queries however many shares the item has: seats with their share records,
 * people, progress, certificates, history, seat counts and send limits, each read once.
 */
final class ShareRecords {

	/**
	 * Wires the service.
	 *
	 * @param LicenseRepository     $licenses     Seats.
	 * @param ProgressRepository    $progress     Progress.
	 * @param CertificateRepository $certificates Certificates.
	 * @param MailHistoryRepository $history      Send history.
	 * @param ShareMailer           $mailer       Send limits.
	 * @param ShareLinks            $links        Pending invitations.
	 */
	public function __construct(
		private readonly LicenseRepository $licenses,
		private readonly ProgressRepository $progress,
		private readonly CertificateRepository $certificates,
		private readonly MailHistoryRepository $history,
		private readonly ShareMailer $mailer,
		private readonly ShareLinks $links
	) {}

	/**
	 * The reply's data.
	 *
	 * @param int $owner_id   Owner (the caller checked the item is theirs).
	 * @param int $product_id Item.
	 * @param int $now        Unix seconds.
	 * @return array<string, mixed>
	 */
	public function for_owner( int $owner_id, int $product_id, int $now ): array {
		// Up to a few hundred seats and a hundred messages, each with a date: the site's date
		// settings are read once for all of them, not once a date (SiteDate::in_one_setting()).
		return SiteDate::in_one_setting( fn(): array => $this->build( $owner_id, $product_id, $now ) );
	}

	/**
	 * The reply of for_owner().
	 *
	 * @param int $owner_id   Owner.
	 * @param int $product_id Item.
	 * @param int $now        Unix seconds.
	 * @return array<string, mixed>
	 */
	private function build( int $owner_id, int $product_id, int $now ): array {
		$seats   = $this->licenses->shared_seats( $owner_id, $product_id );
		$holders = array_values( array_unique( array_column( $seats, 'holder_id' ) ) );
		$people  = People::by_id( $holders );
		$watched = $this->progress->for_users_items( $holders, array( $product_id ) );
		$earned  = $this->certificates->for_users_items( $holders, array( $product_id ) );
		$parts   = ItemMedia::part_count_of( get_post_meta( $product_id, '_lp_video_parts', true ) );

		$records = array();
		foreach ( $seats as $seat ) {
			$holder      = $seat['holder_id'];
			$certificate = $earned[ $holder ][ $product_id ] ?? null;
			$expired     = Expiry::has_passed( $seat['expires_at'], $now );
			$records[]   = array(
				'share_id'      => $seat['id'],
				'user_id'       => $holder,
				'name'          => $people[ $holder ]['name'] ?? '',
				'email'         => $people[ $holder ]['email'] ?? '',
				'invited_email' => $seat['recipient_email'],
				'method'        => '' !== $seat['method'] ? $seat['method'] : 'link',
				'shared_at'     => $seat['shared_at'],
				'expiry'        => $seat['expires_at'],
				'expiry_date'   => SiteDate::date( $seat['expires_at'] ),
				'expired'       => $expired,
				'activated'     => 'activated' === $seat['state'],
				'activated_at'  => $seat['activated_at'],
				'can_revoke'    => 'assigned' === $seat['state'] && ! $expired && isset( $people[ $holder ] ),
				'video_data'    => array_merge(
					array( 'progress' => ProgressSummary::of( $parts, $watched[ $holder ][ $product_id ] ?? array() ) ),
					CertificateLinks::row_fields( $certificate )
				),
			);
		}
		usort( $records, array( self::class, 'by_expiry' ) );

		$counts    = $this->licenses->own_seat_counts( $owner_id, $product_id, $now );
		$can_share = ShareRule::allows(
			array(
				'tag'                => '',
				'contract_id'        => 0,
				'share_user_id'      => 0,
				'total_licenses'     => $counts['unexpired'],
				'available_licenses' => $counts['available'],
			)
		);
		$limits    = $this->mailer->limits( $owner_id, $now );
		$pending   = $this->links->pending_invitations( $owner_id, $product_id, $now );
		return array_merge(
			array(
				'share_data'          => $records,
				'mail_history'        => self::dated( $this->history->for_item( $owner_id, $product_id ) ),
				'available_licenses'  => $counts['available'],
				'can_share'           => $can_share,
				'max_recipients'      => ShareMailer::MAX_RECIPIENTS,
				// E-mailed links not yet accepted (docs/rules/seats-and-sharing.md, "Sharing seats"): Resend takes one
				// message of the quota, the warning shows when they outnumber the licenses left.
				'pending_invitations' => array(
					'invitations'         => $pending['invitations'],
					'total'               => $pending['total'],
					'can_resend'          => $can_share && $limits['daily_remaining'] > 0,
					'more_than_available' => $pending['total'] > $counts['available'],
				),
			),
			$limits
		);
	}

	/**
	 * Expiry descending, never-expiring last; then the newest seat first.
	 *
	 * @param array<string, mixed> $a Record.
	 * @param array<string, mixed> $b Record.
	 */
	private static function by_expiry( array $a, array $b ): int {
		$a_never = Expiry::is_never( (int) $a['expiry'] );
		$b_never = Expiry::is_never( (int) $b['expiry'] );
		if ( $a_never !== $b_never ) {
			return $a_never ? 1 : -1;
		}
		return array( $b['expiry'], $b['share_id'] ) <=> array( $a['expiry'], $a['share_id'] );
	}

	/**
	 * Send history with each entry's moment in the site's date and time format (docs/rules/library-and-catalogue.md, "Dates").
	 *
	 * @param array<int, array{email: string, timestamp: int, accepted: bool}> $history Entries.
	 * @return array<int, array{email: string, timestamp: int, accepted: bool, date: string}>
	 */
	public static function dated( array $history ): array {
		return array_map( static fn( array $entry ): array => $entry + array( 'date' => SiteDate::date_time( $entry['timestamp'] ) ), $history );
	}
}
