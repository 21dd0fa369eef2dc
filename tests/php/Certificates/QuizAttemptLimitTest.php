<?php
/**
 * The attempt limit, the served order and grading by ID (POST and GET library/v2/quiz/{id}).
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Certificates;

use LibraryPortal\Core\Items\Question;
use LibraryPortal\Core\Items\Quiz;
use LibraryPortal\Core\Quizzes\QuizAttemptRepository;
use LibraryPortal\Core\Quizzes\QuizService;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;
use WP_REST_Response;

/**
 * A test cannot be passed by changing one answer at a time: 3 attempts in 24 hours by default,
 * a new order for every attempt, graded by answer ID, and a reply with the score only.
 */
final class QuizAttemptLimitTest extends TestCase {

	/**
	 * The correct stored index of each question.
	 */
	private const RIGHT = array(
		'q1' => 1,
		'q2' => 0,
		'q3' => 2,
	);

	/**
	 * An item with a three-question test, watched to the end by the user.
	 *
	 * @param int $user_id User.
	 * @return int Item.
	 */
	private function item_with_test( int $user_id ): int {
		$item      = Library::item( 'Limits ' . wp_generate_password( 4, false ) );
		$questions = array();
		foreach ( self::RIGHT as $id => $correct ) {
			$questions[] = array(
				'id'      => $id,
				'text'    => "Question $id?",
				'answers' => array( "$id answer A", "$id answer B", "$id answer C" ),
				'correct' => $correct,
			);
		}
		update_post_meta( $item, Quiz::META_KEY, array( 'questions' => $questions ) );
		Library::grant( $user_id, $item, 1 );
		Library::activate_own( $user_id, $item );
		$this->services()->progress->record( $user_id, $item, 0, 100, time() );
		return $item;
	}

	/**
	 * GET quiz/{id} data.
	 *
	 * @param int $user_id User.
	 * @param int $item    Item.
	 * @return array<string, mixed>
	 */
	private function view( int $user_id, int $item ): array {
		$response = $this->rest( 'GET', "/library/v2/quiz/$item", array(), $user_id );
		$this->assertSame( 200, $response->get_status() );
		return $response->get_data()['data'];
	}

	/**
	 * POST quiz/{id}.
	 *
	 * @param int                   $user_id User.
	 * @param int                   $item    Item.
	 * @param int                   $attempt Served attempt.
	 * @param array<string, string> $answers Answer ID by question ID.
	 */
	private function post( int $user_id, int $item, int $attempt, array $answers ): WP_REST_Response {
		return $this->rest(
			'POST',
			"/library/v2/quiz/$item",
			array(
				'attempt' => $attempt,
				'answers' => $answers,
			),
			$user_id
		);
	}

	/**
	 * Answer IDs, picked by answer text from a served view.
	 *
	 * @param array<string, mixed> $view    GET data.
	 * @param array<string, int>   $indexes Stored index (0 = A) by question ID.
	 * @return array<string, string>
	 */
	private static function by_text( array $view, array $indexes ): array {
		$ids = array();
		foreach ( $view['questions'] as $question ) {
			$wanted = $question['id'] . ' answer ' . chr( 65 + $indexes[ $question['id'] ] );
			foreach ( $question['answers'] as $answer ) {
				if ( $answer['text'] === $wanted ) {
					$ids[ $question['id'] ] = $answer['id'];
				}
			}
		}
		return $ids;
	}

	/**
	 * Opens the test and answers it with every answer wrong (the next one after the right one).
	 *
	 * @param int $user_id User.
	 * @param int $item    Item.
	 */
	private function fail_once( int $user_id, int $item ): WP_REST_Response {
		$view  = $this->view( $user_id, $item );
		$wrong = array_map( static fn( int $right ): int => ( $right + 1 ) % 3, self::RIGHT );
		return $this->post( $user_id, $item, $view['attempt_id'], self::by_text( $view, $wrong ) );
	}

	/**
	 * Attempt rows of a user on an item.
	 *
	 * @param int $user_id User.
	 * @param int $item    Item.
	 */
	private static function attempt_rows( int $user_id, int $item ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE user_id = %d AND product_id = %d', $wpdb->prefix . 'lp_quiz_attempts', $user_id, $item ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
	}

