<?php
/**
 * View as user → Reset attempts: the form's POST.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use LibraryPortal\Core\Items\Quiz;
use LibraryPortal\Core\Quizzes\QuizService;
use LibraryPortal\Core\Seats\GrantService;
use LibraryPortal\Platform\Admin\AdminNotice;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * Lets a learner's test attempts stop counting towards the limit (QuizService::reset_attempts(),
 * written to the audit trail: docs/rules/tests-and-certificates.md, "Tests and certificates").
 */
final class ResetAttemptsHandler extends GrantAction {

	public const ACTION = 'library_portal_reset_quiz_attempts';

	protected const BOUND_TO = array( 'user', 'item' );

	/**
	 * Tests (the attempt limit and its reset).
	 *
	 * @var QuizService
	 */
	private QuizService $quizzes;

	/**
	 * The handler.
	 *
	 * @param GrantService $grants  Grants.
	 * @param AdminNotice  $notice  The screens' notice.
	 * @param QuizService  $quizzes Tests.
	 */
	public function __construct( GrantService $grants, AdminNotice $notice, QuizService $quizzes ) {
		parent::__construct( $grants, $notice );
		$this->quizzes = $quizzes;
	}

	/**
	 * Handles "Reset test attempts" of a learner on an item; returns where to go next.
	 *
	 * @param array<string, int> $bound The learner (user) and the item; the nonce is bound to both.
	 */
	protected function run( array $bound ): string {
		$user_id    = $bound['user'];
		$product_id = $bound['item'];
		$user       = get_userdata( $user_id );
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
