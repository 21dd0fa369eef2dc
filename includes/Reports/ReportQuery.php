<?php
/**
 * What the owner asked the Reports screen for.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Reports;

/**
 * The filters (dates, period, item, contract or team owner), checked: a date that is not a real date, a range
 * that ends before it starts or spans more than two years, or an item or contract that does not
 * exist is refused with a sentence saying so, and the screen shows the default report beside it
 * (docs/reports.md).
 */
final class ReportQuery {

	/** The longest range: two years (and a leap day). */
	public const MAX_DAYS = 731;

	/** The default range: the last twelve weeks, today included. */
	public const DEFAULT_DAYS = 84;

	/**
	 * Creates a query.
	 *
	 * @param int    $from        First day number.
	 * @param int    $to          Last day number.
	 * @param string $period      ReportSeries::WEEK or ::MONTH.
	 * @param int    $product_id  Item (0 = all).
	 * @param int    $contract_id Contract (0 = the whole site).
	 * @param int    $owner_id    Team owner whose team the table is about (0 = none).
	 * @param string $team        The team owner as typed (e-mail or username), for the form and the CSV link.
	 */
	public function __construct(
		public readonly int $from,
		public readonly int $to,
		public readonly string $period,
		public readonly int $product_id,
		public readonly int $contract_id,
		public readonly int $owner_id = 0,
		public readonly string $team = ''
	) {}

	/**
	 * The default report: the last twelve weeks of the whole site, by week.
	 *
	 * @param int $today Today's day number.
	 */
	public static function standard( int $today ): self {
		return new self( $today - self::DEFAULT_DAYS + 1, $today, ReportSeries::WEEK, 0, 0 );
	}

	/**
	 * The query a form asked for, or the sentence that says what is wrong with it.
	 *
	 * @param array<string, mixed> $input     The form's fields (unslashed).
	 * @param int[]                $items     IDs of the items that may be asked for.
	 * @param int[]                $contracts IDs of the contracts that may be asked for.
	 * @param int                  $today     Today's day number.
	 * @param callable(string): int $owner_of The user with an e-mail address or username (0 for none).
	 * @return self|string
	 */
	public static function from( array $input, array $items, array $contracts, int $today, callable $owner_of ) {
		$standard = self::standard( $today );
		$from_in  = isset( $input['from'] ) ? trim( (string) $input['from'] ) : '';
		$to_in    = isset( $input['to'] ) ? trim( (string) $input['to'] ) : '';
		$from     = '' === $from_in ? $standard->from : ReportDay::parse( $from_in );
		$to       = '' === $to_in ? $standard->to : ReportDay::parse( $to_in );
		if ( null === $from || null === $to ) {
			return __( 'The dates must be real dates (YYYY-MM-DD).', 'library-portal' );
		}
		if ( $from > $to ) {
			return __( 'The start date must be on or before the end date.', 'library-portal' );
		}
		if ( $to - $from + 1 > self::MAX_DAYS ) {
			return __( 'Choose at most two years.', 'library-portal' );
		}
		$period = isset( $input['period'] ) ? (string) $input['period'] : ReportSeries::WEEK;
		if ( ! in_array( $period, array( ReportSeries::WEEK, ReportSeries::MONTH ), true ) ) {
			return __( 'Show the report by week or by month.', 'library-portal' );
		}
		$product_id = self::id( $input['item'] ?? 0 );
		if ( null === $product_id || ( $product_id > 0 && ! in_array( $product_id, $items, true ) ) ) {
			return __( 'That training does not exist.', 'library-portal' );
		}
		$contract_id = self::id( $input['contract'] ?? 0 );
		if ( null === $contract_id || ( $contract_id > 0 && ! in_array( $contract_id, $contracts, true ) ) ) {
			return __( 'That contract does not exist.', 'library-portal' );
		}
		$team     = isset( $input['team'] ) && is_string( $input['team'] ) ? trim( $input['team'] ) : '';
		$owner_id = '' === $team ? 0 : $owner_of( $team );
		if ( '' !== $team && $owner_id < 1 ) {
			return __( 'No customer has that e-mail address or username.', 'library-portal' );
		}
		if ( $owner_id > 0 && $contract_id > 0 ) {
			return __( 'Choose a contract or a team owner, not both.', 'library-portal' );
		}
		return new self( $from, $to, $period, $product_id, $contract_id, $owner_id, $team );
	}

	/**
	 * The fields that ask for this query again (the CSV link, the form's values).
	 *
	 * @return array<string, string>
	 */
	public function fields(): array {
		return array(
			'from'     => ReportDay::iso( $this->from ),
			'to'       => ReportDay::iso( $this->to ),
			'period'   => $this->period,
			'item'     => (string) $this->product_id,
			'contract' => (string) $this->contract_id,
			'team'     => $this->team,
		);
	}

	/**
	 * A whole number of zero or more from a field, or null.
	 *
	 * @param mixed $value Field.
	 */
	private static function id( $value ): ?int {
		if ( is_int( $value ) ) {
			return $value >= 0 ? $value : null;
		}
		$value = is_string( $value ) ? trim( $value ) : '';
		if ( '' === $value ) {
			return 0;
		}
		return ctype_digit( $value ) ? (int) $value : null;
	}
}
