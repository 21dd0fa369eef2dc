<?php
/**
 * One question of a test.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Certificates;

/**
 * A question with 2-6 answers, one of them correct. Only the server ever sees `correct`.
 */
final class Question {

	/**
	 * Builds the question (Quiz::from_meta() checks the values).
	 *
	 * @param string   $id      Stable ID, e.g. 'q1' (answers are posted by it).
	 * @param string   $text    Question text.
	 * @param string[] $answers Answer texts, 2-6.
	 * @param int      $correct 0-based index of the correct answer.
	 */
	public function __construct(
		public readonly string $id,
		public readonly string $text,
		public readonly array $answers,
		public readonly int $correct
	) {}

	/**
	 * The question as the learner gets it: no hint of the correct answer.
	 *
	 * @return array{id: string, text: string, answers: array<int, array{index: int, text: string}>}
	 */
	public function for_learner(): array {
		$answers = array();
		foreach ( $this->answers as $index => $text ) {
			$answers[] = array(
				'index' => $index,
				'text'  => $text,
			);
		}
		return array(
			'id'      => $this->id,
			'text'    => $this->text,
			'answers' => $answers,
		);
	}
}
