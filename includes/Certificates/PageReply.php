<?php
/**
 * A reply of the certificate pages.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Certificates;

/**
 * Status, headers and body, decided before anything is sent (so tests read them directly).
 */
final class PageReply {

	/**
	 * Builds the reply.
	 *
	 * @param int                   $status  HTTP status.
	 * @param array<string, string> $headers Headers.
	 * @param string                $body    Body (a PDF, or the page its view prints).
	 * @param string|null           $view    The view that prints an HTML body (null: the body is not HTML).
	 * @param array<string, mixed>  $args    The view's arguments.
	 */
	public function __construct(
		public readonly int $status,
		public readonly array $headers,
		public readonly string $body,
		public readonly ?string $view = null,
		public readonly array $args = array()
	) {}
}
