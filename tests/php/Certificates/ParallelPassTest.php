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
 * Sends the same passing answers N times at once against the running test site
 * (Support\ParallelSite, the user's real cookie and nonce). The database's UNIQUE key decides:
 * one certificate, every attempt recorded, every reply carrying that one certificate, one
 * notification to the sharing owner.
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

	public function test_racing_passes_issue_one_certificate_and_one_notification(): void {
		$owner                      = $this->user();
		$member                     = $this->user();
		$item                       = Library::item( 'Racing passes' );
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

		$replies = $this->fire( '/library/v2/quiz/' . $item, $this->browser( $member ), array_fill( 0, self::PARALLEL, array( 'answers' => array( 'q1' => 1 ) ) ) );

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
}
