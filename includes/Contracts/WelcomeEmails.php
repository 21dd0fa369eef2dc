<?php
/**
 * WordPress's new-user e-mail to accounts an import created, sent in the background.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

use LibraryPortal\Core\Contracts\Contract;
use LibraryPortal\Core\Notices\NotificationRepository;
use LibraryPortal\Core\Notices\Notifier;
use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\BrandedMail;
use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Platform\Queue;

/**
 * An import that creates accounts marks each one as owed its e-mail and queues one job per batch;
 * the job sends WordPress's own new-user e-mail (the link to set a password) to each marked
 * account and takes the mark away first, so a job run twice sends each e-mail once.
 *
 * Everyone added to a contract is also told: a `contract_added` notification,
 * and an e-mail to those whose account was there before (a new account gets WordPress's e-mail
 * above, which brings them in). One person added on the contract screen or by WP-CLI is told at
 * once; an import's batch is told by one queued job.
 */
final class WelcomeEmails {

	public const HOOK = 'library_portal_send_welcome_emails';

	/** User meta: the account still waits for its e-mail. */
	public const PENDING_META = '_library_portal_welcome_pending';

	/** The job that tells the members an import added. */
	public const ADDED_HOOK = 'library_portal_tell_added_members';

	/** The notification's type. */
	public const ADDED_TYPE = 'contract_added';

	/**
	 * Notifications (made when first needed: most requests tell nobody).
	 *
	 * @var Notifier|null
	 */
	private ?Notifier $notifier;

	/**
	 * The brand's mail (made on first use).
	 *
	 * @var BrandedMail|null
	 */
	private ?BrandedMail $mail = null;

	/**
	 * The queue.
	 *
	 * @var Queue
	 */
	private Queue $queue;

	/**
	 * Builds the sender.
	 *
	 * @param Queue         $queue    Background queue.
	 * @param Notifier|null $notifier Notifications (the default writes through the site's connection).
	 */
	public function __construct( Queue $queue, ?Notifier $notifier = null ) {
		$this->queue    = $queue;
		$this->notifier = $notifier;
	}

	/**
	 * Hooks the job's handler.
	 */
	public function register(): void {
		add_action( self::HOOK, array( $this, 'send' ) );
		add_action( self::ADDED_HOOK, array( $this, 'tell_added_job' ) );
	}

	/**
	 * Tells people just added to a contract: at once (one person added on the contract screen or by
	 * WP-CLI), or by one queued job (an import's batch, whatever its size).
	 *
	 * @param Contract $contract The contract.
	 * @param int[]    $user_ids Members just added.
	 * @param int[]    $fresh    Those of them whose account was made for them now (no e-mail of ours).
	 * @param bool     $at_once  Tell them in this request.
	 */
	public function tell_added( Contract $contract, array $user_ids, array $fresh = array(), bool $at_once = false ): void {
		$user_ids = array_values( array_map( 'intval', $user_ids ) );
		if ( $at_once ) {
			$this->tell_now( $contract->id, $contract->title, $user_ids, $fresh, time() );
		} elseif ( $user_ids ) {
			$this->queue->push(
				self::ADDED_HOOK,
				array(
					'contract_id' => $contract->id,
					'title'       => $contract->title,
					'user_ids'    => $user_ids,
					'fresh'       => array_values( array_map( 'intval', $fresh ) ),
				)
			);
		}
	}

	/**
	 * The job of tell_added().
	 *
	 * @param mixed $payload The queued array: contract_id, title, user_ids, fresh.
	 * @return int People told.
	 */
	public function tell_added_job( $payload ): int {
		$payload = is_array( $payload ) ? $payload : array();
		return $this->tell_now(
			(int) ( $payload['contract_id'] ?? 0 ),
			(string) ( $payload['title'] ?? '' ),
			array_map( 'intval', (array) ( $payload['user_ids'] ?? array() ) ),
			array_map( 'intval', (array) ( $payload['fresh'] ?? array() ) ),
			time()
		);
	}

	/**
	 * A notification for each person, and an e-mail to each whose account was there before.
	 *
	 * @param int   $contract_id Contract.
	 * @param string $title      Its title.
	 * @param int[] $user_ids    Members just added.
	 * @param int[] $fresh       Accounts made for them now.
	 * @param int   $now         Unix seconds.
	 * @return int People told.
	 */
	private function tell_now( int $contract_id, string $title, array $user_ids, array $fresh, int $now ): int {
		$this->notifier ??= new Notifier( new NotificationRepository( $GLOBALS['wpdb'] ) );
		$this->mail     ??= new BrandedMail( new Settings() );
		$site             = wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES );
		$url              = home_url( '/contract/' . $contract_id . '/' );
		$told             = 0;
		foreach ( $user_ids as $user_id ) {
			$user = get_userdata( $user_id );
			if ( ! $user ) {
				continue;
			}
			$this->notifier->notify(
				array(
					'user_id' => $user_id,
					'type'    => self::ADDED_TYPE,
					/* translators: %s: contract title. */
					'message' => sprintf( __( 'You were added to %s. Its trainings are in your library.', 'library-portal' ), $title ),
				),
				$now
			);
			if ( ! in_array( $user_id, $fresh, true ) ) {
				/* translators: %s: contract title. */
				$subject = sprintf( __( 'You were added to %s', 'library-portal' ), $title );
				/* translators: %s: the person's name. */
				$hello = sprintf( __( 'Hello %s,', 'library-portal' ), $user->display_name );
				/* translators: 1: contract title, 2: site name. */
				$added = sprintf( __( 'You were added to %1$s on %2$s. Its trainings are waiting for you in your library.', 'library-portal' ), $title, $site );
				/* translators: %s: the person's e-mail address. */
				$log_in = sprintf( __( 'Log in with your account (%s) to open them.', 'library-portal' ), $user->user_email );
				$open   = __( 'Open your library', 'library-portal' );
				// The brand's layout and sender, as the invitation mail (Mail\BrandedMail).
				$this->mail->send(
					$user->user_email,
					$subject,
					$this->mail->html( $subject, array( $hello, $added ), $open, $url, array( $log_in ) ),
					$hello . "\n\n" . $added . "\n" . $url . "\n\n" . $log_in
				);
			}
			++$told;
		}
		return $told;
	}

	/**
	 * Queues the e-mails of accounts just created (each was made with PENDING_META).
	 *
	 * @param int[] $user_ids Accounts.
	 */
	public function queue( array $user_ids ): void {
		if ( $user_ids ) {
			$this->queue->push( self::HOOK, array( 'user_ids' => array_values( array_map( 'intval', $user_ids ) ) ) );
		}
	}

	/**
	 * The job: sends the e-mail to each account still waiting for it.
	 *
	 * @param mixed $payload The queued array: user_ids.
	 * @return int E-mails sent.
	 */
	public function send( $payload ): int {
		$sent = 0;
		foreach ( (array) ( is_array( $payload ) ? ( $payload['user_ids'] ?? array() ) : array() ) as $user_id ) {
			// The mark goes first: of two runs of one job, only the one that deleted it sends.
			if ( delete_user_meta( (int) $user_id, self::PENDING_META ) && get_userdata( (int) $user_id ) ) {
				wp_send_new_user_notifications( (int) $user_id, 'user' );
				++$sent;
			}
		}
		return $sent;
	}
}
