<?php
/**
 * Certificates earned by passing a test.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

use InvalidArgumentException;
use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Database\UserRows;
use LibraryPortal\Core\Database\UserTable;
use LibraryPortal\Core\Events;
use LibraryPortal\Platform\Database\SelectPart;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * Stores certificates with a public verification code: at most one per (user, item).
 */
final class CertificateRepository extends Repository implements UserRows {

	/**
	 * Columns read into a Certificate.
	 */
	private const COLUMNS = 'id, user_id, product_id, code, score, issued_at, revoked_at';

	/**
	 * Issues the certificate of a (user, item) unless it has one. True when this call issued it,
	 * false when one already existed (an earlier pass, or a pass racing this one).
	 *
	 * One INSERT IGNORE against the table's UNIQUE (user_id, product_id) key: the database, not a
	 * read before the write, decides, so two passes at the same moment give one row.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @param int $score      Test score in percent, 0-100 (the quiz that scored it checks that).
	 * @param int $now        Unix seconds.
	 * @throws InvalidArgumentException When the score is not 0-100 (a bug, not quietly fixed here).
	 * @throws WriteFailed              When the database refused the row.
	 */
	public function issue( int $user_id, int $product_id, int $score, int $now ): bool {
		if ( $score < 0 || $score > 100 ) {
			throw new InvalidArgumentException( esc_html( "A score must be 0-100, got $score." ) );
		}
		// A new code that collides with another certificate's is ignored too: try again with another.
		for ( $try = 0; $try < 3; $try++ ) {
			$code     = self::new_code();
			$inserted = $this->must(
				$this->db->query(
					$this->db->prepare(
						'INSERT IGNORE INTO %i (user_id, product_id, code, score, issued_at, revoked_at) VALUES (%d, %d, %s, %d, %d, 0)',
						$this->table( 'certificates' ),
						$user_id,
						$product_id,
						$code,
						$score,
						$now
					)
				),
				'issue a certificate'
			);
			if ( $inserted > 0 ) {
				$this->changed( $user_id );
				Events::certificate_issued( $user_id, $product_id, $code, $score );
				return true;
			}
			if ( null !== $this->for_user_item( $user_id, $product_id ) ) {
				return false;
			}
		}
		throw new WriteFailed( 'Library Portal could not issue a certificate: no free code.' );
	}

	/**
	 * The certificate of a (user, item), revoked or not, or null.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 */
	public function for_user_item( int $user_id, int $product_id ): ?Certificate {
		$row = $this->db->get_row(
			$this->db->prepare( 'SELECT ' . self::COLUMNS . ' FROM %i WHERE user_id = %d AND product_id = %d', $this->table( 'certificates' ), $user_id, $product_id ),
			ARRAY_A
		);
		return is_array( $row ) ? Certificate::from_row( $row ) : null;
	}

