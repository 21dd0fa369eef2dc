<?php
/**
 * The plugin's part of WordPress's personal data erasure (Tools → Erase Personal Data).
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Privacy;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Notices\NotificationRepository;
use LibraryPortal\Core\Quizzes\QuizAttemptRepository;
use LibraryPortal\Core\Rows\CertificateNames;
use LibraryPortal\Core\Rows\CertificateRepository;
use LibraryPortal\Core\Rows\ProgressRepository;
use LibraryPortal\Core\Seats\AddressRepository;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Seats\MailHistoryRepository;
use LibraryPortal\Core\Seats\SeatState;
use LibraryPortal\Core\Seats\ShareRepository;
use WP_User;

/**
 * Erases what is the person's own and keeps what others or the public rely on
 * (docs/rules/privacy.md, "Privacy, uninstall and deleted users"):
 *
 * - erased: progress, test attempts, notifications (theirs, and others' that name them), the
 *   share e-mails they sent; seats shared to them and not activated go back to their owners;
 * - kept: certificates (code, training, date stay verifiable; the name no longer shows),
 *   their own purchases and the seats they gave out, and seats they activated from a team
 *   owner (spent: the owner paid for them and still sees them used).
 *
 * - by the address itself, with or without an account: share records, share links and share
 *   e-mails sent to it keep their row with WordPress's anonymous address instead, contracts lose it
 *   as their organizer's e-mail, notifications quoting it are erased.
 *
 * Every step is one statement or a conditional UPDATE per seat, so the work fits one page.
 */
final class PersonalDataEraser {

