<?php
/**
 * A refused save of the catalogue editor, kept for the next screen.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Catalogue;

/**
 * When the item editor refuses a form, WordPress still redirects back to the edit screen. The
 * errors and what the admin typed are kept for that admin and item (user meta) until the boxes
 * are saved, or the admin discards them: every reopening of the item shows them with the errors
 * instead of the stored values, so nothing typed is lost by leaving the screen (a
 * transient, read once, would lose it on the second view).
 */
final class RefusedEdit {

	/**
	 * User meta key prefix (the item's ID follows); `_library_portal_` keys go at uninstall.
	 */
	private const META_PREFIX = '_library_portal_refused_';

	/**
	 * The query argument and nonce action of "Discard what you typed".
	 */
	public const DISCARD = 'library_portal_discard_refused';

	/**
	 * What was read for this screen, by item (a screen reads it in the notice and in each box).
	 *
	 * @var array<int, array{errors: array<string, string>, form: array<string, mixed>, quiz: array<string, mixed>|null, at: int, draft: bool}|null>
	 */
	private array $taken = array();

	/**
	 * Whether a form was refused during this request (the redirect then carries no "updated").
	 *
	 * @var bool
	 */
	private bool $refused_now = false;

	/**
	 * Whether this request kept a new item from being published because its form was refused.
	 *
	 * @var bool
	 */
	private bool $held_as_draft = false;

	/**
	 * Notes that the item being saved was kept a draft (ItemSave::hold_publish()).
	 */
	public function held_as_draft(): void {
		$this->held_as_draft = true;
	}

	/**
	 * Keeps a refused form for the user's next views of the item, until saved or discarded.
	 *
	 * @param int                       $user_id User.
	 * @param int                       $post_id Item.
	 * @param array<string, string>     $errors  Field ID => message.
	 * @param array<string, mixed>      $form    Posted item fields.
	 * @param array<string, mixed>|null $quiz    Posted quiz fields.
	 */
	public function keep( int $user_id, int $post_id, array $errors, array $form, ?array $quiz ): void {
		$this->refused_now = true;
		unset( $this->taken[ $post_id ] );
		update_user_meta(
			$user_id,
			self::META_PREFIX . $post_id,
			wp_slash(
				array(
					'errors' => $errors,
					'form'   => $form,
					'quiz'   => $quiz,
					'at'     => time(),
					'draft'  => $this->held_as_draft,
				)
			)
		);
	}

	/**
	 * Forgets the user's refused form of an item: the boxes were saved, or the admin discarded it.
	 *
	 * @param int $user_id User.
	 * @param int $post_id Item.
	 */
	public function forget( int $user_id, int $post_id ): void {
		unset( $this->taken[ $post_id ] );
		delete_user_meta( $user_id, self::META_PREFIX . $post_id );
	}

	/**
	 * Forgets every admin's refused form of a deleted item.
	 *
	 * @param int|string $post_id Item.
	 */
	public static function forget_item( $post_id ): void {
		delete_metadata( 'user', 0, self::META_PREFIX . (int) $post_id, '', true );
	}

	/**
	 * Whether a form was refused in this request.
	 */
	public function refused_now(): bool {
		return $this->refused_now;
	}

	/**
	 * The refused form of an item for the user (read once per request), kept until saved or discarded.
	 *
	 * @param int $user_id User.
	 * @param int $post_id Item.
	 * @return array{errors: array<string, string>, form: array<string, mixed>, quiz: array<string, mixed>|null, at: int, draft: bool}|null
	 */
	public function take( int $user_id, int $post_id ): ?array {
		if ( ! array_key_exists( $post_id, $this->taken ) ) {
			$value                   = get_user_meta( $user_id, self::META_PREFIX . $post_id, true );
			$this->taken[ $post_id ] = is_array( $value ) && is_array( $value['errors'] ?? null ) && is_array( $value['form'] ?? null )
				? array(
					'errors' => array_map( 'strval', $value['errors'] ),
					'form'   => $value['form'],
					'quiz'   => is_array( $value['quiz'] ?? null ) ? $value['quiz'] : null,
					'at'     => (int) ( $value['at'] ?? 0 ),
					'draft'  => ! empty( $value['draft'] ),
				)
				: null;
		}
		return $this->taken[ $post_id ];
	}

	/**
	 * The address of "Discard what you typed" on an item's edit screen.
	 *
	 * @param int $post_id Item.
	 */
	public static function discard_url( int $post_id ): string {
		return wp_nonce_url( add_query_arg( self::DISCARD, '1', (string) get_edit_post_link( $post_id, 'url' ) ), self::DISCARD . '-' . $post_id );
	}

	/**
	 * On the edit screen (load-post.php): a checked discard forgets the current user's refused form of
	 * the item and reloads the screen with the stored values.
	 */
	public function handle_discard(): void {
		if ( ! isset( $_GET[ self::DISCARD ], $_GET['post'] ) ) {
			return;
		}
		$post_id = absint( $_GET['post'] );
		check_admin_referer( self::DISCARD . '-' . $post_id );
		if ( ! current_user_can( 'edit_post', $post_id ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to edit this item.', 'library-portal' ), 403 );
		}
		$this->forget( get_current_user_id(), $post_id );
		wp_safe_redirect( (string) get_edit_post_link( $post_id, 'url' ) );
		exit;
	}
}
