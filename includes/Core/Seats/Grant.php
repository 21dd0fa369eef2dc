<?php
/**
 * One grant as read from the database.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

/**
 * A grant (a purchase of N seats of one item for one owner), typed once here.
 */
final class Grant {

	/**
	 * The columns of a Grant.
	 */
	public const COLUMNS = 'id, owner_id, product_id, quantity, tag, source, source_ref, contract_id, expires_at, created_at, ended_at';

	/**
	 * Builds the grant.
	 *
	 * @param int    $id          Grant ID.
	 * @param int    $owner_id    Owner.
	 * @param int    $product_id  Item.
	 * @param int    $quantity    Seats it holds now (taking seats back lowers it).
	 * @param string $tag         '' or 'member'.
	 * @param string $source      Where it came from: admin, cli, woocommerce, ...
	 * @param string $source_ref  The source's own reference, e.g. order:123:item:45.
	 * @param int    $contract_id Contract (0: none).
	 * @param int    $expires_at  Unix seconds (0: never).
	 * @param int    $created_at  Unix seconds.
	 * @param int    $ended_at    When a refund, cancellation or full take-back ended it (0: live).
	 */
	public function __construct(
		public readonly int $id,
		public readonly int $owner_id,
		public readonly int $product_id,
		public readonly int $quantity,
		public readonly string $tag,
		public readonly string $source,
		public readonly string $source_ref,
		public readonly int $contract_id,
		public readonly int $expires_at,
		public readonly int $created_at,
		public readonly int $ended_at = 0
	) {}

	/**
	 * Whether a refund, cancellation or full take-back ended the grant: its started seats stay
	 * with who started them, and nothing of it counts any more (membership included).
	 */
	public function ended(): bool {
		return $this->ended_at > 0;
	}

	/**
	 * The grant's state at a moment, as GrantRepository::GRANT_STATES filters it: ended, expired
	 * (its expiry passed) or active.
	 *
	 * @param int $now Unix seconds.
	 */
	public function state( int $now ): string {
		if ( $this->ended() ) {
			return 'ended';
		}
		return $this->expires_at > 0 && $this->expires_at <= $now ? 'expired' : 'active';
	}

	/**
	 * A grant from a database row (ARRAY_A of COLUMNS).
	 *
	 * @param array<string, mixed> $row Row.
	 */
	public static function from_row( array $row ): self {
		return new self(
			(int) $row['id'],
			(int) $row['owner_id'],
			(int) $row['product_id'],
			(int) $row['quantity'],
			(string) $row['tag'],
			(string) $row['source'],
			(string) $row['source_ref'],
			(int) $row['contract_id'],
			(int) $row['expires_at'],
			(int) $row['created_at'],
			(int) ( $row['ended_at'] ?? 0 )
		);
	}
}
