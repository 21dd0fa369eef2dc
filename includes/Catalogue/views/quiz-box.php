<?php
/**
 * The "Test and certificate" box of an item: the pass mark and the questions (QuizMetaBox).
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the box hands over: the field's name, the pass mark as typed or stored, whether a refused
 * save found it invalid, each question's arguments (views/quiz-question.php), and the printer of
 * the template row behind the Add button.
 *
 * @param array{name: string, pass_mark: string, pass_mark_invalid: bool, questions: array<int, array<string, mixed>>, template: array<string, mixed>} $args The view's arguments.
 */
return static function ( array $args ): void {
	echo '<p><label for="library-portal-pass-mark">' . esc_html__( 'Pass mark (%)', 'library-portal' ) . '</label> ';
	printf(
		'<input type="number" id="library-portal-pass-mark" name="%s[pass_mark]" value="%s" min="0" max="100" step="1" class="small-text" aria-describedby="library-portal-pass-mark-help"%s> ',
		esc_attr( $args['name'] ),
		esc_attr( $args['pass_mark'] ),
		$args['pass_mark_invalid'] ? ' aria-invalid="true"' : ''
	);
	echo '<span class="description" id="library-portal-pass-mark-help">' . esc_html__( 'Leave empty (or 0) to use the pass mark from Settings → Library Portal.', 'library-portal' ) . '</span></p>';
	echo '<p class="description">' . esc_html__( 'Learners see the questions once every part of the video is watched. Fill in the question, two to six answers, and choose the correct one. Empty a question to remove it.', 'library-portal' ) . '</p>';

	echo '<div class="library-portal-rows">';
	foreach ( $args['questions'] as $question ) {
		\LibraryPortal\Platform\View::render( __DIR__ . '/quiz-question.php', $question );
	}
	echo '</div>';
	$template = $args['template'];
	\LibraryPortal\Catalogue\ItemEditor::add_button( static fn() => \LibraryPortal\Platform\View::render( __DIR__ . '/quiz-question.php', $template ), __( 'Add question', 'library-portal' ) );
};
