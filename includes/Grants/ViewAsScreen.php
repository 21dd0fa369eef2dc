<?php
/**
 * What View as user shows of one user, ready for its view.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use LibraryPortal\Core\Items\Quiz;
use LibraryPortal\Core\Quizzes\QuizService;
use LibraryPortal\Core\Rows\Access;
use LibraryPortal\Core\Rows\ItemStatus;
use LibraryPortal\Core\Rows\LibraryService;
use LibraryPortal\Core\Seats\AuditEntry;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Seats\SeatAuditRepository;

/**
 * The library rows as GET items/ builds them (LibraryService::items_for()), with status and access
 * in words, the tests with the attempts left, the seats in words and the trail of the user's grants.
 */
final class ViewAsScreen {

	/**
	 * Grants and seats.
	 *
	 * @var LicenseRepository
	 */
	private LicenseRepository $licenses;

	/**
	 * The audit trail.
	 *
	 * @var SeatAuditRepository
	 */
	private SeatAuditRepository $audit;

	/**
	 * Builds the rows of a library.
	 *
	 * @var LibraryService
	 */
	private LibraryService $library;

	/**
	 * Tests (the attempt limit).
	 *
	 * @var QuizService
	 */
	private QuizService $quizzes;

	/**
	 * The screen's data.
	 *
	 * @param LicenseRepository   $licenses Grants and seats.
	 * @param SeatAuditRepository $audit    The audit trail.
	 * @param LibraryService      $library  Library rows.
	 * @param QuizService         $quizzes  Tests.
	 */
	public function __construct( LicenseRepository $licenses, SeatAuditRepository $audit, LibraryService $library, QuizService $quizzes ) {
		$this->licenses = $licenses;
		$this->audit    = $audit;
		$this->library  = $library;
		$this->quizzes  = $quizzes;
	}

	/**
	 * The view's arguments (views/view-as.php) for the user typed in its field.
	 *
	 * @param string                                 $who    E-mail or login typed ('' = none yet).
	 * @param array{type?: string, message?: string} $notice The kept notice.
	 * @return array<string, mixed>
	 */
	public function args( string $who, array $notice ): array {
		$user = '' !== $who ? GrantRequest::lookup_user( $who ) : null;
		$args = array(
			'filter'       => GrantsPage::filter_args( GrantsPage::VIEW_AS, 'lp-view-as-user', __( 'User (e-mail or login)', 'library-portal' ), $who, __( 'Show library', 'library-portal' ) ),
			'user_unknown' => '' !== $who && ! $user,
			'notice'       => $notice,
			'heading'      => '',
			'tables'       => array(),
			'tests'        => array(),
			'reset_action' => ResetAttemptsHandler::ACTION,
			'audit_url'    => '',
		);
		return $user ? array_merge( $args, $this->of( $user ) ) : $args;
	}

	/**
	 * The view's arguments about one user.
	 *
	 * @param \WP_User $user User.
	 * @return array{heading: string, tables: array<string, array{caption: string, headers: string[], rows: array<int, array<int, int|string>>, empty: string}>, tests: array<int, array{title: string, left: string, user_id: int, product_id: int, nonce_action: string}>, audit_url: string}
	 */
	private function of( \WP_User $user ): array {
		$rows = $this->library->items_for( $user->ID, time() );
		return array(
			/* translators: 1: display name, 2: e-mail. */
			'heading'   => sprintf( __( 'Library of %1$s (%2$s)', 'library-portal' ), $user->display_name, $user->user_email ),
			'tables'    => array(
				'library' => self::library_table( $rows ),
				'seats'   => $this->seats_table( $user->ID ),
				'trail'   => $this->trail_table( $user->ID ),
			),
			'tests'     => $this->tests( $user->ID, $rows ),
			'audit_url' => add_query_arg( 'user', rawurlencode( $user->user_email ), GrantsPage::page_url( GrantsPage::AUDIT ) ),
		);
	}

	/**
	 * The library rows in words.
	 *
	 * @param array<int, array<string, mixed>> $rows Rows of items_for().
	 * @return array{caption: string, headers: string[], rows: array<int, array<int, int|string>>, empty: string}
	 */
	private static function library_table( array $rows ): array {
		return array(
			'caption' => __( 'Library items', 'library-portal' ),
			'headers' => array( __( 'Title', 'library-portal' ), __( 'Tag', 'library-portal' ), __( 'Status', 'library-portal' ), __( 'Access', 'library-portal' ), __( 'Licenses', 'library-portal' ), __( 'Available', 'library-portal' ), __( 'Active', 'library-portal' ), __( 'Expired', 'library-portal' ), __( 'Progress', 'library-portal' ), __( 'Certificate', 'library-portal' ) ),
			'rows'    => array_map(
				static fn( array $row ): array => array(
					(string) $row['title'],
					'' === $row['tag'] ? __( 'None', 'library-portal' ) : (string) $row['tag'],
					ItemStatus::label( (string) $row['status'] ),
					Access::label( (string) $row['access'] ),
					(string) $row['total_licenses'],
					(string) $row['available_licenses'],
					(string) $row['active_licenses'],
					(string) $row['expired_licenses'],
					$row['video_data']['progress']['count'] . ' %',
					$row['video_data']['pdf'] ? GrantTexts::time_text( (int) $row['video_data']['completed_at'] ) : __( 'None', 'library-portal' ),
				),
				$rows
			),
			'empty'   => __( 'This user has no library items.', 'library-portal' ),
		);
	}

