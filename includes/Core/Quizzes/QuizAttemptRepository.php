<?php
/**
 * Quiz attempts.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Quizzes;

use InvalidArgumentException;
use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Database\UserRows;
use LibraryPortal\Core\Database\UserTable;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * Stores every graded test attempt (the answers given, the score, whether it passed, its number
 * per user and item, whether it counts towards the attempt limit) and the order each test was
 * served in until its submission.
 */
final class QuizAttemptRepository extends Repository implements UserRows {

	/**
	 * How often a lost race for an attempt number is tried again before giving up.
	 */
	private const TRIES = 10;

	/**
	 * Most unsubmitted served tests kept per learner and item: enough for the test open in a few
	 * tabs, while a script opening it without end cannot grow the table.
	 */
	public const MAX_OPEN_SERVED = 10;

	/**
	 * Records one graded attempt, whatever the limit, and returns its ID.
	 *
	 * @param int               $user_id    User.
	 * @param int               $product_id Item.
	 * @param int               $score      Score in percent, 0-100.
	 * @param bool              $passed     Whether the score reached the pass mark.
	 * @param array<string,int> $answers    Answer index by question ID, as graded.
	 * @param int               $now        Unix seconds.
	 * @throws InvalidArgumentException When the score is not 0-100.
	 * @throws WriteFailed              When the database refused the row.
	 */
	public function record( int $user_id, int $product_id, int $score, bool $passed, array $answers, int $now ): int {
		return (int) $this->record_within_limit( $user_id, $product_id, 0, 0, $score, $passed, $answers, 0, $now );
	}

	/**
	 * Records one graded attempt unless the user already made `$limit` counted attempts after
	 * `$since`; returns its ID, or null when the limit refused it (nothing written).
	 *
	 * Race-safe by the table, not by a read: every attempt takes the next number of its
	 * (user, item) under the UNIQUE key user_item_seq, read in the same statement as the count.
	 * Of two requests that read the same count, only one gets that number in; the other reads
	 * again and sees the attempt that won.
	 *
	 * @param int               $user_id    User.
	 * @param int               $product_id Item.
	 * @param int               $limit      Counted attempts allowed after $since (0: no limit).
	 * @param int               $since      Start of the window, Unix seconds.
	 * @param int               $score      Score in percent, 0-100.
	 * @param bool              $passed     Whether the score reached the pass mark.
	 * @param array<string,int> $answers    Answer index by question ID, as graded.
	 * @param int               $served_id  The served attempt it answers (0: none).
	 * @param int               $now        Unix seconds.
	 * @throws InvalidArgumentException When the score is not 0-100.
	 * @throws WriteFailed              When the database refused the row, or the race went on too long.
	 */
	public function record_within_limit( int $user_id, int $product_id, int $limit, int $since, int $score, bool $passed, array $answers, int $served_id, int $now ): ?int {
		if ( $score < 0 || $score > 100 ) {
			throw new InvalidArgumentException( esc_html( "A score must be 0-100, got $score." ) );
		}
		$table = $this->table( 'quiz_attempts' );
		for ( $try = 0; $try < self::TRIES; $try++ ) {
			$state = (array) $this->db->get_row(
				$this->db->prepare(
					'SELECT COALESCE( MAX( seq ), 0 ) AS last_seq, COALESCE( SUM( CASE WHEN counted = 1 AND created_at > %d THEN 1 ELSE 0 END ), 0 ) AS used FROM %i WHERE user_id = %d AND product_id = %d',
					$since,
					$table,
					$user_id,
					$product_id
				),
				ARRAY_A
			);
			if ( $limit > 0 && (int) ( $state['used'] ?? 0 ) >= $limit ) {
				return null;
			}
			$inserted = $this->must(
				$this->db->query(
					$this->db->prepare(
						'INSERT IGNORE INTO %i (user_id, product_id, score, passed, answers, created_at, seq, counted, served_id) VALUES (%d, %d, %d, %d, %s, %d, %d, 1, %d)',
						$table,
						$user_id,
						$product_id,
						$score,
						$passed ? 1 : 0,
						(string) wp_json_encode( $answers ),
						$now,
						(int) ( $state['last_seq'] ?? 0 ) + 1,
						$served_id
					)
				),
				'record a test attempt'
			);
			if ( 1 === $inserted ) {
				return (int) $this->db->insert_id;
			}
		}
		throw new WriteFailed( 'Library Portal could not record a test attempt: too many attempts at the same moment.' );
	}

