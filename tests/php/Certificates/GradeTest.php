<?php
/**
 * The score of a test: the share of right answers, rounded to the nearest percent.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Certificates;

use LibraryPortal\Core\Items\Question;
use LibraryPortal\Core\Items\Quiz;
use LibraryPortal\Core\Quizzes\Grade;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Grading a quiz of three questions, outside the route (QuizRouteTest covers the route).
 */
final class GradeTest extends TestCase {

	private const ITEM = 5;

	/**
	 * Answer IDs for the chosen answer index of each question, as the learner's page sends them.
	 *
	 * @param Quiz $quiz   Quiz.
	 * @param int  ...$picks Answer index per question.
	 * @return array<string, string>
	 */
	private static function answers( Quiz $quiz, int ...$picks ): array {
		$answers = array();
		foreach ( $quiz->questions as $position => $question ) {
			$answers[ $question->id ] = $question->answer_id( self::ITEM, $picks[ $position ] );
		}
		return $answers;
	}

	public function test_two_of_three_right_scores_67_which_reaches_a_pass_mark_of_67(): void {
		$quiz = new Quiz(
			0,
			array(
				new Question( 'q1', 'First?', array( 'Right', 'Wrong' ), 0 ),
				new Question( 'q2', 'Second?', array( 'Right', 'Wrong' ), 0 ),
				new Question( 'q3', 'Third?', array( 'Right', 'Wrong' ), 0 ),
			)
		);

		$grade = Grade::of( $quiz, self::ITEM, self::answers( $quiz, 0, 0, 1 ), 67 );

		$this->assertNotNull( $grade );
		$this->assertSame( array( 2, 3, 67, true ), array( $grade->correct, $grade->total, $grade->score, $grade->passed ), '66.7 % is rounded to 67, not cut to 66.' );
		$this->assertSame( 33, Grade::of( $quiz, self::ITEM, self::answers( $quiz, 1, 0, 1 ), 67 )?->score );
	}

	public function test_answer_ids_of_another_items_test_answer_nothing_here(): void {
		$quiz = new Quiz( 0, array( new Question( 'q1', 'Same question on two items?', array( 'Right', 'Wrong' ), 0 ) ) );

		$this->assertNull( Grade::of( $quiz, self::ITEM + 1, self::answers( $quiz, 0 ), 50 ), 'An ID from item 5\'s page is no answer on item 6, though question and answers are the same.' );
		$this->assertNotNull( Grade::of( $quiz, self::ITEM, self::answers( $quiz, 0 ), 50 ) );
	}
}
