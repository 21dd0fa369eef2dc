<?php
/**
 * The catalogue editor's save path, screens and list columns.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.Security.NonceVerification -- the tests post forms as wp-admin does.

namespace LibraryPortal\Tests\Catalogue;

use LibraryPortal\Catalogue\ItemEditor;
use LibraryPortal\Catalogue\ItemListColumns;
use LibraryPortal\Catalogue\ItemSave;
use LibraryPortal\Catalogue\QuizMetaBox;
use LibraryPortal\Catalogue\RefusedEdit;
use LibraryPortal\Core\Items\ItemMedia;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Items\Quiz;
use LibraryPortal\Learning\PlaylistDuration;
use LibraryPortal\Tests\Fixtures\LearningMedia;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Saves go through the plugin's own hooks (wp_update_post runs save_post as post.php does):
 * all or nothing, nonce and capability first, caches invalidated, answers never sent to learners.
 */
final class ItemEditorTest extends TestCase {

	private const PART = '/wp-content/library-portal-demo/workshop/part-%d/index.m3u8';

	/**
	 * A valid form: a three-part workshop with English subtitles for part 1.
	 *
	 * @param array<string, mixed> $changes Fields to change.
	 * @return array<string, mixed>
	 */
	private static function form( array $changes = array() ): array {
		$parts = array();
		foreach ( array( 1, 2, 3 ) as $n ) {
			$parts[] = array(
				'position' => (string) $n,
				'title'    => "Part $n title",
				'url'      => sprintf( self::PART, $n ),
				'thumb'    => '',
			);
		}
		return array_merge(
			array(
				'content_type'   => 'on-demand-workshop',
				'subtitle'       => 'Edited in wp-admin',
				'image_url'      => '',
				'product_link'   => 'https://shop.example.com/grief/',
				'download_link'  => '',
				'attachment_url' => '/wp-content/library-portal-demo/workshop/handout.pdf',
				'video_url'      => '',
				'parts'          => $parts,
				'subtitles'      => array(
					array(
						'language' => 'en',
						'url'      => '/wp-content/library-portal-demo/workshop/part-1/subtitles/en.vtt',
						'part'     => '1',
					),
				),
			),
			$changes
		);
	}

	/**
	 * A valid test: two questions whose right answers are marked so a test can look for them.
	 *
	 * @param string $pass_mark Pass mark field.
	 * @return array<string, mixed>
	 */
	private static function quiz( string $pass_mark = '70' ): array {
		return array(
			'pass_mark' => $pass_mark,
			'questions' => array(
				array(
					'id'      => '',
					'text'    => 'First <em>question</em>?',
					'answers' => array( 'wrong one', 'RIGHT-ANSWER-ONE', '', '', '', '' ),
					'correct' => '1',
				),
				array(
					'id'      => '',
					'text'    => 'Second question?',
					'answers' => array( 'RIGHT-ANSWER-TWO', 'wrong two', 'wrong three', '', '', '' ),
					'correct' => '0',
				),
				array(
					'id'      => '',
					'text'    => '',
					'answers' => array( '', '', '', '', '', '' ),
				),
			),
		);
	}

	/**
	 * Posts the edit screen's form as the given user and saves the item as post.php does.
	 *
	 * @param int                       $item    Item.
	 * @param int                       $user_id User.
	 * @param string|null               $nonce   Nonce (null: none; 'valid': a valid one for the user).
	 * @param array<string, mixed>      $form    Item fields.
	 * @param array<string, mixed>|null $quiz    Quiz fields (null: the test box not posted).
	 * @param int|null                  $post_id The form's post_ID (default: the item).
	 */
	private function submit( int $item, int $user_id, ?string $nonce, array $form, ?array $quiz = null, ?int $post_id = null ): void {
		wp_set_current_user( $user_id );
		$nonce = 'valid' === $nonce ? wp_create_nonce( ItemEditor::nonce_action( $item ) ) : $nonce;
		$_POST = wp_slash(
			array_filter(
				array(
					'post_ID'               => (string) ( $post_id ?? $item ),
					ItemEditor::NONCE_FIELD => $nonce,
					ItemEditor::FIELD       => $form,
					QuizMetaBox::FIELD      => $quiz,
				),
				static fn( $v ) => null !== $v
			)
		);
		wp_update_post( array( 'ID' => $item ) );
	}

