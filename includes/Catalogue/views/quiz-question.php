<?php
/**
 * One question's fields in the "Test and certificate" box.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the box hands over: the row number (0-based), the fields' base name, the question's ID and
 * text, one answer per answer field, the correct answer (-1: none), and which fields a refused
 * save found invalid.
 *
 * @param array{n: int, base: string, id: string, text: string, answers: array<int, string>, correct: int, text_invalid: bool, answers_invalid: array<int, bool>} $args The view's arguments.
 */
return static function ( array $args ): void {
	$n    = $args['n'];
	$base = $args['base'];
	/* translators: %d: question number. */
	echo '<fieldset style="border:1px solid #dcdcde;padding:8px 12px;margin:12px 0"><legend>' . esc_html( sprintf( __( 'Question %d', 'library-portal' ), $n + 1 ) ) . '</legend>';
	printf( '<input type="hidden" name="%s[id]" value="%s">', esc_attr( $base ), esc_attr( $args['id'] ) );
	printf(
		'<p><label for="library-portal-q%1$d">%2$s</label><br><textarea id="library-portal-q%1$d" name="%3$s[text]" rows="2" class="large-text" aria-invalid="%5$s">%4$s</textarea></p>',
		(int) $n,
		esc_html__( 'Question', 'library-portal' ),
		esc_attr( $base ),
		esc_textarea( $args['text'] ),
		$args['text_invalid'] ? 'true' : 'false'
	);
	echo '<table class="form-table" role="presentation" style="margin-top:0"><tbody>';
	foreach ( $args['answers'] as $a => $answer ) {
		$id = 'library-portal-q' . $n . '-a' . $a;
		printf(
			'<tr><th scope="row" style="padding:4px 10px 4px 0"><label for="%1$s">%2$s</label></th><td style="padding:4px 0"><input type="text" id="%1$s" name="%3$s[answers][%4$d]" value="%5$s" class="regular-text" aria-invalid="%8$s"> <label><input type="radio" name="%3$s[correct]" value="%4$d"%6$s> %7$s<span class="screen-reader-text"> %9$s</span></label></td></tr>',
			esc_attr( $id ),
			/* translators: %d: answer number. */
			esc_html( sprintf( __( 'Answer %d', 'library-portal' ), $a + 1 ) ),
			esc_attr( $base ),
			(int) $a,
			esc_attr( $answer ),
			checked( $args['correct'], $a, false ),
			esc_html__( 'Correct', 'library-portal' ),
			! empty( $args['answers_invalid'][ $a ] ) ? 'true' : 'false',
			/* translators: 1: answer number, 2: question number. */
			esc_html( sprintf( __( '(answer %1$d of question %2$d)', 'library-portal' ), $a + 1, $n + 1 ) )
		);
	}
	echo '</tbody></table></fieldset>';
};
