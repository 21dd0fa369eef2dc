<?php
/**
 * The audit trail answers "who took this seat?": customers' shares, accepts, revokes and
 * activations, and contract imports, beside the admin's grant changes.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Grants;

use LibraryPortal\Contracts\ContractService;
use LibraryPortal\Core\Quizzes\QuizService;
use LibraryPortal\Core\Seats\AuditEntry;
use LibraryPortal\Core\Seats\ShareLinks;
use LibraryPortal\Grants\GrantsPage;
use LibraryPortal\Grants\GrantTexts;
use LibraryPortal\Learning\SeatActivation;
use LibraryPortal\Sharing\SeatSharing;
use LibraryPortal\Sharing\ShareMailer;
use LibraryPortal\Tests\Fixtures\LearningMedia;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Each action through its real route writes one row with who acted, which seat (its grant, owner
 * and item) and for whom; a refused action writes none; the audit list says it in words.
 */
final class CustomerAuditTrailTest extends TestCase {

	use ServesRequests;

	/**
	 * Audit rows of an action, oldest first.
	 *
	 * @param string $action Action.
	 * @return AuditEntry[]
	 */
	private function rows( string $action ): array {
		$rows = array_filter( $this->services()->seat_audit->page( 0, 500 ), static fn( AuditEntry $entry ): bool => $action === $entry->action );
		return array_reverse( array_values( $rows ) );
	}

	/**
	 * Moves every audit row back in time.
	 *
	 * @param int $seconds Seconds.
	 */
	private function age_audit_rows( int $seconds ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET created_at = created_at - %d', $wpdb->prefix . 'lp_seat_audit', $seconds ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQLPlaceholders -- the test ages its own rows; %i is newer than WPCS 2.3.
	}

	/**
	 * Opens the owner's renewal gate (as if the last renewal was long ago).
	 *
	 * @param int $owner Owner.
	 */
	private function age_renewal_gate( int $owner ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET requested_at = 0 WHERE requester_id = %d AND owner_id = 0', $wpdb->prefix . 'lp_license_requests', $owner ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQLPlaceholders -- the test ages its own row; %i is newer than WPCS 2.3.
	}

	/**
	 * A copied link's code for an owner's item, through the route.
	 *
	 * @param int  $owner Owner.
	 * @param int  $item  Item.
	 * @param bool $renew Make a new one.
	 */
	private function link( int $owner, int $item, bool $renew = false ): string {
		$reply = $this->send( 'POST', '/library/v2/share-link/' . $item, $owner, $renew ? array( 'renew' => true ) : array() );
		$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
		preg_match( '#/shareseats/([A-Za-z0-9_-]+)/$#', $reply->get_data()['data']['link'], $match );
		return $match[1];
	}

	/**
	 * The seat's row in the licenses table.
	 *
	 * @param int $seat Seat.
	 * @return array<string, mixed>
	 */
	private static function seat( int $seat ): array {
		global $wpdb;
		return (array) $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', $wpdb->prefix . 'lp_licenses', $seat ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test reads the table itself.
	}

	/**
	 * Asserts one row names the seat, its grant, owner and item, who acted and for whom.
	 *
	 * @param AuditEntry $entry  Row.
	 * @param int        $actor  Who acted.
	 * @param int        $seat   Seat.
	 * @param int        $holder For whom.
	 */
	private function assert_seat_row( AuditEntry $entry, int $actor, int $seat, int $holder ): void {
		$row = self::seat( $seat );
		$this->assertSame(
			array( $actor, $seat, (int) $row['grant_id'], (int) $row['owner_id'], (int) $row['product_id'], $holder ),
			array( $entry->actor_id, $entry->license_id, $entry->grant_id, $entry->owner_id, $entry->product_id, (int) ( $entry->details()['holder'] ?? 0 ) )
		);
		$this->assertGreaterThan( 0, $entry->grant_id );
	}

