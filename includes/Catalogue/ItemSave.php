<?php
/**
 * The one save path of the item editor's three boxes.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Catalogue;

use LibraryPortal\Core\Items\ItemPostType;
use WP_Post;

/**
 * On save_post_library_item (the classic editor's one form post): the nonce, then autosave and
 * revisions, then edit_post, then the form must be this item's; only then is anything read, and
 * ItemFields checks the whole form: one error and nothing of the boxes is stored, the refused form
 * is kept for the next screen (docs/rules/library-and-catalogue.md, "Catalogue editor").
 */
final class ItemSave {

	/**
	 * Refused forms waiting for their screen.
	 *
	 * @var RefusedEdit
	 */
	private RefusedEdit $refused;

	/**
	 * The save handler.
	 *
	 * @param RefusedEdit $refused Refused forms (shared with the boxes, which show them).
	 */
	public function __construct( RefusedEdit $refused ) {
		$this->refused = $refused;
	}

	/**
	 * Saves the boxes: nonce and capability before anything is read, then all or nothing.
	 *
	 * @param int          $post_id Item.
	 * @param WP_Post|null $post    Item.
	 */
	public function save( $post_id, $post = null ): void {
		$post_id = (int) $post_id;
		$posted  = $this->posted( $post_id );
		if ( null === $posted ) {
			return;
		}
		list( $fields, $form, $quiz ) = $posted;
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
		$this->refused->forget( get_current_user_id(), $post_id ); // Saved: what was typed before is no longer waiting.
	}

	/**
	 * On wp_insert_post_data, before the post is written: an item not yet published whose boxes
	 * would be refused stays a draft, so no customer meets a published item without its video or
	 * test. An item already published keeps its status and its stored boxes.
	 *
	 * @param array<string, mixed> $data    Post fields about to be written (slashed).
	 * @param array<string, mixed> $postarr The fields as passed in.
	 * @return array<string, mixed>
	 */
	public function hold_publish( $data, $postarr ): array {
		$post_id = (int) ( $postarr['ID'] ?? 0 );
		if ( ItemPostType::POST_TYPE !== ( $data['post_type'] ?? '' ) || ! in_array( $data['post_status'] ?? '', array( 'publish', 'future' ), true ) || $post_id < 1 ) {
			return $data;
		}
		if ( in_array( get_post_status( $post_id ), array( 'publish', 'future', 'private' ), true ) ) {
			return $data;
		}
		$posted = $this->posted( $post_id );
		if ( null !== $posted && ! $posted[0]->ok() ) {
			$data['post_status'] = 'draft';
			if ( empty( $postarr['edit_date'] ) ) {
				$data['post_date_gmt'] = '0000-00-00 00:00:00'; // As WordPress leaves a draft: "Publish immediately" once fixed.
			}
			$this->refused->held_as_draft();
		}
		return $data;
	}

	/**
	 * The checked form of this item's screen, or null when this request is not that form's save:
	 * the nonce, then autosave and revisions, then edit_post, then the form must be this item's;
	 * only then is anything read.
	 *
	 * @param int $post_id Item.
	 * @return array{0: ItemFields, 1: array<string, mixed>, 2: array<string, mixed>|null}|null
	 */
	private function posted( int $post_id ): ?array {
		$nonce = isset( $_POST[ ItemEditor::NONCE_FIELD ] ) ? sanitize_text_field( wp_unslash( $_POST[ ItemEditor::NONCE_FIELD ] ) ) : '';
		if ( '' === $nonce || ! wp_verify_nonce( $nonce, ItemEditor::nonce_action( $post_id ) ) ) {
			return null;
		}
		if ( ( defined( 'DOING_AUTOSAVE' ) && DOING_AUTOSAVE ) || wp_is_post_revision( $post_id ) || wp_is_post_autosave( $post_id ) ) {
			return null;
		}
		if ( ! current_user_can( 'edit_post', $post_id ) ) {
			return null;
		}
		// The form belongs to one item: another item saved during the same request is left alone.
		if ( ! isset( $_POST['post_ID'] ) || (int) $_POST['post_ID'] !== $post_id ) {
			return null;
		}

		// phpcs:disable WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- ItemFields checks every value before one is stored.
		$form = isset( $_POST[ ItemEditor::FIELD ] ) && is_array( $_POST[ ItemEditor::FIELD ] ) ? wp_unslash( $_POST[ ItemEditor::FIELD ] ) : array();
		$quiz = isset( $_POST[ QuizMetaBox::FIELD ] ) && is_array( $_POST[ QuizMetaBox::FIELD ] ) ? wp_unslash( $_POST[ QuizMetaBox::FIELD ] ) : null;
		// phpcs:enable WordPress.Security.ValidatedSanitizedInput.InputNotSanitized

		return array( ItemFields::check( $form, $quiz, ItemBoxValues::stored( $post_id ) ), $form, $quiz );
	}
}
