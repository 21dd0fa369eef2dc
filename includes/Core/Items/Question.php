<?php
/**
 * One question of a test.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Items;

/**
 * A question with 2-6 answers, one of them correct. Only the server ever sees `correct`.
 */
final class Question {

	/**
	 * Characters of an answer ID (hexadecimal).
	 */
	public const ANSWER_ID_LENGTH = 12;

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
	 * The ID of one of its answers, as learners see and send it: stable for the answer (so a
	 * submission is graded by what was chosen, whatever order it was shown in) and opaque (it
	 * does not tell where the editor put the answer, often first for the correct one).
	 *
	 * @param int $product_id Item.
	 * @param int $index      0-based index of the answer as stored.
	 */
	public function answer_id( int $product_id, int $index ): string {
		return substr( wp_hash( 'library-portal/quiz-answer|' . $product_id . '|' . $this->id . '|' . $index . '|' . ( $this->answers[ $index ] ?? '' ), 'auth' ), 0, self::ANSWER_ID_LENGTH );
	}

	/**
	 * The stored index of an answer ID, or null when the question has no such answer.
	 *
	 * @param int    $product_id Item.
	 * @param string $answer_id  Answer ID.
	 */
	public function index_of( int $product_id, string $answer_id ): ?int {
		foreach ( array_keys( $this->answers ) as $index ) {
			if ( hash_equals( $this->answer_id( $product_id, $index ), $answer_id ) ) {
				return $index;
			}
		}
		return null;
	}

	/**
	 * The question as the learner gets it, its answers in the order given: no hint of the
	 * correct answer, and IDs instead of positions.
	 *
	 * @param int        $product_id Item.
	 * @param array<int> $order      Stored answer indexes in the order to show them.
	 * @return array{id: string, text: string, answers: array<int, array{id: string, text: string}>}
	 */
	public function for_learner( int $product_id, array $order ): array {
		$answers = array();
		foreach ( $order as $index ) {
			if ( isset( $this->answers[ $index ] ) ) {
				$answers[] = array(
					'id'   => $this->answer_id( $product_id, $index ),
					'text' => $this->answers[ $index ],
				);
			}
		}
		return array(
			'id'      => $this->id,
			'text'    => $this->text,
			'answers' => $answers,
		);
	}
}
