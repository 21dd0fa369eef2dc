<?php
/**
 * The result of grading one attempt.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Quizzes;

use LibraryPortal\Core\Items\Quiz;

/**
 * Grades answers against a quiz, on the server. Score = round( correct / total * 100 ),
 * passed = score >= pass mark.
 */
final class Grade {

	/**
	 * Builds a grade.
	 *
	 * @param int               $correct   Correct answers.
	 * @param int               $total     Questions.
	 * @param int               $score     Percent, 0-100.
	 * @param bool              $passed    Score reached the pass mark.
	 * @param array<string,int> $answers   The graded answers by question ID.
	 */
	public function __construct(
		public readonly int $correct,
		public readonly int $total,
		public readonly int $score,
		public readonly bool $passed,
		public readonly array $answers
	) {}

	/**
	 * Grades submitted answers by ID, or null when a question is unanswered (or answered with an
	 * ID the question does not have). Answers to unknown question IDs are ignored. The order
	 * the test was shown in plays no part: an answer ID names the answer itself.
	 *
	 * @param Quiz                 $quiz       Quiz with at least one question.
	 * @param int                  $product_id Its item (answer IDs belong to it).
	 * @param array<string, mixed> $submitted  Answer ID by question ID.
	 * @param int                  $pass_mark  Pass mark in percent.
	 */
	public static function of( Quiz $quiz, int $product_id, array $submitted, int $pass_mark ): ?self {
		$correct = 0;
		$graded  = array();
		foreach ( $quiz->questions as $question ) {
			$answer = $submitted[ $question->id ] ?? null;
			$index  = is_string( $answer ) ? $question->index_of( $product_id, $answer ) : null;
			if ( null === $index ) {
				return null;
			}
			$graded[ $question->id ] = $index;
			$correct                += $index === $question->correct ? 1 : 0;
		}
		$total = count( $quiz->questions );
		if ( 0 === $total ) {
			return null;
		}
		$score = (int) round( $correct / $total * 100 );
		return new self( $correct, $total, $score, $score >= $pass_mark, $graded );
	}
}
