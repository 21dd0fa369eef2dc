<?php
/**
 * E-mail sharing.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Sharing;

use LibraryPortal\Core\Events;
use LibraryPortal\Core\Notices\Notifier;
use LibraryPortal\Core\People\People;
use LibraryPortal\Core\People\PersonName;
use LibraryPortal\Core\Seats\AuditEntry;
use LibraryPortal\Core\Seats\AuditWords;
use LibraryPortal\Core\Seats\MailHistoryRepository;
use LibraryPortal\Core\Seats\SeatAuditRepository;
use LibraryPortal\Core\Seats\ShareInvites;
use LibraryPortal\Core\Seats\ShareLinkRecord;
use LibraryPortal\Core\Seats\ShareLinks;
use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\BrandedMail;
use LibraryPortal\Platform\Rest\Refusal;

/**
 * Sends share invitations: one `wp_mail` per recipient, HTML with a plain-text part, each with
 * its own signed link. The server enforces the three limits (docs/rules/README.md): 20 recipients per
 * send, the cooldown and the daily quota (accepted messages of the last 24 hours). The send
 * gate (MailGateRepository) lets one send of a sender run at a time, so parallel sends cannot
 * both pass the quota. Nothing a sharer typed goes into a header but the validated address.
 */
final class ShareMailer {

	/**
	 * Recipients per send.
	 */
	public const MAX_RECIPIENTS = 20;

	/**
	 * The quota's window.
	 */
	private const QUOTA_WINDOW = DAY_IN_SECONDS;

	/**
	 * Share links.
	 *
	 * @var ShareLinks
	 */
	private ShareLinks $links;

	/**
	 * Send history.
	 *
	 * @var MailHistoryRepository
	 */
	private MailHistoryRepository $history;

	/**
	 * Send gate.
	 *
	 * @var MailGateRepository
	 */
	private MailGateRepository $gate;

	/**
	 * Settings (quota, cooldown).
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Notifications.
	 *
	 * @var Notifier
	 */
	private Notifier $notifier;

	/**
	 * The audit trail (sends that reached someone).
	 *
	 * @var SeatAuditRepository
	 */
	private SeatAuditRepository $audit;

	/**
	 * The plugin's mail (layout, sender's name, plain-text part).
	 *
	 * @var BrandedMail
	 */
	private BrandedMail $branded;

	/**
	 * The audit trail's action of a share by e-mail (docs/rules/seats-and-sharing.md, "Grants and audit trail (wp-admin, WP-CLI)").
	 */
	public const AUDIT_ACTION = 'share_email';

	/**
	 * The audit trail's action of a canceled invitation.
	 */
	public const CANCEL_ACTION = 'invitation_canceled';

	/**
	 * Wires the mailer.
	 *
	 * @param ShareLinks            $links    Share links.
	 * @param MailHistoryRepository $history  Send history.
	 * @param MailGateRepository    $gate     Send gate.
	 * @param Settings              $settings Settings.
	 * @param Notifier              $notifier Notifications.
	 * @param SeatAuditRepository   $audit    The audit trail.
	 */
	public function __construct( ShareLinks $links, MailHistoryRepository $history, MailGateRepository $gate, Settings $settings, Notifier $notifier, SeatAuditRepository $audit ) {
		$this->links    = $links;
		$this->history  = $history;
		$this->gate     = $gate;
		$this->settings = $settings;
		$this->notifier = $notifier;
		$this->audit    = $audit;
		$this->branded  = new BrandedMail( $settings );
	}

