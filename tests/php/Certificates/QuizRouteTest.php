<?php
/**
 * GET and POST library/v2/quiz/{id}.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Certificates;

use LibraryPortal\Core\Items\Question;
use LibraryPortal\Core\Items\Quiz;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The test of an item: gated on the server by what was watched, graded on the server, every
 * attempt recorded, one certificate per (user, item), and the correct answers never leave.
 */
final class QuizRouteTest extends TestCase {

	/**
	 * Answers that score 100 (the correct index of each question).
	 */
	private const RIGHT = array(
		'q1' => 1,
		'q2' => 0,
		'q3' => 2,
		'q4' => 1,
		'q5' => 0,
	);

	/**
	 * An item with a five-question test, the user holding an activated seat.
	 *
	 * @param int $user_id User.
	 * @param int $parts   Video parts.
	 * @return int Item.
	 */
	private function item_with_test( int $user_id, int $parts = 1 ): int {
		$item      = Library::item( 'Grief Workshop ' . wp_generate_password( 4, false ), 'on-demand-workshop', $parts );
		$questions = array();
		foreach ( self::RIGHT as $id => $correct ) {
			$questions[] = array(
				'id'      => $id,
				'text'    => "Question $id?",
				'answers' => array( "$id answer A", "$id answer B", "$id answer C" ),
				'correct' => $correct,
			);
		}
		update_post_meta(
			$item,
			Quiz::META_KEY,
			array(
				'pass_mark' => 0,
				'questions' => $questions,
			)
		);
		Library::grant( $user_id, $item, 1 );
		Library::activate_own( $user_id, $item );
		return $item;
	}

	/**
	 * Records watched percents per part.
	 *
	 * @param int   $user_id  User.
	 * @param int   $item     Item.
	 * @param int[] $percents Percent by part.
	 */
	private function watch( int $user_id, int $item, array $percents ): void {
		foreach ( $percents as $part => $percent ) {
			$this->services()->progress->record( $user_id, $item, $part, $percent, time() );
		}
	}

	/**
	 * Answers with some wrong ones.
	 *
	 * @param int $wrong How many of the five to get wrong.
	 * @return array<string, int>
	 */
	private function answers( int $wrong ): array {
		$answers = self::RIGHT;
		foreach ( array_slice( array_keys( $answers ), 0, $wrong ) as $id ) {
			$answers[ $id ] = ( $answers[ $id ] + 1 ) % 3;
		}
		return $answers;
	}

	/**
	 * Rows in a table for a user and item.
	 *
	 * @param string $table   Short table name.
	 * @param int    $user_id User.
	 * @param int    $item    Item.
	 */
	private function count_rows( string $table, int $user_id, int $item ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE user_id = %d AND product_id = %d', $wpdb->prefix . 'lp_' . $table, $user_id, $item ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
	}

	/**
	 * Answer IDs by question ID for answers given as stored indexes (an index the question
	 * does not have gets an ID no answer has).
	 *
	 * @param int                $item    Item.
	 * @param array<string, int> $indexes Stored answer index by question ID.
	 * @return array<string, string>
	 */
	private function ids( int $item, array $indexes ): array {
		$ids = array();
		foreach ( Quiz::of_item( $item )->questions as $question ) {
			if ( isset( $indexes[ $question->id ] ) ) {
				$ids[ $question->id ] = isset( $question->answers[ $indexes[ $question->id ] ] ) ? $question->answer_id( $item, $indexes[ $question->id ] ) : str_repeat( 'f', Question::ANSWER_ID_LENGTH );
			}
		}
		return $ids;
	}

	/**
	 * Opens the test (GET) and answers the served attempt (POST) with stored indexes.
	 *
	 * @param int                $user_id User.
	 * @param int                $item    Item.
	 * @param array<string, int> $indexes Stored answer index by question ID.
	 */
	private function submit( int $user_id, int $item, array $indexes ): \WP_REST_Response {
		$attempt = (int) $this->rest( 'GET', "/library/v2/quiz/$item", array(), $user_id )->get_data()['data']['attempt_id'];
		$params  = array( 'answers' => $this->ids( $item, $indexes ) );
		if ( $attempt > 0 ) { // None is served while the test is locked.
			$params['attempt'] = $attempt;
		}
		return $this->rest( 'POST', "/library/v2/quiz/$item", $params, $user_id );
	}

