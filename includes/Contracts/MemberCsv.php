<?php
/**
 * Reads a member list from CSV text.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

use InvalidArgumentException;

/**
 * The format (docs/rules/contracts.md, "Contracts admin and CSV import"): a header row naming an
 * `email` column, optionally `first_name` and `last_name` (used only for accounts an import
 * creates, when the admin asks for that); comma or semicolon separated, as spreadsheet programs write it in
 * different locales; a UTF-8 byte-order mark is skipped; blank lines are ignored. Fields may be
 * quoted but may not hold line breaks, so a line number is the file's own line.
 */
final class MemberCsv {

	/**
	 * Most data rows one file may hold.
	 */
	public const MAX_ROWS = 10000;

	/**
	 * The addresses to import (each once, by line) and the rows already refused.
	 *
	 * @param string $text File contents.
	 * @return array{rows: array<int, array{line: int, email: string, first_name: string, last_name: string}>, report: ImportReport}
	 * @throws InvalidArgumentException When the file has no header with an email column or too many rows.
	 */
	public static function parse( string $text ): array {
		$text  = str_starts_with( $text, "\xEF\xBB\xBF" ) ? substr( $text, 3 ) : $text;
		$lines = preg_split( '/\r\n|\r|\n/', $text );
		$lines = false === $lines ? array() : $lines;

		$header_at = null;
		foreach ( $lines as $index => $line ) {
			if ( '' !== trim( $line ) ) {
				$header_at = $index;
				break;
			}
		}
		if ( null === $header_at ) {
			throw new InvalidArgumentException( esc_html__( 'The file is empty.', 'library-portal' ) );
		}
		$separator = substr_count( $lines[ $header_at ], ';' ) > substr_count( $lines[ $header_at ], ',' ) ? ';' : ',';
		$header    = array_map( static fn( $cell ): string => str_replace( array( '-', ' ' ), '_', strtolower( trim( (string) $cell ) ) ), str_getcsv( $lines[ $header_at ], $separator, '"', '' ) );
		$column    = array_search( 'email', $header, true );
		if ( false === $column ) {
			$column = array_search( 'e_mail', $header, true );
		}
		$first_column = array_search( 'first_name', $header, true );
		$last_column  = array_search( 'last_name', $header, true );
		if ( false === $column ) {
			throw new InvalidArgumentException( esc_html__( 'The first line must be a header naming an "email" column, e.g. email,first_name,last_name.', 'library-portal' ) );
		}

		$rows       = array();
		$bad        = array();
		$seen       = array();
		$duplicates = 0;
		$count      = 0;
		foreach ( array_slice( $lines, $header_at + 1, null, true ) as $index => $line ) {
			if ( '' === trim( $line ) ) {
				continue;
			}
			if ( ++$count > self::MAX_ROWS ) {
				/* translators: %s: the most rows a file may hold. */
				throw new InvalidArgumentException( esc_html( sprintf( __( 'The file holds more than %s rows: split it into smaller files.', 'library-portal' ), number_format_i18n( self::MAX_ROWS ) ) ) );
			}
			$cells = str_getcsv( $line, $separator, '"', '' );
			$value = trim( (string) ( $cells[ $column ] ?? '' ) );
			$email = strtolower( $value );
			if ( '' === $value ) {
				$bad[] = self::bad( $index + 1, $value, __( 'No e-mail address.', 'library-portal' ) );
			} elseif ( ! is_email( $value ) ) {
				$bad[] = self::bad( $index + 1, $value, __( 'Not a valid e-mail address.', 'library-portal' ) );
			} elseif ( isset( $seen[ $email ] ) ) {
				++$duplicates;
			} else {
				$seen[ $email ] = true;
				$rows[]         = array(
					'line'       => $index + 1,
					'email'      => $email,
					'first_name' => false === $first_column ? '' : trim( (string) ( $cells[ $first_column ] ?? '' ) ),
					'last_name'  => false === $last_column ? '' : trim( (string) ( $cells[ $last_column ] ?? '' ) ),
				);
			}
		}
		return array(
			'rows'   => $rows,
			'report' => new ImportReport( 0, 0, $duplicates, $bad ),
		);
	}

	/**
	 * A refused row.
	 *
	 * @param int    $line   Line of the file (1 = the header).
	 * @param string $value  What the row held.
	 * @param string $reason Why it was refused.
	 * @return array{line: int, value: string, reason: string}
	 */
	public static function bad( int $line, string $value, string $reason ): array {
		return array(
			'line'   => $line,
			'value'  => $value,
			'reason' => $reason,
		);
	}
}
