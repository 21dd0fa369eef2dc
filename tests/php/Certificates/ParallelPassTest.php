<?php
/**
 * Passes racing each other over real HTTP.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions -- curl against the running test site.

namespace LibraryPortal\Tests\Certificates;

use LibraryPortal\Core\Events;
use LibraryPortal\Core\Items\Quiz;
use LibraryPortal\Core\Quizzes\QuizAttemptRepository;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\ParallelSite;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Sends submissions N at once against the running test site (Support\ParallelSite, the user's
 * real cookie and nonce). The database's UNIQUE keys decide: with the limit off, N passes give
 * one certificate, every attempt recorded, every reply carrying that one certificate, one
 * notification to the sharing owner; with the limit, no more attempts than it allows; and one
 * served attempt is graded once.
 *
 * @group database
 */
final class ParallelPassTest extends TestCase {

	use ParallelSite;

	private const PARALLEL = 6;

	/**
	 * Rows of a table for a user.
	 *
	 * @param string $table   Short table name.
	 * @param int    $user_id User.
	 */
	private static function rows( string $table, int $user_id ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE user_id = %d', $wpdb->prefix . 'lp_' . $table, $user_id ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
	}

	/**
	 * Committed: an item with a one-question test, shared by an owner to a member who watched it.
	 *
	 * @param string $title Item title.
	 * @return array{0: int, 1: int, 2: int} Owner, member, item.
	 */
	private function shared_test( string $title ): array {
		$owner                      = $this->user();
		$member                     = $this->user();
		$item                       = Library::item( $title );
		$this->committed['posts'][] = $item;
		update_post_meta(
			$item,
			Quiz::META_KEY,
			array(
				'questions' => array(
					array(
						'id'      => 'q1',
						'text'    => 'Two and two?',
						'answers' => array( 'Three', 'Four' ),
						'correct' => 1,
					),
				),
			)
		);
		Library::grant( $owner, $item, 2 );
		Library::share( $owner, $member, $item );
		$this->services()->progress->record( $member, $item, 0, 100, time() );
		return array( $owner, $member, $item );
	}

	/**
	 * Bodies of N submissions, each answering its own served attempt (N tabs opened).
	 *
	 * @param int  $member  Learner.
	 * @param int  $item    Item.
	 * @param int  $count   Submissions.
	 * @param bool $correct Whether they pass.
	 * @return array<int, array<string, mixed>>
	 */
	private function served_bodies( int $member, int $item, int $count, bool $correct ): array {
		$question = Quiz::of_item( $item )->questions[0];
		$bodies   = array();
		for ( $n = 0; $n < $count; $n++ ) {
			$bodies[] = array(
				'attempt' => $this->rest( 'GET', "/library/v2/quiz/$item", array(), $member )->get_data()['data']['attempt_id'],
				'answers' => array( 'q1' => $question->answer_id( $item, $correct ? 1 : 0 ) ),
			);
		}
		return $bodies;
	}

	public function test_racing_passes_issue_one_certificate_and_one_notification(): void {
		list( $owner, $member, $item ) = $this->shared_test( 'Racing passes' );
		$this->services()->settings->update( array( 'quiz_attempt_limit' => 0 ) );
		try {
			$replies = $this->fire( '/library/v2/quiz/' . $item, $this->browser( $member ), $this->served_bodies( $member, $item, self::PARALLEL, true ) );
		} finally {
			$this->services()->settings->update( array( 'quiz_attempt_limit' => 3 ) );
		}

		$codes = array();
		foreach ( $replies as list( $status, $reply ) ) {
			$this->assertSame( 200, $status, (string) wp_json_encode( $reply ) );
			$this->assertTrue( $reply['data']['passed'] );
			$codes[] = $reply['data']['certificate']['code'];
		}

		$this->assertSame( 1, self::rows( 'certificates', $member ), 'One certificate.' );
		$this->assertSame( self::PARALLEL, self::rows( 'quiz_attempts', $member ), 'Every attempt recorded.' );
		$this->assertCount( 1, array_unique( $codes ), 'Every reply carries the one certificate.' );
		$this->assertSame( $this->services()->certificates->for_user_item( $member, $item )->code, $codes[0] );
		$this->assertSame( 1, self::rows( 'notifications', $owner ), 'Only the request that issued it notifies.' );
		$this->assertSame( 1, $this->fired_count( Events::CERTIFICATE_ISSUED ), 'One certificate announced.' );
		$this->assertSame( self::PARALLEL, $this->fired_count( Events::TEST_PASSED ), 'Every passing attempt announced.' );
	}

