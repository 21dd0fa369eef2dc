<?php
/**
 * The test of an item, edited in wp-admin.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Certificates;

use LibraryPortal\Catalogue\ItemPostType;
use WP_Post;

/**
 * Registers the `_lp_quiz` meta (never in REST: the correct answers must not leave through
 * wp/v2) and a meta box on the item's edit screen: the pass mark and the questions, each with
 * 2-6 answers and the correct one. Plain form fields, no JavaScript: the saved questions plus a
 * few blank rows; an emptied row is dropped on save.
 */
final class QuizMetaBox {

	public const NONCE_ACTION = 'library_portal_quiz_save';
	public const NONCE_FIELD  = 'library_portal_quiz_nonce';
	public const FIELD        = 'library_portal_quiz';

	/**
	 * Blank question rows offered below the saved ones.
	 */
	private const BLANK_ROWS = 3;

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_action( 'init', array( $this, 'register_meta' ) );
		add_action( 'add_meta_boxes_' . ItemPostType::POST_TYPE, array( $this, 'add_box' ) );
		add_action( 'save_post_' . ItemPostType::POST_TYPE, array( $this, 'save' ), 10, 2 );
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
	 * Prints the box.
	 *
	 * @param WP_Post $post Item.
	 */
	public function render( $post ): void {
		$quiz = Quiz::of_item( (int) $post->ID );
		wp_nonce_field( self::NONCE_ACTION, self::NONCE_FIELD );
		$name = self::FIELD;

		echo '<p><label for="library-portal-pass-mark">' . esc_html__( 'Pass mark (%)', 'library-portal' ) . '</label> ';
		$pass_mark = $quiz->pass_mark > 0 ? (string) $quiz->pass_mark : '';
		printf(
			'<input type="number" id="library-portal-pass-mark" name="%s[pass_mark]" value="%s" min="1" max="100" step="1" class="small-text"> ',
			esc_attr( $name ),
			esc_attr( $pass_mark )
		);
		echo '<span class="description">' . esc_html__( 'Leave empty to use the pass mark from Settings → Library Portal.', 'library-portal' ) . '</span></p>';
		echo '<p class="description">' . esc_html__( 'Learners see the questions once every part of the video is watched. Fill in the question, two to six answers, and choose the correct one. Empty a question to remove it.', 'library-portal' ) . '</p>';

		$rows = array_merge( $quiz->questions, array_fill( 0, self::BLANK_ROWS, null ) );
		foreach ( $rows as $n => $question ) {
			$this->render_question( $n, $question );
		}
	}

	/**
	 * One question's fields.
	 *
	 * @param int           $n        Row number (0-based).
	 * @param Question|null $question Saved question, or null for a blank row.
	 */
	private function render_question( int $n, ?Question $question ): void {
		$base    = self::FIELD . '[questions][' . $n . ']';
		$qid     = null === $question ? '' : $question->id;
		$text    = null === $question ? '' : $question->text;
		$answers = null === $question ? array() : $question->answers;
		$correct = null === $question ? -1 : $question->correct;
		/* translators: %d: question number. */
		echo '<fieldset style="border:1px solid #dcdcde;padding:8px 12px;margin:12px 0"><legend>' . esc_html( sprintf( __( 'Question %d', 'library-portal' ), $n + 1 ) ) . '</legend>';
		printf( '<input type="hidden" name="%s[id]" value="%s">', esc_attr( $base ), esc_attr( $qid ) );
		printf(
			'<p><label for="library-portal-q%1$d">%2$s</label><br><textarea id="library-portal-q%1$d" name="%3$s[text]" rows="2" class="large-text">%4$s</textarea></p>',
			(int) $n,
			esc_html__( 'Question', 'library-portal' ),
			esc_attr( $base ),
			esc_textarea( $text )
		);
		echo '<table class="form-table" role="presentation" style="margin-top:0"><tbody>';
		for ( $a = 0; $a < Quiz::MAX_ANSWERS; $a++ ) {
			$id = 'library-portal-q' . $n . '-a' . $a;
			printf(
				'<tr><th scope="row" style="padding:4px 10px 4px 0"><label for="%1$s">%2$s</label></th><td style="padding:4px 0"><input type="text" id="%1$s" name="%3$s[answers][%4$d]" value="%5$s" class="regular-text"> <label><input type="radio" name="%3$s[correct]" value="%4$d"%6$s> %7$s</label></td></tr>',
				esc_attr( $id ),
				/* translators: %d: answer number. */
				esc_html( sprintf( __( 'Answer %d', 'library-portal' ), $a + 1 ) ),
				esc_attr( $base ),
				(int) $a,
				esc_attr( $answers[ $a ] ?? '' ),
				checked( $correct, $a, false ),
				esc_html__( 'Correct', 'library-portal' )
			);
		}
		echo '</tbody></table></fieldset>';
	}

	/**
	 * Saves the box: nonce and capability first, then everything through Quiz::sanitize().
	 *
	 * @param int     $post_id Item.
	 * @param WP_Post $post    Item.
	 */
	public function save( $post_id, $post = null ): void {
		$nonce = isset( $_POST[ self::NONCE_FIELD ] ) ? sanitize_text_field( wp_unslash( $_POST[ self::NONCE_FIELD ] ) ) : '';
		if ( '' === $nonce || ! wp_verify_nonce( $nonce, self::NONCE_ACTION ) ) {
			return;
		}
		if ( ( defined( 'DOING_AUTOSAVE' ) && DOING_AUTOSAVE ) || wp_is_post_revision( (int) $post_id ) || ! current_user_can( 'edit_post', (int) $post_id ) ) {
			return;
		}
		// Every value is cleaned by Quiz::sanitize() (sanitize_text_field / sanitize_textarea_field, ints, 2-6 answers).
		$raw  = isset( $_POST[ self::FIELD ] ) && is_array( $_POST[ self::FIELD ] ) ? wp_unslash( $_POST[ self::FIELD ] ) : array(); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- sanitized by Quiz::sanitize() just below.
		$quiz = Quiz::sanitize( $raw );
		if ( ! $quiz['questions'] && 0 === $quiz['pass_mark'] ) {
			delete_post_meta( (int) $post_id, Quiz::META_KEY );
			return;
		}
		update_post_meta( (int) $post_id, Quiz::META_KEY, wp_slash( $quiz ) ); // update_post_meta() unslashes.
	}
}
