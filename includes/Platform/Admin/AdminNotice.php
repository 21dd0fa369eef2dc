<?php
/**
 * A one-time notice of an admin screen, kept between a form's POST and the page it redirects to.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Admin;

/**
 * POST-redirect-GET needs the handler's message on the next page: it lives in a per-user transient
 * for five minutes and is read once, with the fields of a refused form so the form shows them again.
 */
final class AdminNotice {

	/**
	 * Transient name before the user ID.
	 *
	 * @var string
	 */
	private string $prefix;

	/**
	 * A notice store of one screen.
	 *
	 * @param string $prefix Transient name before the user ID.
	 */
	public function __construct( string $prefix ) {
		$this->prefix = $prefix;
	}

	/**
	 * Keeps a notice (and the fields typed, for a refused form) for the next view.
	 *
	 * @param string               $type    success, info, warning or error.
	 * @param string               $message Plain text.
	 * @param array<string, mixed> $fields  Fields to put back in the form.
	 */
	public function keep( string $type, string $message, array $fields = array() ): void {
		set_transient(
			$this->key(),
			array(
				'type'    => $type,
				'message' => $message,
				'fields'  => $fields,
			),
			5 * MINUTE_IN_SECONDS
		);
	}

	/**
	 * The kept notice, once (an empty array when there is none).
	 *
	 * @return array{type?: string, message?: string, fields?: array<string, mixed>}
	 */
	public function take(): array {
		$notice = get_transient( $this->key() );
		if ( false === $notice ) {
			return array();
		}
		delete_transient( $this->key() );
		return is_array( $notice ) ? $notice : array();
	}

	/**
	 * The transient of the current user.
	 */
	private function key(): string {
		return $this->prefix . get_current_user_id();
	}
}
