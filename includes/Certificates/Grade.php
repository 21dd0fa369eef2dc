<?php
/**
 * The result of grading one attempt.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Certificates;

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
	 * Grades submitted answers, or null when a question is unanswered (or answered with an
	 * index the question does not have). Answers to unknown question IDs are ignored.
	 *
	 * @param Quiz                 $quiz      Quiz with at least one question.
	 * @param array<string, mixed> $submitted Answer index by question ID.
	 * @param int                  $pass_mark Pass mark in percent.
	 */
	public static function of( Quiz $quiz, array $submitted, int $pass_mark ): ?self {
		$correct = 0;
		$graded  = array();
		foreach ( $quiz->questions as $question ) {
			$answer = $submitted[ $question->id ] ?? null;
			if ( ! is_int( $answer ) && ! ( is_string( $answer ) && ctype_digit( $answer ) ) ) {
				return null;
			}
			$answer = (int) $answer;
			if ( $answer < 0 || $answer >= count( $question->answers ) ) {
				return null;
			}
			$graded[ $question->id ] = $answer;
			$correct                += $answer === $question->correct ? 1 : 0;
		}
		$total = count( $quiz->questions );
		if ( 0 === $total ) {
			return null;
		}
		$score = (int) round( $correct / $total * 100 );
		return new self( $correct, $total, $score, $score >= $pass_mark, $graded );
	}
}
