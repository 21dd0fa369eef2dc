<?php
/**
 * One contract as read from the database.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Contracts;

/**
 * An organisation's contract with the organizer card its members see.
 */
final class Contract {

	/**
	 * Builds the contract.
	 *
	 * @param int    $id              Contract ID.
	 * @param string $title           Title.
	 * @param string $organizer_name  Organizer's name.
	 * @param string $organizer_title Organizer's job title.
	 * @param string $organizer_phone Organizer's phone.
	 * @param string $organizer_email Organizer's e-mail.
	 * @param string $organizer_thumb Organizer's picture URL.
	 * @param int    $starts_at       Start, Unix seconds (0: from the beginning).
	 * @param int    $ends_at         End, Unix seconds (0: open-ended).
	 */
	public function __construct(
		public readonly int $id,
		public readonly string $title,
		public readonly string $organizer_name,
		public readonly string $organizer_title,
		public readonly string $organizer_phone,
		public readonly string $organizer_email,
		public readonly string $organizer_thumb,
		public readonly int $starts_at = 0,
		public readonly int $ends_at = 0
	) {}

	/**
	 * Whether the contract has ended: its members keep their certificates, not the items.
	 *
	 * @param int $now Unix seconds.
	 */
	public function has_ended( int $now ): bool {
		return 0 !== $this->ends_at && $this->ends_at <= $now;
	}

	/**
	 * A contract from a row of the contracts table (ARRAY_A).
	 *
	 * @param array<string, mixed> $row Row.
	 */
	public static function from_row( array $row ): self {
		return new self(
			(int) $row['id'],
			(string) $row['title'],
			(string) $row['organizer_name'],
			(string) $row['organizer_title'],
			(string) $row['organizer_phone'],
			(string) $row['organizer_email'],
			(string) $row['organizer_thumb'],
			(int) ( $row['starts_at'] ?? 0 ),
			(int) ( $row['ends_at'] ?? 0 )
		);
	}
}
