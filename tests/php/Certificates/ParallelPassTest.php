<?php
/**
 * Passes racing each other over real HTTP.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Certificates;

use LibraryPortal\Certificates\Quiz;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\ParallelSite;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Sends submissions N at once against the running test site (Support\ParallelSite, the user's
 * real cookie and nonce). The database's UNIQUE keys decide: with the limit off, N passes give
 * one certificate, every attempt recorded, every reply carrying that one certificate, one
 * notification to the sharing owner; with the limit, no more attempts than it allows; and one
 * served attempt is graded once.
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
}
