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
	 * @param string                $body    Body.
	 */
	public function __construct(
		public readonly int $status,
		public readonly array $headers,
		public readonly string $body
	) {}
}
