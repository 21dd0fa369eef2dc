<?php
/**
 * The catalogue editor: meta boxes on the library item edit screen.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Catalogue;

use LibraryPortal\Core\Items\ContentType;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Platform\View;
use WP_Error;
use WP_Post;
use WP_REST_Request;

/**
 * Two boxes ("Item details", "Video") beside the test box (QuizMetaBox), printed by views/ with the
 * values ItemBoxValues reads; ItemSave is the one save path of all three: nonce, then capability,
 * then ItemFields checks the whole form; one error and nothing of the boxes is stored. Plain form
 * fields, no JavaScript: rows are added by filling a blank row, removed with a checkbox, reordered
 * with their Position number.
 *
 * The classic editor is used for items (use_block_editor_for_post_type): meta boxes, notices and
 * this save path then work on one form post, not on the block editor's separate REST requests.
 */
final class ItemEditor {

	public const NONCE_ACTION = 'library_portal_item_save';
	public const NONCE_FIELD  = 'library_portal_item_nonce';
	public const FIELD        = 'library_portal_item';

	/**
	 * Blank rows offered below the saved parts and subtitles: one, and an Add button (the admin
	 * script) for more; without script a saved blank row brings the next one.
	 */
	private const BLANK_ROWS = 1;

	/**
	 * The row number a row template is printed with (RepeatableRows: the script puts the real
	 * index in its place); no form has that many rows.
	 */
	public const TEMPLATE_ROW = 9998;

	/**
	 * Refused forms waiting for their screen.
	 *
	 * @var RefusedEdit
	 */
	private RefusedEdit $refused;

	/**
	 * What the boxes show.
	 *
	 * @var ItemBoxValues
	 */
	private ItemBoxValues $values;

