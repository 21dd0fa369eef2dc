<?php
/**
 * A request a service refuses, as the service says it.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Rest;

/**
 * What a service answers instead of doing the work: the error code (one of
 * includes/Core/error-codes.json), the message for the person, the HTTP status and any extra data
 * (a `retry_after`, an `allowed_percent`). Services decide and return it; the REST controllers turn
 * it into the WP_Error they answer with (`Rest\ErrorReply::refused()`), so services need no REST
 * (docs/rules/platform.md, "Code layout: one folder per feature").
 */
final class Refusal {

	/**
	 * A refusal.
	 *
	 * @param string               $code    Error code.
	 * @param string               $message Message for the person.
	 * @param int                  $status  HTTP status.
	 * @param array<string, mixed> $data    Extra data sent beside the status.
	 */
	public function __construct(
		public readonly string $code,
		public readonly string $message,
		public readonly int $status,
		public readonly array $data = array()
	) {
	}
}