	/**
	 * Validates a reply against a schema.
	 *
	 * @param mixed $reply  Reply data.
	 * @param array $schema Schema.
	 */
	private function assert_matches( $reply, array $schema ): void {
		$data  = json_decode( (string) wp_json_encode( $reply ), true );
		$valid = rest_validate_value_from_schema( $data, $schema, 'reply' );
		$this->assertTrue( $valid, is_wp_error( $valid ) ? $valid->get_error_message() : '' );
	}

	public function test_the_test_opens_only_when_every_part_reaches_95_percent(): void {
		$user = $this->make_user();
		$item = $this->item_with_test( $user, 3 );
		$this->watch( $user, $item, array( 100, 95, 90 ) );

		$view    = $this->rest( 'GET', "/library/v2/quiz/$item", array(), $user )->get_data()['data'];
		$refused = $this->submit( $user, $item, self::RIGHT );

		$this->assertFalse( $view['test']['ready'] );
		$this->assertSame( array( 2 ), array_column( $view['test']['incomplete_parts'], 'index' ) );
		$this->assertSame( 403, $refused->get_status() );
		$this->assertSame( 'test_locked', $refused->as_error()->get_error_code() );
		$this->assertSame( 'You need to watch at least 95% of each part before taking the test. Incomplete parts: Part 3 (90%)', $refused->as_error()->get_error_message() );
		$this->assertSame( 0, $this->count_rows( 'quiz_attempts', $user, $item ), 'A refused attempt is not recorded.' );

		$this->watch( $user, $item, array( 2 => 95 ) );
		$allowed = $this->submit( $user, $item, self::RIGHT );

		$this->assertSame( 200, $allowed->get_status() );
		$this->assertTrue( $allowed->get_data()['data']['passed'] );
	}

	public function test_a_single_video_below_95_percent_is_refused_with_the_one_figure(): void {
		$user = $this->make_user();
		$item = $this->item_with_test( $user );
		$this->watch( $user, $item, array( 90 ) );

		$refused = $this->submit( $user, $item, self::RIGHT );

		$this->assertSame( 403, $refused->get_status() );
		$this->assertSame( 'You need to watch at least 95% of the video before taking the test.', $refused->as_error()->get_error_message() );
	}

	public function test_grading_on_the_server_with_the_pass_mark_of_the_item_or_the_setting(): void {
		$user = $this->make_user();
		$item = $this->item_with_test( $user );
		$this->watch( $user, $item, array( 100 ) );

		$fail = $this->submit( $user, $item, $this->answers( 2 ) )->get_data()['data'];
		$this->assertSame( array( 60, false, 80, 1, null ), array( $fail['score'], $fail['passed'], $fail['pass_mark'], $fail['attempts'], $fail['certificate'] ) );

		$this->services()->settings->update( array( 'pass_mark' => 60 ) );
		$pass = $this->submit( $user, $item, $this->answers( 2 ) )->get_data()['data'];
		$this->assertSame( array( 60, true, 60, 2 ), array( $pass['score'], $pass['passed'], $pass['pass_mark'], $pass['attempts'] ) );

		$quiz              = get_post_meta( $item, Quiz::META_KEY, true );
		$quiz['pass_mark'] = 90;
		update_post_meta( $item, Quiz::META_KEY, $quiz );
		$own = $this->submit( $user, $item, $this->answers( 1 ) )->get_data()['data'];
		$this->assertSame( array( 80, false, 90 ), array( $own['score'], $own['passed'], $own['pass_mark'] ), "The item's own pass mark wins over the setting." );
	}

	public function test_incomplete_answers_are_refused_and_nothing_is_recorded(): void {
		$user = $this->make_user();
		$item = $this->item_with_test( $user );
		$this->watch( $user, $item, array( 100 ) );
		$missing = self::RIGHT;
		unset( $missing['q3'] );
		$unknown_index = array_merge( self::RIGHT, array( 'q3' => 5 ) );

		foreach ( array( $missing, $unknown_index, array() ) as $answers ) {
			$response = $this->submit( $user, $item, $answers );
			$this->assertSame( 400, $response->get_status() );
			$this->assertSame( 'incomplete_answers', $response->as_error()->get_error_code() );
			$this->assertSame( 'Please answer every question.', $response->as_error()->get_error_message() );
		}
		$this->assertSame( 0, $this->count_rows( 'quiz_attempts', $user, $item ) );
		$this->assertSame( 0, $this->count_rows( 'certificates', $user, $item ) );
	}

