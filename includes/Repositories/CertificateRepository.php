<?php
/**
 * Certificates earned by passing a test.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Repositories;

use InvalidArgumentException;

/**
 * Stores certificates with a public verification code.
 */
final class CertificateRepository extends Repository implements UserRows {

	/**
	 * Issues a certificate and returns its verification code.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @param int $score      Test score in percent, 0-100 (the quiz that scored it checks that).
	 * @param int $now        Unix seconds.
	 * @throws InvalidArgumentException When the score is not 0-100 (a bug, not quietly fixed here).
	 * @throws WriteFailed              When the database refused the row.
	 */
	public function issue( int $user_id, int $product_id, int $score, int $now ): string {
		if ( $score < 0 || $score > 100 ) {
			throw new InvalidArgumentException( esc_html( "A score must be 0-100, got $score." ) );
		}
		$code = strtoupper( wp_generate_password( 12, false ) );
		$this->must(
			$this->db->insert(
				$this->table( 'certificates' ),
				array(
					'user_id'    => $user_id,
					'product_id' => $product_id,
					'code'       => $code,
					'score'      => $score,
					'issued_at'  => $now,
				),
				array( '%d', '%d', '%s', '%d', '%d' )
			),
			'issue'
		);
		$this->changed( $user_id );
		return $code;
	}

	/**
	 * The newest certificate code of each item a user has completed.
	 *
	 * @param int $user_id User.
	 * @return array<int, string> item => code.
	 */
	public function codes_for_user( int $user_id ): array {
		$rows  = (array) $this->db->get_results(
			$this->db->prepare( 'SELECT product_id, code FROM %i WHERE user_id = %d ORDER BY issued_at, id', $this->table( 'certificates' ), $user_id ),
			ARRAY_A
		);
		$codes = array();
		foreach ( $rows as $row ) {
			$codes[ (int) $row['product_id'] ] = (string) $row['code'];
		}
		return $codes;
	}

	/**
	 * Deletes the certificates of a deleted user.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		$this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE user_id = %d', $this->table( 'certificates' ), $user_id ) ), 'forget user' );
	}
}
