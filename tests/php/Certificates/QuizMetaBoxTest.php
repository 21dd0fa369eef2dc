<?php
/**
 * The test editor in wp-admin and the `_lp_quiz` meta.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Certificates;

use LibraryPortal\Catalogue\ItemEditor;
use LibraryPortal\Catalogue\QuizMetaBox;
use LibraryPortal\Catalogue\RefusedEdit;
use LibraryPortal\Core\Items\Quiz;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The box's questions are saved by the item editor (nonce, capability and refusals:
 * Catalogue/ItemEditorTest), cleaned, and the meta never leaves through wp/v2.
 */
final class QuizMetaBoxTest extends TestCase {

	public function test_an_editor_saves_clean_questions_through_the_item_editor(): void {
		$editor = $this->make_user( 'editor' );
		$item   = Library::item( 'Edited' );
		wp_set_current_user( $editor );
		$_POST = wp_slash(
			array(
				'post_ID'               => (string) $item,
				ItemEditor::NONCE_FIELD => wp_create_nonce( ItemEditor::nonce_action( $item ) ),
				ItemEditor::FIELD       => array( 'content_type' => 'on-demand' ),
				QuizMetaBox::FIELD      => array(
					'pass_mark' => '100',
					'questions' => array(
						array(
							'id'      => '',
							'text'    => "<b>Which</b> is right?\nReally?",
							'answers' => array( '', 'Yes <script>x</script>', '', 'No', '', '' ),
							'correct' => '3',
						),
						array(
							'id'      => '',
							'text'    => '',
							'answers' => array( '', '', '', '', '', '' ),
						),
					),
				),
			)
		);

		wp_update_post( array( 'ID' => $item ) );

		$this->assertSame(
			array(
				'pass_mark' => 100,
				'questions' => array(
					array(
						'id'      => 'q1',
						'text'    => "Which is right?\nReally?",
						'answers' => array( 'Yes', 'No' ),
						'correct' => 1,
					),
				),
			),
			get_post_meta( $item, Quiz::META_KEY, true ),
			'Empty answers dropped and the correct index follows its answer; markup stripped; the blank row skipped.'
		);
	}

	public function test_the_box_shows_saved_questions_and_blank_rows_escaped(): void {
		$item = Library::item( 'Shown' );
		update_post_meta(
			$item,
			Quiz::META_KEY,
			array(
				'pass_mark' => 70,
				'questions' => array(
					array(
						'id'      => 'q1',
						'text'    => 'Is "this" <fine>?',
						'answers' => array( 'Yes', 'No' ),
						'correct' => 1,
					),
				),
			)
		);
		self::raw_meta( $item );

		ob_start();
		( new QuizMetaBox( new RefusedEdit() ) )->render( get_post( $item ) );
		$html = (string) ob_get_clean();

		$this->assertStringContainsString( 'value="70"', $html );
		$this->assertStringContainsString( 'Is &quot;this&quot;', $html, 'Escaped for the textarea.' );
		$this->assertStringNotContainsString( '<fine>', $html, 'Markup stored by other means is cleaned on read.' );
		$rows = (string) strstr( $html, '<template', true );
		$this->assertSame( 2, substr_count( $rows, '<fieldset' ), 'One saved question and one blank row.' );
		$this->assertStringContainsString( '<legend>Question 9999</legend>', (string) strstr( $html, '<template' ), 'the template of one more' );
		$this->assertStringContainsString( '<button type="button" class="button library-portal-add-row" hidden>Add question</button>', $html );
		$this->assertMatchesRegularExpression( '/name="library_portal_quiz\[questions\]\[0\]\[correct\]" value="1" checked/', $html );
	}

	public function test_the_meta_never_leaves_through_wp_v2(): void {
		$admin = $this->make_user( 'administrator' );
		$item  = Library::item( 'Secret answers' );
		update_post_meta(
			$item,
			Quiz::META_KEY,
			array(
				'questions' => array(
					array(
						'id'      => 'q1',
						'text'    => 'Q',
						'answers' => array( 'SECRET-RIGHT', 'wrong' ),
						'correct' => 0,
					),
				),
			)
		);

		$response = $this->rest( 'GET', '/wp/v2/library_item/' . $item, array( 'context' => 'edit' ), $admin );

		$this->assertSame( 200, $response->get_status() );
		$json = (string) wp_json_encode( $response->get_data() );
		$this->assertStringNotContainsString( '"_lp_quiz"', $json );
		$this->assertStringNotContainsString( 'SECRET-RIGHT', $json );
		$this->assertFalse( get_registered_meta_keys( 'post', 'library_item' )[ Quiz::META_KEY ]['show_in_rest'] );
	}

	public function test_the_pass_mark_setting_is_a_percent(): void {
		$settings = $this->services()->settings;

		$this->assertSame( 80, $settings->get( 'pass_mark' ) );
		$settings->update( array( 'pass_mark' => '250' ) );
		$this->assertSame( 100, $settings->get( 'pass_mark' ) );
		$settings->update( array( 'pass_mark' => '0' ) );
		$this->assertSame( 1, $settings->get( 'pass_mark' ) );
	}

	/**
	 * Puts markup back into a stored question text (update_post_meta() cleaned it).
	 *
	 * @param int $item Item.
	 */
	private static function raw_meta( int $item ): void {
		global $wpdb;
		$quiz                         = get_post_meta( $item, Quiz::META_KEY, true );
		$quiz['questions'][0]['text'] = 'Is "this" <fine>?';
		$wpdb->update(
			$wpdb->postmeta,
			array( 'meta_value' => maybe_serialize( $quiz ) ),
			array(
				'post_id'  => $item,
				'meta_key' => Quiz::META_KEY,
			)
		); // phpcs:ignore WordPress.DB.SlowDBQuery
		wp_cache_delete( $item, 'post_meta' );
	}
}
