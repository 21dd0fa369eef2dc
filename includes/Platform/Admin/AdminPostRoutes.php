<?php
/**
 * Hooks admin-post.php actions to their handlers.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Admin;

/**
 * Each handler gets its own admin_post_{action} hook; its answer is where the person is sent.
 */
final class AdminPostRoutes {

	/**
	 * Handlers.
	 *
	 * @var AdminPostHandler[]
	 */
	private array $handlers;

	/**
	 * The routes of some handlers.
	 *
	 * @param AdminPostHandler ...$handlers Handlers.
	 */
	public function __construct( AdminPostHandler ...$handlers ) {
		$this->handlers = $handlers;
	}

	/**
	 * Adds one admin_post_{action} hook per handler.
	 */
	public function register(): void {
		foreach ( $this->handlers as $handler ) {
			add_action(
				'admin_post_' . $handler->action(),
				static function () use ( $handler ): void {
					wp_safe_redirect( $handler->handle() );
					exit;
				}
			);
		}
	}
}
