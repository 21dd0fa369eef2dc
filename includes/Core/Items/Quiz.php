<?php
/**
 * The test of a catalogue item.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Items;

/**
 * The `_lp_quiz` meta of an item, read and cleaned in one place: the wp-admin meta box saves
 * through sanitize(), the routes read through from_meta(), so a hand-edited or old value can
 * never put a broken question in front of a learner.
 */
final class Quiz {

	public const META_KEY    = '_lp_quiz';
	public const MIN_ANSWERS = 2;
	public const MAX_ANSWERS = 6;

	/**
	 * Builds the quiz.
	 *
	 * @param int        $pass_mark Pass mark in percent, 1-100; 0 = the site's setting.
	 * @param Question[] $questions Questions, in order.
	 */
	public function __construct(
		public readonly int $pass_mark,
		public readonly array $questions
	) {}

	/**
	 * The quiz of an item (no questions when it has none).
	 *
	 * @param int $product_id Item.
	 */
	public static function of_item( int $product_id ): self {
		return self::from_meta( get_post_meta( $product_id, self::META_KEY, true ) );
	}

	/**
	 * A quiz from a stored (or submitted) meta value; whatever does not fit is left out.
	 *
	 * @param mixed $value Meta value: `{ pass_mark, questions: [ { id, text, answers, correct } ] }`.
	 */
	public static function from_meta( $value ): self {
		$value     = is_array( $value ) ? $value : array();
		$questions = array();
		$ids       = array();
		foreach ( array_values( is_array( $value['questions'] ?? null ) ? $value['questions'] : array() ) as $raw ) {
			$question = self::question( $raw, count( $questions ) + 1, $ids );
			if ( null !== $question ) {
				$questions[]          = $question;
				$ids[ $question->id ] = true;
			}
		}
		return new self( max( 0, min( 100, (int) ( $value['pass_mark'] ?? 0 ) ) ), $questions );
	}

	/**
	 * The meta's sanitize callback: the clean array that is stored.
	 *
	 * @param mixed $value Submitted value.
	 * @return array{pass_mark: int, questions: array<int, array{id: string, text: string, answers: string[], correct: int}>}
	 */
	public static function sanitize( $value ): array {
		return self::from_meta( $value )->to_meta();
	}

	/**
	 * The value stored in `_lp_quiz`.
	 *
	 * @return array{pass_mark: int, questions: array<int, array{id: string, text: string, answers: string[], correct: int}>}
	 */
	public function to_meta(): array {
		return array(
			'pass_mark' => $this->pass_mark,
			'questions' => array_map(
				static fn( Question $q ): array => array(
					'id'      => $q->id,
					'text'    => $q->text,
					'answers' => $q->answers,
					'correct' => $q->correct,
				),
				$this->questions
			),
		);
	}

	/**
	 * Whether the item has a test.
	 */
	public function has_questions(): bool {
		return (bool) $this->questions;
	}

	/**
	 * The pass mark that applies: the item's own, else the site's setting.
	 *
	 * @param int $setting The `pass_mark` setting.
	 */
	public function effective_pass_mark( int $setting ): int {
		return $this->pass_mark > 0 ? $this->pass_mark : max( 0, min( 100, $setting ) );
	}

	/**
	 * One question from raw data, or null when it cannot be asked (no text, fewer than two
	 * answers, or the correct answer is missing). Empty answers are dropped and the correct
	 * index follows its answer.
	 *
	 * @param mixed               $raw    Raw question.
	 * @param int                 $number 1-based position, for a missing ID.
	 * @param array<string, bool> $taken  IDs already used.
	 */
	private static function question( $raw, int $number, array $taken ): ?Question {
		if ( ! is_array( $raw ) ) {
			return null;
		}
		$text    = sanitize_textarea_field( (string) ( $raw['text'] ?? '' ) );
		$correct = is_numeric( $raw['correct'] ?? null ) ? (int) $raw['correct'] : -1;
		$answers = array();
		$mapped  = -1;
		foreach ( array_values( is_array( $raw['answers'] ?? null ) ? $raw['answers'] : array() ) as $index => $answer ) {
			$answer = is_scalar( $answer ) ? sanitize_text_field( (string) $answer ) : '';
			if ( '' === $answer || count( $answers ) >= self::MAX_ANSWERS ) {
				continue;
			}
			if ( $index === $correct ) {
				$mapped = count( $answers );
			}
			$answers[] = $answer;
		}
		if ( '' === $text || count( $answers ) < self::MIN_ANSWERS || $mapped < 0 ) {
			return null;
		}
		$id = sanitize_key( (string) ( $raw['id'] ?? '' ) );
		if ( '' === $id || isset( $taken[ $id ] ) ) {
			$id = 'q' . $number;
			while ( isset( $taken[ $id ] ) ) {
				$id .= 'b';
			}
		}
		return new Question( $id, $text, $answers, $mapped );
	}
}