	public function test_the_correct_answers_are_never_in_a_reply(): void {
		$user = $this->make_user();
		$item = $this->item_with_test( $user );
		$this->watch( $user, $item, array( 100 ) );

		$replies = array(
			$this->rest( 'GET', "/library/v2/quiz/$item", array(), $user ),
			$this->submit( $user, $item, $this->answers( 3 ) ),
			$this->submit( $user, $item, self::RIGHT ),
			$this->rest( 'GET', "/library/v2/quiz/$item", array(), $user ),
			$this->rest( 'GET', '/library/v2/items', array(), $user ),
		);

		foreach ( array( 0, 3, 4 ) as $n ) {
			$json = (string) wp_json_encode( $replies[ $n ]->get_data() );
			$this->assertStringNotContainsString( '"correct"', $json, "Reply $n" );
			$this->assertStringNotContainsString( '"_lp_quiz"', $json, "Reply $n" );
		}
		foreach ( array( 1, 2 ) as $n ) {
			// A result gives the score, never how many or which answers were right.
			$this->assertSame( array( 'score', 'passed', 'pass_mark', 'attempts', 'attempt_limit', 'attempts_left', 'next_attempt_at', 'attempts_message', 'certificate' ), array_keys( $replies[ $n ]->get_data()['data'] ) );
		}
		$view = $replies[0]->get_data()['data'];
		$q1   = array_values( array_filter( $view['questions'], static fn( array $q ): bool => 'q1' === $q['id'] ) )[0];
		$this->assertSame( 'Question q1?', $q1['text'] );
		$this->assertEqualsCanonicalizing( array( 'q1 answer A', 'q1 answer B', 'q1 answer C' ), array_column( $q1['answers'], 'text' ) );
		foreach ( $q1['answers'] as $answer ) {
			$this->assertSame( array( 'id', 'text' ), array_keys( $answer ), 'An answer has an ID, no position and no hint.' );
			$this->assertMatchesRegularExpression( '/^[0-9a-f]{12}$/', $answer['id'] );
		}
	}

