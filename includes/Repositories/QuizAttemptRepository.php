<?php
/**
 * Quiz attempts.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Repositories;

use InvalidArgumentException;

/**
 * Stores every graded test attempt: the answers given, the score and whether it passed.
 */
final class QuizAttemptRepository extends Repository implements UserRows {

	/**
	 * Records one graded attempt and returns its ID.
	 *
	 * @param int             $user_id    User.
	 * @param int             $product_id Item.
	 * @param int             $score      Score in percent, 0-100.
	 * @param bool            $passed     Whether the score reached the pass mark.
	 * @param array<string,int> $answers    Answer index by question ID, as graded.
	 * @param int             $now        Unix seconds.
	 * @throws InvalidArgumentException When the score is not 0-100.
	 * @throws WriteFailed              When the database refused the row.
	 */
	public function record( int $user_id, int $product_id, int $score, bool $passed, array $answers, int $now ): int {
		if ( $score < 0 || $score > 100 ) {
			throw new InvalidArgumentException( esc_html( "A score must be 0-100, got $score." ) );
		}
		$this->must(
			$this->db->insert(
				$this->table( 'quiz_attempts' ),
				array(
					'user_id'    => $user_id,
					'product_id' => $product_id,
					'score'      => $score,
					'passed'     => $passed ? 1 : 0,
					'answers'    => (string) wp_json_encode( $answers ),
					'created_at' => $now,
				),
				array( '%d', '%d', '%d', '%d', '%s', '%d' )
			),
			'record a test attempt'
		);
		return (int) $this->db->insert_id;
	}

	/**
	 * Number of attempts and best score of a user on an item (null before the first attempt).
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @return array{attempts: int, best_score: int|null}
	 */
	public function summary( int $user_id, int $product_id ): array {
		$row      = (array) $this->db->get_row(
			$this->db->prepare( 'SELECT COUNT(*) AS attempts, MAX(score) AS best FROM %i WHERE user_id = %d AND product_id = %d', $this->table( 'quiz_attempts' ), $user_id, $product_id ), // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
			ARRAY_A
		);
		$attempts = (int) ( $row['attempts'] ?? 0 );
		return array(
			'attempts'   => $attempts,
			'best_score' => $attempts > 0 ? (int) $row['best'] : null,
		);
	}

	/**
	 * Deletes the attempts of a deleted user.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		$this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE user_id = %d', $this->table( 'quiz_attempts' ), $user_id ) ), 'forget user' );
	}

	/**
	 * A page of a user's test attempts for a personal data export, oldest first.
	 *
	 * @param int $user_id User.
	 * @param int $limit   Rows per page.
	 * @param int $offset  Rows to skip.
	 * @return array<int, array{id: int, product_id: int, score: int, passed: bool, answers: string, created_at: int}>
	 */
	public function export_page( int $user_id, int $limit, int $offset ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT id, product_id, score, passed, answers, created_at FROM %i WHERE user_id = %d ORDER BY id LIMIT %d OFFSET %d', // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
				$this->table( 'quiz_attempts' ),
				$user_id,
				max( 1, $limit ),
				max( 0, $offset )
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'id'         => (int) $row['id'],
				'product_id' => (int) $row['product_id'],
				'score'      => (int) $row['score'],
				'passed'     => (bool) (int) $row['passed'],
				'answers'    => (string) $row['answers'],
				'created_at' => (int) $row['created_at'],
			),
			$rows
		);
	}

	/**
	 * Deletes a user's test attempts on a personal data erasure request.
	 *
	 * @param int $user_id User.
	 * @return int Rows deleted.
	 * @throws WriteFailed When the database refused it.
	 */
	public function erase_user( int $user_id ): int {
		return $this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE user_id = %d', $this->table( 'quiz_attempts' ), $user_id ) ), 'erase test attempts' ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
	}
}
