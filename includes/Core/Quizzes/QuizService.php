<?php
/**
 * Taking a test.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Quizzes;

use LibraryPortal\Core\Events;
use LibraryPortal\Core\Items\ItemMedia;
use LibraryPortal\Core\Items\Quiz;
use LibraryPortal\Core\Notices\Notifier;
use LibraryPortal\Core\People\PersonName;
use LibraryPortal\Core\Rows\Certificate;
use LibraryPortal\Core\Rows\CertificateLinks;
use LibraryPortal\Core\Rows\CertificateRepository;
use LibraryPortal\Core\Rows\ProgressRepository;
use LibraryPortal\Core\Rows\TestReadiness;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Seats\SeatAuditRepository;
use LibraryPortal\Core\Settings;

/**
 * The test of one item for one user: what the learner sees (never the correct answers),
 * grading, the record of every attempt, and the certificate on the first pass. The caller
 * (QuizController) has already decided that the user may open the item.
 */
final class QuizService {

	/**
	 * The attempt limit's rolling window.
	 */
	public const WINDOW = DAY_IN_SECONDS;

	/**
	 * The filter that changes the attempt limit of a learner and item (applied by its literal name in attempt_limit()).
	 */
	public const LIMIT_FILTER = 'library_portal_quiz_attempt_limit';

	/**
	 * The audit trail's action for an admin's reset of a learner's attempts.
	 */
	public const RESET_ACTION = 'quiz_reset';

	/**
	 * How often a new order is drawn when it came out as the last one served.
	 */
	private const SHUFFLES = 10;

	/**
	 * Builds the service.
	 *
	 * @param QuizAttemptRepository $attempts     Attempts.
	 * @param CertificateRepository $certificates Certificates.
	 * @param ProgressRepository    $progress     Progress.
	 * @param LicenseRepository     $licenses     Seats (who shared a seat).
	 * @param Notifier              $notifier     Notifications.
	 * @param Settings              $settings     Settings (pass mark, attempt limit).
	 * @param SeatAuditRepository   $audit        The audit trail (attempt resets).
	 */
	public function __construct(
		private readonly QuizAttemptRepository $attempts,
		private readonly CertificateRepository $certificates,
		private readonly ProgressRepository $progress,
		private readonly LicenseRepository $licenses,
		private readonly Notifier $notifier,
		private readonly Settings $settings,
		private readonly SeatAuditRepository $audit
	) {}

	/**
	 * The pass mark of a quiz on this site.
	 *
	 * @param Quiz $quiz Quiz.
	 */
	public function pass_mark( Quiz $quiz ): int {
		return $quiz->effective_pass_mark( (int) $this->settings->get( 'pass_mark' ) );
	}

	/**
	 * The contract's `test` object: may the user take the test now?
	 *
	 * @param int    $user_id    User.
	 * @param int    $product_id Item.
	 * @param string $title      Item title (a single video's part title, as the video reply has it).
	 * @param Quiz   $quiz       Its quiz.
	 * @return array{available: bool, ready: bool, incomplete_parts: array<int, array{index: int, title: string, percent: int}>, message: string}
	 */
	public function readiness( int $user_id, int $product_id, string $title, Quiz $quiz ): array {
		$percents = array();
		foreach ( $this->progress->for_item( $user_id, $product_id ) as $index => $part ) {
			$percents[ $index ] = $part->percent;
		}
		return TestReadiness::for( ItemMedia::of( $product_id, $title )->parts, $percents, $quiz->has_questions() );
	}

	/**
	 * Attempts allowed to a learner on an item in 24 hours (0: no limit): the setting
	 * `quiz_attempt_limit`, through the filter `library_portal_quiz_attempt_limit`.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 */
	public function attempt_limit( int $user_id, int $product_id ): int {
		/**
		 * Filters the number of test attempts a learner gets on an item in 24 hours.
		 *
		 * @param int $limit      Attempts (0: no limit); the setting's value.
		 * @param int $user_id    Learner.
		 * @param int $product_id Item.
		 */
		$limit = apply_filters( 'library_portal_quiz_attempt_limit', (int) $this->settings->get( 'quiz_attempt_limit' ), $user_id, $product_id );
		return is_numeric( $limit ) ? max( 0, (int) $limit ) : 0;
	}