	public function test_every_attempt_is_recorded_and_one_certificate_is_issued(): void {
		global $wpdb;
		$user = $this->make_user();
		$item = $this->item_with_test( $user );
		$this->watch( $user, $item, array( 100 ) );

		$this->submit( $user, $item, $this->answers( 4 ) );
		$first  = $this->submit( $user, $item, $this->answers( 1 ) )->get_data()['data'];
		$second = $this->submit( $user, $item, self::RIGHT )->get_data()['data'];
		$view   = $this->rest( 'GET', "/library/v2/quiz/$item", array(), $user )->get_data()['data'];

		$this->assertSame( 3, $this->count_rows( 'quiz_attempts', $user, $item ), 'Failed and passed attempts are all recorded.' );
		$this->assertSame( 1, $this->count_rows( 'certificates', $user, $item ), 'Two passes, one certificate.' );
		$this->assertSame( $first['certificate'], $second['certificate'], 'A later pass keeps the first certificate.' );
		$this->assertSame( 80, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT score FROM %i WHERE user_id = %d', $wpdb->prefix . 'lp_certificates', $user ) ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
		$this->assertSame( array( 3, 100 ), array( $view['attempts'], $view['best_score'] ) );
		$code = $first['certificate']['code'];
		$this->assertSame( home_url( "/certificate/$code/download" ), $view['certificate']['download_url'] );
		$this->assertSame( home_url( "/certificate/verify/$code" ), $view['certificate']['verify_url'] );
		$items = $this->rest( 'GET', '/library/v2/items', array(), $user )->get_data()['data'];
		$this->assertSame( $view['certificate']['download_url'], Library::by_product( $items )[ $item ]['video_data']['pdf'] );
	}

	public function test_the_unique_key_not_a_read_decides_one_certificate_per_user_and_item(): void {
		global $wpdb;
		$user         = $this->make_user();
		$item         = Library::item( 'Race' );
		$certificates = $this->services()->certificates;

		$this->assertTrue( $certificates->issue( $user, $item, 90, time() ) );
		$this->assertFalse( $certificates->issue( $user, $item, 100, time() ), 'The second pass loses.' );
		// What a racing request does after both read "no certificate yet": a second INSERT. The
		// database itself refuses it, so whichever comes second writes nothing.
		$affected = $wpdb->query( $wpdb->prepare( 'INSERT IGNORE INTO %i (user_id, product_id, code, score, issued_at) VALUES (%d, %d, %s, 95, %d)', $wpdb->prefix . 'lp_certificates', $user, $item, 'RACE00000001', time() ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.

		$this->assertSame( 0, (int) $affected );
		$this->assertSame( 1, $this->count_rows( 'certificates', $user, $item ) );
		$this->assertSame( 90, $certificates->for_user_item( $user, $item )->score );
	}

	public function test_replies_match_their_closed_schemas(): void {
		$user = $this->make_user();
		$item = $this->item_with_test( $user, 2 );
		$this->watch( $user, $item, array( 100, 40 ) );
		$route = '/library/v2/quiz/(?P<product_id>[\d]+)';

		$locked = $this->rest( 'GET', "/library/v2/quiz/$item", array(), $user )->get_data();
		$this->watch( $user, $item, array( 1 => 100 ) );
		$result = $this->submit( $user, $item, self::RIGHT )->get_data();
		$passed = $this->rest( 'GET', "/library/v2/quiz/$item", array(), $user )->get_data();

		$options    = rest_get_server()->get_route_options( $route );
		$controller = $options['schema'][0];
		$this->assert_matches( $locked, $controller->get_item_schema() );
		$this->assert_matches( $passed, $controller->get_item_schema() );
		$this->assert_matches( $result, $controller->result_schema() );
		$extra                 = $result;
		$extra['data']['hint'] = 1;
		$this->assertInstanceOf( \WP_Error::class, rest_validate_value_from_schema( $extra, $controller->result_schema() ) );
	}

	public function test_logged_out_without_nonce_and_someone_elses_item(): void {
		$user     = $this->make_user();
		$stranger = $this->make_user();
		$item     = $this->item_with_test( $user );
		$this->watch( $user, $item, array( 100 ) );
		$route = "/library/v2/quiz/$item";

		$answers = array(
			'attempt' => (int) $this->rest( 'GET', $route, array(), $user )->get_data()['data']['attempt_id'],
			'answers' => $this->ids( $item, self::RIGHT ),
		);
		foreach ( array( 'GET', 'POST' ) as $method ) {
			$params = 'POST' === $method ? $answers : array();
			$this->assertSame( 401, $this->rest( $method, $route, $params, 0 )->get_status(), "$method logged out" );
			$this->assertSame( 401, $this->rest_as_browser( $method, $route, $user, null, $params )->get_status(), "$method without nonce" );
			$this->assertSame( 403, $this->rest_as_browser( $method, $route, $user, 'bad-nonce', $params )->get_status(), "$method bad nonce" );
			$other = $this->rest( $method, $route, $params, $stranger );
			$this->assertSame( 404, $other->get_status(), "$method someone else's item" );
			$this->assertSame( 'item_not_found', $other->as_error()->get_error_code() );
			$this->assertSame( 200, $this->rest_as_browser( $method, $route, $user, $this->browser_nonce( $user ), $params )->get_status(), "$method with nonce" );
		}
		$this->assertSame( 1, $this->count_rows( 'quiz_attempts', $user, $item ) );
		$this->assertSame( 0, $this->count_rows( 'quiz_attempts', $stranger, $item ) );
	}

	public function test_an_item_without_a_test_or_without_access(): void {
		$user    = $this->make_user();
		$no_quiz = Library::item( 'No test' );
		Library::grant( $user, $no_quiz, 1 );
		$owner   = $this->make_user();
		$expired = $this->item_with_test( $owner );
		$member  = $this->make_user();
		Library::grant( $member, $expired, 1, time() - 10 );

		$none   = $this->rest( 'GET', "/library/v2/quiz/$no_quiz", array(), $user );
		$locked = $this->rest( 'GET', "/library/v2/quiz/$expired", array(), $member );

		$this->assertSame( array( 404, 'no_quiz', 'This training has no test.' ), array( $none->get_status(), $none->as_error()->get_error_code(), $none->as_error()->get_error_message() ) );
		$this->assertSame( array( 403, 'no_license' ), array( $locked->get_status(), $locked->as_error()->get_error_code() ) );
	}
}
