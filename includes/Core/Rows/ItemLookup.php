<?php
/**
 * "This item, for this user."
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

use LibraryPortal\Core\Rows\Access;
use LibraryPortal\Core\Rows\LearnerRow;
use LibraryPortal\Core\Rows\PartProgress;
use LibraryPortal\Platform\Rest\ErrorReply;
use WP_Error;

/**
 * The one lookup behind every `/{id}` route (video, progress, activation, share data, revoke,
 * contract item): both the permission callback and the handler ask it, as WordPress core's posts
 * controller asks get_post(), so "no such item" and "not in your library" are decided in one place
 * and answer the same 404 (a stranger learns nothing about other people's items).
 *
 * It builds only this item's rows (LibraryService::items_for with a product: a fixed handful of
 * small indexed queries) and never reads the cached library: that entry holds the whole encoded
 * library (about 1 MB for 1,000 items), so reading it for one row cost more than building the row
 * (measured: 1-7 ms for the read alone on MariaDB), and a progress report invalidates it every few
 * seconds anyway. A second lookup in the same request costs nothing.
 */
final class ItemLookup {

	public const NOT_FOUND = 'item_not_found';

	/**
	 * Library builder.
	 *
	 * @var LibraryService
	 */
	private LibraryService $library;

	/**
	 * Rows found in this request, by user and item.
	 *
	 * @var array<string, array<int, array<string, mixed>>>
	 */
	private array $found = array();

	/**
	 * The progress rows those rows were built from, by user and item, then part.
	 *
	 * @var array<string, array<int, PartProgress>>
	 */
	private array $progress = array();

	/**
	 * Rows found for progress reports in this request, by user, item, tag and contract.
	 *
	 * @var array<string, array{row: array<string, mixed>, whole: bool}>
	 */
	private array $reports = array();

	/**
	 * Creates the lookup.
	 *
	 * @param LibraryService $library Library builder.
	 */
	public function __construct( LibraryService $library ) {
		$this->library = $library;
		// One REST server can dispatch several requests in one PHP process (the first screen's
		// replies, WP-CLI, tests): each starts with an empty memo, so a progress report is never
		// judged against the rows or progress an earlier request read.
		add_filter( 'rest_request_before_callbacks', array( $this, 'forget' ) );
	}

	/**
	 * Forgets what earlier requests found; a filter that passes its value on unchanged.
	 *
	 * @param mixed $response The dispatch's response so far (null or an error), returned as is.
	 * @return mixed
	 */
	public function forget( $response ) {
		$this->found    = array();
		$this->progress = array();
		$this->reports  = array();
		return $response;
	}

	/**
	 * The user's library rows of an item (plain and member version, one per sharer), or the 404.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @return array<int, array<string, mixed>>|WP_Error
	 */
	public function rows( int $user_id, int $product_id ) {
		$key = $user_id . '|' . $product_id;
		if ( ! isset( $this->found[ $key ] ) ) {
			$rows = $user_id > 0 ? $this->build( $user_id, $product_id ) : array();
			if ( ! $rows ) {
				return self::not_found();
			}
			$this->found[ $key ] = $rows;
		}
		return $this->found[ $key ];
	}

	/**
	 * The rows again, built from the database after a write (this request's or a parallel one's):
	 * not from the cache, whose version this request may have read before another request's
	 * write bumped it (a request that lost an activation race must still answer with the seat
	 * the winner activated). Replaces this request's memo.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @return array<int, array<string, mixed>>|WP_Error
	 */
	public function fresh_rows( int $user_id, int $product_id ) {
		$rows = $this->build( $user_id, $product_id );
		if ( ! $rows ) {
			unset( $this->found[ $user_id . '|' . $product_id ] );
			return $this->rows( $user_id, $product_id ); // Gone meanwhile: the usual 404.
		}
		$this->found[ $user_id . '|' . $product_id ] = $rows;
		return $rows;
	}

	/**
	 * The row a request acts on (LearnerRow::pick(): the asked version, the one that spends
	 * nothing first; with a contract, only that contract's row), or the 404, the same for a
	 * missing item, one not in the user's library and one not in that contract.
	 *
	 * @param int    $user_id     User.
	 * @param int    $product_id  Item.
	 * @param string $tag         '' or 'member'.
	 * @param int    $contract_id Contract asked for (0 = none).
	 * @return array<string, mixed>|WP_Error
	 */
	public function row( int $user_id, int $product_id, string $tag, int $contract_id ) {
		$rows = $this->rows( $user_id, $product_id );
		if ( is_wp_error( $rows ) ) {
			return $rows;
		}
		return LearnerRow::pick( $rows, $tag, $contract_id ) ?? self::not_found();
	}

