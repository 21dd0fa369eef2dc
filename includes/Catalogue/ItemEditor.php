<?php
/**
 * The catalogue editor: meta boxes on the library item edit screen.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Catalogue;

use LibraryPortal\Certificates\Quiz;
use LibraryPortal\Certificates\QuizMetaBox;
use LibraryPortal\Domain\ContentType;
use WP_Error;
use WP_Post;
use WP_REST_Request;

/**
 * Two boxes ("Item details", "Video") beside the test box (QuizMetaBox), and the one save path of
 * all three: nonce, then capability, then ItemFields checks the whole form; one error and nothing
 * of the boxes is stored. Plain form fields, no JavaScript: rows are added by filling a blank
 * row, removed with a checkbox, reordered with their Position number.
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
	 * Wires the editor.
	 *
	 * @param RefusedEdit $refused Refused forms (shared with QuizMetaBox, which shows the refused questions).
	 */
	public function __construct( RefusedEdit $refused ) {
		$this->refused = $refused;
	}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_filter( 'use_block_editor_for_post_type', array( $this, 'use_block_editor' ), 10, 2 );
		add_action( 'add_meta_boxes_' . ItemPostType::POST_TYPE, array( $this, 'add_boxes' ) );
		// Before PlaylistDuration (20), which measures the playlists this save stored.
		add_action( 'save_post_' . ItemPostType::POST_TYPE, array( $this, 'save' ), 10, 2 );
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
	 * Saves the boxes: nonce and capability before anything is read, then all or nothing.
	 *
	 * @param int          $post_id Item.
	 * @param WP_Post|null $post    Item.
	 */
	public function save( $post_id, $post = null ): void {
		$post_id = (int) $post_id;
		$nonce   = isset( $_POST[ self::NONCE_FIELD ] ) ? sanitize_text_field( wp_unslash( $_POST[ self::NONCE_FIELD ] ) ) : '';
		if ( '' === $nonce || ! wp_verify_nonce( $nonce, self::nonce_action( $post_id ) ) ) {
			return;
		}
		if ( ( defined( 'DOING_AUTOSAVE' ) && DOING_AUTOSAVE ) || wp_is_post_revision( $post_id ) || wp_is_post_autosave( $post_id ) ) {
			return;
		}
		if ( ! current_user_can( 'edit_post', $post_id ) ) {
			return;
		}
		// The form belongs to one item: another item saved during the same request is left alone.
		if ( ! isset( $_POST['post_ID'] ) || (int) $_POST['post_ID'] !== $post_id ) {
			return;
		}

		// phpcs:disable WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- ItemFields checks every value before one is stored.
		$form = isset( $_POST[ self::FIELD ] ) && is_array( $_POST[ self::FIELD ] ) ? wp_unslash( $_POST[ self::FIELD ] ) : array();
		$quiz = isset( $_POST[ QuizMetaBox::FIELD ] ) && is_array( $_POST[ QuizMetaBox::FIELD ] ) ? wp_unslash( $_POST[ QuizMetaBox::FIELD ] ) : null;
		// phpcs:enable WordPress.Security.ValidatedSanitizedInput.InputNotSanitized

		$fields = ItemFields::check( $form, $quiz, $this->stored( $post_id ) );
		if ( ! $fields->ok() ) {
			$this->refused->keep( get_current_user_id(), $post_id, $fields->errors, $form, $quiz );
			return;
		}
		foreach ( $fields->meta as $key => $value ) {
			if ( null === $value ) {
				delete_post_meta( $post_id, $key );
			} else {
				update_post_meta( $post_id, $key, wp_slash( $value ) ); // update_post_meta() unslashes.
			}
		}
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
		echo '<div class="notice notice-error" id="library-portal-refused" role="alert"><p><strong>' . esc_html__( 'The library item fields were not saved.', 'library-portal' ) . '</strong> ';
		echo esc_html__( 'Nothing in the boxes Item details, Video, and Test and certificate was changed; they show what you entered. The title, description and status were saved. Fix these fields and update again:', 'library-portal' ) . '</p><ul>';
		foreach ( $refused['errors'] as $field => $message ) {
			printf( '<li><a href="#%s">%s</a></li>', esc_attr( $field ), esc_html( $message ) );
		}
		echo '</ul></div>';
	}

	/**
	 * Prints the details box.
	 *
	 * @param WP_Post $post Item.
	 */
	public function render_details( $post ): void {
		$values = $this->values( $post );
		$errors = $values['errors'];
		wp_nonce_field( self::nonce_action( (int) $post->ID ), self::NONCE_FIELD );
		// A refused field is marked by more than its colour: the notice lists it and links to it.
		echo '<style>#poststuff [aria-invalid="true"]{border-color:#d63638;box-shadow:0 0 0 1px #d63638}.library-portal-rows input[type="text"]{width:100%}.library-portal-rows input[type="number"]{width:5em}</style>';

		echo '<table class="form-table" role="presentation"><tbody>';
		echo '<tr><th scope="row"><label for="library-portal-content-type">' . esc_html__( 'Content type', 'library-portal' ) . '</label></th><td>';
		printf( '<select id="library-portal-content-type" name="%s[content_type]" aria-invalid="%s">', esc_attr( self::FIELD ), esc_attr( self::invalid( $errors, 'library-portal-content-type' ) ) );
		foreach ( ContentType::labels() as $type => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $type ), selected( $values['content_type'], $type, false ), esc_html( $label ) );
		}
		echo '</select></td></tr>';

		$this->text_row( 'subtitle', 'library-portal-subtitle', __( 'Subtitle', 'library-portal' ), $values['subtitle'], $errors, 'text', __( 'Shown after the title in the library.', 'library-portal' ) );
		$this->text_row( 'image_url', 'library-portal-image-url', __( 'Image address', 'library-portal' ), $values['image_url'], $errors, 'text', __( 'Only for an image that is not in the media library: the featured image (box on the right) is used whenever the item has one.', 'library-portal' ) );
		$this->text_row( 'product_link', 'library-portal-product-link', __( 'Product link', 'library-portal' ), $values['product_link'], $errors, 'text', __( 'The shop page where more licenses are bought.', 'library-portal' ) );
		$this->text_row( 'download_link', 'library-portal-download-link', __( 'Download link', 'library-portal' ), $values['download_link'], $errors, 'text', __( "E-manuals: the file the Download button opens. Copy a file's address from Media → Library (Copy URL to clipboard).", 'library-portal' ) );
		$this->text_row( 'course_url', 'library-portal-course-url', __( 'Course address', 'library-portal' ), $values['course_url'], $errors, 'url', __( 'E-courses: the full http(s) address where the course is taken; the Open course button goes there.', 'library-portal' ) );
		$this->text_row( 'attachment_url', 'library-portal-attachment-url', __( 'Attachment', 'library-portal' ), $values['attachment_url'], $errors, 'text', __( 'Video items: a handout linked under the video for learners with access. Copy its address from Media → Library.', 'library-portal' ) );
		echo '</tbody></table>';
		echo '<p class="description">' . esc_html__( 'Addresses are full http(s) addresses or paths on this site starting with /.', 'library-portal' ) . '</p>';
	}

	/**
	 * Prints the video box.
	 *
	 * @param WP_Post $post Item.
	 */
	public function render_video( $post ): void {
		$values = $this->values( $post );
		$errors = $values['errors'];

		echo '<table class="form-table" role="presentation"><tbody>';
		$this->text_row( 'video_url', 'library-portal-video-url', __( 'HLS address', 'library-portal' ), $values['video_url'], $errors, 'text', __( 'A single video: its .m3u8 playlist. Leave empty when the video has two or more parts below.', 'library-portal' ) );
		echo '</tbody></table>';

		echo '<h3>' . esc_html__( 'Parts', 'library-portal' ) . '</h3>';
		echo '<p class="description" id="library-portal-parts-help">' . esc_html__( 'Two or more parts make a multi-part video. Each part needs its .m3u8 address; the thumbnail is optional. Fill a blank row to add a part, tick Remove to delete one, change the Position numbers to reorder (lowest first). Durations are read from the playlists on save.', 'library-portal' ) . '</p>';
		echo '<table class="widefat striped library-portal-rows" aria-describedby="library-portal-parts-help"><thead><tr>';
		$headings = array(
			array( __( 'Position', 'library-portal' ), '6em' ),
			array( __( 'Title', 'library-portal' ), '20%' ),
			array( __( 'HLS address (.m3u8)', 'library-portal' ), '' ),
			array( __( 'Thumbnail address', 'library-portal' ), '20%' ),
			array( __( 'Remove', 'library-portal' ), '5em' ),
		);
		self::headings( $headings );
		echo '</tr></thead><tbody>';
		$parts = $values['parts'];
		// A refused form comes back with its own blank rows.
		$blank = $values['refused'] ? 0 : self::BLANK_ROWS;
		$count = max( 1, count( $parts ) + $blank );
		for ( $n = 0; $n < $count; $n++ ) {
			$this->part_row( $n, $parts[ $n ] ?? array(), $errors );
		}
		echo '</tbody></table>';
		self::add_button( fn() => $this->part_row( self::TEMPLATE_ROW, array(), array() ), __( 'Add part', 'library-portal' ) );

		echo '<h3>' . esc_html__( 'Subtitles', 'library-portal' ) . '</h3>';
		echo '<p class="description" id="library-portal-subtitles-help">' . esc_html__( 'One row per language and part: a two-letter language code (en, de, …), the WebVTT address, which must end in /subtitles/<name>.vtt, and the part number (1 for a single video). English is shown by default.', 'library-portal' ) . '</p>';
		echo '<table class="widefat striped library-portal-rows" aria-describedby="library-portal-subtitles-help"><thead><tr>';
		self::headings(
			array(
				array( __( 'Language', 'library-portal' ), '6em' ),
				array( __( 'Subtitles address (.vtt)', 'library-portal' ), '' ),
				array( __( 'Part', 'library-portal' ), '6em' ),
				array( __( 'Remove', 'library-portal' ), '5em' ),
			)
		);
		echo '</tr></thead><tbody>';
		$subtitles = $values['subtitles'];
		$count     = max( 1, count( $subtitles ) + $blank );
		for ( $n = 0; $n < $count; $n++ ) {
			$this->subtitle_row( $n, $subtitles[ $n ] ?? array(), $errors );
		}
		echo '</tbody></table>';
		self::add_button( fn() => $this->subtitle_row( self::TEMPLATE_ROW, array(), array() ), __( 'Add subtitles', 'library-portal' ) );
	}

	/**
	 * The template of one more row and its Add button, hidden until the admin script shows it
	 * (assets/admin/item-editor.js): the rows before the template are the ones it counts.
	 *
	 * @param callable(): void $print_row Prints the row with TEMPLATE_ROW (escaping as it prints).
	 * @param string          $text      Button text.
	 */
	public static function add_button( callable $print_row, string $text ): void {
		printf( '<template class="library-portal-row-template" data-row="%d">', (int) self::TEMPLATE_ROW );
		$print_row();
		echo '</template>';
		printf( '<p><button type="button" class="button library-portal-add-row" hidden>%s</button></p>', esc_html( $text ) );
	}

	/**
	 * Column headings of a rows table.
	 *
	 * @param array<int, array{0: string, 1: string}> $headings Text and width ('' = the rest).
	 */
	private static function headings( array $headings ): void {
		foreach ( $headings as list( $text, $width ) ) {
			if ( '' === $width ) {
				printf( '<th scope="col">%s</th>', esc_html( $text ) );
			} else {
				printf( '<th scope="col" style="width:%s">%s</th>', esc_attr( $width ), esc_html( $text ) );
			}
		}
	}

	/**
	 * One labelled text row of a form table.
	 *
	 * @param string                $name        Field name inside FIELD.
	 * @param string                $id          Element ID.
	 * @param string                $label       Label.
	 * @param string                $value       Value.
	 * @param array<string, string> $errors      Errors by field ID.
	 * @param string                $type        Input type.
	 * @param string                $description Help text.
	 */
	private function text_row( string $name, string $id, string $label, string $value, array $errors, string $type, string $description ): void {
		printf(
			'<tr><th scope="row"><label for="%1$s">%2$s</label></th><td><input type="%3$s" id="%1$s" name="%4$s[%5$s]" value="%6$s" class="large-text" aria-describedby="%1$s-help" aria-invalid="%7$s"><p class="description" id="%1$s-help">%8$s</p></td></tr>',
			esc_attr( $id ),
			esc_html( $label ),
			esc_attr( $type ),
			esc_attr( self::FIELD ),
			esc_attr( $name ),
			esc_attr( $value ),
			esc_attr( self::invalid( $errors, $id ) ),
			esc_html( $description )
		);
	}

	/**
	 * One part row.
	 *
	 * @param int                   $n      Row (0-based).
	 * @param array<string, mixed>  $part   Part values (empty for a blank row).
	 * @param array<string, string> $errors Errors by field ID.
	 */
	private function part_row( int $n, array $part, array $errors ): void {
		$base   = self::FIELD . '[parts][' . $n . ']';
		$id     = 'library-portal-part-' . ( $n + 1 );
		$number = $n + 1;
		$cells  = array(
			/* translators: %d: row number. */
			array( 'position', 'number', sprintf( __( 'Position of part row %d', 'library-portal' ), $number ), (string) ( $part['position'] ?? $number ), 'small-text' ),
			/* translators: %d: row number. */
			array( 'title', 'text', sprintf( __( 'Title of part row %d', 'library-portal' ), $number ), (string) ( $part['title'] ?? '' ), 'regular-text' ),
			/* translators: %d: row number. */
			array( 'url', 'text', sprintf( __( 'HLS address of part row %d', 'library-portal' ), $number ), (string) ( $part['url'] ?? '' ), 'large-text' ),
			/* translators: %d: row number. */
			array( 'thumb', 'text', sprintf( __( 'Thumbnail address of part row %d', 'library-portal' ), $number ), (string) ( $part['thumb'] ?? '' ), 'large-text' ),
		);
		echo '<tr>';
		foreach ( $cells as list( $name, $type, $label, $value, $class ) ) {
			$this->cell( $base, $id . '-' . $name, $name, $type, $label, $value, $class, $errors );
		}
		/* translators: %d: row number. */
		$this->remove_cell( $base, $id . '-remove', sprintf( __( 'Remove part row %d', 'library-portal' ), $number ), ! empty( $part['remove'] ) );
		echo '</tr>';
	}

	/**
	 * One subtitle row.
	 *
	 * @param int                   $n        Row (0-based).
	 * @param array<string, mixed>  $subtitle Subtitle values (empty for a blank row).
	 * @param array<string, string> $errors   Errors by field ID.
	 */
	private function subtitle_row( int $n, array $subtitle, array $errors ): void {
		$base   = self::FIELD . '[subtitles][' . $n . ']';
		$id     = 'library-portal-subtitle-' . ( $n + 1 );
		$number = $n + 1;
		$cells  = array(
			/* translators: %d: row number. */
			array( 'language', 'text', sprintf( __( 'Language of subtitles row %d', 'library-portal' ), $number ), (string) ( $subtitle['language'] ?? '' ), 'small-text' ),
			/* translators: %d: row number. */
			array( 'url', 'text', sprintf( __( 'Address of subtitles row %d', 'library-portal' ), $number ), (string) ( $subtitle['url'] ?? '' ), 'large-text' ),
			/* translators: %d: row number. */
			array( 'part', 'number', sprintf( __( 'Part of subtitles row %d', 'library-portal' ), $number ), (string) ( $subtitle['part'] ?? '' ), 'small-text' ),
		);
		echo '<tr>';
		foreach ( $cells as list( $name, $type, $label, $value, $class ) ) {
			$this->cell( $base, $id . '-' . $name, $name, $type, $label, $value, $class, $errors );
		}
		/* translators: %d: row number. */
		$this->remove_cell( $base, $id . '-remove', sprintf( __( 'Remove subtitles row %d', 'library-portal' ), $number ), ! empty( $subtitle['remove'] ) );
		echo '</tr>';
	}

	/**
	 * One input cell with a label for screen readers (the column heading is the visible label).
	 *
	 * @param string                $base   Row's field name.
	 * @param string                $id     Element ID.
	 * @param string                $name   Field name in the row.
	 * @param string                $type   Input type.
	 * @param string                $label  Label.
	 * @param string                $value  Value.
	 * @param string                $css    Class.
	 * @param array<string, string> $errors Errors by field ID.
	 */
	private function cell( string $base, string $id, string $name, string $type, string $label, string $value, string $css, array $errors ): void {
		printf(
			'<td><label class="screen-reader-text" for="%1$s">%2$s</label><input type="%3$s" id="%1$s" name="%4$s[%5$s]" value="%6$s" class="%7$s"%8$s aria-invalid="%9$s"></td>',
			esc_attr( $id ),
			esc_html( $label ),
			esc_attr( $type ),
			esc_attr( $base ),
			esc_attr( $name ),
			esc_attr( $value ),
			esc_attr( $css ),
			'number' === $type ? ' min="1" step="1"' : '',
			esc_attr( self::invalid( $errors, $id ) )
		);
	}

	/**
	 * The Remove checkbox of a row.
	 *
	 * @param string $base    Row's field name.
	 * @param string $id      Element ID.
	 * @param string $label   Label.
	 * @param bool   $checked Ticked.
	 */
	private function remove_cell( string $base, string $id, string $label, bool $checked ): void {
		printf(
			'<td><input type="checkbox" id="%1$s" name="%2$s[remove]" value="1"%3$s><label class="screen-reader-text" for="%1$s">%4$s</label></td>',
			esc_attr( $id ),
			esc_attr( $base ),
			checked( $checked, true, false ),
			esc_html( $label )
		);
	}

	/**
	 * The aria-invalid value of a field: "true" when it has an error.
	 *
	 * @param array<string, string> $errors Errors by field ID.
	 * @param string                $id     Field ID.
	 */
	private static function invalid( array $errors, string $id ): string {
		return isset( $errors[ $id ] ) ? 'true' : 'false';
	}

	/**
	 * What the boxes show: the refused form when there is one, else the stored meta.
	 *
	 * @param WP_Post $post Item.
	 * @return array{refused: bool, errors: array<string, string>, content_type: string, subtitle: string, image_url: string, product_link: string, download_link: string, course_url: string, attachment_url: string, video_url: string, parts: array<int, array<string, mixed>>, subtitles: array<int, array<string, mixed>>}
	 */
	private function values( $post ): array {
		$refused = $this->refused->take( get_current_user_id(), (int) $post->ID );
		if ( null !== $refused ) {
			$form = $refused['form'];
			$text = static fn( string $key ): string => is_scalar( $form[ $key ] ?? null ) ? (string) $form[ $key ] : '';
			$rows = static fn( string $key ): array => array_values( array_filter( is_array( $form[ $key ] ?? null ) ? $form[ $key ] : array(), 'is_array' ) );
			return array(
				'refused'        => true,
				'errors'         => $refused['errors'],
				'content_type'   => $text( 'content_type' ),
				'subtitle'       => $text( 'subtitle' ),
				'image_url'      => $text( 'image_url' ),
				'product_link'   => $text( 'product_link' ),
				'download_link'  => $text( 'download_link' ),
				'course_url'     => $text( 'course_url' ),
				'attachment_url' => $text( 'attachment_url' ),
				'video_url'      => $text( 'video_url' ),
				'parts'          => self::scalars( $rows( 'parts' ) ),
				'subtitles'      => self::scalars( $rows( 'subtitles' ) ),
			);
		}

		$meta  = $this->stored( (int) $post->ID );
		$text  = static fn( string $key ): string => is_scalar( $meta[ $key ] ?? null ) ? (string) $meta[ $key ] : '';
		$parts = array();
		foreach ( array_values( array_filter( is_array( $meta['_lp_video_parts'] ?? null ) ? $meta['_lp_video_parts'] : array(), 'is_array' ) ) as $n => $part ) {
			$parts[] = array_merge( self::scalars( array( $part ) )[0], array( 'position' => $n + 1 ) );
		}
		$subtitles = array();
		foreach ( array_values( array_filter( is_array( $meta['_lp_subtitles'] ?? null ) ? $meta['_lp_subtitles'] : array(), 'is_array' ) ) as $entry ) {
			$subtitles[] = array(
				'language' => is_scalar( $entry['language'] ?? null ) ? (string) $entry['language'] : '',
				'url'      => is_scalar( $entry['url'] ?? null ) ? (string) $entry['url'] : '',
				'part'     => max( 0, (int) ( $entry['part'] ?? 0 ) ) + 1,
			);
		}
		$type = $text( '_lp_content_type' );
		return array(
			'refused'        => false,
			'errors'         => array(),
			'content_type'   => '' !== $type ? $type : ContentType::ON_DEMAND,
			'subtitle'       => $text( '_lp_subtitle' ),
			'image_url'      => $text( '_lp_image_url' ),
			'product_link'   => $text( '_lp_product_link' ),
			'download_link'  => $text( '_lp_download_link' ),
			'course_url'     => $text( '_lp_course_url' ),
			'attachment_url' => $text( '_lp_attachment_url' ),
			'video_url'      => $text( '_lp_video_url' ),
			'parts'          => $parts,
			'subtitles'      => $subtitles,
		);
	}

	/**
	 * Rows with only their scalar fields (a posted or stored row may hold anything).
	 *
	 * @param array<int, array<mixed>> $rows Rows.
	 * @return array<int, array<string, string>>
	 */
	private static function scalars( array $rows ): array {
		return array_map( static fn( array $row ): array => array_map( 'strval', array_filter( $row, 'is_scalar' ) ), $rows );
	}

	/**
	 * The item's stored meta of the editor's keys, unserialized.
	 *
	 * @param int $post_id Item.
	 * @return array<string, mixed>
	 */
	private function stored( int $post_id ): array {
		$meta = array();
		foreach ( array_keys( ItemPostType::META ) as $key ) {
			$meta[ $key ] = get_post_meta( $post_id, $key, true );
		}
		$meta[ Quiz::META_KEY ] = get_post_meta( $post_id, Quiz::META_KEY, true );
		return $meta;
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