	public function test_the_fourth_attempt_in_24_hours_gets_429_with_retry_after_and_the_opening_time_and_records_nothing(): void {
		$user  = $this->make_user();
		$item  = $this->item_with_test( $user );
		$first = time() - HOUR_IN_SECONDS;
		$this->services()->quiz_attempts->record( $user, $item, 0, false, array(), $first );
		$this->fail_once( $user, $item );
		$open_tab = $this->view( $user, $item ); // A second tab, opened before the third attempt.
		$this->fail_once( $user, $item );

		$refused = $this->post( $user, $item, $open_tab['attempt_id'], self::by_text( $open_tab, self::RIGHT ) );

		$this->assertSame( 429, $refused->get_status() );
		$this->assertSame( 'quiz_attempts_exhausted', $refused->get_data()['code'] );
		$opens   = $first + DAY_IN_SECONDS;
		$message = 'You have used your 3 attempts at this test for the last 24 hours. Your next attempt opens on ' . wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $opens ) . '.';
		$this->assertSame( $message, $refused->get_data()['message'] );
		$this->assertSame( $opens, $refused->get_data()['data']['next_attempt_at'] );
		$retry_after = (int) $refused->get_headers()['Retry-After'];
		$this->assertEqualsWithDelta( $opens - time(), $retry_after, 2, 'Retry-After: seconds until the oldest attempt leaves the window.' );
		$this->assertSame( 3, self::attempt_rows( $user, $item ), 'The refused attempt is not recorded.' );
		$this->assertSame( 0, $this->services()->quiz_attempts->served( $open_tab['attempt_id'] )['submitted_at'], 'Its served attempt is untouched.' );
		$this->assertSame( 0, $this->services()->certificates->for_user_item( $user, $item ) ? 1 : 0, 'No certificate from a refused pass.' );

