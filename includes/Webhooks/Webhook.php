<?php
/**
 * One of the site owner's webhooks.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Webhooks;

/**
 * An address the plugin POSTs events to, the events it wants, the secret its deliveries are
 * signed with, and whether it is active or paused (by its owner, or after repeated failures).
 */
final class Webhook {

	public const ACTIVE = 'active';
	public const PAUSED = 'paused';

	/**
	 * The webhook.
	 *
	 * @param string   $id         Its ID (letters and digits).
	 * @param string   $url        Where deliveries go (http or https).
	 * @param string[] $events     Action names it receives (WebhookEvents::all()).
	 * @param string   $secret     Key of the HMAC-SHA256 signature.
	 * @param string   $status     ACTIVE or PAUSED.
	 * @param string   $paused_why Why it was paused ('' when active or paused by hand).
	 * @param int      $created_at Unix seconds.
	 */
	public function __construct(
		public readonly string $id,
		public readonly string $url,
		public readonly array $events,
		public readonly string $secret,
		public readonly string $status,
		public readonly string $paused_why,
		public readonly int $created_at
	) {}

	/**
	 * Whether a delivery of this event goes out now.
	 *
	 * @param string $event Action name.
	 */
	public function wants( string $event ): bool {
		return self::ACTIVE === $this->status && in_array( $event, $this->events, true );
	}

	/**
	 * As stored.
	 *
	 * @return array<string, mixed>
	 */
	public function to_array(): array {
		return get_object_vars( $this );
	}

	/**
	 * From what was stored (unknown keys ignored, missing ones empty).
	 *
	 * @param array<string, mixed> $row Stored.
	 */
	public static function from_array( array $row ): self {
		return new self(
			(string) ( $row['id'] ?? '' ),
			(string) ( $row['url'] ?? '' ),
			array_values( array_map( 'strval', (array) ( $row['events'] ?? array() ) ) ),
			(string) ( $row['secret'] ?? '' ),
			self::PAUSED === ( $row['status'] ?? '' ) ? self::PAUSED : self::ACTIVE,
			(string) ( $row['paused_why'] ?? '' ),
			(int) ( $row['created_at'] ?? 0 )
		);
	}
}