	/**
	 * The row a progress report acts on, and whether it is the whole row as GET items/ sends it.
	 * When one of the user's seats already opens the item without spending one (an activated seat
	 * or a membership) and no contract is asked for, the row is built from the report's one
	 * combined read (LibraryService::seat_rows_of_item(): same builder, no texts or names), and
	 * `whole` is false. Anything else (a contract asked for, a seat to spend, no access, no such
	 * published item) takes row(). Asked again in the same request (the permission check, then
	 * the handler), it answers from what it found.
	 *
	 * @param int    $user_id     User.
	 * @param int    $product_id  Item.
	 * @param string $tag         '' or 'member'.
	 * @param int    $contract_id Contract asked for (0 = none).
	 * @return array{row: array<string, mixed>, whole: bool}|WP_Error
	 */
	public function report_row( int $user_id, int $product_id, string $tag, int $contract_id ) {
		$key = implode( '|', array( $user_id, $product_id, $tag, $contract_id ) );
		if ( ! isset( $this->reports[ $key ] ) ) {
			$seat_row = $this->seat_row( $user_id, $product_id, $tag, $contract_id );
			if ( null !== $seat_row ) {
				$this->reports[ $key ] = array(
					'row'   => $seat_row,
					'whole' => false,
				);
			} else {
				$row = $this->row( $user_id, $product_id, $tag, $contract_id );
				if ( is_wp_error( $row ) ) {
					return $row;
				}
				$this->reports[ $key ] = array(
					'row'   => $row,
					'whole' => true,
				);
			}
		}
		return $this->reports[ $key ];
	}

	/**
	 * The same row read again after a write of this request (counts, access, progress as stored):
	 * the row of the same version, sharer and contract among fresh_rows(), or the item's first.
	 *
	 * @param int                  $user_id User.
	 * @param array<string, mixed> $row     Row before the write.
	 * @return array<string, mixed>|WP_Error
	 */
	public function fresh_row( int $user_id, array $row ) {
		$rows = $this->fresh_rows( $user_id, (int) $row['product_id'] );
		if ( is_wp_error( $rows ) ) {
			return $rows;
		}
		foreach ( $rows as $candidate ) {
			if ( $candidate['tag'] === $row['tag'] && $candidate['share_user_id'] === $row['share_user_id'] && $candidate['contract_id'] === $row['contract_id'] ) {
				return $candidate;
			}
		}
		return $rows[0];
	}

	/**
	 * A report's row from its one combined read when that row opens the item without spending a
	 * seat, judged from the item, the seats, the progress and the certificate alone; null
	 * whenever row() could pick another row or answer otherwise. A found row keeps its progress
	 * for progress().
	 *
	 * @param int    $user_id     User.
	 * @param int    $product_id  Item.
	 * @param string $tag         '' or 'member'.
	 * @param int    $contract_id Contract asked for (0 = none).
	 * @return array<string, mixed>|null
	 */
	private function seat_row( int $user_id, int $product_id, string $tag, int $contract_id ): ?array {
		if ( $user_id <= 0 || $contract_id > 0 ) {
			return null;
		}
		$read = $this->library->seat_rows_of_item( $user_id, time(), $product_id );
		$row  = null === $read ? null : LearnerRow::pick( $read['rows'], $tag );
		// Contract rows are listed after the seat rows of their version and rank no better than
		// these two kinds, so row() would pick this same row.
		$asked = null !== $row && ( 'member' === $tag ) === ( 'member' === $row['tag'] );
		if ( null === $read || null === $row || ! $asked || ! in_array( $row['access'], array( Access::ACTIVATED, Access::MEMBER ), true ) ) {
			return null;
		}
		$this->progress[ $user_id . '|' . $product_id ] = $read['progress'];
		return $row;
	}

	/**
	 * The user's progress rows of the item, by part, as read for the rows this request found
	 * (with each part's watching clock): what a progress report is judged against, without
	 * reading the table again or digging it out of a reply. Empty before rows() found the item.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @return array<int, PartProgress>
	 */
	public function progress( int $user_id, int $product_id ): array {
		return $this->progress[ $user_id . '|' . $product_id ] ?? array();
	}

	/**
	 * Builds the item's rows as sent and keeps the progress they were built from.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @return array<int, array<string, mixed>>
	 */
	private function build( int $user_id, int $product_id ): array {
		$built = $this->library->item_rows( $user_id, time(), $product_id );
		$this->progress[ $user_id . '|' . $product_id ] = $built['progress'][ $product_id ] ?? array();
		return self::as_sent( $built['rows'] );
	}

	/**
	 * The 404 of an item that is not in the user's library (or not in the contract asked for).
	 */
	private static function not_found(): WP_Error {
		return ErrorReply::error( self::NOT_FOUND, __( 'This training is not in your library.', 'library-portal' ), 404 );
	}

	/**
	 * Rows as the cache holds them: JSON-decoded (objects such as shared_with become arrays).
	 *
	 * @param array<int, array<string, mixed>> $rows Built rows.
	 * @return array<int, array<string, mixed>>
	 */
	private static function as_sent( array $rows ): array {
		return (array) json_decode( (string) wp_json_encode( $rows ), true );
	}
}
