<?php
/**
 * A test submission the server refused.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Quizzes;

/**
 * Why a submission was not graded (nothing was recorded): the REST reply's code, message and
 * status, and for the attempt limit when the next attempt opens.
 */
final class AttemptRefused {

	public const EXHAUSTED  = 'quiz_attempts_exhausted';
	public const STALE      = 'quiz_attempt_stale';
	public const INCOMPLETE = 'incomplete_answers';

	/**
	 * Builds the refusal.
	 *
	 * @param string $code            Error code.
	 * @param string $message         Sentence for the learner.
	 * @param int    $status          HTTP status.
	 * @param int    $next_attempt_at When the next attempt opens (Unix seconds; 0: not a limit refusal).
	 */
	public function __construct(
		public readonly string $code,
		public readonly string $message,
		public readonly int $status,
		public readonly int $next_attempt_at = 0
	) {}
}