		$view = $this->view( $user, $item );
		$this->assertSame( array( 0, 3, 0, $opens, $message ), array( $view['attempt_id'], $view['attempt_limit'], $view['attempts_left'], $view['next_attempt_at'], $view['attempts_message'] ) );
		$this->assertSame( array(), $view['questions'], 'Nothing to answer while the attempts are used up.' );
	}

	public function test_a_learner_out_of_attempts_is_told_so_before_the_answers_are_looked_at(): void {
		$user = $this->make_user();
		$item = $this->item_with_test( $user );
		$this->fail_once( $user, $item );
		$this->fail_once( $user, $item );
		$open_tab = $this->view( $user, $item );
		$this->fail_once( $user, $item );

		$one_answer = array_slice( self::by_text( $open_tab, self::RIGHT ), 0, 1, true );
		$refused    = $this->post( $user, $item, $open_tab['attempt_id'], $one_answer );

		$this->assertSame( 429, $refused->get_status(), 'The used-up attempts, not "Please answer every question".' );
		$this->assertSame( 'quiz_attempts_exhausted', $refused->get_data()['code'] );
	}

	public function test_the_window_rolls_attempts_older_than_24_hours_do_not_count(): void {
		$user = $this->make_user();
		$item = $this->item_with_test( $user );
		foreach ( array( 3, 2 ) as $days ) {
			$this->services()->quiz_attempts->record( $user, $item, 0, false, array(), time() - $days * DAY_IN_SECONDS );
		}
		$this->services()->quiz_attempts->record( $user, $item, 0, false, array(), time() - DAY_IN_SECONDS - 60 );

		$this->assertSame( 3, $this->view( $user, $item )['attempts_left'] );
	}

	public function test_the_quiz_replies_carry_the_attempts_left(): void {
		$user = $this->make_user();
		$item = $this->item_with_test( $user );

		$this->assertSame( array( 3, 3, 0, '' ), array( $this->view( $user, $item )['attempt_limit'], $this->view( $user, $item )['attempts_left'], $this->view( $user, $item )['next_attempt_at'], $this->view( $user, $item )['attempts_message'] ) );
		$result = $this->fail_once( $user, $item )->get_data()['data'];
		$this->assertSame( array( 3, 2 ), array( $result['attempt_limit'], $result['attempts_left'] ) );
		$this->assertSame( 2, $this->view( $user, $item )['attempts_left'] );
		$this->fail_once( $user, $item );
		$last = $this->fail_once( $user, $item )->get_data()['data'];
		$this->assertSame( 0, $last['attempts_left'] );
		$this->assertStringStartsWith( 'You have used your 3 attempts', $last['attempts_message'] );
	}

	public function test_the_setting_0_turns_the_limit_off(): void {
		$user = $this->make_user();
		$item = $this->item_with_test( $user );
		$this->services()->settings->update( array( 'quiz_attempt_limit' => 0 ) );

		for ( $n = 1; $n <= 5; $n++ ) {
			$reply = $this->fail_once( $user, $item );
			$this->assertSame( 200, $reply->get_status(), "Attempt $n" );
		}
		$view = $this->view( $user, $item );
		$this->assertSame( array( 0, null, '' ), array( $view['attempt_limit'], $view['attempts_left'], $view['attempts_message'] ) );
		$this->assertSame( 5, self::attempt_rows( $user, $item ) );
	}

	public function test_a_negative_limit_from_the_filter_means_no_limit(): void {
		$user = $this->make_user();
		$item = $this->item_with_test( $user );
		add_filter( QuizService::LIMIT_FILTER, static fn() => -1 );

		$view = $this->view( $user, $item );
		$this->assertSame( array( 0, null, '' ), array( $view['attempt_limit'], $view['attempts_left'], $view['attempts_message'] ), 'Not a test locked for ever.' );
		$this->assertSame( 200, $this->fail_once( $user, $item )->get_status() );
	}

	public function test_the_filter_sets_the_limit_per_learner_and_item(): void {
		$user  = $this->make_user();
		$item  = $this->item_with_test( $user );
		$other = $this->item_with_test( $user );
		$seen  = array();
		add_filter(
			QuizService::LIMIT_FILTER,
			static function ( $limit, $user_id, $product_id ) use ( $item, &$seen ) {
				$seen[] = array( $limit, $user_id, $product_id );
				return $product_id === $item ? 1 : $limit;
			},
			10,
			3
		);

		$this->assertSame( 200, $this->fail_once( $user, $item )->get_status() );
		$this->assertSame( 0, $this->view( $user, $item )['attempts_left'] );
		$open = $this->view( $user, $other );
		$this->assertSame( 3, $open['attempts_left'], 'Another item keeps the setting.' );
		$this->assertContains( array( 3, $user, $item ), $seen, 'The filter gets the setting, the learner and the item.' );
		$this->assertStringStartsWith( 'You have used your 1 attempt at this test', $this->view( $user, $item )['attempts_message'] );
	}

	public function test_every_attempt_is_served_in_a_new_order_kept_on_the_server(): void {
		$user   = $this->make_user();
		$item   = $this->item_with_test( $user );
		$orders = array();
		for ( $n = 0; $n < 2; $n++ ) {
			$view = $this->view( $user, $item );
			$kept = $this->services()->quiz_attempts->served( $view['attempt_id'] );
			$this->assertSame( array( $user, $item ), array( $kept['user_id'], $kept['product_id'] ) );
			$this->assertSame( array_column( $view['questions'], 'id' ), array_column( $kept['questions'], 'id' ), 'The server keeps the order it served.' );
			$orders[] = array_map( static fn( array $q ): array => array( $q['id'], array_column( $q['answers'], 'text' ) ), $view['questions'] );
			$this->fail_once( $user, $item );
		}

		$this->assertNotSame( $orders[0], $orders[1], 'The next attempt comes in another order.' );
		global $wpdb;
		$kept = $wpdb->get_col( $wpdb->prepare( 'SELECT s.questions FROM %i a JOIN %i s ON s.id = a.served_id WHERE a.user_id = %d AND a.product_id = %d ORDER BY a.seq', $wpdb->prefix . 'lp_quiz_attempts', $wpdb->prefix . 'lp_quiz_served', $user, $item ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
		$this->assertCount( 2, $kept, 'Each graded attempt keeps the order it was shown in.' );
	}

	public function test_answers_are_graded_by_id_whatever_order_an_earlier_attempt_had(): void {
		$user    = $this->make_user();
		$item    = $this->item_with_test( $user );
		$earlier = $this->view( $user, $item );
		$now     = $this->view( $user, $item );
		$this->assertNotSame( $earlier['questions'], $now['questions'] );

		// A client that kept the earlier attempt's positions of the right answers and sends the
		// IDs at those positions now: graded by the IDs it sent, not by the positions.
		$positions = array();
		foreach ( $earlier['questions'] as $question ) {
			$right                        = self::by_text( $earlier, self::RIGHT )[ $question['id'] ];
			$positions[ $question['id'] ] = (int) array_search( $right, array_column( $question['answers'], 'id' ), true );
		}
		$sent     = array();
		$expected = 0;
		$quiz     = Quiz::of_item( $item );
		foreach ( $now['questions'] as $number => $question ) {
			$sent[ $question['id'] ] = $question['answers'][ $positions[ $question['id'] ] ]['id'];
			$stored                  = $quiz->questions[ array_search( $question['id'], array_keys( self::RIGHT ), true ) ];
			$expected               += $stored->index_of( $item, $sent[ $question['id'] ] ) === $stored->correct ? 1 : 0;
		}
		$graded = $this->post( $user, $item, $now['attempt_id'], $sent )->get_data()['data'];
		$this->assertSame( (int) round( $expected / 3 * 100 ), $graded['score'] );

		// The earlier attempt's IDs of the right answers pass in any later attempt: an ID names the answer.
		$again = $this->view( $user, $item );
		$pass  = $this->post( $user, $item, $again['attempt_id'], self::by_text( $earlier, self::RIGHT ) )->get_data()['data'];
		$this->assertSame( array( 100, true ), array( $pass['score'], $pass['passed'] ) );
	}

	public function test_a_failed_reply_carries_the_score_and_nothing_about_which_or_how_many_answers(): void {
		$user        = $this->make_user();
		$item        = $this->item_with_test( $user );
		$view        = $this->view( $user, $item );
		$mixed       = self::RIGHT;
		$mixed['q1'] = 0; // One wrong: 67 %.

		$reply = $this->post( $user, $item, $view['attempt_id'], self::by_text( $view, $mixed ) )->get_data()['data'];

		$this->assertSame( array( 67, false ), array( $reply['score'], $reply['passed'] ) );
		$this->assertSame( array( 'score', 'passed', 'pass_mark', 'attempts', 'attempt_limit', 'attempts_left', 'next_attempt_at', 'attempts_message', 'certificate' ), array_keys( $reply ) );
		$json = (string) wp_json_encode( $reply );
		foreach ( array( 'correct', 'total', 'q1', 'q2', 'q3', 'answers' ) as $detail ) {
			$this->assertStringNotContainsString( '"' . $detail, $json );
		}
	}

	/**
	 * Every GET kept a served row, without end. Now a learner and item keep the
	 * newest MAX_OPEN_SERVED unsubmitted ones (a few tabs); older ones answer like an expired one,
	 * and a submitted one stays with its attempt.
	 */
	public function test_opening_the_test_again_and_again_keeps_a_bounded_number_of_served_rows(): void {
		global $wpdb;
		$user      = $this->make_user();
		$item      = $this->item_with_test( $user );
		$submitted = $this->view( $user, $item );
		$this->assertSame( 200, $this->post( $user, $item, $submitted['attempt_id'], self::by_text( $submitted, array_map( static fn( int $right ): int => ( $right + 1 ) % 3, self::RIGHT ) ) )->get_status() );
		$views = array();
		for ( $n = 0; $n < 25; $n++ ) {
			$views[] = $this->view( $user, $item );
		}

		$open = $wpdb->get_col( $wpdb->prepare( 'SELECT id FROM %i WHERE user_id = %d AND product_id = %d AND submitted_at = 0 ORDER BY id', $wpdb->prefix . 'lp_quiz_served', $user, $item ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3.
		$this->assertSame( array_map( 'strval', array_slice( array_column( $views, 'attempt_id' ), -QuizAttemptRepository::MAX_OPEN_SERVED ) ), $open, 'the newest MAX_OPEN_SERVED, no more' );
		$this->assertNotNull( $this->services()->quiz_attempts->served( $submitted['attempt_id'] ), 'a submitted one stays with its attempt' );

		$oldest = $this->post( $user, $item, $views[0]['attempt_id'], self::by_text( $views[0], self::RIGHT ) );
		$this->assertSame( array( 409, 'quiz_attempt_stale' ), array( $oldest->get_status(), $oldest->get_data()['code'] ) );
		$kept = $views[ 25 - QuizAttemptRepository::MAX_OPEN_SERVED ];
		$this->assertSame( 200, $this->post( $user, $item, $kept['attempt_id'], self::by_text( $kept, self::RIGHT ) )->get_status(), 'the oldest kept one (another tab) is still graded' );
	}

	public function test_a_served_attempt_is_graded_once_and_only_for_its_learner_and_item(): void {
		$user     = $this->make_user();
		$stranger = $this->make_user();
		$item     = $this->item_with_test( $user );
		$theirs   = $this->item_with_test( $stranger );
		$view     = $this->view( $user, $item );
		$answers  = self::by_text( $view, self::RIGHT );

		$this->assertSame( 200, $this->post( $user, $item, $view['attempt_id'], $answers )->get_status() );
		$again = $this->post( $user, $item, $view['attempt_id'], $answers );
		$this->assertSame( array( 409, 'quiz_attempt_stale' ), array( $again->get_status(), $again->get_data()['code'] ), 'A served attempt is graded once.' );

		$other = $this->view( $stranger, $theirs );
		$taken = $this->post( $user, $item, $other['attempt_id'], $answers );
		$this->assertSame( 409, $taken->get_status(), "Someone else's served attempt answers nothing." );
		$this->assertSame( 0, $this->services()->quiz_attempts->served( $other['attempt_id'] )['submitted_at'] );

		$none = $this->rest( 'POST', "/library/v2/quiz/$item", array( 'answers' => $answers ), $user );
		$this->assertSame( 409, $none->get_status(), 'No served attempt: open the test again.' );
		$this->assertSame( 'This attempt was already submitted or has expired. Open the test again to start a new attempt.', $none->get_data()['message'] );
		$this->assertSame( 1, self::attempt_rows( $user, $item ) );
		$this->assertSame( 0, self::attempt_rows( $user, $theirs ) + self::attempt_rows( $stranger, $theirs ) );
	}

	public function test_malformed_answers_are_refused_with_a_clear_error(): void {
		$user = $this->make_user();
		$item = $this->item_with_test( $user );
		$view = $this->view( $user, $item );

		$positions = $this->rest(
			'POST',
			"/library/v2/quiz/$item",
			array(
				'attempt' => $view['attempt_id'],
				'answers' => array(
					'q1' => 1,
					'q2' => 0,
					'q3' => 2,
				),
			),
			$user
		);
		$unknown   = $this->post( $user, $item, $view['attempt_id'], array_fill_keys( array_keys( self::RIGHT ), str_repeat( 'a', Question::ANSWER_ID_LENGTH ) ) );

		$this->assertSame( array( 400, 'rest_invalid_param' ), array( $positions->get_status(), $positions->get_data()['code'] ), 'Positions are not answers.' );
		$this->assertSame( array( 400, 'incomplete_answers' ), array( $unknown->get_status(), $unknown->get_data()['code'] ) );
		$this->assertSame( 0, self::attempt_rows( $user, $item ) );
		$this->assertSame( 0, $this->services()->quiz_attempts->served( $view['attempt_id'] )['submitted_at'] );
	}

	public function test_logged_out_without_nonce_and_someone_elses_item(): void {
		$user     = $this->make_user();
		$stranger = $this->make_user();
		$item     = $this->item_with_test( $user );
		$view     = $this->view( $user, $item );
		$params   = array(
			'attempt' => $view['attempt_id'],
			'answers' => self::by_text( $view, self::RIGHT ),
		);
		$route    = "/library/v2/quiz/$item";

		$this->assertSame( 401, $this->rest( 'POST', $route, $params, 0 )->get_status() );
		$this->assertSame( 401, $this->rest_as_browser( 'POST', $route, $user, null, $params )->get_status() );
		$this->assertSame( 404, $this->rest( 'POST', $route, $params, $stranger )->get_status(), "Someone else's item, with the owner's served attempt." );
		$this->assertSame( 0, self::attempt_rows( $user, $item ) + self::attempt_rows( $stranger, $item ) );
		$this->assertSame( 200, $this->rest_as_browser( 'POST', $route, $user, $this->browser_nonce( $user ), $params )->get_status() );
	}

	/**
	 * @group queries
	 */
	public function test_opening_and_answering_the_test_run_as_many_queries_whatever_the_attempts_so_far(): void {
		$user   = $this->make_user();
		$item   = $this->item_with_test( $user );
		$wrong  = array_map( static fn( int $right ): int => ( $right + 1 ) % 3, self::RIGHT );
		$counts = array();
		$this->view( $user, $item ); // Warms WordPress's caches (user, item meta), which only the first request fills.
		for ( $round = 0; $round < 2; $round++ ) {
			$view     = array();
			$opened   = $this->count_queries(
				function () use ( $user, $item, &$view ) {
					$view = $this->view( $user, $item );
				}
			);
			$answered = $this->count_queries( fn() => $this->post( $user, $item, $view['attempt_id'], self::by_text( $view, $wrong ) ) );
			$counts[] = array( $opened, $answered );
		}

		$this->assertSame( $counts[0], $counts[1], 'GET and POST do not grow with the attempts made.' );
	}
}
