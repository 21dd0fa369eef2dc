<?php
/**
 * One certificate as read from the database.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

/**
 * A certificate: who earned it, for which item, its public code and whether it was revoked.
 */
final class Certificate {

	/**
	 * Builds the certificate.
	 *
	 * @param int    $id         Row ID.
	 * @param int    $user_id    Learner.
	 * @param int    $product_id Item.
	 * @param string $code       Public verification code.
	 * @param int    $score      Score of the passing attempt, 0-100.
	 * @param int    $issued_at  Unix seconds.
	 * @param int    $revoked_at Unix seconds (0: valid).
	 */
	public function __construct(
		public readonly int $id,
		public readonly int $user_id,
		public readonly int $product_id,
		public readonly string $code,
		public readonly int $score,
		public readonly int $issued_at,
		public readonly int $revoked_at
	) {}

	/**
	 * A certificate from a database row (ARRAY_A).
	 *
	 * @param array<string, mixed> $row Row.
	 */
	public static function from_row( array $row ): self {
		return new self(
			(int) $row['id'],
			(int) $row['user_id'],
			(int) $row['product_id'],
			(string) $row['code'],
			(int) $row['score'],
			(int) $row['issued_at'],
			(int) $row['revoked_at']
		);
	}

	/**
	 * Whether an admin revoked it.
	 */
	public function is_revoked(): bool {
		return $this->revoked_at > 0;
	}
}
