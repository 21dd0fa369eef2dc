<?php
/**
 * What a member import did.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

/**
 * Counts of an import, and its bad rows with their line, value and reason, always in the file's
 * line order (batches find bad rows at different moments: the parser, then the account lookup).
 * Batches add up with plus(); the admin screen keeps the running total between requests as an array.
 */
final class ImportReport {

	/**
	 * Rows refused, by line.
	 *
	 * @var array<int, array{line: int, value: string, reason: string}>
	 */
	public readonly array $bad;

	/**
	 * Builds the report.
	 *
	 * @param int                                                     $added      Members added (or, in a dry run, that would be).
	 * @param int                                                     $already    Rows whose account already belonged to the contract.
	 * @param int                                                     $duplicates Rows repeating an address of an earlier row (counted once).
	 * @param array<int, array{line: int, value: string, reason: string}> $bad    Rows refused, in any order.
	 * @param int                                                     $created    Accounts made for new addresses (among the added).
	 */
	public function __construct(
		public readonly int $added = 0,
		public readonly int $already = 0,
		public readonly int $duplicates = 0,
		array $bad = array(),
		public readonly int $created = 0
	) {
		usort( $bad, static fn( array $a, array $b ): int => $a['line'] <=> $b['line'] );
		$this->bad = $bad;
	}

	/**
	 * This report and another one added up.
	 *
	 * @param ImportReport $other The next batch's report.
	 */
	public function plus( ImportReport $other ): self {
		return new self( $this->added + $other->added, $this->already + $other->already, $this->duplicates + $other->duplicates, array_merge( $this->bad, $other->bad ), $this->created + $other->created );
	}

	/**
	 * Rows the report accounts for: each data row of the file is added, already a member, a
	 * repeat or bad, exactly once.
	 */
	public function rows(): int {
		return $this->added + $this->already + $this->duplicates + count( $this->bad );
	}

	/**
	 * The counts in words, naming only what happened: "2 added, 1 repeated row counted once, 1 bad
	 * row." A part whose count is 0 is left out ("0 repeated rows counted once" told nothing); the
	 * added count always shows, so an import that added nobody says so.
	 */
	public function summary(): string {
		$parts = array(
			/* translators: %s: members added. */
			sprintf( _n( '%s added', '%s added', $this->added, 'library-portal' ), number_format_i18n( $this->added ) ),
		);
		if ( $this->already > 0 ) {
			/* translators: %s: rows whose account already belonged to the contract. */
			$parts[] = sprintf( _n( '%s already a member', '%s already members', $this->already, 'library-portal' ), number_format_i18n( $this->already ) );
		}
		if ( $this->duplicates > 0 ) {
			/* translators: %s: rows repeating an earlier row's address. */
			$parts[] = sprintf( _n( '%s repeated row counted once', '%s repeated rows counted once', $this->duplicates, 'library-portal' ), number_format_i18n( $this->duplicates ) );
		}
		if ( $this->bad ) {
			/* translators: %s: rows refused. */
			$parts[] = sprintf( _n( '%s bad row', '%s bad rows', count( $this->bad ), 'library-portal' ), number_format_i18n( count( $this->bad ) ) );
		}
		return implode( wp_get_list_item_separator(), $parts ) . '.';
	}

	/**
	 * The report as plain data (stored between batches, sent to the admin script).
	 *
	 * @return array{added: int, already: int, duplicates: int, bad: array<int, array{line: int, value: string, reason: string}>, created: int}
	 */
	public function to_array(): array {
		return array(
			'added'      => $this->added,
			'already'    => $this->already,
			'duplicates' => $this->duplicates,
			'bad'        => $this->bad,
			'created'    => $this->created,
		);
	}

	/**
	 * A report from to_array()'s shape.
	 *
	 * @param array<string, mixed> $data Data.
	 */
	public static function from_array( array $data ): self {
		$bad = array();
		foreach ( (array) ( $data['bad'] ?? array() ) as $row ) {
			$bad[] = array(
				'line'   => (int) ( $row['line'] ?? 0 ),
				'value'  => (string) ( $row['value'] ?? '' ),
				'reason' => (string) ( $row['reason'] ?? '' ),
			);
		}
		return new self( (int) ( $data['added'] ?? 0 ), (int) ( $data['already'] ?? 0 ), (int) ( $data['duplicates'] ?? 0 ), $bad, (int) ( $data['created'] ?? 0 ) );
	}
}