	/**
	 * The addresses of the spec's text field (comma-separated or one per line), or the error.
	 * A value with a line break inside an address (a header injection attempt) splits into parts
	 * that are not addresses, so the whole request is refused and nothing is sent.
	 *
	 * @param string $emails   What the sharer typed.
	 * @param string $own      The sharer's own address (not a recipient).
	 * @return string[]|Refusal
	 */
	public static function parse( string $emails, string $own ) {
		$split = preg_split( '/[,;\r\n]+/', $emails );
		$parts = array_values( array_filter( array_map( 'trim', false === $split ? array() : $split ), static fn( string $part ): bool => '' !== $part ) );
		if ( ! $parts ) {
			return new Refusal( 'no_recipients', __( 'Please enter at least one valid email address', 'library-portal' ), 400 );
		}
		$unique  = array();
		$invalid = array();
		foreach ( $parts as $part ) {
			if ( strlen( $part ) > 190 || preg_match( '/[\s\p{Cc}]/u', $part ) || ! is_email( $part ) ) {
				$invalid[] = $part;
				continue;
			}
			$unique[ strtolower( $part ) ] = $part;
		}
		if ( $invalid ) {
			/* translators: %s: the entries that are not e-mail addresses, comma-separated. */
			return new Refusal( 'invalid_emails', sprintf( __( 'These are not valid email addresses: %s', 'library-portal' ), implode( ', ', array_map( static fn( $part ) => mb_substr( People::clean_text( $part ), 0, 80 ), array_slice( $invalid, 0, 5 ) ) ) ), 400 );
		}
		if ( count( $unique ) > self::MAX_RECIPIENTS ) {
			return new Refusal( 'too_many_recipients', __( 'You can only send to 20 recipients at once', 'library-portal' ), 400 );
		}
		if ( '' !== $own && isset( $unique[ strtolower( $own ) ] ) ) {
			return new Refusal( 'own_email', __( 'You cannot share with your own email address.', 'library-portal' ), 400 );
		}
		return array_values( $unique );
	}

	/**
	 * What is left of the sender's limits now: the quota and the seconds until the next send.
	 *
	 * @param int $sender_id Sharer.
	 * @param int $now       Unix seconds.
	 * @return array{daily_remaining: int, retry_after: int}
	 */
	public function limits( int $sender_id, int $now ): array {
		return array(
			'daily_remaining' => $this->daily_remaining( $sender_id, $now ),
			'retry_after'     => $this->gate->wait( $sender_id, $now ),
		);
	}

	/**
	 * Sends the invitations of one share.
	 *
	 * @param \WP_User $sender     Sharer.
	 * @param int      $product_id Item.
	 * @param string   $title      Item title.
	 * @param string[] $recipients Validated addresses (parse()).
	 * @param int      $now        Unix seconds.
	 * @return array{message: string, daily_remaining: int, retry_after: int, mail_history: array<int, array{email: string, timestamp: int, accepted: bool, date: string}>}|Refusal
	 */
	public function send( \WP_User $sender, int $product_id, string $title, array $recipients, int $now ) {
		$sender_id = (int) $sender->ID;
		$reached   = array();
		$sent      = $this->within_limits(
			$sender_id,
			count( $recipients ),
			$now,
			function () use ( $sender, $sender_id, $product_id, $title, $recipients, $now, &$reached ): int {
				$sent = 0;
				foreach ( $recipients as $email ) {
					$accepted = $this->deliver( $sender, $product_id, $title, $email, $now );
					$this->history->add( $sender_id, $product_id, $email, $accepted, $now );
					$sent += $accepted ? 1 : 0;
					if ( $accepted ) {
						$this->notify_member( $sender, $product_id, $title, $email, $now );
						$reached[] = $email;
					}
				}
				return $sent;
			}
		);
		if ( $sent instanceof Refusal ) {
			return $sent;
		}
		if ( $sent > 0 ) {
			ShareLinks::invitations_changed( $sender_id ); // Once for the whole send: the new invitations are pending.
		}
		$reply = $this->after_send( $sender_id, $product_id, $now );
		if ( 0 === $sent ) {
			return new Refusal( 'mail_failed', __( 'The emails could not be sent. Please try again later.', 'library-portal' ), 502, $reply );
		}
		// Counts only: the addresses are in the send history, which privacy erasure clears.
		$this->audit->record_for_item(
			$sender_id,
			self::AUDIT_ACTION,
			$sender_id,
			$product_id,
			array(
				'recipients' => count( $recipients ),
				'sent'       => $sent,
			),
			$now
		);
		Events::invitations_sent( $sender_id, $product_id, $reached, false );
		$reply['message'] = count( $recipients ) === $sent
			/* translators: %d: number of recipients. */
			? sprintf( _n( 'Invitation sent to %d recipient.', 'Invitations sent to %d recipients.', $sent, 'library-portal' ), $sent )
			/* translators: 1: recipients reached, 2: recipients in the send. */
			: sprintf( __( 'Sent to %1$d of %2$d recipients. See the history below for the ones that failed.', 'library-portal' ), $sent, count( $recipients ) );
		return $reply;
	}