	/**
	 * Where the learner stands with the attempt limit.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @param int $now        Unix seconds.
	 * @return array{limit: int, left: int|null, next_attempt_at: int, message: string}
	 */
	public function allowance( int $user_id, int $product_id, int $now ): array {
		$limit = $this->attempt_limit( $user_id, $product_id );
		if ( 0 === $limit ) {
			return array(
				'limit'           => 0,
				'left'            => null,
				'next_attempt_at' => 0,
				'message'         => '',
			);
		}
		$since = $now - self::WINDOW;
		$used  = $this->attempts->counted_since( $user_id, $product_id, $since );
		$left  = max( 0, $limit - $used );
		$opens = 0 === $left ? $this->attempts->oldest_blocking( $user_id, $product_id, $since, $limit, $used ) + self::WINDOW : 0;
		return array(
			'limit'           => $limit,
			'left'            => $left,
			'next_attempt_at' => $opens,
			'message'         => 0 === $left ? self::exhausted_message( $limit, $opens ) : '',
		);
	}

	/**
	 * The refusal's sentence, with the moment the next attempt opens in the site's format.
	 *
	 * @param int $limit Attempts allowed in 24 hours.
	 * @param int $opens Unix seconds.
	 */
	private static function exhausted_message( int $limit, int $opens ): string {
		return sprintf(
			/* translators: 1: number of attempts, 2: date and time the next attempt opens. */
			_n( 'You have used your %1$d attempt at this test for the last 24 hours. Your next attempt opens on %2$s.', 'You have used your %1$d attempts at this test for the last 24 hours. Your next attempt opens on %2$s.', $limit, 'library-portal' ),
			$limit,
			wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $opens )
		);
	}

	/**
	 * The GET quiz/{id} reply. When the learner may answer now, the questions and their answers
	 * come in a new order, kept on the server as a served attempt (`attempt_id`) for the one
	 * submission that answers it; otherwise there are no questions to answer.
	 *
	 * @param int    $user_id    User.
	 * @param int    $product_id Item.
	 * @param string $title      Item title.
	 * @param Quiz   $quiz       Its quiz (with questions).
	 * @param int    $now        Unix seconds.
	 * @return array<string, mixed>
	 */
	public function view( int $user_id, int $product_id, string $title, Quiz $quiz, int $now ): array {
		$summary   = $this->attempts->summary( $user_id, $product_id );
		$test      = $this->readiness( $user_id, $product_id, $title, $quiz );
		$allowance = $this->allowance( $user_id, $product_id, $now );
		$served_id = 0;
		$questions = array();
		if ( $test['ready'] && 0 !== $allowance['left'] ) {
			$order     = $this->new_order( $quiz, $this->attempts->last_served_order( $user_id, $product_id ) );
			$served_id = $this->attempts->serve( $user_id, $product_id, $order, $now, $now - self::WINDOW );
			$by_id     = array();
			foreach ( $quiz->questions as $question ) {
				$by_id[ $question->id ] = $question;
			}
			foreach ( $order as $served ) {
				$questions[] = $by_id[ $served['id'] ]->for_learner( $product_id, $served['answers'] );
			}
		}
		return array(
			'product_id'       => $product_id,
			'title'            => $title,
			'pass_mark'        => $this->pass_mark( $quiz ),
			'attempt_id'       => $served_id,
			'questions'        => $questions,
			'test'             => $test,
			'attempts'         => $summary['attempts'],
			'best_score'       => $summary['best_score'],
			'attempt_limit'    => $allowance['limit'],
			'attempts_left'    => $allowance['left'],
			'next_attempt_at'  => $allowance['next_attempt_at'],
			'attempts_message' => $allowance['message'],
			'certificate'      => $this->certificate_reply( $this->certificates->for_user_item( $user_id, $product_id ) ),
		);
	}

	/**
	 * A shuffled order of the questions and of each question's answers, other than the last one
	 * served whenever the test has more than one order.
	 *
	 * @param Quiz                                                     $quiz Quiz.
	 * @param array<int, array{id: string, answers: array<int, int>}>|null $last The last order served.
	 * @return array<int, array{id: string, answers: array<int, int>}>
	 */
	private function new_order( Quiz $quiz, ?array $last ): array {
		$order = array();
		for ( $try = 0; $try < self::SHUFFLES; $try++ ) {
			$order = array();
			foreach ( $quiz->questions as $question ) {
				$answers = array_keys( $question->answers );
				shuffle( $answers );
				$order[] = array(
					'id'      => $question->id,
					'answers' => $answers,
				);
			}
			shuffle( $order );
			if ( $order !== $last ) {
				break;
			}
		}
		return $order;
	}

	/**
	 * Grades and records one submission of a served attempt and, on the first pass, issues the
	 * certificate and tells the owner who shared the seat. Returns the POST quiz/{id} reply, or
	 * why it was refused (then nothing is recorded): the attempt limit is reached, the served
	 * attempt is not this user's open one for this item, or a question is not answered.
	 *
	 * @param int                  $user_id    User.
	 * @param int                  $product_id Item.
	 * @param string               $title      Item title.
	 * @param Quiz                 $quiz       Its quiz.
	 * @param int                  $served_id  The served attempt answered.
	 * @param array<string, mixed> $answers    Answer ID by question ID.
	 * @param int                  $now        Unix seconds.
	 * @return array<string, mixed>|AttemptRefused
	 */
	public function submit( int $user_id, int $product_id, string $title, Quiz $quiz, int $served_id, array $answers, int $now ) {
		$limit = $this->attempt_limit( $user_id, $product_id );
		$since = $now - self::WINDOW;
		if ( $limit > 0 && $this->attempts->counted_since( $user_id, $product_id, $since ) >= $limit ) {
			return $this->exhausted( $user_id, $product_id, $now );
		}
		$served = $this->attempts->served( $served_id );
		if ( null === $served || $served['user_id'] !== $user_id || $served['product_id'] !== $product_id || $served['submitted_at'] > 0 || $served['served_at'] <= $since ) {
			return new AttemptRefused( AttemptRefused::STALE, __( 'This attempt was already submitted or has expired. Open the test again to start a new attempt.', 'library-portal' ), 409 );
		}
		$grade = Grade::of( $quiz, $product_id, $answers, $this->pass_mark( $quiz ) );
		if ( null === $grade ) {
			return new AttemptRefused( AttemptRefused::INCOMPLETE, __( 'Please answer every question.', 'library-portal' ), 400 );
		}
		// The served attempt is taken first, so two submissions of it cannot both be graded.
		if ( ! $this->attempts->claim_served( $served_id, $now ) ) {
			return new AttemptRefused( AttemptRefused::STALE, __( 'This attempt was already submitted or has expired. Open the test again to start a new attempt.', 'library-portal' ), 409 );
		}
		$attempt_id = $this->attempts->record_within_limit( $user_id, $product_id, $limit, $since, $grade->score, $grade->passed, $grade->answers, $served_id, $now );
		if ( null === $attempt_id ) {
			$this->attempts->release_served( $served_id, $now );
			return $this->exhausted( $user_id, $product_id, $now );
		}
		Events::test_graded( $grade->passed, $user_id, $product_id, $grade->score, $attempt_id );
		if ( $grade->passed && $this->certificates->issue( $user_id, $product_id, $grade->score, $now ) ) {
			$this->tell_sharers( $user_id, $product_id, $title, $now );
		}
		$allowance = $this->allowance( $user_id, $product_id, $now );
		// The score only: how many or which answers were right would let a learner pass by elimination.
		return array(
			'score'            => $grade->score,
			'passed'           => $grade->passed,
			'pass_mark'        => $this->pass_mark( $quiz ),
			'attempts'         => $this->attempts->summary( $user_id, $product_id )['attempts'],
			'attempt_limit'    => $allowance['limit'],
			'attempts_left'    => $allowance['left'],
			'next_attempt_at'  => $allowance['next_attempt_at'],
			'attempts_message' => $allowance['message'],
			'certificate'      => $this->certificate_reply( $this->certificates->for_user_item( $user_id, $product_id ) ),
		);
	}

	/**
	 * The limit's refusal, with when the next attempt opens.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @param int $now        Unix seconds.
	 */
	private function exhausted( int $user_id, int $product_id, int $now ): AttemptRefused {
		$allowance = $this->allowance( $user_id, $product_id, $now );
		return new AttemptRefused( AttemptRefused::EXHAUSTED, $allowance['message'], 429, $allowance['next_attempt_at'] );
	}

	/**
	 * An admin's reset of a learner's attempts on an item: they no longer count towards the
	 * limit (they stay as history) and the audit trail says who reset how many. Returns how many
	 * attempts stopped counting.
	 *
	 * @param int $user_id    Learner.
	 * @param int $product_id Item.
	 * @param int $actor_id   The admin.
	 * @param int $now        Unix seconds.
	 * @throws \LibraryPortal\Platform\Database\WriteFailed When the database refused a write.
	 */
	public function reset_attempts( int $user_id, int $product_id, int $actor_id, int $now ): int {
		$reset = $this->attempts->stop_counting( $user_id, $product_id );
		$this->audit->record(
			array(
				array(
					'actor_id'   => $actor_id,
					'action'     => self::RESET_ACTION,
					'grant_id'   => 0,
					'license_id' => 0,
					'owner_id'   => $user_id,
					'product_id' => $product_id,
					'details'    => (string) wp_json_encode( array( 'attempts' => $reset ) ),
				),
			),
			$now
		);
		return $reset;
	}

	/**
	 * The Certificate object, or null (none yet, or revoked: a revoked certificate is not
	 * offered to its holder any more).
	 *
	 * @param Certificate|null $certificate Certificate.
	 * @return array<string, mixed>|null
	 */
	private function certificate_reply( ?Certificate $certificate ): ?array {
		return null === $certificate || $certificate->is_revoked() ? null : CertificateLinks::reply( $certificate );
	}

	/**
	 * A team member who got the seat by share completed the training: its owner hears of it.
	 * Called only by the request whose certificate insert won, so once per member and item.
	 *
	 * @param int    $user_id    Team member.
	 * @param int    $product_id Item.
	 * @param string $title      Item title.
	 * @param int    $now        Unix seconds.
	 */
	private function tell_sharers( int $user_id, int $product_id, string $title, int $now ): void {
		$owners = array();
		foreach ( $this->licenses->seats_for_user( $user_id, $product_id ) as $seat ) {
			if ( $seat->product_id === $product_id && $seat->holder_id === $user_id && $seat->owner_id !== $user_id && $seat->shared ) {
				$owners[ $seat->owner_id ] = true;
			}
		}
		if ( ! $owners ) {
			return;
		}
		$user = get_userdata( $user_id );
		$name = $user ? PersonName::of_user( $user ) : ''; // Cut and stripped of addresses: it is quoted in the owner's notification.
		foreach ( array_keys( $owners ) as $owner_id ) {
			$this->notifier->notify(
				array(
					'user_id'            => $owner_id,
					'type'               => 'team_completed',
					/* translators: 1: team member's name, 2: training title. */
					'message'            => sprintf( __( '%1$s completed "%2$s" and earned the certificate.', 'library-portal' ), $name, $title ),
					'related_product_id' => $product_id,
					'related_user_id'    => $user_id,
				),
				$now
			);
		}
	}

	/**
	 * Whether a user may download a certificate: its holder, or an owner who shared that
	 * item's seat to the holder.
	 *
	 * @param Certificate $certificate Certificate.
	 * @param int         $user_id     Current user (0: logged out).
	 */
	public function may_download( Certificate $certificate, int $user_id ): bool {
		if ( $user_id <= 0 || $certificate->is_revoked() ) {
			return false;
		}
		if ( $certificate->user_id === $user_id ) {
			return true;
		}
		foreach ( $this->licenses->seats_for_user( $certificate->user_id ) as $seat ) {
			if ( $seat->product_id === $certificate->product_id && $seat->holder_id === $certificate->user_id && $seat->owner_id === $user_id && $seat->shared ) {
				return true;
			}
		}
		return false;
	}
}
