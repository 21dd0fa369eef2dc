<?php
/**
 * WordPress's new-user e-mail to accounts an import created, sent in the background.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

use LibraryPortal\Background\Queue;

/**
 * An import that creates accounts marks each one as owed its e-mail and queues one job per batch;
 * the job sends WordPress's own new-user e-mail (the link to set a password) to each marked
 * account and takes the mark away first, so a job run twice sends each e-mail once.
 */
final class WelcomeEmails {

	public const HOOK = 'library_portal_send_welcome_emails';

	/** User meta: the account still waits for its e-mail. */
	public const PENDING_META = '_library_portal_welcome_pending';

	/**
	 * The queue.
	 *
	 * @var Queue
	 */
	private Queue $queue;

	/**
	 * Builds the sender.
	 *
	 * @param Queue $queue Background queue.
	 */
	public function __construct( Queue $queue ) {
		$this->queue = $queue;
	}

	/**
	 * Hooks the job's handler.
	 */
	public function register(): void {
		add_action( self::HOOK, array( $this, 'send' ) );
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
