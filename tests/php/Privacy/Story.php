<?php
/**
 * Two learners with data in every group the privacy tools know.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Privacy;

use LibraryPortal\Core\Seats\ShareMethod;
use LibraryPortal\Services;
use LibraryPortal\Tests\Fixtures\Library;

/**
 * Gives a user (and, for contrast, another one) rows of each kind: progress, own seats with one
 * shared out, a seat received and started, a seat received and not started, share records,
 * share e-mails, notifications, test attempts and a certificate.
 */
final class Story {

	/**
	 * Builds one user's rows.
	 *
	 * @param Services $s     Services.
	 * @param int      $user  The user.
	 * @param int      $owner A team owner who shares two seats with the user.
	 * @param int      $team  A team member the user shares a seat with.
	 * @param string   $tag   Words in titles, e.g. the user's name.
	 * @return array{own: int, started: int, waiting: int, waiting_seat: int, started_seat: int, given_seat: int, certificate: string}
	 */
	public static function build( Services $s, int $user, int $owner, int $team, string $tag ): array {
		$now = time();

		$own = Library::item( "$tag own training", 'on-demand', 2 );
		Library::grant( $user, $own, 3 );
		Library::activate_own( $user, $own );
		$given = Library::share( $user, $team, $own );
		$s->shares->record_accepted( $given, $user, $own, $team, ShareMethod::Email, "$tag.friend@example.com", $now );
		$s->mail_history->add( $user, $own, "$tag.friend@example.com", true, $now );
		$s->mail_history->add( $user, $own, "$tag.other@example.com", false, $now );
		$s->progress->record( $user, $own, 0, 100, $now );
		$s->progress->record( $user, $own, 1, 95, $now );
		$s->quiz_attempts->record( $user, $own, 60, false, array( 'q1' => 2 ), $now - 60 );
		$s->quiz_attempts->record( $user, $own, 90, true, array( 'q1' => 1 ), $now );
		$s->certificates->issue( $user, $own, 90, $now - 10 );

		$started = Library::item( "$tag started shared training" );
		Library::grant( $owner, $started, 1 );
		$started_seat = Library::share( $owner, $user, $started );
		$s->shares->record_accepted( $started_seat, $owner, $started, $user, ShareMethod::Link, '', $now );
		$s->licenses->activate_seat( $started_seat, $user, $now );
		$s->progress->record( $user, $started, 0, 40, $now );

		$waiting = Library::item( "$tag waiting shared training" );
		Library::grant( $owner, $waiting, 2 );
		$waiting_seat = Library::share( $owner, $user, $waiting );
		$s->shares->record_accepted( $waiting_seat, $owner, $waiting, $user, ShareMethod::Link, '', $now );

		$s->notifier->notify(
			array(
				'user_id' => $user,
				'type'    => 'share_received',
				'message' => "$tag: a license was shared with you",
			),
			$now
		);
		$hidden = $s->notifier->notify(
			array(
				'user_id' => $user,
				'type'    => 'share_accepted',
				'message' => "$tag: your share was accepted",
			),
			$now
		);
		$s->notifications->hide( $user, $hidden );
		$s->notifier->notify(
			array(
				'user_id'         => $owner,
				'type'            => 'share_accepted',
				'message'         => "$tag accepted your share",
				'related_user_id' => $user,
			),
			$now
		);

		return array(
			'own'          => $own,
			'started'      => $started,
			'waiting'      => $waiting,
			'waiting_seat' => $waiting_seat,
			'started_seat' => $started_seat,
			'given_seat'   => $given,
			'certificate'  => $s->certificates->for_user_item( $user, $own )->code,
		);
	}
}