	/**
	 * The valid certificates of several users on several items (a sharer's team: Share Details,
	 * the team screens), in one query on the user_item index, by user, then item.
	 *
	 * @param int[] $user_ids    Users.
	 * @param int[] $product_ids Items.
	 * @return array<int, array<int, Certificate>>
	 */
	public function for_users_items( array $user_ids, array $product_ids ): array {
		$user_ids    = self::ids( $user_ids );
		$product_ids = self::ids( $product_ids );
		if ( ! $user_ids || ! $product_ids ) {
			return array();
		}
		$users = self::placeholders( $user_ids );
		$items = self::placeholders( $product_ids );
		$rows  = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT ' . self::COLUMNS . " FROM %i WHERE user_id IN ( $users ) AND product_id IN ( $items ) AND revoked_at = 0",
				array_merge( array( $this->table( 'certificates' ) ), $user_ids, $product_ids )
			),
			ARRAY_A
		);
		$found = array();
		foreach ( $rows as $row ) {
			$certificate = Certificate::from_row( $row );
			$found[ $certificate->user_id ][ $certificate->product_id ] = $certificate;
		}
		return $found;
	}

	/**
	 * The certificate with a verification code, revoked or not, or null.
	 *
	 * @param string $code Verification code (as typed: compared exactly).
	 */
	public function find_by_code( string $code ): ?Certificate {
		if ( '' === $code ) {
			return null;
		}
		$row = $this->db->get_row(
			$this->db->prepare( 'SELECT ' . self::COLUMNS . ' FROM %i WHERE code = %s', $this->table( 'certificates' ), $code ),
			ARRAY_A
		);
		return is_array( $row ) && $row['code'] === $code ? Certificate::from_row( $row ) : null;
	}

	/**
	 * Revokes a certificate. True when this call revoked it, false when it already was.
	 *
	 * @param Certificate $certificate Certificate.
	 * @param int         $now         Unix seconds.
	 * @throws WriteFailed When the database refused the change.
	 */
	public function revoke( Certificate $certificate, int $now ): bool {
		$changed = $this->must(
			$this->db->query(
				$this->db->prepare( 'UPDATE %i SET revoked_at = %d WHERE id = %d AND revoked_at = 0', $this->table( 'certificates' ), max( 1, $now ), $certificate->id )
			),
			'revoke a certificate'
		);
		if ( $changed > 0 ) {
			$this->changed( $certificate->user_id );
			Events::certificate_revoked( $certificate->user_id, $certificate->product_id, $certificate->code );
		}
		return $changed > 0;
	}

	/**
	 * A user's valid certificates, by item: one query for the whole library (or one item).
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Only this item (0 = all).
	 * @return array<int, Certificate>
	 */
	public function valid_for_user( int $user_id, int $product_id = 0 ): array {
		if ( $product_id > 0 ) {
			$certificate = $this->read( $this->valid_for_item_read( $user_id, $product_id ) );
			return null === $certificate ? array() : array( $product_id => $certificate );
		}
		$rows  = (array) $this->db->get_results( $this->db->prepare( 'SELECT ' . self::COLUMNS . ' FROM %i WHERE user_id = %d AND revoked_at = 0', $this->table( 'certificates' ), $user_id ), ARRAY_A );
		$found = array();
		foreach ( $rows as $row ) {
			$certificate                       = Certificate::from_row( $row );
			$found[ $certificate->product_id ] = $certificate;
		}
		return $found;
	}

	/**
	 * The user's valid certificate of one item as a part of a combined read (a progress report's),
	 * named `certificate`: the Certificate, or null.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 */
	public function valid_for_item_read( int $user_id, int $product_id ): SelectPart {
		$columns = array();
		foreach ( explode( ', ', self::COLUMNS ) as $column ) {
			$columns[ $column ] = $column;
		}
		return SelectPart::of(
			'certificate',
			$columns,
			'FROM %i WHERE user_id = %d AND product_id = %d AND revoked_at = 0',
			array( $this->table( 'certificates' ), $user_id, $product_id ),
			static fn( array $rows ): ?Certificate => $rows ? Certificate::from_row( $rows[0] ) : null
		);
	}

	/**
	 * Deletes the certificates of a deleted user.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		$this->user_rows()->delete( $user_id, 'forget user' );
	}

	/**
	 * A verification code: 12 characters of A-Z and 0-9 (about 62 bits), easy to read aloud.
	 */
	private static function new_code(): string {
		$alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
		$code     = '';
		for ( $i = 0; $i < 12; $i++ ) {
			$code .= $alphabet[ random_int( 0, 35 ) ];
		}
		return $code;
	}

	/**
	 * A page of a user's certificates, revoked ones too, for a personal data export.
	 *
	 * @param int $user_id User.
	 * @param int $limit   Rows per page.
	 * @param int $offset  Rows to skip.
	 * @return Certificate[]
	 */
	public function export_page( int $user_id, int $limit, int $offset ): array {
		return $this->user_rows()->export_page( $user_id, $limit, $offset, static fn( array $row ): Certificate => Certificate::from_row( $row ) );
	}

	/**
	 * Valid certificates issued in a period, newest first (read through the issued_at index).
	 *
	 * @param int $after  Unix seconds: issued at or after.
	 * @param int $before Unix seconds: issued before.
	 * @param int $limit  At most.
	 * @param int $offset Skipped.
	 * @return Certificate[]
	 */
	public function issued_between( int $after, int $before, int $limit, int $offset ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT ' . self::COLUMNS . ' FROM %i WHERE issued_at >= %d AND issued_at < %d AND revoked_at = 0 ORDER BY issued_at DESC, id DESC LIMIT %d OFFSET %d',
				$this->table( 'certificates' ),
				$after,
				$before,
				max( 1, $limit ),
				max( 0, $offset )
			),
			ARRAY_A
		);
		return array_map( static fn( array $row ): Certificate => Certificate::from_row( $row ), $rows );
	}

	/**
	 * Number of valid certificates issued in a period (issued_between()'s total).
	 *
	 * @param int $after  Unix seconds: issued at or after.
	 * @param int $before Unix seconds: issued before.
	 */
	public function count_issued_between( int $after, int $before ): int {
		return (int) $this->db->get_var(
			$this->db->prepare( 'SELECT COUNT(*) FROM %i WHERE issued_at >= %d AND issued_at < %d AND revoked_at = 0', $this->table( 'certificates' ), $after, $before )
		);
	}

	/**
	 * Number of a user's certificates, revoked ones too.
	 *
	 * @param int $user_id User.
	 */
	public function count_for_user( int $user_id ): int {
		return $this->user_rows()->count( $user_id );
	}

	/**
	 * The certificates table's rows of a user, revoked ones too (an export reads every column).
	 */
	private function user_rows(): UserTable {
		return new UserTable(
			$this->db,
			$this->table( 'certificates' ),
			array( 'user_id' ),
			array(
				'id'         => UserTable::STRING,
				'user_id'    => UserTable::STRING,
				'product_id' => UserTable::STRING,
				'code'       => UserTable::STRING,
				'score'      => UserTable::STRING,
				'issued_at'  => UserTable::STRING,
				'revoked_at' => UserTable::STRING,
			)
		);
	}
}
