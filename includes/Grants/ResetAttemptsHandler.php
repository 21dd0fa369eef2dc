<?php
/**
 * View as user → Reset attempts: the form's POST.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use LibraryPortal\Admin\AdminNotice;
use LibraryPortal\Admin\AdminPostHandler;
use LibraryPortal\Certificates\Quiz;
use LibraryPortal\Certificates\QuizService;
use LibraryPortal\Database\WriteFailed;

/**
 * Lets a learner's test attempts stop counting towards the limit (QuizService::reset_attempts(),
 * written to the audit trail: docs/decisions.md, "Tests and certificates").
 */
final class ResetAttemptsHandler implements AdminPostHandler {

	public const ACTION = 'library_portal_reset_quiz_attempts';

	/**
	 * Tests (the attempt limit and its reset).
	 *
	 * @var QuizService
	 */
	private QuizService $quizzes;

	/**
	 * The screens' one-time notice.
	 *
	 * @var AdminNotice
	 */
	private AdminNotice $notice;

	/**
	 * The handler.
	 *
	 * @param QuizService $quizzes Tests.
	 * @param AdminNotice $notice  The screens' notice.
	 */
	public function __construct( QuizService $quizzes, AdminNotice $notice ) {
		$this->quizzes = $quizzes;
		$this->notice  = $notice;
	}

	/**
	 * The form's action.
	 */
	public function action(): string {
		return self::ACTION;
	}

	/**
	 * The nonce action of one reset form (bound to the learner and the item).
	 *
	 * @param int $user_id    Learner.
	 * @param int $product_id Item.
	 */
	public static function nonce_action( int $user_id, int $product_id ): string {
		return self::ACTION . '_' . $user_id . '_' . $product_id;
	}

	/**
	 * Handles "Reset test attempts" of a learner on an item; returns where to go next.
	 */
	public function handle(): string {
		GrantRequest::require_cap();
		$user_id    = absint( GrantRequest::posted( 'user' ) );
		$product_id = absint( GrantRequest::posted( 'item' ) );
		check_admin_referer( self::nonce_action( $user_id, $product_id ) );
		$user = get_userdata( $user_id );
		if ( ! $user || ! Quiz::of_item( $product_id )->has_questions() ) {
			$this->notice->keep( 'error', __( 'No such learner or test.', 'library-portal' ) );
			return $user ? GrantsPage::view_as_url( $user_id ) : GrantsPage::page_url( GrantsPage::VIEW_AS );
		}
		try {
			$reset = $this->quizzes->reset_attempts( $user_id, $product_id, get_current_user_id(), time() );
		} catch ( WriteFailed $refused ) {
			$this->notice->keep( 'error', $refused->getMessage() );
			return GrantsPage::view_as_url( $user_id );
		}
		$this->notice->keep(
			'success',
			sprintf(
				/* translators: 1: item title, 2: number of attempts that stopped counting. */
				_n( 'Test attempts of %1$s reset: %2$d attempt no longer counts.', 'Test attempts of %1$s reset: %2$d attempts no longer count.', $reset, 'library-portal' ),
				get_the_title( $product_id ),
				$reset
			)
		);
		return GrantsPage::view_as_url( $user_id );
	}
}