	public function test_a_new_copied_link_and_its_accept_are_recorded_and_the_same_link_again_is_not(): void {
		$owner  = $this->make_user();
		$member = $this->make_user( 'subscriber', array( 'user_email' => 'max@example.com' ) );
		$item   = Library::item( 'Negotiation Workshop' );
		Library::grant( $owner, $item, 3 );

		$stranger = $this->make_user();
		$this->assertSame( 401, $this->rest_as_browser( 'POST', '/library/v2/share-link/' . $item, 0, null )->get_status() );
		$this->assertSame( 401, $this->rest_as_browser( 'POST', '/library/v2/share-link/' . $item, $owner, null )->get_status() );
		$this->assertGreaterThanOrEqual( 400, $this->send( 'POST', '/library/v2/share-link/' . $item, $stranger )->get_status(), 'someone else\'s item' );
		$this->assertSame( array(), $this->rows( ShareLinks::AUDIT_ACTION ), 'nothing for a refused link' );

		$code = $this->link( $owner, $item );
		$this->assertSame( $code, $this->link( $owner, $item ), 'the working link comes back' );
		$this->assertCount( 1, $this->rows( ShareLinks::AUDIT_ACTION ), 'one row for the link made, none for the same link again' );
		$made = $this->rows( ShareLinks::AUDIT_ACTION )[0];
		$this->assertSame( array( $owner, $owner, $item, 0, 0 ), array( $made->actor_id, $made->owner_id, $made->product_id, $made->grant_id, $made->license_id ) );

		$reply = $this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $code ) );
		$this->assertSame( 200, $reply->get_status() );
		$this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $code ) ); // Already holds it: nothing taken.

		$accepts = $this->rows( SeatSharing::ACCEPT_ACTION );
		$this->assertCount( 1, $accepts );
		$seat = (int) $accepts[0]->license_id;
		$this->assertSame( $member, (int) self::seat( $seat )['holder_id'], 'the seat the member holds' );
		$this->assert_seat_row( $accepts[0], $member, $seat, $member );
		$this->assertSame( 'link', $accepts[0]->details()['method'] );
		$this->assertSame( 'Share accepted', GrantTexts::action_text( $accepts[0]->action ) );
		$this->assertSame( 'Seat taken by max@example.com with a copied share link', GrantTexts::details_text( $accepts[0] ) );

		$this->link( $owner, $item, true );
		$renewed = $this->rows( ShareLinks::AUDIT_ACTION );
		$this->assertCount( 1, $renewed, 'a new link within the hour is counted on the row of the first' );
		$this->assertSame( array( true, 2 ), array( $renewed[0]->details()['renewed'], $renewed[0]->details()['links'] ) );
		$this->assertSame( '2 share links to copy were made in a row, the last at this time; only the last one works', GrantTexts::details_text( $renewed[0] ) );

		$this->age_audit_rows( ShareLinks::AUDIT_COALESCE_SECONDS + 1 );
		$this->age_renewal_gate( $owner );
		$this->link( $owner, $item, true );
		$later = $this->rows( ShareLinks::AUDIT_ACTION );
		$this->assertCount( 2, $later, 'after the hour a new row' );
		$this->assertSame( 'A new share link was made; the previous one no longer works', GrantTexts::details_text( $later[1] ) );
	}

	public function test_refused_accepts_write_nothing(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$other  = $this->make_user();
		$item   = Library::item( 'Budgeting' );
		Library::grant( $owner, $item, 1 );
		$code = $this->link( $owner, $item );
		Library::share( $owner, $other, $item ); // The last seat is taken.

		$logged_out = $this->rest_as_browser( 'POST', '/library/v2/accept-share', 0, null, array( 'encoded' => $code ) );
		$no_nonce   = $this->rest_as_browser( 'POST', '/library/v2/accept-share', $member, null, array( 'encoded' => $code ) );
		$own        = $this->send( 'POST', '/library/v2/accept-share', $owner, array( 'encoded' => $code ) );
		$claimed    = $this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $code ) );
		$forged     = $this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => substr( $code, 0, -4 ) . 'AAAA' ) );

		$this->assertSame( array( 401, 401 ), array( $logged_out->get_status(), $no_nonce->get_status() ) );
		$this->assertSame( 409, $claimed->get_status() );
		$this->assertGreaterThanOrEqual( 400, $own->get_status() );
		$this->assertGreaterThanOrEqual( 400, $forged->get_status() );
		$this->assertSame( array(), $this->rows( SeatSharing::ACCEPT_ACTION ) );
	}

	public function test_a_revoke_is_recorded_and_a_refused_revoke_is_not(): void {
		$owner    = $this->make_user();
		$stranger = $this->make_user();
		$member   = $this->make_user( 'subscriber', array( 'user_email' => 'mia@example.com' ) );
		$started  = $this->make_user();
		$item     = Library::item( 'Ethics' );
		Library::grant( $owner, $item, 2 );
		$seat   = Library::share( $owner, $member, $item );
		$in_use = Library::share( $owner, $started, $item );
		$this->services()->licenses->activate_seat( $in_use, $started, time() );

		$this->assertSame( 401, $this->rest_as_browser( 'POST', '/library/v2/revoke-share/' . $seat, 0, null )->get_status() );
		$this->assertSame( 401, $this->rest_as_browser( 'POST', '/library/v2/revoke-share/' . $seat, $owner, null )->get_status() );
		$this->assertSame( 404, $this->send( 'POST', '/library/v2/revoke-share/' . $seat, $stranger )->get_status() );
		$this->assertSame( 409, $this->send( 'POST', '/library/v2/revoke-share/' . $in_use, $owner )->get_status() );
		$this->assertSame( array(), $this->rows( SeatSharing::REVOKE_ACTION ), 'nothing for a refused revoke' );

		$this->assertSame( 200, $this->send( 'POST', '/library/v2/revoke-share/' . $seat, $owner )->get_status() );

		$revokes = $this->rows( SeatSharing::REVOKE_ACTION );
		$this->assertCount( 1, $revokes );
		$this->assert_seat_row( $revokes[0], $owner, $seat, $member );
		$this->assertSame( 'Share revoked', GrantTexts::action_text( $revokes[0]->action ) );
		$this->assertSame( 'Seat taken back from mia@example.com by its owner: available again', GrantTexts::details_text( $revokes[0] ) );
	}

	public function test_an_activation_is_recorded_once_and_a_refused_one_is_not(): void {
		$owner    = $this->make_user( 'subscriber', array( 'user_email' => 'ann@example.com' ) );
		$stranger = $this->make_user();
		$item     = Library::item( 'Workbook', 'e-manual' );
		Library::grant( $owner, $item, 3 );

		$this->assertSame( 401, $this->rest_as_browser( 'POST', '/library/v2/activate-manual-license/' . $item, 0, null )->get_status() );
		$this->assertSame( 401, $this->rest_as_browser( 'POST', '/library/v2/activate-manual-license/' . $item, $owner, null )->get_status() );
		$this->assertGreaterThanOrEqual( 400, $this->send( 'POST', '/library/v2/activate-manual-license/' . $item, $stranger )->get_status(), 'someone else\'s item' );
		$this->assertSame( array(), $this->rows( SeatActivation::AUDIT_ACTION ) );

		$this->assertSame( 200, $this->send( 'POST', '/library/v2/activate-manual-license/' . $item, $owner )->get_status() );
		$this->assertSame( 200, $this->send( 'POST', '/library/v2/activate-manual-license/' . $item, $owner )->get_status(), 'already active: no seat spent' );

		$activations = $this->rows( SeatActivation::AUDIT_ACTION );
		$this->assertCount( 1, $activations );
		$this->assertSame( 'activated', self::seat( $activations[0]->license_id )['state'] );
		$this->assert_seat_row( $activations[0], $owner, $activations[0]->license_id, $owner );
		$this->assertSame( 'Seat activated', GrantTexts::action_text( $activations[0]->action ) );
		$this->assertSame( 'Started by ann@example.com: the seat is in use', GrantTexts::details_text( $activations[0] ) );
	}

	public function test_a_shared_seat_activated_by_watching_five_percent_is_recorded_for_its_holder(): void {
		$owner  = $this->make_user();
		$member = $this->make_user( 'subscriber', array( 'user_email' => 'lee@example.com' ) );
		$item   = LearningMedia::item( 'Watched workshop' );
		Library::grant( $owner, $item, 2 );
		$seat = Library::share( $owner, $member, $item );

		$refused = $this->send( 'POST', '/library/v2/video/progress/' . $item, $this->make_user(), array( 'progress' => 5 ) );
		$this->assertGreaterThanOrEqual( 400, $refused->get_status(), 'someone without a seat' );
		$this->assertSame( array(), $this->rows( SeatActivation::AUDIT_ACTION ) );

		$reply = $this->send( 'POST', '/library/v2/video/progress/' . $item, $member, array( 'progress' => 5 ) );

		$this->assertTrue( $reply->get_data()['data']['activated'] );
		$activations = $this->rows( SeatActivation::AUDIT_ACTION );
		$this->assertCount( 1, $activations );
		$this->assert_seat_row( $activations[0], $member, $seat, $member );
		$this->assertSame( $owner, $activations[0]->owner_id, 'the owner\'s seat, started by the team member' );
		$this->assertSame( 'Started by lee@example.com: the seat is in use', GrantTexts::details_text( $activations[0] ) );
	}

	public function test_a_share_by_email_is_recorded_with_counts_and_no_address_and_a_refused_one_is_not(): void {
		$owner    = $this->make_user();
		$stranger = $this->make_user();
		$item     = Library::item( 'Time & Priorities' );
		Library::grant( $owner, $item, 5 );
		$emails = array(
			'emails'     => "max@example.com,\nnew.person@example.org",
			'product_id' => $item,
		);

		$this->assertSame( 401, $this->rest_as_browser( 'POST', '/library/v2/send-share-emails', 0, null, $emails )->get_status() );
		$this->assertSame( 401, $this->rest_as_browser( 'POST', '/library/v2/send-share-emails', $owner, null, $emails )->get_status() );
		$this->assertGreaterThanOrEqual( 400, $this->send( 'POST', '/library/v2/send-share-emails', $stranger, $emails )->get_status(), 'someone else\'s item' );
		$this->assertSame( array(), $this->rows( ShareMailer::AUDIT_ACTION ) );

		$this->assertSame( 200, $this->send( 'POST', '/library/v2/send-share-emails', $owner, $emails )->get_status() );
		$this->assertSame( 429, $this->send( 'POST', '/library/v2/send-share-emails', $owner, $emails )->get_status(), 'the cooldown refuses a second send' );

		$sends = $this->rows( ShareMailer::AUDIT_ACTION );
		$this->assertCount( 1, $sends );
		$this->assertSame( array( $owner, $owner, $item, 0 ), array( $sends[0]->actor_id, $sends[0]->owner_id, $sends[0]->product_id, $sends[0]->license_id ) );
		$this->assertSame(
			array(
				'recipients' => 2,
				'sent'       => 2,
			),
			$sends[0]->details()
		);
		$this->assertStringNotContainsString( '@', $sends[0]->details, 'the addresses stay in the send history' );
		$this->assertSame( 'Invitations e-mailed to 2 of 2 recipients', GrantTexts::details_text( $sends[0] ) );
	}

	public function test_the_audit_screen_lists_the_customers_actions_in_words(): void {
		$owner  = $this->make_user( 'subscriber', array( 'user_email' => 'olivia@example.com' ) );
		$member = $this->make_user( 'subscriber', array( 'user_email' => 'max@example.com' ) );
		$item   = Library::item( 'Screen <b>Training</b>' );
		Library::grant( $owner, $item, 2 );
		$this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $this->link( $owner, $item ) ) );
		$seat = $this->rows( SeatSharing::ACCEPT_ACTION )[0]->license_id;
		$this->send( 'POST', '/library/v2/revoke-share/' . $seat, $owner );
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$services = $this->services();
		$page     = new GrantsPage( $services->grants, $services->licenses, $services->grant_rows, $services->seat_audit, $services->library, new QuizService( $services->quiz_attempts, $services->certificates, $services->progress, $services->licenses, $services->notifier, $services->settings, $services->seat_audit ) );
		$_GET     = array( 'user' => 'olivia@example.com' );
		require_once ABSPATH . 'wp-admin/includes/admin.php'; // The screen API, as wp-admin loads it.
		set_current_screen( GrantsPage::AUDIT_SCREEN );

		ob_start();
		$page->render_audit();
		$html = (string) ob_get_clean();

		foreach ( array( 'Share link made', 'Share accepted', 'Seat taken by max@example.com with a copied share link', 'Share revoked', 'Seat taken back from max@example.com by its owner: available again', '#' . $seat ) as $text ) {
			$this->assertStringContainsString( $text, $html );
		}
		$this->assertStringNotContainsString( '<b>Training</b>', $html, 'escaped' );
	}

	public function test_a_contract_import_is_recorded_per_batch_with_counts_and_a_dry_run_is_not(): void {
		$admin = $this->make_user( 'administrator' );
		wp_set_current_user( $admin );
		$service  = new ContractService( $this->services()->contracts, $this->services()->seat_audit );
		$contract = $service->create( array( 'title' => 'Acme' ) );
		$this->make_user( 'subscriber', array( 'user_email' => 'ada@example.com' ) );
		$rows = array(
			array(
				'line'  => 2,
				'email' => 'ada@example.com',
			),
			array(
				'line'  => 3,
				'email' => 'nobody@example.com',
			),
		);

		$service->import_members( $contract, $rows, true );
		$this->assertSame( array(), $this->rows( ContractService::IMPORT_ACTION ), 'a dry run changes nothing' );

		$service->import_members( $contract, $rows );
		$service->import_members( $contract, $rows );

		$imports = $this->rows( ContractService::IMPORT_ACTION );
		$this->assertCount( 2, $imports, 'each batch that added someone or met a bad row' );
		$this->assertSame( array( $admin, 0, 0 ), array( $imports[0]->actor_id, $imports[0]->owner_id, $imports[0]->product_id ) );
		$this->assertStringNotContainsString( '@', $imports[0]->details );
		$this->assertSame( 'Members imported', GrantTexts::action_text( $imports[0]->action ) );
		$this->assertSame( "Contract #$contract: 1 member added, 0 already members, 1 bad row", GrantTexts::details_text( $imports[0] ) );
		$this->assertSame( "Contract #$contract: 0 members added, 1 already a member, 1 bad row", GrantTexts::details_text( $imports[1] ) );
	}
}
