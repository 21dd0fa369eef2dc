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
		$name = self::FIELD;

		echo '<p><label for="library-portal-pass-mark">' . esc_html__( 'Pass mark (%)', 'library-portal' ) . '</label> ';
		printf(
			'<input type="number" id="library-portal-pass-mark" name="%s[pass_mark]" value="%s" min="0" max="100" step="1" class="small-text" aria-describedby="library-portal-pass-mark-help"%s> ',
			esc_attr( $name ),
			esc_attr( $pass_mark ),
			isset( $errors['library-portal-pass-mark'] ) ? ' aria-invalid="true"' : ''
		);
		echo '<span class="description" id="library-portal-pass-mark-help">' . esc_html__( 'Leave empty (or 0) to use the pass mark from Settings → Library Portal.', 'library-portal' ) . '</span></p>';
		echo '<p class="description">' . esc_html__( 'Learners see the questions once every part of the video is watched. Fill in the question, two to six answers, and choose the correct one. Empty a question to remove it.', 'library-portal' ) . '</p>';

		echo '<div class="library-portal-rows">';
		foreach ( $rows as $n => $row ) {
			$this->render_question( (int) $n, $row, $errors );
		}
		echo '</div>';
		ItemEditor::add_button( fn() => $this->render_question( ItemEditor::TEMPLATE_ROW, array(), array() ), __( 'Add question', 'library-portal' ) );
	}

	/**
	 * One question's fields.
	 *
	 * @param int                   $n      Row number (0-based).
	 * @param array<string, mixed>  $row    Question (id, text, answers, correct), empty for a blank row.
	 * @param array<string, string> $errors Errors of a refused form by field ID.
	 */
	private function render_question( int $n, array $row, array $errors ): void {
		$base    = self::FIELD . '[questions][' . $n . ']';
		$qid     = is_scalar( $row['id'] ?? null ) ? (string) $row['id'] : '';
		$text    = is_scalar( $row['text'] ?? null ) ? (string) $row['text'] : '';
		$answers = array_values( is_array( $row['answers'] ?? null ) ? $row['answers'] : array() );
		$correct = is_numeric( $row['correct'] ?? null ) ? (int) $row['correct'] : -1;
		$invalid = static fn( string $id ): string => isset( $errors[ $id ] ) ? 'true' : 'false';
		/* translators: %d: question number. */
		echo '<fieldset style="border:1px solid #dcdcde;padding:8px 12px;margin:12px 0"><legend>' . esc_html( sprintf( __( 'Question %d', 'library-portal' ), $n + 1 ) ) . '</legend>';
		printf( '<input type="hidden" name="%s[id]" value="%s">', esc_attr( $base ), esc_attr( $qid ) );
		printf(
			'<p><label for="library-portal-q%1$d">%2$s</label><br><textarea id="library-portal-q%1$d" name="%3$s[text]" rows="2" class="large-text" aria-invalid="%5$s">%4$s</textarea></p>',
			(int) $n,
			esc_html__( 'Question', 'library-portal' ),
			esc_attr( $base ),
			esc_textarea( $text ),
			esc_attr( $invalid( 'library-portal-q' . $n ) )
		);
		echo '<table class="form-table" role="presentation" style="margin-top:0"><tbody>';
		for ( $a = 0; $a < Quiz::MAX_ANSWERS; $a++ ) {
			$id     = 'library-portal-q' . $n . '-a' . $a;
			$answer = is_scalar( $answers[ $a ] ?? null ) ? (string) $answers[ $a ] : '';
			printf(
				'<tr><th scope="row" style="padding:4px 10px 4px 0"><label for="%1$s">%2$s</label></th><td style="padding:4px 0"><input type="text" id="%1$s" name="%3$s[answers][%4$d]" value="%5$s" class="regular-text" aria-invalid="%8$s"> <label><input type="radio" name="%3$s[correct]" value="%4$d"%6$s> %7$s<span class="screen-reader-text"> %9$s</span></label></td></tr>',
				esc_attr( $id ),
				/* translators: %d: answer number. */
				esc_html( sprintf( __( 'Answer %d', 'library-portal' ), $a + 1 ) ),
				esc_attr( $base ),
				(int) $a,
				esc_attr( $answer ),
				checked( $correct, $a, false ),
				esc_html__( 'Correct', 'library-portal' ),
				esc_attr( $invalid( $id ) ),
				/* translators: 1: answer number, 2: question number. */
				esc_html( sprintf( __( '(answer %1$d of question %2$d)', 'library-portal' ), $a + 1, $n + 1 ) )
			);
		}
		echo '</tbody></table></fieldset>';
	}
}