	/**
	 * Counted attempts of a user on an item after a moment (the attempt limit's window).
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @param int $since      Unix seconds.
	 */
	public function counted_since( int $user_id, int $product_id, int $since ): int {
		return (int) $this->db->get_var(
			$this->db->prepare( 'SELECT COUNT(*) FROM %i WHERE user_id = %d AND product_id = %d AND counted = 1 AND created_at > %d', $this->table( 'quiz_attempts' ), $user_id, $product_id, $since )
		);
	}

	/**
	 * When the window leaves room for one more attempt: the time of the counted attempt that has
	 * to leave the window (with `$limit` allowed and `$used` counted after `$since`), or 0.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @param int $since      Start of the window, Unix seconds.
	 * @param int $limit      Attempts allowed in the window.
	 * @param int $used       Counted attempts in the window.
	 */
	public function oldest_blocking( int $user_id, int $product_id, int $since, int $limit, int $used ): int {
		if ( $limit <= 0 || $used < $limit ) {
			return 0;
		}
		return (int) $this->db->get_var(
			$this->db->prepare(
				'SELECT created_at FROM %i WHERE user_id = %d AND product_id = %d AND counted = 1 AND created_at > %d ORDER BY created_at, seq LIMIT 1 OFFSET %d',
				$this->table( 'quiz_attempts' ),
				$user_id,
				$product_id,
				$since,
				$used - $limit
			)
		);
	}

	/**
	 * Stops counting a user's attempts on an item (an admin's reset): they stay as history
	 * (attempts, best score, export) but no longer fill the window. Returns the rows changed.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @throws WriteFailed When the database refused it.
	 */
	public function stop_counting( int $user_id, int $product_id ): int {
		return $this->must(
			$this->db->query( $this->db->prepare( 'UPDATE %i SET counted = 0 WHERE user_id = %d AND product_id = %d AND counted = 1', $this->table( 'quiz_attempts' ), $user_id, $product_id ) ),
			'reset test attempts'
		);
	}

	/**
	 * Keeps the order a test was served in, for its one submission (and, once submitted, with
	 * its attempt); returns the served ID. Unsubmitted ones older than `$forget_before` of the
	 * same user and item go, and so do all but the newest MAX_OPEN_SERVED (this one included).
	 *
	 * @param int                                                  $user_id       User.
	 * @param int                                                  $product_id    Item.
	 * @param array<int, array{id: string, answers: array<int, int>}> $order         Question IDs with their answer indexes, as served.
	 * @param int                                                  $now           Unix seconds.
	 * @param int                                                  $forget_before Unix seconds.
	 * @throws WriteFailed When the database refused the row.
	 */
	public function serve( int $user_id, int $product_id, array $order, int $now, int $forget_before ): int {
		$table = $this->table( 'quiz_served' );
		// The newest open ones a learner may still submit (a few tabs); older ones go, so that
		// opening the test again and again keeps MAX_OPEN_SERVED rows, not one per request.
		$oldest_kept = (int) $this->db->get_var(
			$this->db->prepare(
				'SELECT id FROM %i WHERE user_id = %d AND product_id = %d AND submitted_at = 0 ORDER BY id DESC LIMIT 1 OFFSET %d',
				$table,
				$user_id,
				$product_id,
				self::MAX_OPEN_SERVED - 2
			)
		);
		$this->must(
			$this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE user_id = %d AND product_id = %d AND submitted_at = 0 AND ( served_at < %d OR id < %d )', $table, $user_id, $product_id, $forget_before, $oldest_kept ) ),
			'forget old served tests'
		);
		$this->must(
			$this->db->insert(
				$table,
				array(
					'user_id'      => $user_id,
					'product_id'   => $product_id,
					'questions'    => (string) wp_json_encode( $order ),
					'served_at'    => $now,
					'submitted_at' => 0,
				),
				array( '%d', '%d', '%s', '%d', '%d' )
			),
			'keep a served test'
		);
		return (int) $this->db->insert_id;
	}

