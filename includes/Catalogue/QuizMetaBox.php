<?php
/**
 * The test of an item, edited in wp-admin.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Catalogue;

use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Items\Question;
use LibraryPortal\Core\Items\Quiz;
use LibraryPortal\Platform\View;
use WP_Post;

/**
 * Registers the `_lp_quiz` meta (never in REST: the correct answers must not leave through
 * wp/v2) and a meta box on the item's edit screen: the pass mark and the questions, each with
 * 2-6 answers and the correct one. Plain form fields, no JavaScript: the saved questions plus a
 * few blank rows; an emptied row is dropped on save. The box is saved by ItemEditor with the
 * other catalogue boxes (one nonce, one all-or-nothing check in Catalogue\ItemFields).
 */
final class QuizMetaBox {

	public const FIELD = 'library_portal_quiz';

	/**
	 * Blank question rows offered below the saved ones.
	 */
	private const BLANK_ROWS = 1;

	/**
	 * Refused forms waiting for their screen (the box then shows the questions as entered).
	 *
	 * @var RefusedEdit
	 */
	private RefusedEdit $refused;

	/**
	 * Wires the box.
	 *
	 * @param RefusedEdit $refused Refused forms of the catalogue editor.
	 */
	public function __construct( RefusedEdit $refused ) {
		$this->refused = $refused;
	}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_action( 'init', array( $this, 'register_meta' ) );
		add_action( 'add_meta_boxes_' . ItemPostType::POST_TYPE, array( $this, 'add_box' ) );
	}

	/**
	 * The meta: an array, cleaned by Quiz::sanitize(), editable only by who may edit the item.
	 */
	public function register_meta(): void {
		register_post_meta(
			ItemPostType::POST_TYPE,
			Quiz::META_KEY,
			array(
				'type'              => 'array',
				'single'            => true,
				'show_in_rest'      => false,
				'sanitize_callback' => array( Quiz::class, 'sanitize' ),
				'auth_callback'     => static fn( $allowed, $meta_key, $post_id ) => current_user_can( 'edit_post', (int) $post_id ),
			)
		);
	}

	/**
	 * Adds the box.
	 */
	public function add_box(): void {
		add_meta_box( 'library-portal-quiz', __( 'Test and certificate', 'library-portal' ), array( $this, 'render' ), ItemPostType::POST_TYPE, 'normal', 'default' );
	}

	/**
	 * Prints the box (ItemEditor's box prints the nonce of the shared save).
	 *
	 * @param WP_Post $post Item.
	 */
	public function render( $post ): void {
		$refused = $this->refused->take( get_current_user_id(), (int) $post->ID );
		$errors  = $refused['errors'] ?? array();
		if ( null !== ( $refused['quiz'] ?? null ) ) {
			$pass_mark = is_scalar( $refused['quiz']['pass_mark'] ?? null ) ? (string) $refused['quiz']['pass_mark'] : '';
			$rows      = array_values( array_filter( is_array( $refused['quiz']['questions'] ?? null ) ? $refused['quiz']['questions'] : array(), 'is_array' ) );
		} else {
			$quiz      = Quiz::of_item( (int) $post->ID );
			$pass_mark = $quiz->pass_mark > 0 ? (string) $quiz->pass_mark : '';
			$rows      = array_map(
				static fn( Question $q ): array => array(
					'id'      => $q->id,
					'text'    => $q->text,
					'answers' => $q->answers,
					'correct' => $q->correct,
				),
				$quiz->questions
			);
			$rows      = array_merge( $rows, array_fill( 0, self::BLANK_ROWS, array() ) );
		}
		View::render(
			__DIR__ . '/views/quiz-box.php',
			array(
				'name'              => self::FIELD,
				'pass_mark'         => $pass_mark,
				'pass_mark_invalid' => isset( $errors['library-portal-pass-mark'] ),
				'questions'         => array_map( fn( $n, $row ) => $this->question( (int) $n, $row, $errors ), array_keys( $rows ), $rows ),
				'template'          => $this->question( ItemEditor::TEMPLATE_ROW, array(), array() ),
			)
		);
	}

	/**
	 * One question's arguments (views/quiz-question.php).
	 *
	 * @param int                   $n      Row number (0-based).
	 * @param array<string, mixed>  $row    Question (id, text, answers, correct), empty for a blank row.
	 * @param array<string, string> $errors Errors of a refused form by field ID.
	 * @return array{n: int, base: string, id: string, text: string, answers: array<int, string>, correct: int, text_invalid: bool, answers_invalid: array<int, bool>}
	 */
	private function question( int $n, array $row, array $errors ): array {
		$answers = array_values( is_array( $row['answers'] ?? null ) ? $row['answers'] : array() );
		$fields  = array();
		$invalid = array();
		for ( $a = 0; $a < Quiz::MAX_ANSWERS; $a++ ) {
			$fields[ $a ]  = is_scalar( $answers[ $a ] ?? null ) ? (string) $answers[ $a ] : '';
			$invalid[ $a ] = isset( $errors[ 'library-portal-q' . $n . '-a' . $a ] );
		}
		return array(
			'n'               => $n,
			'base'            => self::FIELD . '[questions][' . $n . ']',
			'id'              => is_scalar( $row['id'] ?? null ) ? (string) $row['id'] : '',
			'text'            => is_scalar( $row['text'] ?? null ) ? (string) $row['text'] : '',
			'answers'         => $fields,
			'correct'         => is_numeric( $row['correct'] ?? null ) ? (int) $row['correct'] : -1,
			'text_invalid'    => isset( $errors[ 'library-portal-q' . $n ] ),
			'answers_invalid' => $invalid,
		);
	}
}
