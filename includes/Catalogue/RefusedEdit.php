<?php
/**
 * A refused save of the catalogue editor, kept for the next screen.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Catalogue;

/**
 * When the item editor refuses a form, WordPress still redirects back to the edit screen. The
 * errors and what the admin typed are kept for that one screen (a transient per user and item,
 * read once), so the notice can name the fields and the boxes can show the entered values
 * instead of losing them.
 */
final class RefusedEdit {

	/**
	 * How long a refused form waits for its screen, in seconds.
	 */
	private const TTL = 600;

	/**
	 * What was read for this screen, by item (a screen reads it in the notice and in each box).
	 *
	 * @var array<int, array{errors: array<string, string>, form: array<string, mixed>, quiz: array<string, mixed>|null}|null>
	 */
	private array $taken = array();

	/**
	 * Whether a form was refused during this request (the redirect then carries no "updated").
	 *
	 * @var bool
	 */
	private bool $refused_now = false;

	/**
	 * Keeps a refused form for the user's next view of the item.
	 *
	 * @param int                       $user_id User.
	 * @param int                       $post_id Item.
	 * @param array<string, string>     $errors  Field ID => message.
	 * @param array<string, mixed>      $form    Posted item fields.
	 * @param array<string, mixed>|null $quiz    Posted quiz fields.
	 */
	public function keep( int $user_id, int $post_id, array $errors, array $form, ?array $quiz ): void {
		$this->refused_now = true;
		set_transient(
			self::key( $user_id, $post_id ),
			array(
				'errors' => $errors,
				'form'   => $form,
				'quiz'   => $quiz,
			),
			self::TTL
		);
	}

	/**
	 * Whether a form was refused in this request.
	 */
	public function refused_now(): bool {
		return $this->refused_now;
	}

	/**
	 * The refused form of an item for the user, read once per request and then forgotten.
	 *
	 * @param int $user_id User.
	 * @param int $post_id Item.
	 * @return array{errors: array<string, string>, form: array<string, mixed>, quiz: array<string, mixed>|null}|null
	 */
	public function take( int $user_id, int $post_id ): ?array {
		if ( ! array_key_exists( $post_id, $this->taken ) ) {
			$key   = self::key( $user_id, $post_id );
			$value = get_transient( $key );
			delete_transient( $key );
			$this->taken[ $post_id ] = is_array( $value ) && is_array( $value['errors'] ?? null ) && is_array( $value['form'] ?? null )
				? array(
					'errors' => array_map( 'strval', $value['errors'] ),
					'form'   => $value['form'],
					'quiz'   => is_array( $value['quiz'] ?? null ) ? $value['quiz'] : null,
				)
				: null;
		}
		return $this->taken[ $post_id ];
	}

	/**
	 * Transient name.
	 *
	 * @param int $user_id User.
	 * @param int $post_id Item.
	 */
	private static function key( int $user_id, int $post_id ): string {
		return 'library_portal_refused_' . $user_id . '_' . $post_id;
	}
}