	/**
	 * A served test, or null.
	 *
	 * @param int $served_id Served ID.
	 * @return array{id: int, user_id: int, product_id: int, questions: array<int, array{id: string, answers: array<int, int>}>, served_at: int, submitted_at: int}|null
	 */
	public function served( int $served_id ): ?array {
		$row = $this->db->get_row( $this->db->prepare( 'SELECT id, user_id, product_id, questions, served_at, submitted_at FROM %i WHERE id = %d', $this->table( 'quiz_served' ), $served_id ), ARRAY_A );
		if ( ! is_array( $row ) ) {
			return null;
		}
		$order     = json_decode( (string) $row['questions'], true );
		$questions = array();
		foreach ( is_array( $order ) ? $order : array() as $question ) {
			if ( is_array( $question ) && is_string( $question['id'] ?? null ) && is_array( $question['answers'] ?? null ) ) {
				$questions[] = array(
					'id'      => $question['id'],
					'answers' => array_map( 'intval', array_values( $question['answers'] ) ),
				);
			}
		}
		return array(
			'id'           => (int) $row['id'],
			'user_id'      => (int) $row['user_id'],
			'product_id'   => (int) $row['product_id'],
			'questions'    => $questions,
			'served_at'    => (int) $row['served_at'],
			'submitted_at' => (int) $row['submitted_at'],
		);
	}

	/**
	 * The newest served order of a user's test (to serve the next one differently), or null.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @return array<int, array{id: string, answers: array<int, int>}>|null
	 */
	public function last_served_order( int $user_id, int $product_id ): ?array {
		$id     = (int) $this->db->get_var( $this->db->prepare( 'SELECT MAX(id) FROM %i WHERE user_id = %d AND product_id = %d', $this->table( 'quiz_served' ), $user_id, $product_id ) );
		$served = $id > 0 ? $this->served( $id ) : null;
		return $served ? $served['questions'] : null;
	}

	/**
	 * Marks a served test as submitted; false when it already was (a second submission of it).
	 *
	 * @param int $served_id Served ID.
	 * @param int $now       Unix seconds.
	 * @throws WriteFailed When the database refused it.
	 */
	public function claim_served( int $served_id, int $now ): bool {
		return 1 === $this->must(
			$this->db->query( $this->db->prepare( 'UPDATE %i SET submitted_at = %d WHERE id = %d AND submitted_at = 0', $this->table( 'quiz_served' ), max( 1, $now ), $served_id ) ),
			'claim a served test'
		);
	}

	/**
	 * Gives a claimed served test back when its attempt was refused (nothing stays changed).
	 *
	 * @param int $served_id  Served ID.
	 * @param int $claimed_at The time claim_served() was given.
	 * @throws WriteFailed When the database refused it.
	 */
	public function release_served( int $served_id, int $claimed_at ): void {
		$this->must(
			$this->db->query( $this->db->prepare( 'UPDATE %i SET submitted_at = 0 WHERE id = %d AND submitted_at = %d', $this->table( 'quiz_served' ), $served_id, max( 1, $claimed_at ) ) ),
			'release a served test'
		);
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
			$this->db->prepare( 'SELECT COUNT(*) AS attempts, MAX(score) AS best FROM %i WHERE user_id = %d AND product_id = %d', $this->table( 'quiz_attempts' ), $user_id, $product_id ),
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
		$this->attempt_rows()->delete( $user_id, 'forget user' );
		$this->served_rows()->delete( $user_id, 'forget user' );
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
		return $this->attempt_rows()->export_page( $user_id, $limit, $offset );
	}

	/**
	 * Deletes a user's test attempts on a personal data erasure request.
	 *
	 * @param int $user_id User.
	 * @return int Rows deleted.
	 * @throws WriteFailed When the database refused it.
	 */
	public function erase_user( int $user_id ): int {
		$this->served_rows()->delete( $user_id, 'erase served tests' );
		return $this->attempt_rows()->delete( $user_id, 'erase test attempts' );
	}

	/**
	 * The test attempts of a user (an export shows each attempt with its answers).
	 */
	private function attempt_rows(): UserTable {
		return new UserTable(
			$this->db,
			$this->table( 'quiz_attempts' ),
			array( 'user_id' ),
			array(
				'id'         => UserTable::INT,
				'product_id' => UserTable::INT,
				'score'      => UserTable::INT,
				'passed'     => UserTable::BOOL,
				'answers'    => UserTable::STRING,
				'created_at' => UserTable::INT,
			)
		);
	}

	/**
	 * The tests served to a user (never exported: the questions drawn, not the user's data).
	 */
	private function served_rows(): UserTable {
		return new UserTable(
			$this->db,
			$this->table( 'quiz_served' ),
			array( 'user_id' )
		);
	}
}