	/**
	 * Wires the eraser.
	 *
	 * @param LicenseRepository      $licenses      Seats.
	 * @param ShareRepository        $shares        Share records.
	 * @param ProgressRepository     $progress      Progress.
	 * @param QuizAttemptRepository  $quiz_attempts Test attempts.
	 * @param NotificationRepository $notifications Notifications.
	 * @param MailHistoryRepository  $mail_history  Share e-mails.
	 * @param CertificateRepository  $certificates  Certificates.
	 * @param CertificateNames       $names         Hides names on certificates.
	 * @param AddressRepository      $addresses     Rows addressed to an e-mail address.
	 */
	public function __construct(
		private readonly LicenseRepository $licenses,
		private readonly ShareRepository $shares,
		private readonly ProgressRepository $progress,
		private readonly QuizAttemptRepository $quiz_attempts,
		private readonly NotificationRepository $notifications,
		private readonly MailHistoryRepository $mail_history,
		private readonly CertificateRepository $certificates,
		private readonly CertificateNames $names,
		private readonly AddressRepository $addresses
	) {}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_filter( 'wp_privacy_personal_data_erasers', array( $this, 'erasers' ) );
	}

	/**
	 * Adds the plugin's eraser.
	 *
	 * @param mixed $erasers Erasers so far (what other plugins left in the filter).
	 * @return array<string, array{eraser_friendly_name: string, callback: callable}>
	 */
	public function erasers( $erasers ): array {
		$erasers                   = is_array( $erasers ) ? $erasers : array();
		$erasers['library-portal'] = array(
			'eraser_friendly_name' => __( 'Library Portal', 'library-portal' ),
			'callback'             => fn( $email, $page = 1 ) => $this->erase( (string) $email, (int) $page ),
		);
		return $erasers;
	}

	/**
	 * Erases the data of the account with an e-mail address and the address itself wherever
	 * the plugin stored it (all on page 1).
	 *
	 * @param string   $email The requester's e-mail address.
	 * @param int      $page  Page, from 1 (there is only one).
	 * @param int|null $now   Unix seconds (null: now).
	 * @return array{items_removed: bool, items_retained: bool, messages: string[], done: bool}
	 */
	public function erase( string $email, int $page = 1, ?int $now = null ): array {
		$reply = array(
			'items_removed'  => false,
			'items_retained' => false,
			'messages'       => array(),
			'done'           => true,
		);
		if ( $page > 1 ) {
			return $reply;
		}
		$user = get_user_by( 'email', $email );
		if ( $user instanceof WP_User ) {
			$reply = array_merge( $reply, $this->erase_account( (int) $user->ID, $now ?? time() ) );
		}

		// With or without an account: the rows where the address is someone else's recipient.
		$addressed = $this->addresses->erase( $email, (string) wp_privacy_anonymize_data( 'email', $email ) );
		$invited   = $addressed['shares'] + $addressed['links'] + $addressed['mail'];
		if ( $invited > 0 ) {
			/* translators: %d: number of records. */
			$reply['messages'][] = sprintf( _n( '%d share record, link or e-mail sent to this address no longer holds the address; the sharer keeps the record without it.', '%d share records, links and e-mails sent to this address no longer hold the address; the sharers keep the records without it.', $invited, 'library-portal' ), $invited );
		}
		if ( $addressed['organizers'] > 0 ) {
			/* translators: %d: number of contracts. */
			$reply['messages'][] = sprintf( _n( '%d contract no longer lists this address as its organizer\'s e-mail.', '%d contracts no longer list this address as their organizer\'s e-mail.', $addressed['organizers'], 'library-portal' ), $addressed['organizers'] );
		}
		if ( $addressed['notifications'] > 0 ) {
			/* translators: %d: number of notifications. */
			$reply['messages'][] = sprintf( _n( '%d notification that quoted this address was erased.', '%d notifications that quoted this address were erased.', $addressed['notifications'], 'library-portal' ), $addressed['notifications'] );
		}
		$reply['items_removed'] = $reply['items_removed'] || array_sum( $addressed ) > 0;
		return $reply;
	}

	/**
	 * Erases the data of an account (see the class).
	 *
	 * @param int $user_id User.
	 * @param int $now     Unix seconds.
	 * @return array{items_removed: bool, items_retained: bool, messages: string[]}
	 */
	private function erase_account( int $user_id, int $now ): array {
		$linked = $this->licenses->linked_users( $user_id );

		list( $freed, $kept_activated, $own_seats ) = $this->free_shared_seats( $user_id, $now );

		$removed      = array(
			'progress'      => $this->progress->erase_user( $user_id ),
			'attempts'      => $this->quiz_attempts->erase_user( $user_id ),
			'notifications' => $this->notifications->erase_user( $user_id ),
			'mail'          => $this->mail_history->erase_user( $user_id ),
		);
		$certificates = $this->certificates->count_for_user( $user_id );
		if ( $certificates > 0 ) {
			$this->names->hide( $user_id, $now );
		}
		// Several of the writes above do not announce themselves: drop every library they touch.
		Repository::announce_changed( array_values( array_unique( array_merge( array( $user_id ), $linked ) ) ) );

		$messages = array();
		if ( $freed > 0 ) {
			/* translators: %d: number of licenses. */
			$messages[] = sprintf( _n( '%d license shared with this user and not yet started went back to its owner.', '%d licenses shared with this user and not yet started went back to their owners.', $freed, 'library-portal' ), $freed );
		}
		if ( $removed['progress'] > 0 ) {
			/* translators: %d: number of records. */
			$messages[] = sprintf( _n( '%d training progress record was erased.', '%d training progress records were erased.', $removed['progress'], 'library-portal' ), $removed['progress'] );
		}
		if ( $removed['attempts'] > 0 ) {
			/* translators: %d: number of attempts. */
			$messages[] = sprintf( _n( '%d test attempt was erased.', '%d test attempts were erased.', $removed['attempts'], 'library-portal' ), $removed['attempts'] );
		}
		if ( $removed['notifications'] > 0 ) {
			/* translators: %d: number of notifications. */
			$messages[] = sprintf( _n( '%d notification was erased.', '%d notifications were erased.', $removed['notifications'], 'library-portal' ), $removed['notifications'] );
		}
		if ( $removed['mail'] > 0 ) {
			/* translators: %d: number of e-mails. */
			$messages[] = sprintf( _n( '%d share e-mail record was erased.', '%d share e-mail records were erased.', $removed['mail'], 'library-portal' ), $removed['mail'] );
		}
		if ( $certificates > 0 ) {
			/* translators: %d: number of certificates. */
			$messages[] = sprintf( _n( '%d certificate was kept so that its code can still be verified (training and date); it no longer shows the name.', '%d certificates were kept so that their codes can still be verified (training and date); they no longer show the name.', $certificates, 'library-portal' ), $certificates );
		}
		if ( $own_seats > 0 ) {
			/* translators: %d: number of licenses. */
			$messages[] = sprintf( _n( '%d purchased license was kept: it is a purchase record, and team members may hold it.', '%d purchased licenses were kept: they are purchase records, and team members may hold them.', $own_seats, 'library-portal' ), $own_seats );
		}
		if ( $kept_activated > 0 ) {
			/* translators: %d: number of licenses. */
			$messages[] = sprintf( _n( '%d license this user activated from a team owner was kept: it is used up, and the owner\'s records count it.', '%d licenses this user activated from team owners were kept: they are used up, and the owners\' records count them.', $kept_activated, 'library-portal' ), $kept_activated );
		}

		return array(
			'items_removed'  => $freed > 0 || array_sum( $removed ) > 0,
			'items_retained' => $certificates > 0 || $own_seats > 0 || $kept_activated > 0,
			'messages'       => $messages,
		);
	}

	/**
	 * Gives back the seats shared to the user that they never started, each with the same
	 * conditional UPDATE as a racing accept's give-back (only a seat still assigned to them
	 * changes), and closes its share record.
	 *
	 * @param int $user_id User.
	 * @param int $now     Unix seconds.
	 * @return array{0: int, 1: int, 2: int} Seats freed, activated seats from others kept, own seats.
	 */
	private function free_shared_seats( int $user_id, int $now ): array {
		$freed     = 0;
		$activated = 0;
		$own       = 0;
		foreach ( $this->licenses->seats_for_user( $user_id ) as $seat ) {
			if ( $seat->owner_id === $user_id ) {
				++$own;
			} elseif ( SeatState::Assigned === $seat->state ) {
				if ( $this->licenses->return_seat( $seat->id, $user_id, $now ) ) {
					$this->shares->close( $seat->id, 'returned', $now );
					++$freed;
				}
			} elseif ( SeatState::Activated === $seat->state ) {
				++$activated;
			}
		}
		return array( $freed, $activated, $own );
	}
}
