<?php
/**
 * A REST reply whose body is a CSV download, written row by row.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Rest;

use SplFileObject;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The rows travel as the data (an iterable, read once), and serve() writes them to the output
 * as they come, so a large team's file is never held in memory as one string.
 */
final class CsvResponse extends WP_REST_Response {

	/**
	 * Creates the download with its headers.
	 *
	 * @param iterable<int, string[]> $rows     Rows, header first.
	 * @param string                  $filename Download name.
	 */
	public function __construct( iterable $rows, string $filename ) {
		parent::__construct( $rows, 200 );
		$this->header( 'Content-Type', 'text/csv; charset=utf-8' );
		$this->header( 'Content-Disposition', 'attachment; filename="' . sanitize_file_name( $filename ) . '"' );
		$this->header( 'X-Content-Type-Options', 'nosniff' );
		$this->header( 'Cache-Control', 'no-store, private' );
	}

	/**
	 * Writes rows as CSV to a stream (RFC 4180 quoting, UTF-8 with a byte-order mark so
	 * spreadsheet programs read accents right). SplFileObject: a stream, not a file on disk, so
	 * WP_Filesystem (which WordPress's file sniffs point to) has nothing to offer here.
	 *
	 * @param iterable<int, string[]> $rows   Rows.
	 * @param SplFileObject           $stream Open stream.
	 */
	public static function write( iterable $rows, SplFileObject $stream ): void {
		$stream->fwrite( "\xEF\xBB\xBF" );
		foreach ( $rows as $row ) {
			$stream->fputcsv( $row, ',', '"', '' );
		}
	}

	/**
	 * A cell a spreadsheet shows as text: one it would read as a formula (starting with = + - @,
	 * or a tab or carriage return that some strip first) gets a leading apostrophe, so text a
	 * person typed (a name, a title) is shown as typed and never run.
	 *
	 * @param string $value Cell.
	 */
	public static function cell( string $value ): string {
		return '' !== $value && false !== strpbrk( $value[0], "=+-@\t\r" ) ? "'" . $value : $value;
	}

	/**
	 * Hook (rest_pre_serve_request): streams the file.
	 *
	 * @param bool             $served  Whether the request was already served.
	 * @param mixed            $result  Reply.
	 * @param \WP_REST_Request $request Request.
	 * @param WP_REST_Server   $server  Server.
	 */
	public static function serve( $served, $result, $request, $server ): bool {
		if ( $served || ! $result instanceof self || ! is_iterable( $result->get_data() ) ) {
			return (bool) $served;
		}
		if ( 'HEAD' !== $request->get_method() ) {
			// The stream closes when the object goes out of scope.
			self::write( $result->get_data(), new SplFileObject( 'php://output', 'wb' ) );
		}
		return true;
	}
}