	public function test_racing_submissions_cannot_exceed_the_attempt_limit(): void {
		list( , $member, $item ) = $this->shared_test( 'Racing attempts' );
		$this->services()->quiz_attempts->record( $member, $item, 0, false, array(), time() - 60 );
		$this->services()->quiz_attempts->record( $member, $item, 0, false, array(), time() - 30 );

		$replies = $this->fire( '/library/v2/quiz/' . $item, $this->browser( $member ), $this->served_bodies( $member, $item, self::PARALLEL, false ) );

		$statuses = array_count_values( array_map( static fn( array $reply ): int => $reply[0], $replies ) );
		ksort( $statuses );
		$this->assertSame(
			array(
				200 => 1,
				429 => self::PARALLEL - 1,
			),
			$statuses,
			(string) wp_json_encode( $replies )
		);
		$this->assertSame( 3, self::rows( 'quiz_attempts', $member ), 'The limit of 3 holds against parallel submissions.' );
		foreach ( $replies as list( $status, $reply ) ) {
			if ( 429 === $status ) {
				$this->assertSame( 'quiz_attempts_exhausted', $reply['code'] );
			}
		}
	}

	public function test_one_served_attempt_sent_many_times_at_once_is_graded_once(): void {
		list( , $member, $item ) = $this->shared_test( 'Racing copies' );
		$body                    = $this->served_bodies( $member, $item, 1, false )[0];

		$replies = $this->fire( '/library/v2/quiz/' . $item, $this->browser( $member ), array_fill( 0, self::PARALLEL, $body ) );

		$statuses = array_count_values( array_map( static fn( array $reply ): int => $reply[0], $replies ) );
		ksort( $statuses );
		$this->assertSame(
			array(
				200 => 1,
				409 => self::PARALLEL - 1,
			),
			$statuses
		);
		$this->assertSame( 1, self::rows( 'quiz_attempts', $member ) );
	}
	/**
	 * Over HTTP: opening the test 40 times (eight at a time) used to keep 40
	 * served rows; now the learner and item keep MAX_OPEN_SERVED unsubmitted ones.
	 */
	public function test_opening_the_test_forty_times_keeps_a_bounded_number_of_served_rows(): void {
		list( , $member, $item ) = $this->shared_test( 'Opened without end' );
		$browser                 = $this->browser( $member );
		$statuses                = array();
		for ( $round = 0; $round < 5; $round++ ) {
			$multi   = curl_multi_init();
			$handles = array();
			for ( $n = 0; $n < 8; $n++ ) {
				$handle = curl_init( 'http://127.0.0.1:' . self::$port . '/wp-json/library/v2/quiz/' . $item );
				curl_setopt_array(
					$handle,
					array(
						CURLOPT_HTTPHEADER     => array( 'X-WP-Nonce: ' . $browser['nonce'], 'Cookie: ' . $browser['cookie'] ),
						CURLOPT_RETURNTRANSFER => true,
						CURLOPT_TIMEOUT        => 60,
					)
				);
				curl_multi_add_handle( $multi, $handle );
				$handles[] = $handle;
			}
			do {
				curl_multi_exec( $multi, $running );
				if ( $running ) {
					curl_multi_select( $multi, 1.0 );
				}
			} while ( $running );
			foreach ( $handles as $handle ) {
				$statuses[] = (int) curl_getinfo( $handle, CURLINFO_HTTP_CODE );
				curl_multi_remove_handle( $multi, $handle );
				curl_close( $handle );
			}
			curl_multi_close( $multi );
		}

		$this->assertSame( array_fill( 0, 40, 200 ), $statuses );
		// Parallel GETs may each read the kept rows before the others insert: a few more than the
		// bound while they overlap, never one row per request.
		$this->assertLessThanOrEqual( QuizAttemptRepository::MAX_OPEN_SERVED + 8, self::rows( 'quiz_served', $member ) );
	}
}