	/**
	 * Sends a pending invitation again, with the same link (its expiry unchanged): one message
	 * under the same cooldown and daily quota as a send (docs/rules/seats-and-sharing.md, "Sharing seats").
	 *
	 * @param \WP_User $sender     Sharer.
	 * @param int      $product_id Item.
	 * @param string   $title      Item title.
	 * @param string   $email      The invitation's address.
	 * @param string   $code       The invitation's link code.
	 * @param int      $expires_at When the link stops working (Unix seconds).
	 * @param int      $now        Unix seconds.
	 * @return array{message: string, daily_remaining: int, retry_after: int, mail_history: array<int, array{email: string, timestamp: int, accepted: bool, date: string}>}|Refusal
	 */
	public function resend( \WP_User $sender, int $product_id, string $title, string $email, string $code, int $expires_at, int $now ) {
		$sender_id = (int) $sender->ID;
		$sent      = $this->within_limits(
			$sender_id,
			1,
			$now,
			function () use ( $sender, $sender_id, $product_id, $title, $email, $code, $expires_at, $now ): int {
				$accepted = $this->mail( $sender, $title, $email, $code, $expires_at );
				$this->history->add( $sender_id, $product_id, $email, $accepted, $now );
				return $accepted ? 1 : 0;
			}
		);
		if ( $sent instanceof Refusal ) {
			return $sent;
		}
		$reply = $this->after_send( $sender_id, $product_id, $now );
		if ( 0 === $sent ) {
			return new Refusal( 'mail_failed', __( 'The emails could not be sent. Please try again later.', 'library-portal' ), 502, $reply );
		}
		$this->audit->record_for_item(
			$sender_id,
			self::AUDIT_ACTION,
			$sender_id,
			$product_id,
			array(
				'recipients' => 1,
				'sent'       => 1,
				'resent'     => true,
			),
			$now
		);
		Events::invitations_sent( $sender_id, $product_id, array( $email ), true );
		/* translators: %s: the invited e-mail address. */
		$reply['message'] = sprintf( __( 'The invitation was sent again to %s.', 'library-portal' ), $email );
		return $reply;
	}

	/**
	 * Runs a send of $count messages under the sender's gate (cooldown, one send at a time) and
	 * daily quota: the 429 of a refusal, else how many messages wp_mail accepted. A send that
	 * reached nobody starts no cooldown: it used nothing up.
	 *
	 * @param int             $sender_id Sharer.
	 * @param int             $count     Messages this send would use of the quota.
	 * @param int             $now       Unix seconds.
	 * @param callable(): int $deliver   Sends them; returns how many were accepted.
	 * @return int|Refusal
	 */
	private function within_limits( int $sender_id, int $count, int $now, callable $deliver ) {
		$wait = $this->gate->take( $sender_id, $now );
		if ( $wait > 0 ) {
			/* translators: %d: seconds to wait. */
			return self::too_many( 'share_cooldown', sprintf( __( 'Please wait %d seconds before sending more emails', 'library-portal' ), $wait ), $wait );
		}
		$sent = 0;
		try {
			$window    = $this->history->accepted_since( $sender_id, $now - self::QUOTA_WINDOW );
			$remaining = max( 0, $this->quota() - $window['count'] );
			if ( $count > $remaining ) {
				$wait = max( 1, $window['oldest'] + self::QUOTA_WINDOW - $now );
				return self::too_many(
					'daily_limit',
					$remaining > 0
						/* translators: %d: recipients left today. */
						? sprintf( _n( 'You can send to %d more recipient today.', 'You can send to %d more recipients today.', $remaining, 'library-portal' ), $remaining )
						/* translators: 1: the daily limit, 2: hours until more can be sent. */
						: sprintf( __( "You have reached today's limit of %1\$d emails. Please try again in %2\$d hours.", 'library-portal' ), $this->quota(), (int) ceil( $wait / HOUR_IN_SECONDS ) ),
					$wait
				);
			}
			$sent = $deliver();
		} finally {
			$this->gate->release( $sender_id, $now, $sent > 0 ? (int) $this->settings->get( 'cooldown_seconds' ) : 0 );
		}
		return $sent;
	}

