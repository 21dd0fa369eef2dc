<?php
/**
 * The plugin's part of WordPress's personal data export (Tools → Export Personal Data).
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Privacy;

use LibraryPortal\Core\Notices\NotificationRepository;
use LibraryPortal\Core\Quizzes\QuizAttemptRepository;
use LibraryPortal\Core\Rows\CertificateLinks;
use LibraryPortal\Core\Rows\CertificateRepository;
use LibraryPortal\Core\Rows\ProgressRepository;
use LibraryPortal\Core\Seats\AddressRepository;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Seats\MailHistoryRepository;
use LibraryPortal\Core\Seats\SeatState;
use LibraryPortal\Core\Seats\ShareRepository;
use WP_User;

/**
 * One exporter per kind of data, so each pages through its own rows: WordPress calls an
 * exporter with page 1, 2, … until it answers `done`. Only the rows of the account with the
 * requested e-mail address are read, and the rows where that address is someone else's
 * recipient (with or without an account); other people appear as "a team member" or "a team
 * owner", never by name.
 */
final class PersonalDataExporter {

	/**
	 * Rows per page and exporter.
	 *
	 * @var int
	 */
	private int $per_page;

	/**
	 * Wires the exporter.
	 *
	 * @param ProgressRepository     $progress      Progress.
	 * @param LicenseRepository      $licenses      Seats.
	 * @param ShareRepository        $shares        Share records.
	 * @param MailHistoryRepository  $mail_history  Share e-mails.
	 * @param NotificationRepository $notifications Notifications.
	 * @param QuizAttemptRepository  $quiz_attempts Test attempts.
	 * @param CertificateRepository  $certificates  Certificates.
	 * @param AddressRepository      $addresses     Rows addressed to an e-mail address.
	 * @param int                    $per_page      Rows per page and exporter.
	 */
	public function __construct(
		private readonly ProgressRepository $progress,
		private readonly LicenseRepository $licenses,
		private readonly ShareRepository $shares,
		private readonly MailHistoryRepository $mail_history,
		private readonly NotificationRepository $notifications,
		private readonly QuizAttemptRepository $quiz_attempts,
		private readonly CertificateRepository $certificates,
		private readonly AddressRepository $addresses,
		int $per_page = 100
	) {
		$this->per_page = max( 1, $per_page );
	}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_filter( 'wp_privacy_personal_data_exporters', array( $this, 'exporters' ) );
	}

	/**
	 * Adds the plugin's exporters.
	 *
	 * @param mixed $exporters Exporters so far (what other plugins left in the filter).
	 * @return array<string, array{exporter_friendly_name: string, callback: callable}>
	 */
	public function exporters( $exporters ): array {
		$exporters = is_array( $exporters ) ? $exporters : array();
		foreach ( $this->groups() as $id => $group ) {
			$exporters[ $id ] = array(
				/* translators: %s: kind of data, e.g. "Training progress". */
				'exporter_friendly_name' => sprintf( __( 'Library Portal: %s', 'library-portal' ), $group['label'] ),
				'callback'               => fn( $email, $page = 1 ) => $this->export( $id, (string) $email, (int) $page ),
			);
		}
		return $exporters;
	}

	/**
	 * One page of one group for the account with an e-mail address.
	 *
	 * @param string $group_id Group (a key of groups()).
	 * @param string $email    The requester's e-mail address.
	 * @param int    $page     Page, from 1.
	 * @return array{data: array<int, array{group_id: string, group_label: string, group_description: string, item_id: string, data: array<int, array{name: string, value: string}>}>, done: bool}
	 */
	public function export( string $group_id, string $email, int $page ): array {
		$nothing = array(
			'data' => array(),
			'done' => true,
		);
		$groups  = $this->groups();
		if ( ! isset( $groups[ $group_id ] ) ) {
			return $nothing;
		}
		$offset = ( max( 1, $page ) - 1 ) * $this->per_page;
		$method = $groups[ $group_id ]['rows'];
		if ( $groups[ $group_id ]['by_address'] ) {
			list( $items, $done ) = $this->$method( $email, $offset );
		} else {
			$user = get_user_by( 'email', $email );
			if ( ! $user instanceof WP_User ) {
				return $nothing;
			}
			list( $items, $done ) = $this->$method( (int) $user->ID, $offset );
		}

		$data = array();
		foreach ( $items as $item_id => $fields ) {
			$pairs = array();
			foreach ( $fields as $name => $value ) {
				$pairs[] = array(
					'name'  => $name,
					'value' => $value,
				);
			}
			$data[] = array(
				'group_id'          => $group_id,
				'group_label'       => $groups[ $group_id ]['label'],
				'group_description' => $groups[ $group_id ]['description'],
				'item_id'           => $group_id . '-' . $item_id,
				'data'              => $pairs,
			);
		}
		return array(
			'data' => $data,
			'done' => $done,
		);
	}

	/**
	 * The groups: exporter ID => label, description, the method that reads a page and whether it
	 * reads by the address itself (with or without an account) rather than by the account.
	 *
	 * @return array<string, array{label: string, description: string, rows: string, by_address: bool}>
	 */
	private function groups(): array {
		return array(
			'library-portal-progress'         => array(
				'label'       => __( 'Training progress', 'library-portal' ),
				'description' => __( 'How far you watched each part of your trainings.', 'library-portal' ),
				'rows'        => 'progress_rows',
				'by_address'  => false,
			),
			'library-portal-seats'            => array(
				'label'       => __( 'Training licenses', 'library-portal' ),
				'description' => __( 'The licenses you bought and the licenses team owners shared with you.', 'library-portal' ),
				'rows'        => 'seat_rows',
				'by_address'  => false,
			),
			'library-portal-shares'           => array(
				'label'       => __( 'Licenses you shared', 'library-portal' ),
				'description' => __( 'The licenses you gave to your team, by link or e-mail.', 'library-portal' ),
				'rows'        => 'share_rows',
				'by_address'  => false,
			),
			'library-portal-mail-history'     => array(
				'label'       => __( 'Share e-mails you sent', 'library-portal' ),
				'description' => __( 'The addresses you invited by e-mail to take a license.', 'library-portal' ),
				'rows'        => 'mail_rows',
				'by_address'  => false,
			),
			'library-portal-notifications'    => array(
				'label'       => __( 'Portal notifications', 'library-portal' ),
				'description' => __( 'The notifications of your library, hidden ones too.', 'library-portal' ),
				'rows'        => 'notification_rows',
				'by_address'  => false,
			),
			'library-portal-test-attempts'    => array(
				'label'       => __( 'Test attempts', 'library-portal' ),
				'description' => __( 'Every test you took, with its score and your answers.', 'library-portal' ),
				'rows'        => 'attempt_rows',
				'by_address'  => false,
			),
			'library-portal-certificates'     => array(
				'label'       => __( 'Certificates', 'library-portal' ),
				'description' => __( 'The certificates you earned and where anyone can verify them.', 'library-portal' ),
				'rows'        => 'certificate_rows',
				'by_address'  => false,
			),
			'library-portal-invitations'      => array(
				'label'       => __( 'Invitations sent to your address', 'library-portal' ),
				'description' => __( 'Licenses team owners shared with your e-mail address: share records, e-mailed links and the e-mails sent, whether or not you have an account.', 'library-portal' ),
				'rows'        => 'invitation_rows',
				'by_address'  => true,
			),
			'library-portal-contract-contact' => array(
				'label'       => __( 'Contract contact', 'library-portal' ),
				'description' => __( 'Contracts that list your e-mail address as their organizer\'s.', 'library-portal' ),
				'rows'        => 'organizer_rows',
				'by_address'  => true,
			),
		);
	}

	/**
	 * A page of progress rows.
	 *
	 * @param int $user_id User.
	 * @param int $offset  Rows to skip.
	 * @return array{0: array<int|string, array<string, string>>, 1: bool}
	 */
	private function progress_rows( int $user_id, int $offset ): array {
		$rows  = $this->progress->export_page( $user_id, $this->per_page, $offset );
		$items = array();
		foreach ( $rows as $row ) {
			$items[ $row['product_id'] . '-' . $row['part_index'] ] = array(
				__( 'Training', 'library-portal' )     => self::title( $row['product_id'] ),
				__( 'Part', 'library-portal' )         => (string) ( $row['part_index'] + 1 ),
				__( 'Watched', 'library-portal' )      => $row['percent'] . ' %',
				__( 'Last updated', 'library-portal' ) => self::date( $row['updated_at'] ),
			);
		}
		return array( $items, count( $rows ) < $this->per_page );
	}

	/**
	 * A page of seats: the user's own (from their grants) and those they hold from someone else.
	 * The seats of one user are read whole (one query) and paged here.
	 *
	 * @param int $user_id User.
	 * @param int $offset  Seats to skip.
	 * @return array{0: array<int|string, array<string, string>>, 1: bool}
	 */
	private function seat_rows( int $user_id, int $offset ): array {
		$seats = $this->licenses->seats_for_user( $user_id );
		$page  = array_slice( $seats, $offset, $this->per_page );
		$items = array();
		foreach ( $page as $seat ) {
			$own = $seat->owner_id === $user_id;
			if ( ! $own ) {
				$holder = __( 'You (shared with you by a team owner)', 'library-portal' );
			} elseif ( $seat->holder_id === $user_id ) {
				$holder = __( 'You', 'library-portal' );
			} elseif ( $seat->holder_id > 0 ) {
				$holder = __( 'A team member', 'library-portal' );
			} else {
				$holder = __( 'Nobody yet', 'library-portal' );
			}
			$items[ (string) $seat->id ] = array(
				__( 'Training', 'library-portal' )  => self::title( $seat->product_id ),
				__( 'License', 'library-portal' )   => (string) $seat->id,
				__( 'Source', 'library-portal' )    => $own ? __( 'Your purchase', 'library-portal' ) : __( 'Received by share', 'library-portal' ),
				__( 'Held by', 'library-portal' )   => $holder,
				__( 'State', 'library-portal' )     => self::seat_state( $seat->state ),
				__( 'Activated', 'library-portal' ) => self::date( $seat->activated_at ),
				__( 'Expires', 'library-portal' )   => $seat->expires_at > 0 ? self::date( $seat->expires_at ) : __( 'Never', 'library-portal' ),
			);
		}
		return array( $items, $offset + count( $page ) >= count( $seats ) );
	}

	/**
	 * A page of the share records the user made.
	 *
	 * @param int $user_id User.
	 * @param int $offset  Rows to skip.
	 * @return array{0: array<int|string, array<string, string>>, 1: bool}
	 */
	private function share_rows( int $user_id, int $offset ): array {
		$rows  = $this->shares->export_sent_page( $user_id, $this->per_page, $offset );
		$items = array();
		foreach ( $rows as $row ) {
			$items[ (string) $row['id'] ] = array(
				__( 'Training', 'library-portal' )        => self::title( $row['product_id'] ),
				__( 'License', 'library-portal' )         => (string) $row['license_id'],
				__( 'Shared by', 'library-portal' )       => 'email' === $row['method'] ? __( 'E-mail', 'library-portal' ) : __( 'Link', 'library-portal' ),
				__( 'Invited address', 'library-portal' ) => $row['recipient_email'],
				__( 'Status', 'library-portal' )          => $row['status'],
				__( 'Shared on', 'library-portal' )       => self::date( $row['created_at'] ),
			);
		}
		return array( $items, count( $rows ) < $this->per_page );
	}

	/**
	 * A page of the share e-mails the user sent.
	 *
	 * @param int $user_id User.
	 * @param int $offset  Rows to skip.
	 * @return array{0: array<int|string, array<string, string>>, 1: bool}
	 */
	private function mail_rows( int $user_id, int $offset ): array {
		$rows  = $this->mail_history->export_page( $user_id, $this->per_page, $offset );
		$items = array();
		foreach ( $rows as $row ) {
			$items[ (string) $row['id'] ] = array(
				__( 'Training', 'library-portal' )  => self::title( $row['product_id'] ),
				__( 'Sent to', 'library-portal' )   => $row['email'],
				__( 'Delivered', 'library-portal' ) => $row['accepted'] ? __( 'Yes', 'library-portal' ) : __( 'No', 'library-portal' ),
				__( 'Sent on', 'library-portal' )   => self::date( $row['created_at'] ),
			);
		}
		return array( $items, count( $rows ) < $this->per_page );
	}

	/**
	 * A page of the user's notifications, hidden ones included.
	 *
	 * @param int $user_id User.
	 * @param int $offset  Rows to skip (a multiple of the page size).
	 * @return array{0: array<int|string, array<string, string>>, 1: bool}
	 */
	private function notification_rows( int $user_id, int $offset ): array {
		$page  = intdiv( $offset, $this->per_page ) + 1;
		$found = $this->notifications->page_for_user( $user_id, $page, $this->per_page, true );
		$items = array();
		foreach ( $found->notifications as $notification ) {
			$items[ (string) $notification->id ] = array(
				__( 'Message', 'library-portal' ) => $notification->message,
				__( 'Kind', 'library-portal' )    => $notification->type,
				__( 'Read', 'library-portal' )    => $notification->read ? __( 'Yes', 'library-portal' ) : __( 'No', 'library-portal' ),
				__( 'Hidden', 'library-portal' )  => $notification->hidden ? __( 'Yes', 'library-portal' ) : __( 'No', 'library-portal' ),
				__( 'Date', 'library-portal' )    => self::date( $notification->created_at ),
			);
		}
		return array( $items, $offset + count( $found->notifications ) >= $found->total );
	}

	/**
	 * A page of the user's test attempts.
	 *
	 * @param int $user_id User.
	 * @param int $offset  Rows to skip.
	 * @return array{0: array<int|string, array<string, string>>, 1: bool}
	 */
	private function attempt_rows( int $user_id, int $offset ): array {
		$rows  = $this->quiz_attempts->export_page( $user_id, $this->per_page, $offset );
		$items = array();
		foreach ( $rows as $row ) {
			$items[ (string) $row['id'] ] = array(
				__( 'Training', 'library-portal' ) => self::title( $row['product_id'] ),
				__( 'Score', 'library-portal' )    => $row['score'] . ' %',
				__( 'Passed', 'library-portal' )   => $row['passed'] ? __( 'Yes', 'library-portal' ) : __( 'No', 'library-portal' ),
				__( 'Answers', 'library-portal' )  => $row['answers'],
				__( 'Taken on', 'library-portal' ) => self::date( $row['created_at'] ),
			);
		}
		return array( $items, count( $rows ) < $this->per_page );
	}

	/**
	 * A page of the user's certificates, revoked ones included.
	 *
	 * @param int $user_id User.
	 * @param int $offset  Rows to skip.
	 * @return array{0: array<int|string, array<string, string>>, 1: bool}
	 */
	private function certificate_rows( int $user_id, int $offset ): array {
		$rows  = $this->certificates->export_page( $user_id, $this->per_page, $offset );
		$items = array();
		foreach ( $rows as $certificate ) {
			$items[ (string) $certificate->id ] = array(
				__( 'Training', 'library-portal' )  => self::title( $certificate->product_id ),
				__( 'Verification code', 'library-portal' ) => $certificate->code,
				__( 'Verify at', 'library-portal' ) => CertificateLinks::verify_url( $certificate->code ),
				__( 'Score', 'library-portal' )     => $certificate->score . ' %',
				__( 'Issued', 'library-portal' )    => self::date( $certificate->issued_at ),
				__( 'Revoked', 'library-portal' )   => $certificate->is_revoked() ? self::date( $certificate->revoked_at ) : __( 'No', 'library-portal' ),
			);
		}
		return array( $items, count( $rows ) < $this->per_page );
	}

	/**
	 * A page of the rows addressed to an e-mail address by someone else (the sharer is not named).
	 * The rows of one address are read whole and paged here.
	 *
	 * @param string $email  Address.
	 * @param int    $offset Rows to skip.
	 * @return array{0: array<int|string, array<string, string>>, 1: bool}
	 */
	private function invitation_rows( string $email, int $offset ): array {
		$rows  = $this->addresses->addressed_to( $email );
		$page  = array_slice( $rows, $offset, $this->per_page );
		$kinds = array(
			'share' => __( 'License shared with this address', 'library-portal' ),
			'link'  => __( 'Share link e-mailed to this address', 'library-portal' ),
			'mail'  => __( 'Share e-mail sent to this address', 'library-portal' ),
		);
		$items = array();
		foreach ( $page as $row ) {
			$items[ $row['kind'] . '-' . $row['id'] ] = array(
				__( 'Record', 'library-portal' )   => $kinds[ $row['kind'] ] ?? $row['kind'],
				__( 'Training', 'library-portal' ) => self::title( $row['product_id'] ),
				__( 'Sent by', 'library-portal' )  => __( 'A team owner', 'library-portal' ),
				__( 'Address', 'library-portal' )  => $email,
				__( 'Status', 'library-portal' )   => self::addressed_state( $row['kind'], $row['state'] ),
				__( 'Date', 'library-portal' )     => self::date( $row['created_at'] ),
			);
		}
		return array( $items, $offset + count( $page ) >= count( $rows ) );
	}

	/**
	 * A page of the contracts that list an address as their organizer's e-mail.
	 *
	 * @param string $email  Address.
	 * @param int    $offset Rows to skip.
	 * @return array{0: array<int|string, array<string, string>>, 1: bool}
	 */
	private function organizer_rows( string $email, int $offset ): array {
		$rows  = $this->addresses->organizer_of( $email );
		$page  = array_slice( $rows, $offset, $this->per_page );
		$items = array();
		foreach ( $page as $contract ) {
			$items[ (string) $contract['id'] ] = array(
				__( 'Contract', 'library-portal' )        => $contract['title'],
				__( 'Organizer', 'library-portal' )       => $contract['organizer_name'],
				__( 'Organizer title', 'library-portal' ) => $contract['organizer_title'],
				__( 'Phone', 'library-portal' )           => $contract['organizer_phone'],
				__( 'E-mail', 'library-portal' )          => $email,
			);
		}
		return array( $items, $offset + count( $page ) >= count( $rows ) );
	}

	/**
	 * An item's title as plain text (a deleted item by its number).
	 *
	 * @param int $product_id Item.
	 */
	private static function title( int $product_id ): string {
		$title = (string) get_post_field( 'post_title', $product_id, 'raw' );
		/* translators: %d: the number of a training that no longer exists. */
		return '' !== $title ? wp_specialchars_decode( $title, ENT_QUOTES ) : sprintf( __( 'Training #%d', 'library-portal' ), $product_id );
	}

	/**
	 * A time in the site's time zone, or a dash for "never".
	 *
	 * @param int $timestamp Unix seconds (0 = never).
	 */
	private static function date( int $timestamp ): string {
		return $timestamp > 0 ? (string) wp_date( 'Y-m-d H:i', $timestamp ) : '—';
	}

	/**
	 * The state of a row addressed to someone, in words (a share record's status as stored).
	 *
	 * @param string $kind  share, link or mail.
	 * @param string $state As AddressRepository::addressed_to() reads it.
	 */
	private static function addressed_state( string $kind, string $state ): string {
		return match ( $kind . ':' . $state ) {
			'link:open'    => __( 'Can still be accepted', 'library-portal' ),
			'link:revoked' => __( 'Withdrawn by the sender', 'library-portal' ),
			'mail:sent'    => __( 'Sent', 'library-portal' ),
			'mail:failed'  => __( 'Not delivered', 'library-portal' ),
			default        => $state,
		};
	}

	/**
	 * A seat's state in words.
	 *
	 * @param SeatState $state State.
	 */
	private static function seat_state( SeatState $state ): string {
		return match ( $state ) {
			SeatState::Available => __( 'Not given out', 'library-portal' ),
			SeatState::Assigned  => __( 'Shared, not started', 'library-portal' ),
			SeatState::Activated => __( 'Activated', 'library-portal' ),
		};
	}
}
