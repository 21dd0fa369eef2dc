<?php
/**
 * GET and POST /library/v2/quiz/{product_id}
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Certificates;

use LibraryPortal\Domain\Access;
use LibraryPortal\Learning\ProgressController;
use LibraryPortal\Library\ItemLookup;
use LibraryPortal\Rest\Controller;
use LibraryPortal\Rest\ErrorReply;
use LibraryPortal\Rest\Limits;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The test of an item: its questions (never the correct answers) and the grading of an attempt.
 * Both answer the same 404 for a missing item and someone else's (ItemLookup).
 */
final class QuizController extends Controller {

	/**
	 * More answers than any test has questions are refused before grading.
	 */
	private const MAX_QUESTIONS = 200;

	/**
	 * Items of the user.
	 *
	 * @var ItemLookup
	 */
	private ItemLookup $lookup;

	/**
	 * The test service.
	 *
	 * @var QuizService
	 */
	private QuizService $quizzes;

	/**
	 * Wires the controller.
	 *
	 * @param ItemLookup  $lookup  Items of the user.
	 * @param QuizService $quizzes The test service.
	 */
	public function __construct( ItemLookup $lookup, QuizService $quizzes ) {
		$this->lookup    = $lookup;
		$this->quizzes   = $quizzes;
		$this->rest_base = 'quiz';
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$id = array(
			'description' => __( 'Catalogue item ID.', 'library-portal' ),
			'type'        => 'integer',
			'minimum'     => 1,
			'maximum'     => Limits::MAX_ID,
			'required'    => true,
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/(?P<product_id>[\d]+)',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_item' ),
					'permission_callback' => array( $this, 'get_item_permissions_check' ),
					'args'                => array( 'product_id' => $id ),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => array( $this, 'create_item_permissions_check' ),
					'args'                => array(
						'product_id' => $id,
						'attempt'    => array(
							'description' => __( 'The served attempt answered (attempt_id of GET quiz/{id}).', 'library-portal' ),
							'type'        => 'integer',
							'minimum'     => 1,
							'maximum'     => Limits::MAX_ID,
						),
						'answers'    => array(
							'description'          => __( 'Answer ID by question ID.', 'library-portal' ),
							'type'                 => 'object',
							'default'              => array(),
							'maxProperties'        => self::MAX_QUESTIONS,
							'additionalProperties' => array(
								'type'    => 'string',
								'pattern' => '^[0-9a-f]{' . Question::ANSWER_ID_LENGTH . '}$',
							),
						),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * Logged in, and the item is in the user's library.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function get_item_permissions_check( $request ) {
		$login = $this->require_login();
		if ( true !== $login ) {
			return $login;
		}
		$rows = $this->lookup->rows( get_current_user_id(), (int) $request['product_id'] );
		return is_wp_error( $rows ) ? $rows : true;
	}

	/**
	 * As for reading.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function create_item_permissions_check( $request ) {
		return $this->get_item_permissions_check( $request );
	}

	/**
	 * The questions, readiness, attempts and certificate.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_item( $request ) {
		$found = $this->open( $request );
		if ( is_wp_error( $found ) ) {
			return $found;
		}
		list( $product_id, $title, $quiz ) = $found;
		return $this->success( $this->quizzes->view( get_current_user_id(), $product_id, $title, $quiz, time() ) );
	}

	/**
	 * Grades a served attempt: refused unless every part is watched enough (checked here again,
	 * not trusted from the screen), an attempt is left in the window, the served attempt is the
	 * user's open one and every question is answered; recorded whatever the score.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_item( $request ) {
		$found = $this->open( $request );
		if ( is_wp_error( $found ) ) {
			return $found;
		}
		list( $product_id, $title, $quiz ) = $found;
		$user_id                           = get_current_user_id();

		$test = $this->quizzes->readiness( $user_id, $product_id, $title, $quiz );
		if ( ! $test['ready'] ) {
			return ErrorReply::error( 'test_locked', $test['message'], 403 );
		}
		$answers = $request['answers'];
		$result  = $this->quizzes->submit( $user_id, $product_id, $title, $quiz, (int) $request['attempt'], is_array( $answers ) ? $answers : array(), time() );
		return $result instanceof AttemptRefused ? self::refusal( $result ) : $this->success( $result );
	}

	/**
	 * A refused submission as an error reply; the attempt limit's carries `Retry-After` (seconds
	 * until the next attempt opens) and the opening time in its data.
	 *
	 * @param AttemptRefused $refused Refusal.
	 * @return WP_REST_Response|WP_Error
	 */
	private static function refusal( AttemptRefused $refused ) {
		if ( AttemptRefused::EXHAUSTED !== $refused->code ) {
			return ErrorReply::error( $refused->code, $refused->message, $refused->status );
		}
		$reply = new WP_REST_Response(
			array(
				'code'    => $refused->code,
				'message' => $refused->message,
				'data'    => array(
					'status'          => $refused->status,
					'next_attempt_at' => $refused->next_attempt_at,
				),
			),
			$refused->status
		);
		$reply->header( 'Retry-After', (string) max( 1, $refused->next_attempt_at - time() ) );
		return $reply;
	}

	/**
	 * The item's ID, title and quiz, when the user has access to it and it has a test.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array{0: int, 1: string, 2: Quiz}|WP_Error
	 */
	private function open( WP_REST_Request $request ) {
		$product_id = (int) $request['product_id'];
		$rows       = $this->lookup->rows( get_current_user_id(), $product_id );
		if ( is_wp_error( $rows ) ) {
			return $rows;
		}
		// Progress and certificates are per (user, item), so any row that opens the item will do.
		$open = array_filter( $rows, static fn( array $row ): bool => Access::granted( (string) $row['access'] ) );
		if ( ! $open ) {
			return ErrorReply::error( 'no_license', __( "You don't have access to view this video. Purchase or activate a license to gain access.", 'library-portal' ), 403 );
		}
		$quiz = Quiz::of_item( $product_id );
		if ( ! $quiz->has_questions() ) {
			return ErrorReply::error( 'no_quiz', __( 'This training has no test.', 'library-portal' ), 404 );
		}
		return array( $product_id, (string) reset( $open )['title'], $quiz );
	}

	/**
	 * Schema of the GET reply (the POST reply is documented in docs/contract.md and checked by
	 * tests/php/Certificates/QuizRouteTest.php against result_schema()).
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$this->schema = $this->envelope_schema(
			'library-quiz',
			self::closed_object(
				array(
					'product_id' => array( 'type' => 'integer' ),
					'title'      => array( 'type' => 'string' ),
					'pass_mark'  => array( 'type' => 'integer' ),
					'attempt_id' => array( 'type' => 'integer' ),
					'questions'  => array(
						'type'  => 'array',
						'items' => self::closed_object(
							array(
								'id'      => array( 'type' => 'string' ),
								'text'    => array( 'type' => 'string' ),
								'answers' => array(
									'type'  => 'array',
									'items' => self::closed_object(
										array(
											'id'   => array( 'type' => 'string' ),
											'text' => array( 'type' => 'string' ),
										)
									),
								),
							)
						),
					),
					'test'       => ProgressController::test_schema(),
					'attempts'   => array( 'type' => 'integer' ),
					'best_score' => array( 'type' => array( 'integer', 'null' ) ),
				) + self::allowance_schema() + array(
					'certificate' => self::certificate_schema(),
				)
			)
		);
		return $this->add_additional_fields_schema( $this->schema );
	}

	/**
	 * Schema of the POST reply.
	 *
	 * @return array<string, mixed>
	 */
	public function result_schema(): array {
		return $this->envelope_schema(
			'library-quiz-result',
			self::closed_object(
				array(
					'score'     => array( 'type' => 'integer' ),
					'passed'    => array( 'type' => 'boolean' ),
					'pass_mark' => array( 'type' => 'integer' ),
					'attempts'  => array( 'type' => 'integer' ),
				) + self::allowance_schema() + array(
					'certificate' => self::certificate_schema(),
				)
			)
		);
	}

	/**
	 * Where the learner stands with the attempt limit, in both replies.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function allowance_schema(): array {
		return array(
			'attempt_limit'    => array( 'type' => 'integer' ),
			'attempts_left'    => array( 'type' => array( 'integer', 'null' ) ),
			'next_attempt_at'  => array( 'type' => 'integer' ),
			'attempts_message' => array( 'type' => 'string' ),
		);
	}

	/**
	 * The contract's Certificate object, or null.
	 *
	 * @return array<string, mixed>
	 */
	private static function certificate_schema(): array {
		return self::closed_object(
			array(
				'code'         => array( 'type' => 'string' ),
				'issued_at'    => array( 'type' => 'integer' ),
				'issued_date'  => array( 'type' => 'string' ),
				'download_url' => array( 'type' => 'string' ),
				'verify_url'   => array( 'type' => 'string' ),
			),
			array( 'object', 'null' )
		);
	}
}