	/**
	 * After the owner canceled a pending invitation: its messages in the send history say so, and
	 * the audit trail has a row (without the address, as for a send: the history holds addresses,
	 * and privacy erasure clears it).
	 *
	 * @param ShareLinkRecord $link The canceled invitation's link.
	 * @param int             $now  Unix seconds.
	 */
	public function canceled( ShareLinkRecord $link, int $now ): void {
		$this->history->mark_canceled( $link->owner_id, $link->product_id, $link->recipient_email, $link->created_at, $now );
		$this->audit->record_for_item( $link->owner_id, self::CANCEL_ACTION, $link->owner_id, $link->product_id, array( 'invitations' => 1 ), $now );
	}

	/**
	 * What a send answers besides its message: the limits left and the item's history.
	 *
	 * @param int $sender_id  Sharer.
	 * @param int $product_id Item.
	 * @param int $now        Unix seconds.
	 * @return array{message: string, daily_remaining: int, retry_after: int, mail_history: array<int, array{email: string, timestamp: int, accepted: bool, date: string}>}
	 */
	private function after_send( int $sender_id, int $product_id, int $now ): array {
		return array(
			'message'         => '',
			'daily_remaining' => $this->daily_remaining( $sender_id, $now ),
			'retry_after'     => $this->gate->wait( $sender_id, $now ),
			'mail_history'    => ShareRecords::dated( $this->history->for_item( $sender_id, $product_id ) ),
		);
	}

	/**
	 * The daily quota (setting).
	 */
	private function quota(): int {
		return max( 0, (int) $this->settings->get( 'daily_quota' ) );
	}

	/**
	 * Recipients the sender may still reach in the current 24 hours.
	 *
	 * @param int $sender_id Sharer.
	 * @param int $now       Unix seconds.
	 */
	private function daily_remaining( int $sender_id, int $now ): int {
		return max( 0, $this->quota() - $this->history->accepted_since( $sender_id, $now - self::QUOTA_WINDOW )['count'] );
	}

	/**
	 * A 429 with the seconds to wait (the controller turns retry_after into Retry-After).
	 *
	 * @param string $code    Error code.
	 * @param string $message Message.
	 * @param int    $wait    Seconds.
	 */
	private static function too_many( string $code, string $message, int $wait ): Refusal {
		return new Refusal(
			$code,
			$message,
			429,
			array( 'retry_after' => $wait )
		);
	}

	/**
	 * Sends one invitation; whether wp_mail accepted it.
	 *
	 * @param \WP_User $sender     Sharer.
	 * @param int      $product_id Item.
	 * @param string   $title      Item title.
	 * @param string   $email      Recipient.
	 * @param int      $now        Unix seconds.
	 */
	private function deliver( \WP_User $sender, int $product_id, string $title, string $email, int $now ): bool {
		$code = $this->links->issue( (int) $sender->ID, $product_id, $now, $email );
		if ( '' === $code ) {
			return false;
		}
		$accepted = $this->mail( $sender, $title, $email, $code, $this->links->expires_at( $now ) );
		if ( ! $accepted ) {
			// Nobody received this link: it is no pending invitation (docs/rules/seats-and-sharing.md, "Sharing seats").
			$this->links->withdraw_code( (int) $sender->ID, $code, $now );
		}
		return $accepted;
	}