	/**
	 * Wires the editor.
	 *
	 * @param RefusedEdit $refused Refused forms (shared with QuizMetaBox, which shows the refused questions).
	 */
	public function __construct( RefusedEdit $refused ) {
		$this->refused = $refused;
		$this->values  = new ItemBoxValues( $refused );
	}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_filter( 'use_block_editor_for_post_type', array( $this, 'use_block_editor' ), 10, 2 );
		add_action( 'add_meta_boxes_' . ItemPostType::POST_TYPE, array( $this, 'add_boxes' ) );
		// Before PlaylistDuration (20), which measures the playlists this save stored.
		$save = new ItemSave( $this->refused );
		add_action( 'save_post_' . ItemPostType::POST_TYPE, array( $save, 'save' ), 10, 2 );
		add_filter( 'wp_insert_post_data', array( $save, 'hold_publish' ), 10, 2 );
		add_action( 'load-post.php', array( $this->refused, 'handle_discard' ) );
		add_action( 'deleted_post', array( RefusedEdit::class, 'forget_item' ) );
		add_filter( 'redirect_post_location', array( $this, 'redirect' ) );
		add_action( 'admin_notices', array( $this, 'notice' ) );
		add_filter( 'rest_pre_insert_' . ItemPostType::POST_TYPE, array( $this, 'check_rest' ), 10, 2 );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
	}

	/**
	 * The Add buttons' script, on an item's edit screen only.
	 *
	 * @param string $hook_suffix Admin page.
	 */
	public function enqueue( $hook_suffix ): void {
		$screen = get_current_screen();
		if ( ! in_array( $hook_suffix, array( 'post.php', 'post-new.php' ), true ) || ! $screen || ItemPostType::POST_TYPE !== $screen->post_type ) {
			return;
		}
		wp_enqueue_script( 'library-portal-item-editor', plugins_url( 'assets/admin/item-editor.js', LIBRARY_PORTAL_FILE ), array(), LIBRARY_PORTAL_VERSION, true );
	}

	/**
	 * Writes through wp/v2 (editors only) follow the same rules: one bad meta value and the
	 * request changes nothing (this filter runs before the post and its meta are written).
	 *
	 * @param \stdClass|WP_Error $prepared Post about to be written.
	 * @param WP_REST_Request    $request  Request.
	 * @return \stdClass|WP_Error
	 */
	public function check_rest( $prepared, $request ) {
		$meta = $request['meta'] ?? null;
		if ( is_wp_error( $prepared ) || ! is_array( $meta ) ) {
			return $prepared;
		}
		$errors = ItemFields::check_meta( $meta );
		if ( ! $errors ) {
			return $prepared;
		}
		return new WP_Error(
			'rest_invalid_param',
			implode( ' ', $errors ),
			array(
				'status' => 400,
				'params' => $errors,
			)
		);
	}

	/**
	 * The classic editor for items.
	 *
	 * @param bool   $use       Whether to use the block editor.
	 * @param string $post_type Post type.
	 */
	public function use_block_editor( $use, $post_type ): bool {
		return ItemPostType::POST_TYPE === $post_type ? false : (bool) $use;
	}

	/**
	 * The nonce action of one item's form (a nonce from another item's screen does not fit).
	 *
	 * @param int $post_id Item.
	 */
	public static function nonce_action( int $post_id ): string {
		return self::NONCE_ACTION . '-' . $post_id;
	}

	/**
	 * Adds the boxes.
	 */
	public function add_boxes(): void {
		add_meta_box( 'library-portal-item', __( 'Item details', 'library-portal' ), array( $this, 'render_details' ), ItemPostType::POST_TYPE, 'normal', 'high' );
		add_meta_box( 'library-portal-video', __( 'Video', 'library-portal' ), array( $this, 'render_video' ), ItemPostType::POST_TYPE, 'normal', 'high' );
	}

	/**
	 * After a refused form, no "Post updated." (the notice says what was and was not saved).
	 *
	 * @param string $location Redirect address.
	 */
	public function redirect( $location ): string {
		return $this->refused->refused_now() ? remove_query_arg( 'message', (string) $location ) : (string) $location;
	}

	/**
	 * The refused form's notice on the item's edit screen, naming and linking each field.
	 */
	public function notice(): void {
		$post = $this->screen_item();
		if ( null === $post ) {
			return;
		}
		$refused = $this->refused->take( get_current_user_id(), (int) $post->ID );
		if ( null === $refused ) {
			return;
		}
		View::render(
			__DIR__ . '/views/item-refused-notice.php',
			array(
				'errors'      => $refused['errors'],
				'typed_at'    => $refused['at'],
				'draft'       => $refused['draft'] && 'draft' === $post->post_status,
				'discard_url' => RefusedEdit::discard_url( (int) $post->ID ),
			)
		);
	}

	/**
	 * Prints the details box.
	 *
	 * @param WP_Post $post Item.
	 */
	public function render_details( $post ): void {
		$values = $this->values->values( $post );
		View::render(
			__DIR__ . '/views/item-details.php',
			array(
				'nonce_action' => self::nonce_action( (int) $post->ID ),
				'types'        => ContentType::labels(),
				'values'       => $values,
				'errors'       => $values['errors'],
				'rows'         => array(
					array( 'subtitle', 'library-portal-subtitle', __( 'Subtitle', 'library-portal' ), 'text', __( 'Shown after the title in the library.', 'library-portal' ) ),
					array( 'image_url', 'library-portal-image-url', __( 'Image address', 'library-portal' ), 'text', __( 'Only for an image that is not in the media library: the featured image (box on the right) is used whenever the item has one.', 'library-portal' ) ),
					array( 'product_link', 'library-portal-product-link', __( 'Product link', 'library-portal' ), 'text', __( 'The shop page where more licenses are bought.', 'library-portal' ) ),
					array( 'download_link', 'library-portal-download-link', __( 'Download link', 'library-portal' ), 'text', __( "E-manuals: the file the Download button opens. Copy a file's address from Media → Library (Copy URL to clipboard).", 'library-portal' ) ),
					array( 'course_url', 'library-portal-course-url', __( 'Course address', 'library-portal' ), 'url', __( 'E-courses: the full http(s) address where the course is taken; the Open course button goes there.', 'library-portal' ) ),
					array( 'attachment_url', 'library-portal-attachment-url', __( 'Attachment', 'library-portal' ), 'text', __( 'Video items: a handout linked under the video for learners with access. Copy its address from Media → Library.', 'library-portal' ) ),
					array( 'credits', 'library-portal-credits', __( 'Certificate credits', 'library-portal' ), 'text', __( 'What the certificate states for an accreditor, e.g. "3.0 CE hours". Leave it empty when the training earns none.', 'library-portal' ) ),
					array( 'course_code', 'library-portal-course-code', __( 'Course code', 'library-portal' ), 'text', __( 'The course code the accreditor gave, printed on the certificate and its verify page.', 'library-portal' ) ),
					array( 'statement', 'library-portal-statement', __( 'Accreditation statement', 'library-portal' ), 'text', __( "This item's own statement on its certificate, in place of the brand's (Training Library → Certificates). Leave it empty to print the brand's.", 'library-portal' ) ),
				),
			)
		);
	}

	/**
	 * Prints the video box.
	 *
	 * @param WP_Post $post Item.
	 */
	public function render_video( $post ): void {
		$values = $this->values->values( $post );
		$errors = $values['errors'];
		// A refused form comes back with its own blank rows.
		$blank     = $values['refused'] ? 0 : self::BLANK_ROWS;
		$parts     = array();
		$subtitles = array();
		for ( $n = 0, $count = max( 1, count( $values['parts'] ) + $blank ); $n < $count; $n++ ) {
			$parts[] = ItemBoxValues::part_row( $n, $values['parts'][ $n ] ?? array(), $errors );
		}
		for ( $n = 0, $count = max( 1, count( $values['subtitles'] ) + $blank ); $n < $count; $n++ ) {
			$subtitles[] = ItemBoxValues::subtitle_row( $n, $values['subtitles'][ $n ] ?? array(), $errors );
		}
		View::render(
			__DIR__ . '/views/item-video.php',
			array(
				'video_row'         => array(
					'name'        => 'video_url',
					'id'          => 'library-portal-video-url',
					'label'       => __( 'HLS address', 'library-portal' ),
					'value'       => $values['video_url'],
					'invalid'     => isset( $errors['library-portal-video-url'] ),
					'type'        => 'text',
					'description' => __( 'A single video: its .m3u8 playlist. Leave empty when the video has two or more parts below.', 'library-portal' ),
				),
				'length_row'        => array(
					'name'        => 'video_length',
					'id'          => 'library-portal-video-length',
					'label'       => __( 'Length (seconds)', 'library-portal' ),
					'value'       => $values['video_length'],
					'invalid'     => isset( $errors['library-portal-video-length'] ),
					'type'        => 'number',
					'description' => __( 'Leave empty to read it from the playlist on save. A typed length wins over the read one. Progress on a video whose length is unknown is credited at the slow pace set in Settings.', 'library-portal' ),
				),
				'parts'             => $parts,
				'part_template'     => ItemBoxValues::part_row( self::TEMPLATE_ROW, array(), array() ),
				'part_headings'     => array(
					array( __( 'Position', 'library-portal' ), '6em' ),
					array( __( 'Title', 'library-portal' ), '20%' ),
					array( __( 'HLS address (.m3u8)', 'library-portal' ), '' ),
					array( __( 'Thumbnail address', 'library-portal' ), '20%' ),
					array( __( 'Length (s)', 'library-portal' ), '7em' ),
					array( __( 'Remove', 'library-portal' ), '5em' ),
				),
				'subtitles'         => $subtitles,
				'subtitle_template' => ItemBoxValues::subtitle_row( self::TEMPLATE_ROW, array(), array() ),
				'subtitle_headings' => array(
					array( __( 'Language', 'library-portal' ), '6em' ),
					array( __( 'Subtitles address (.vtt)', 'library-portal' ), '' ),
					array( __( 'Part', 'library-portal' ), '6em' ),
					array( __( 'Remove', 'library-portal' ), '5em' ),
				),
			)
		);
	}

	/**
	 * The template of one more row and its Add button (views/row-template.php); the test box uses it too.
	 *
	 * @param callable(): void $print_row Prints the row with TEMPLATE_ROW (escaping as it prints).
	 * @param string          $text      Button text.
	 */
	public static function add_button( callable $print_row, string $text ): void {
		View::render( __DIR__ . '/views/row-template.php', compact( 'print_row', 'text' ) );
	}

	/**
	 * The item of the current edit screen, or null on any other screen.
	 */
	private function screen_item(): ?WP_Post {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		if ( null === $screen || 'post' !== $screen->base || ItemPostType::POST_TYPE !== $screen->post_type ) {
			return null;
		}
		$post = get_post();
		return $post instanceof WP_Post && ItemPostType::POST_TYPE === $post->post_type ? $post : null;
	}
}
