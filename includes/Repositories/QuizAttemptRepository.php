<?php
/**
 * Quiz attempts.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Repositories;

/**
 * Stores the answers and scores of tests (writing and reading them come with the quiz work).
 */
final class QuizAttemptRepository extends Repository implements UserRows {

	/**
	 * Deletes the attempts of a deleted user.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		$this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE user_id = %d', $this->table( 'quiz_attempts' ), $user_id ) ), 'forget user' );
	}
}