	/**
	 * Mails one invitation with its link; whether wp_mail accepted it.
	 *
	 * @param \WP_User $sender     Sharer.
	 * @param string   $title      Item title.
	 * @param string   $email      Recipient.
	 * @param string   $code       The link's code.
	 * @param int      $expires_at When the link stops working (Unix seconds).
	 */
	private function mail( \WP_User $sender, string $title, string $email, string $code, int $expires_at ): bool {
		$message = new InvitationMessage(
			PersonName::of_user( $sender ),
			$title,
			ShareInvites::invite_url( $code ),
			(string) wp_date( (string) get_option( 'date_format' ), $expires_at ),
			wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES ),
			(string) $sender->user_email,
			home_url( '/' ),
			'' !== InviteLogin::registration_url( home_url( '/' ) ) || InviteAccount::offered( $this->settings )
		);
		return $this->branded->send( $email, $message->subject(), $message->html( $this->branded ), $message->text() );
	}

	/**
	 * A recipient who already has an account also finds the invitation in the portal's bell.
	 *
	 * @param \WP_User $sender     Sharer.
	 * @param int      $product_id Item.
	 * @param string   $title      Item title.
	 * @param string   $email      Recipient.
	 * @param int      $now        Unix seconds.
	 */
	private function notify_member( \WP_User $sender, int $product_id, string $title, string $email, int $now ): void {
		$member = get_user_by( 'email', $email );
		if ( ! $member || (int) $member->ID === (int) $sender->ID ) {
			return;
		}
		$this->notifier->notify(
			array(
				'user_id'            => (int) $member->ID,
				'type'               => 'share_received',
				/* translators: 1: sharer's name, 2: training title. */
				'message'            => sprintf( __( '%1$s shared "%2$s" with you. Open the invitation in your email to add it to your library.', 'library-portal' ), PersonName::of_user( $sender ), $title ),
				'related_product_id' => $product_id,
				'related_user_id'    => (int) $sender->ID,
			),
			$now
		);
	}

	/**
	 * Adds the words of the audit actions this class writes (AuditWords::LABELS).
	 *
	 * @param array<string, string> $labels Action code => words.
	 * @return array<string, string>
	 */
	public static function audit_labels( array $labels ): array {
		$labels[ self::AUDIT_ACTION ]  = __( 'Shared by e-mail', 'library-portal' );
		$labels[ self::CANCEL_ACTION ] = __( 'Invitation canceled', 'library-portal' );
		return $labels;
	}

	/**
	 * The details of an audit row this class wrote, in words (AuditWords::DETAILS); the text as
	 * given for any other row.
	 *
	 * @param string|null $text  Words found so far (null: none).
	 * @param AuditEntry  $entry The row.
	 */
	public static function audit_details( ?string $text, AuditEntry $entry ): ?string {
		$details = $entry->details();
		if ( self::CANCEL_ACTION === $entry->action ) {
			return __( 'A pending e-mailed invitation was canceled: its link no longer works', 'library-portal' );
		}
		if ( self::AUDIT_ACTION === $entry->action ) {
			$sent       = (int) ( $details['sent'] ?? 0 );
			$recipients = (int) ( $details['recipients'] ?? 0 );
			if ( ! empty( $details['resent'] ) ) {
				return __( 'A pending invitation was e-mailed again', 'library-portal' );
			}
			/* translators: 1: recipients the mail reached, 2: recipients of the send. */
			return sprintf( _n( 'Invitation e-mailed to %1$d of %2$d recipient', 'Invitations e-mailed to %1$d of %2$d recipients', $recipients, 'library-portal' ), $sent, $recipients );
		}
		return $text;
	}
}