	/**
	 * Every meta value of an item (to compare before and after).
	 *
	 * @param int $item Item.
	 * @return array<string, mixed>
	 */
	private static function meta( int $item ): array {
		wp_cache_delete( $item, 'post_meta' );
		$meta = get_post_meta( $item );
		unset( $meta['_edit_lock'], $meta['_edit_last'] );
		ksort( $meta );
		return $meta;
	}

	/**
	 * Runs a callback as the current user would see the item's edit screen; returns its output.
	 *
	 * @param int      $item Item.
	 * @param callable $fn   Prints something.
	 */
	private static function on_edit_screen( int $item, callable $fn ): string {
		require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
		require_once ABSPATH . 'wp-admin/includes/screen.php';
		require_once ABSPATH . 'wp-admin/includes/template.php';
		$GLOBALS['post'] = get_post( $item ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- post.php sets it too.
		set_current_screen( ItemPostType::POST_TYPE );
		ob_start();
		$fn();
		$html                      = (string) ob_get_clean();
		$GLOBALS['current_screen'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- back to no screen.
		return $html;
	}

	public function test_the_admin_menu_does_not_read_like_the_media_librarys(): void {
		$labels = get_post_type_object( ItemPostType::POST_TYPE )->labels;
		$this->assertSame( 'Training Library', $labels->menu_name );
		$this->assertNotSame( __( 'Library' ), $labels->menu_name, "Media's own submenu is called Library." ); // phpcs:ignore WordPress.WP.I18n.MissingArgDomain -- core's own string.
	}

	public function test_item_pickers_tell_same_titled_items_apart(): void {
		$workshop = Library::item( 'Grief Support', 'workshop' );
		$manual   = Library::item( 'Grief Support', 'e-manual' );
		$single   = Library::item( 'Only One Of Me', 'webinar' );
		$draft    = Library::item( 'Drafted', 'workshop' );
		wp_update_post(
			array(
				'ID'          => $draft,
				'post_status' => 'draft',
			)
		);

		$titles = ItemPostType::published_titles();

		$this->assertSame( 'Grief Support — Workshop, #' . $workshop, $titles[ $workshop ] );
		$this->assertSame( 'Grief Support — E-Manual, #' . $manual, $titles[ $manual ] );
		$this->assertSame( 'Only One Of Me', $titles[ $single ] );
		$this->assertArrayNotHasKey( $draft, $titles );
	}

	public function test_an_editor_saves_every_field(): void {
		$editor = $this->make_user( 'editor' );
		$item   = Library::item( 'Grief Workshop' );

		$this->submit( $item, $editor, 'valid', self::form(), self::quiz() );

		$this->assertSame( 'on-demand-workshop', get_post_meta( $item, '_lp_content_type', true ) );
		$this->assertSame( 'Edited in wp-admin', get_post_meta( $item, '_lp_subtitle', true ) );
		$this->assertSame( 'https://shop.example.com/grief/', get_post_meta( $item, '_lp_product_link', true ) );
		$this->assertSame( '/wp-content/library-portal-demo/workshop/handout.pdf', get_post_meta( $item, '_lp_attachment_url', true ) );
		$this->assertSame( '', get_post_meta( $item, '_lp_download_link', true ) );
		$parts = get_post_meta( $item, '_lp_video_parts', true );
		$this->assertSame( array( sprintf( self::PART, 1 ), sprintf( self::PART, 2 ), sprintf( self::PART, 3 ) ), array_column( $parts, 'url' ) );
		$this->assertSame( array( 'Part 1 title', 'Part 2 title', 'Part 3 title' ), array_column( $parts, 'title' ) );
		$this->assertSame( 0, get_post_meta( $item, '_lp_subtitles', true )[0]['part'] );
		$quiz = Quiz::of_item( $item );
		$this->assertSame( 70, $quiz->pass_mark );
		$this->assertSame( array( 'First question?', 'Second question?' ), array_map( static fn( $q ) => $q->text, $quiz->questions ) );
		$this->assertSame( array( 1, 0 ), array_map( static fn( $q ) => $q->correct, $quiz->questions ) );
		$this->assertNull( ( new RefusedEdit() )->take( $editor, $item ), 'Nothing refused.' );
	}

	/**
	 * One invalid field per case (field path in the form or the quiz, value).
	 *
	 * @return array<string, array{0: string, 1: string, 2: mixed}>
	 */
	public function invalid_fields(): array {
		return array(
			'HLS address not .m3u8'        => array( 'form', 'video_url', 'https://media.example.com/video.mp4' ),
			'part address not .m3u8'       => array( 'form', 'parts', array( array( 'url' => 'https://media.example.com/video.mp4' ) ) ),
			'part without an address'      => array( 'form', 'parts', array( array( 'title' => 'No address' ), array( 'url' => sprintf( self::PART, 2 ) ) ) ),
			'subtitle outside /subtitles/' => array(
				'form',
				'subtitles',
				array(
					array(
						'language' => 'en',
						'url'      => '/wp-content/uploads/en.vtt',
						'part'     => '1',
					),
				),
			),
			'pass mark 101'                => array( 'quiz', 'pass_mark', '101' ),
			'unknown content type'         => array( 'form', 'content_type', 'podcast' ),
			'bad product link'             => array( 'form', 'product_link', 'javascript:alert(1)' ),
		);
	}

	/**
	 * @dataProvider invalid_fields
	 *
	 * @param string $box   'form' or 'quiz'.
	 * @param string $field Field.
	 * @param mixed  $value Invalid value.
	 */
	public function test_one_invalid_field_and_nothing_of_the_boxes_is_saved( string $box, string $field, $value ): void {
		$editor = $this->make_user( 'editor' );
		$item   = Library::item( 'Kept As It Was', 'on-demand-workshop', 2 );
		$this->submit( $item, $editor, 'valid', self::form(), self::quiz() );
		$before = self::meta( $item );

		$form = self::form( array( 'subtitle' => 'Changed subtitle' ) );
		$quiz = self::quiz( '90' );
		if ( 'form' === $box ) {
			$form[ $field ] = $value;
		} else {
			$quiz[ $field ] = $value;
		}
		$this->submit( $item, $editor, 'valid', $form, $quiz );

		$this->assertSame( $before, self::meta( $item ), 'Every meta value as before: the valid changes were not saved either.' );
		$refused = ( new RefusedEdit() )->take( $editor, $item );
		$this->assertNotNull( $refused );
		$this->assertCount( 1, $refused['errors'] );
		$this->assertSame( 'Changed subtitle', $refused['form']['subtitle'], 'What the admin typed is kept for the screen.' );
	}

	public function test_without_nonce_capability_or_for_another_item_nothing_changes(): void {
		$editor     = $this->make_user( 'editor' );
		$subscriber = $this->make_user();
		$author     = $this->make_user( 'author' );
		$item       = Library::item( 'Guarded' );
		$other      = Library::item( 'Other' );
		$before     = self::meta( $item );
		$form       = self::form( array( 'subtitle' => 'Should not land' ) );

		$this->submit( $item, $editor, null, $form, self::quiz() );
		$this->submit( $item, $editor, 'forged', $form, self::quiz() );
		$this->submit( $item, $subscriber, 'valid', $form, self::quiz() );
		$this->submit( $item, $author, 'valid', $form, self::quiz() );
		$this->submit( $item, $editor, 'valid', $form, self::quiz(), $other );
		$this->submit( $item, $editor, wp_create_nonce( ItemEditor::nonce_action( $other ) ), $form, self::quiz() );
		// An invalid form without a nonce is not even read: no refusal is kept.
		$this->submit( $item, $editor, null, self::form( array( 'content_type' => 'nope' ) ) );

		$this->assertSame( $before, self::meta( $item ) );
		$this->assertNull( ( new RefusedEdit() )->take( $editor, $item ) );
		$this->assertNull( ( new RefusedEdit() )->take( $subscriber, $item ) );
	}

	public function test_autosaves_and_revisions_do_not_save_the_boxes(): void {
		$editor = $this->make_user( 'editor' );
		$item   = Library::item( 'Autosaved' );
		$before = self::meta( $item );
		wp_set_current_user( $editor );
		$autosave = wp_insert_post(
			array(
				'post_type'   => 'revision',
				'post_status' => 'inherit',
				'post_parent' => $item,
				'post_name'   => $item . '-autosave-v1',
				'post_title'  => 'Autosaved',
			)
		);
		$_POST    = wp_slash(
			array(
				'post_ID'               => (string) $autosave,
				ItemEditor::NONCE_FIELD => wp_create_nonce( ItemEditor::nonce_action( $autosave ) ),
				ItemEditor::FIELD       => self::form( array( 'subtitle' => 'From an autosave' ) ),
			)
		);

		( new ItemSave( new RefusedEdit() ) )->save( $autosave, get_post( $autosave ) );

		$this->assertSame( $before, self::meta( $item ) );
		$this->assertSame( array(), get_post_meta( $autosave ) );
	}

	public function test_a_refused_form_names_its_fields_and_shows_what_was_entered(): void {
		$editor = $this->make_user( 'editor' );
		$item   = Library::item( 'Refused' );
		$bad    = 'https://media.example.com/"><script>alert(1)</script>.mp4';
		$this->submit(
			$item,
			$editor,
			'valid',
			self::form(
				array(
					'video_url' => $bad,
					'parts'     => array(),
				)
			),
			self::quiz( '150' )
		);

		$refused = new RefusedEdit();
		$editor_ = new ItemEditor( $refused );
		$html    = self::on_edit_screen(
			$item,
			static function () use ( $editor_, $item, $refused ) {
				$editor_->notice();
				$editor_->render_details( get_post( $item ) );
				$editor_->render_video( get_post( $item ) );
				( new QuizMetaBox( $refused ) )->render( get_post( $item ) );
			}
		);

		$this->assertStringContainsString( 'The library item fields were not saved.', $html );
		$this->assertStringContainsString( '<a href="#library-portal-video-url">HLS address:', $html );
		$this->assertStringContainsString( '<a href="#library-portal-pass-mark">Pass mark:', $html );
		$this->assertStringNotContainsString( '<script>alert', $html, 'The entered value is escaped.' );
		$this->assertMatchesRegularExpression( '/id="library-portal-video-url" name="library_portal_item\[video_url\]" value="https:\/\/media\.example\.com\/&quot;&gt;&lt;script&gt;[^"]*" class="large-text" aria-describedby="library-portal-video-url-help" aria-invalid="true"/', $html );
		$this->assertMatchesRegularExpression( '/id="library-portal-pass-mark" name="library_portal_quiz\[pass_mark\]" value="150"[^>]*aria-invalid="true"/', $html );
		$this->assertStringContainsString( 'value="Edited in wp-admin"', $html, 'The valid entered fields are shown too.' );
		$this->assertStringContainsString( ItemEditor::NONCE_FIELD, $html );

		// Reopened later (a new request): what was typed and the errors are still there.
		$again = self::on_edit_screen( $item, static fn() => ( new ItemEditor( new RefusedEdit() ) )->render_details( get_post( $item ) ) );
		$this->assertStringContainsString( 'value="Edited in wp-admin"', $again, 'Reopening shows what was typed, not the stored values.' );
		$notice = self::on_edit_screen( $item, static fn() => ( new ItemEditor( new RefusedEdit() ) )->notice() );
		$this->assertStringContainsString( '<a href="#library-portal-pass-mark">Pass mark:', $notice, 'And the errors, until it is saved.' );
		$this->assertStringContainsString( RefusedEdit::DISCARD, $notice, 'With a way to discard it.' );
	}

	public function test_a_new_item_refused_on_publish_stays_a_draft_and_keeps_what_was_typed_until_saved(): void {
		$editor = $this->make_user( 'editor' );
		wp_set_current_user( $editor );
		$item  = wp_insert_post(
			array(
				'post_type'   => ItemPostType::POST_TYPE,
				'post_status' => 'auto-draft',
				'post_title'  => 'Auto Draft',
			)
		);
		$typed = self::form(
			array(
				'video_url' => '',
				'parts'     => array(
					array(
						'title' => 'Lesson 1',
						'url'   => 'https://media.example.com/lesson-1/index.m3u8',
					),
					array(
						'title' => 'Lesson 2',
						'url'   => 'https://media.example.com/lesson-2/video.mp4',
					),
				),
			)
		);
		$this->submit( $item, $editor, 'valid', $typed, self::quiz( '80' ) );
		// The classic editor's Publish: edit_post() with the whole form, as post.php runs it.
		$_POST = array_merge(
			$_POST,
			wp_slash(
				array(
					'post_type'            => ItemPostType::POST_TYPE,
					'post_title'           => 'Grief Support Workshop',
					'content'              => 'Three lessons.',
					'post_status'          => 'publish',
					'publish'              => 'Publish',
					'original_post_status' => 'auto-draft',
				)
			)
		);
		require_once ABSPATH . 'wp-admin/includes/post.php';
		edit_post();

		$this->assertSame( 'draft', get_post_status( $item ), 'Not published without its video: kept a draft.' );
		$this->assertSame( 'Grief Support Workshop', get_the_title( $item ), 'The title was saved.' );
		$this->assertSame( '', (string) get_post_meta( $item, '_lp_video_parts', true ), 'Nothing of the boxes was stored.' );

		$reopened = self::on_edit_screen(
			$item,
			static function () use ( $item ) {
				$refused = new RefusedEdit();
				$editor  = new ItemEditor( $refused );
				$editor->notice();
				$editor->render_video( get_post( $item ) );
				( new QuizMetaBox( $refused ) )->render( get_post( $item ) );
			}
		);
		$this->assertStringContainsString( 'The item was kept as a draft', $reopened );
		$this->assertStringContainsString( 'value="https://media.example.com/lesson-2/video.mp4"', $reopened, 'The refused part as typed.' );
		$this->assertStringContainsString( 'value="Lesson 1"', $reopened, 'The valid part beside it too.' );
		$this->assertMatchesRegularExpression( '/name="library_portal_quiz\[pass_mark\]" value="80"/', $reopened, 'And the test as typed.' );

		// Fixed and saved: the kept form goes, and the item may be published.
		$typed['parts'][1]['url'] = 'https://media.example.com/lesson-2/index.m3u8';
		$this->submit( $item, $editor, 'valid', $typed, self::quiz( '80' ) );
		$this->assertNull( ( new RefusedEdit() )->take( $editor, $item ) );
		wp_publish_post( $item );
		$this->assertSame( 'publish', get_post_status( $item ) );
	}

	public function test_a_published_item_refused_stays_published_with_its_stored_boxes_and_discard_forgets_the_typed_form(): void {
		$editor = $this->make_user( 'editor' );
		$item   = Library::item( 'Published Already', 'on-demand-workshop', 2 );
		$this->submit( $item, $editor, 'valid', self::form(), self::quiz() );
		$before = self::meta( $item );
		$this->submit( $item, $editor, 'valid', self::form( array( 'content_type' => 'podcast' ) ), self::quiz() );

		$this->assertSame( 'publish', get_post_status( $item ), 'A live item keeps its status (its stored boxes are whole).' );
		$this->assertSame( $before, self::meta( $item ) );
		$this->assertNotNull( ( new RefusedEdit() )->take( $editor, $item ) );

		$_GET     = array(
			RefusedEdit::DISCARD => '1',
			'post'               => (string) $item,
			'_wpnonce'           => wp_create_nonce( RefusedEdit::DISCARD . '-' . $item ),
		);
		$_REQUEST = $_GET;
		add_filter(
			'wp_redirect',
			static function () {
				throw new \RuntimeException( 'redirected' );
			}
		);
		try {
			( new RefusedEdit() )->handle_discard();
		} catch ( \RuntimeException $redirect ) {
			$this->assertSame( 'redirected', $redirect->getMessage() );
		}
		$this->assertNull( ( new RefusedEdit() )->take( $editor, $item ), 'Discarded: the stored values show again.' );
	}

	public function test_a_refused_form_redirects_without_the_updated_message(): void {
		$refused = new RefusedEdit();
		$editor  = new ItemEditor( $refused );
		$url     = 'http://example.org/wp-admin/post.php?post=5&action=edit&message=1';

		$this->assertSame( $url, $editor->redirect( $url ) );
		$refused->keep( 1, 5, array( 'x' => 'y' ), array(), null );
		$this->assertSame( 'http://example.org/wp-admin/post.php?post=5&action=edit', $editor->redirect( $url ) );
	}

	public function test_the_boxes_show_stored_values_escaped(): void {
		$admin = $this->make_user( 'administrator' );
		$item  = Library::item( 'Shown', 'on-demand-workshop', 2 );
		update_post_meta( $item, '_lp_subtitle', 'Say "hi" <b>' );
		update_post_meta(
			$item,
			'_lp_subtitles',
			array(
				array(
					'url'      => '/x/subtitles/de.vtt',
					'language' => 'de',
					'part'     => 1,
				),
			)
		);
		wp_set_current_user( $admin );
		$editor = new ItemEditor( new RefusedEdit() );

		$html = self::on_edit_screen(
			$item,
			static function () use ( $editor, $item ) {
				$editor->render_details( get_post( $item ) );
				$editor->render_video( get_post( $item ) );
			}
		);

		$this->assertStringContainsString( 'value="Say &quot;hi&quot; &lt;b&gt;"', $html );
		$this->assertStringContainsString( '<option value="on-demand-workshop" selected=\'selected\'>', $html );
		$this->assertSame( 4, substr_count( $html, 'name="library_portal_item[parts][' ) / 6, 'Two saved parts and two blank rows (six fields each).' );
		$this->assertStringContainsString( 'name="library_portal_item[subtitles][0][part]" value="2"', $html, 'Parts are numbered from 1 on screen.' );
		$this->assertStringNotContainsString( ' aria-invalid="true"', $html );
	}

	public function test_catalogue_edits_refresh_the_libraries(): void {
		$editor = $this->make_user( 'editor' );
		$owner  = $this->make_user();
		$item   = Library::item( 'Cached Workshop' );
		Library::grant( $owner, $item, 1 );
		$before = Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $owner )->get_data()['data'] );
		$this->assertCount( 1, $before[ $item ]['video_data']['progress']['parts'] );

		$this->submit( $item, $editor, 'valid', self::form() );
		$after = Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $owner )->get_data()['data'] );

		$this->assertSame( 'Edited in wp-admin', $after[ $item ]['subtitle'] );
		$this->assertCount( 3, $after[ $item ]['video_data']['progress']['parts'], 'The cached reply was dropped: three parts now.' );
		$this->assertSame( 'on-demand-workshop', $after[ $item ]['content_type'] );
	}

	public function test_answers_saved_in_the_editor_never_reach_a_learner_or_wp_v2(): void {
		$editor  = $this->make_user( 'editor' );
		$learner = $this->make_user();
		$item    = Library::item( 'Secret Answers' );
		$this->submit( $item, $editor, 'valid', self::form(), self::quiz() );
		Library::grant( $learner, $item, 1 );
		Library::activate_own( $learner, $item );
		foreach ( array( 0, 1, 2 ) as $part ) {
			$this->services()->progress->record( $learner, $item, $part, 100, time() );
		}

		$quiz    = $this->rest( 'GET', "/library/v2/quiz/$item", array(), $learner );
		$replies = array(
			'items'         => $this->rest( 'GET', '/library/v2/items', array(), $learner ),
			'video'         => $this->rest( 'GET', "/library/v2/video/$item", array(), $learner ),
			'user'          => $this->rest( 'GET', '/library/v2/user', array(), $learner ),
			'wp/v2 learner' => $this->rest( 'GET', "/wp/v2/library_item/$item", array( 'context' => 'edit' ), $learner ),
			'wp/v2 editor'  => $this->rest( 'GET', "/wp/v2/library_item/$item", array( 'context' => 'edit' ), $editor ),
		);

		$this->assertSame( 200, $quiz->get_status() );
		$this->assertCount( 2, $quiz->get_data()['data']['questions'], 'The test is open to the learner.' );
		$this->assertStringNotContainsString( '"correct"', (string) wp_json_encode( $quiz->get_data() ), 'The quiz reply has the answer texts, never which is right.' );
		$this->assertSame( 200, $replies['video']->get_status() );
		$this->assertSame( 403, $replies['wp/v2 learner']->get_status() );
		$this->assertSame( 200, $replies['wp/v2 editor']->get_status() );
		foreach ( $replies as $name => $reply ) {
			$json = (string) wp_json_encode( $reply->get_data() );
			$this->assertStringNotContainsString( 'RIGHT-ANSWER', $json, $name );
			$this->assertStringNotContainsString( '"_lp_quiz"', $json, $name );
			$this->assertStringNotContainsString( '"correct"', $json, $name );
		}
	}

	public function test_wp_v2_writes_follow_the_same_rules_all_or_nothing(): void {
		$editor = $this->make_user( 'editor' );
		$item   = Library::item( 'Through REST' );
		$before = self::meta( $item );

		$bad = $this->rest(
			'POST',
			"/wp/v2/library_item/$item",
			array(
				'title' => 'Renamed through REST',
				'meta'  => array(
					'_lp_subtitle'  => 'Would be fine',
					'_lp_video_url' => 'https://media.example.com/video.mp4',
				),
			),
			$editor
		);

		$this->assertSame( 400, $bad->get_status() );
		$this->assertSame( array( '_lp_video_url' ), array_keys( $bad->get_data()['data']['params'] ) );
		$this->assertSame( $before, self::meta( $item ) );
		$this->assertSame( 'Through REST', get_post( $item )->post_title, 'The post is not written either.' );

		$good = $this->rest( 'POST', "/wp/v2/library_item/$item", array( 'meta' => array( '_lp_video_url' => '/media/one/index.m3u8' ) ), $editor );
		$this->assertSame( 200, $good->get_status() );
		$this->assertSame( '/media/one/index.m3u8', get_post_meta( $item, '_lp_video_url', true ) );
	}

	public function test_items_use_the_classic_editor(): void {
		$this->assertFalse( use_block_editor_for_post_type( ItemPostType::POST_TYPE ) );
		$this->assertTrue( ( new ItemEditor( new RefusedEdit() ) )->use_block_editor( true, 'post' ) );
	}

	public function test_the_list_shows_type_parts_and_test(): void {
		$workshop = Library::item( 'Three parts', 'on-demand-workshop', 3 );
		$manual   = Library::item( 'Manual', 'e-manual' );
		update_post_meta( $workshop, Quiz::META_KEY, Quiz::sanitize( self::quiz() ) );
		$columns = new ItemListColumns();
		$cell    = static function ( string $column, int $item ) use ( $columns ): string {
			ob_start();
			$columns->cell( $column, $item );
			return (string) ob_get_clean();
		};

		$this->assertSame(
			array( 'cb', 'title', 'library_portal_type', 'library_portal_parts', 'library_portal_test', 'date' ),
			array_keys(
				$columns->columns(
					array(
						'cb'    => '',
						'title' => 'Title',
						'date'  => 'Date',
					)
				)
			)
		);
		// The fixture's parts have no length: marked (test_the_list_marks_and_lists_items_of_unknown_length).
		$this->assertSame( array( 'On-Demand Workshop', '3<br><span class="library-portal-length-unknown">Length unknown</span>', 'Yes' ), array( $cell( 'library_portal_type', $workshop ), $cell( 'library_portal_parts', $workshop ), $cell( 'library_portal_test', $workshop ) ) );
		$this->assertSame( 'E-Manual', $cell( 'library_portal_type', $manual ) );
		$this->assertStringContainsString( 'No video', $cell( 'library_portal_parts', $manual ) );
		$this->assertSame( 'No', $cell( 'library_portal_test', $manual ) );
	}

	public function test_a_typed_length_wins_over_the_read_one_and_empty_reads_it_again(): void {
		$editor = $this->make_user( 'editor' );
		$item   = Library::item( 'Typed lengths' );
		$parts  = self::form()['parts'];
		// The parts' playlists are the demo's on this site (16 s each when bin/setup made the media).
		$read               = PlaylistDuration::seconds( sprintf( self::PART, 3 ) );
		$parts[1]['length'] = '1200';
		$this->submit( $item, $editor, 'valid', self::form( array( 'parts' => $parts ) ) );

		$stored = get_post_meta( $item, '_lp_video_parts', true );
		$this->assertSame( 1200, $stored[1]['duration'] );
		$this->assertTrue( $stored[1]['length_typed'] );
		$this->assertSame( $read, $stored[2]['duration'], 'Not typed: read from the playlist.' );
		$this->assertArrayNotHasKey( 'length_typed', $stored[2] );
		$this->assertSame( 1200, ItemMedia::of( $item, '' )->parts[1]['duration'], 'The rule reads the typed length.' );
		$this->assertStringContainsString( 'value="1200"', self::on_edit_screen( $item, static fn() => ( new ItemEditor( new RefusedEdit() ) )->render_video( get_post( $item ) ) ), 'The field shows what was typed.' );

		// A typed length is kept over a read one: PlaylistDuration fills only unknown lengths.
		( new PlaylistDuration() )->fill( $item );
		$this->assertSame( 1200, get_post_meta( $item, '_lp_video_parts', true )[1]['duration'] );

		// Emptied: the length is read again.
		$parts[1]['length'] = '';
		$this->submit( $item, $editor, 'valid', self::form( array( 'parts' => $parts ) ) );
		$stored = get_post_meta( $item, '_lp_video_parts', true );
		$this->assertSame( PlaylistDuration::seconds( sprintf( self::PART, 2 ) ), $stored[1]['duration'] );
		$this->assertArrayNotHasKey( 'length_typed', $stored[1] );

		// A single video: its own Length field, which wins over `_lp_video_duration`.
		$single = Library::item( 'Typed single' );
		$this->submit(
			$single,
			$editor,
			'valid',
			self::form(
				array(
					'parts'        => array(),
					'video_url'    => 'https://cdn.example.com/single/index.m3u8',
					'video_length' => '900',
				)
			)
		);
		update_post_meta( $single, '_lp_video_duration', 30 );
		$this->assertSame( 900, ItemMedia::of( $single, '' )->parts[0]['duration'] );
	}

	public function test_a_length_that_is_not_whole_seconds_refuses_the_save(): void {
		$editor = $this->make_user( 'editor' );
		$item   = Library::item( 'Bad length' );
		$before = self::meta( $item );
		$parts  = self::form()['parts'];
		foreach ( array( '0', '-5', '12.5', '86401', 'soon' ) as $bad ) {
			$parts[0]['length'] = $bad;
			$this->submit( $item, $editor, 'valid', self::form( array( 'parts' => $parts ) ) );
			$this->assertSame( $before, self::meta( $item ), "length $bad" );
			$refused = ( new RefusedEdit() )->take( $editor, $item );
			$this->assertNotNull( $refused );
			$this->assertArrayHasKey( 'library-portal-part-1-length', $refused['errors'], "length $bad" );
		}
	}

	public function test_the_list_marks_and_lists_items_of_unknown_length(): void {
		$known                = LearningMedia::item( 'Known length', 3, 100 );
		$unknown              = LearningMedia::item( 'Unknown part', 3, 100 );
		$parts                = get_post_meta( $unknown, '_lp_video_parts', true );
		$parts[2]['duration'] = 0;
		update_post_meta( $unknown, '_lp_video_parts', $parts );
		$single_known   = LearningMedia::item( 'Single known', 1, 100, 'on-demand-webinar' );
		$single_unknown = LearningMedia::item( 'Single unknown', 1, 0, 'on-demand-webinar' );
		$single_typed   = LearningMedia::item( 'Single typed', 1, 0, 'on-demand-webinar' );
		update_post_meta( $single_typed, '_lp_video_length', 600 );
		$columns = new ItemListColumns();
		$cell    = static function ( int $item ) use ( $columns ): string {
			ob_start();
			$columns->cell( 'library_portal_parts', $item );
			return (string) ob_get_clean();
		};

		$this->assertStringNotContainsString( 'Length unknown', $cell( $known ) );
		$this->assertStringContainsString( 'Length unknown', $cell( $unknown ) );
		$this->assertStringContainsString( 'Length unknown', $cell( $single_unknown ) );
		$this->assertStringNotContainsString( 'Length unknown', $cell( $single_typed ) );

		$listed = get_posts(
			array(
				'post_type'   => ItemPostType::POST_TYPE,
				'post_status' => 'any',
				'fields'      => 'ids',
				'numberposts' => -1,
				'meta_query'  => ItemListColumns::unknown_length_query(), // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_query -- the view's own query.
			)
		);
		$ours   = array_values( array_intersect( array( $known, $unknown, $single_known, $single_unknown, $single_typed ), $listed ) );
		$this->assertSame( array( $unknown, $single_unknown ), $ours );

		$views = $columns->views( array( 'all' => 'All' ) );
		$this->assertStringContainsString( 'Length unknown', $views['library_portal_length_unknown'] );
		$this->assertStringContainsString( ItemListColumns::LENGTH_VIEW . '=unknown', $views['library_portal_length_unknown'] );
		// The count goes through the same narrowing as the list (the view named as a query argument).
		$this->assertStringContainsString( '<span class="count">(' . count( $listed ) . ')</span>', $views['library_portal_length_unknown'] );
	}
}
