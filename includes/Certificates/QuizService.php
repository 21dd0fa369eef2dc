<?php
/**
 * Taking a test.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Certificates;

use LibraryPortal\Learning\ItemMedia;
use LibraryPortal\Learning\TestReadiness;
use LibraryPortal\Notifications\Notifier;
use LibraryPortal\Repositories\Certificate;
use LibraryPortal\Repositories\CertificateRepository;
use LibraryPortal\Repositories\LicenseRepository;
use LibraryPortal\Repositories\ProgressRepository;
use LibraryPortal\Repositories\QuizAttemptRepository;
use LibraryPortal\Settings;

/**
 * The test of one item for one user: what the learner sees (never the correct answers),
 * grading, the record of every attempt, and the certificate on the first pass. The caller
 * (QuizController) has already decided that the user may open the item.
 */
final class QuizService {

	/**
	 * Builds the service.
	 *
	 * @param QuizAttemptRepository $attempts     Attempts.
	 * @param CertificateRepository $certificates Certificates.
	 * @param ProgressRepository    $progress     Progress.
	 * @param LicenseRepository     $licenses     Seats (who shared a seat).
	 * @param Notifier              $notifier     Notifications.
	 * @param Settings              $settings     Settings (pass mark).
	 */
	public function __construct(
		private readonly QuizAttemptRepository $attempts,
		private readonly CertificateRepository $certificates,
		private readonly ProgressRepository $progress,
		private readonly LicenseRepository $licenses,
		private readonly Notifier $notifier,
		private readonly Settings $settings
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
	 * The GET quiz/{id} reply.
	 *
	 * @param int    $user_id    User.
	 * @param int    $product_id Item.
	 * @param string $title      Item title.
	 * @param Quiz   $quiz       Its quiz (with questions).
	 * @return array<string, mixed>
	 */
	public function view( int $user_id, int $product_id, string $title, Quiz $quiz ): array {
		$summary = $this->attempts->summary( $user_id, $product_id );
		return array(
			'product_id'  => $product_id,
			'title'       => $title,
			'pass_mark'   => $this->pass_mark( $quiz ),
			'questions'   => array_map( static fn( Question $q ): array => $q->for_learner(), $quiz->questions ),
			'test'        => $this->readiness( $user_id, $product_id, $title, $quiz ),
			'attempts'    => $summary['attempts'],
			'best_score'  => $summary['best_score'],
			'certificate' => $this->certificate_reply( $this->certificates->for_user_item( $user_id, $product_id ) ),
		);
	}

	/**
	 * Records a graded attempt and, on the first pass, issues the certificate and tells the
	 * owner who shared the seat. Returns the POST quiz/{id} reply.
	 *
	 * @param int    $user_id    User.
	 * @param int    $product_id Item.
	 * @param string $title      Item title.
	 * @param Quiz   $quiz       Its quiz.
	 * @param Grade  $grade      The graded answers.
	 * @param int    $now        Unix seconds.
	 * @return array<string, mixed>
	 */
	public function submit( int $user_id, int $product_id, string $title, Quiz $quiz, Grade $grade, int $now ): array {
		$this->attempts->record( $user_id, $product_id, $grade->score, $grade->passed, $grade->answers, $now );
		if ( $grade->passed && $this->certificates->issue( $user_id, $product_id, $grade->score, $now ) ) {
			$this->tell_sharers( $user_id, $product_id, $title, $now );
		}
		return array(
			'score'       => $grade->score,
			'passed'      => $grade->passed,
			'pass_mark'   => $this->pass_mark( $quiz ),
			'correct'     => $grade->correct,
			'total'       => $grade->total,
			'attempts'    => $this->attempts->summary( $user_id, $product_id )['attempts'],
			'certificate' => $this->certificate_reply( $this->certificates->for_user_item( $user_id, $product_id ) ),
		);
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
		$name = $user ? $user->display_name : '';
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