	/**
	 * The seats the user owns or holds, in words.
	 *
	 * @param int $user_id User.
	 * @return array{caption: string, headers: string[], rows: array<int, array<int, int|string>>, empty: string}
	 */
	private function seats_table( int $user_id ): array {
		return array(
			'caption' => __( 'Seats', 'library-portal' ),
			'headers' => array( __( 'Seat', 'library-portal' ), __( 'Grant', 'library-portal' ), __( 'Item', 'library-portal' ), __( 'Owner', 'library-portal' ), __( 'Held by', 'library-portal' ), __( 'State', 'library-portal' ), __( 'Expires', 'library-portal' ) ),
			'rows'    => array_map(
				static fn( $seat ): array => array(
					'#' . $seat->id,
					'#' . $seat->grant_id,
					get_the_title( $seat->product_id ),
					GrantTexts::email_of( $seat->owner_id ),
					$seat->holder_id ? GrantTexts::email_of( $seat->holder_id ) : __( 'Nobody', 'library-portal' ),
					GrantTexts::seat_state_text( $seat->state ),
					GrantTexts::expiry_text( $seat->expires_at ),
				),
				$this->licenses->seats_for_user( $user_id )
			),
			'empty'   => __( 'This user owns or holds no seat.', 'library-portal' ),
		);
	}

	/**
	 * The last 50 changes to the user's grants.
	 *
	 * @param int $user_id User.
	 * @return array{caption: string, headers: string[], rows: array<int, array<int, int|string>>, empty: string}
	 */
	private function trail_table( int $user_id ): array {
		return array(
			'caption' => __( 'Audit trail of this user\'s grants', 'library-portal' ),
			'headers' => array( __( 'When', 'library-portal' ), __( 'Changed by', 'library-portal' ), __( 'Change', 'library-portal' ), __( 'Item', 'library-portal' ), __( 'Grant', 'library-portal' ), __( 'Seat', 'library-portal' ), __( 'Details', 'library-portal' ) ),
			'rows'    => array_map(
				static fn( AuditEntry $entry ): array => array(
					GrantTexts::time_text( $entry->created_at ),
					GrantTexts::actor_text( $entry->actor_id ),
					GrantTexts::action_text( $entry->action ),
					get_the_title( $entry->product_id ),
					$entry->grant_id ? '#' . $entry->grant_id : '—',
					GrantTexts::seat_text( $entry ),
					GrantTexts::details_text( $entry ),
				),
				$this->audit->page( $user_id, 50 )
			),
			'empty'   => __( 'No changes recorded.', 'library-portal' ),
		);
	}

	/**
	 * The user's items with a test: attempts left under the limit, and their reset form's nonce.
	 *
	 * @param int                              $user_id User.
	 * @param array<int, array<string, mixed>> $rows    Their library rows.
	 * @return array<int, array{title: string, left: string, user_id: int, product_id: int, nonce_action: string}>
	 */
	private function tests( int $user_id, array $rows ): array {
		$items = array();
		foreach ( $rows as $row ) {
			$product_id = (int) $row['product_id'];
			if ( ! isset( $items[ $product_id ] ) && Quiz::of_item( $product_id )->has_questions() ) {
				$items[ $product_id ] = (string) $row['title'];
			}
		}
		$tests = array();
		$now   = time();
		foreach ( $items as $product_id => $title ) {
			$allowance = $this->quizzes->allowance( $user_id, $product_id, $now );
			if ( null === $allowance['left'] ) {
				$left = __( 'No limit', 'library-portal' );
			} elseif ( 0 === $allowance['left'] ) {
				/* translators: 1: attempts allowed, 2: date and time the next attempt opens. */
				$left = sprintf( __( '0 of %1$d (next opens %2$s)', 'library-portal' ), $allowance['limit'], GrantTexts::time_text( $allowance['next_attempt_at'] ) );
			} else {
				/* translators: 1: attempts left, 2: attempts allowed. */
				$left = sprintf( __( '%1$d of %2$d', 'library-portal' ), $allowance['left'], $allowance['limit'] );
			}
			$tests[] = array(
				'title'        => $title,
				'left'         => $left,
				'user_id'      => $user_id,
				'product_id'   => $product_id,
				'nonce_action' => ResetAttemptsHandler::nonce_action( $user_id, $product_id ),
			);
		}
		return $tests;
	}
}
