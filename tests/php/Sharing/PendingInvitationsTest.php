<?php
/**
 * Pending e-mail invitations: listed in the share data, Resend and Cancel.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Sharing;

use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * `GET videosharedata/{id}` lists the owner's e-mailed links not yet accepted, withdrawn or
 * expired, with whether Resend is allowed and whether they outnumber the licenses left;
 * `POST share-invitations/{id}/resend` mails one again under the send limits and
 * `DELETE share-invitations/{id}` withdraws it (docs/rules/seats-and-sharing.md, "Sharing seats").
 */
final class PendingInvitationsTest extends TestCase {

	use ServesRequests;

	/**
	 * Messages wp_mail handed to PHPMailer: to and plain text.
	 *
	 * @var array<int, array{to: string[], text: string}>
	 */
	private array $sent = array();

	public function set_up() {
		parent::set_up();
		$this->sent = array();
		add_action(
			'phpmailer_init',
			function ( $mailer ) {
				$this->sent[] = array(
					'to'   => array_column( $mailer->getToAddresses(), 0 ),
					'text' => $mailer->AltBody, // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
				);
			},
			99
		);
	}

	/**
	 * An owner with seats of an item who e-mailed invitations (no cooldown between sends).
	 *
	 * @param int    $seats  Seats.
	 * @param string $emails Typed addresses.
	 * @return array{0: int, 1: int}
	 */
	private function owner_who_invited( int $seats, string $emails ): array {
		$this->services()->settings->update( array( 'cooldown_seconds' => 0 ) );
		$owner = $this->make_user();
		$item  = Library::item( 'Invited Training' );
		Library::grant( $owner, $item, $seats );
		$reply = $this->send(
			'POST',
			'/library/v2/send-share-emails',
			$owner,
			array(
				'emails'     => $emails,
				'product_id' => $item,
			)
		);
		$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
		return array( $owner, $item );
	}

	/**
	 * The pending block of the share data.
	 *
	 * @param int $owner Owner.
	 * @param int $item  Item.
	 * @return array<string, mixed>
	 */
	private function pending( int $owner, int $item ): array {
		return $this->send( 'GET', '/library/v2/videosharedata/' . $item, $owner )->get_data()['data']['pending_invitations'];
	}

	/**
	 * The link code a message carried.
	 *
	 * @param array{to: string[], text: string} $message Message.
	 */
	private static function code_in( array $message ): string {
		preg_match( '#/shareseats/([A-Za-z0-9_-]+)/#', $message['text'], $match );
		return $match[1] ?? '';
	}

	public function test_sent_invitations_wait_until_accepted_and_the_warning_follows_the_licenses_left(): void {
		list( $owner, $item ) = $this->owner_who_invited( 2, 'a@example.com, b@example.com' );
		$this->send( 'POST', '/library/v2/share-link/' . $item, $owner ); // A copied link is no invitation.

		$pending = $this->pending( $owner, $item );

		$this->assertEqualsCanonicalizing( array( 'a@example.com', 'b@example.com' ), array_column( $pending['invitations'], 'email' ) );
		$this->assertSame( 2, $pending['total'] );
		$this->assertTrue( $pending['can_resend'] );
		$this->assertFalse( $pending['more_than_available'], 'Two pending, two licenses left.' );
		$first = $pending['invitations'][0];
		$this->assertSame( $first['sent_at'] + 30 * DAY_IN_SECONDS, $first['expires_at'] );

		Library::share( $owner, $this->make_user(), $item ); // Someone took a seat with a copied link.
		$this->assertTrue( $this->pending( $owner, $item )['more_than_available'], 'Two pending, one license left.' );

		$to_a = current( array_filter( $this->sent, static fn( $m ) => array( 'a@example.com' ) === $m['to'] ) );
		$this->assertSame( 200, $this->send( 'POST', '/library/v2/accept-share', $this->make_user(), array( 'encoded' => self::code_in( $to_a ) ) )->get_status() );
		$pending = $this->pending( $owner, $item );
		$this->assertSame( array( 'b@example.com' ), array_column( $pending['invitations'], 'email' ), 'Accepted: no longer pending.' );
		$this->assertTrue( $pending['more_than_available'], 'One pending, no license left.' );
	}

	public function test_an_invitation_whose_mail_was_refused_is_not_pending(): void {
		add_filter( 'pre_wp_mail', static fn( $pre, $atts ) => 'bounce@example.com' === $atts['to'] ? false : $pre, 10, 2 );

		list( $owner, $item ) = $this->owner_who_invited( 3, 'ok@example.com, bounce@example.com' );

		$this->assertSame( array( 'ok@example.com' ), array_column( $this->pending( $owner, $item )['invitations'], 'email' ) );
	}

	public function test_resend_mails_the_same_link_again_and_counts_against_the_quota(): void {
		list( $owner, $item ) = $this->owner_who_invited( 2, 'a@example.com' );
		$invitation           = $this->pending( $owner, $item )['invitations'][0];
		$first_code           = self::code_in( $this->sent[0] );

		$reply = $this->send( 'POST', '/library/v2/share-invitations/' . $invitation['id'] . '/resend', $owner );

		$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
		$this->assertSame( 'The invitation was sent again to a@example.com.', $reply->get_data()['data']['message'] );
		$this->assertSame( 98, $reply->get_data()['data']['daily_remaining'], 'Two messages of the quota.' );
		$this->assertCount( 2, $reply->get_data()['data']['mail_history'] );
		$this->assertCount( 2, $this->sent );
		$this->assertSame( array( 'a@example.com' ), $this->sent[1]['to'] );
		$this->assertSame( $first_code, self::code_in( $this->sent[1] ), 'The same link: both mails work.' );
		$this->assertSame( array( $invitation ), $this->pending( $owner, $item )['invitations'], 'Still one invitation, same expiry.' );
	}

	public function test_resend_is_refused_by_the_cooldown_and_the_quota_with_the_same_codes_as_a_send(): void {
		list( $owner, $item ) = $this->owner_who_invited( 2, 'a@example.com, b@example.com' );
		$route                = '/library/v2/share-invitations/' . $this->pending( $owner, $item )['invitations'][0]['id'] . '/resend';

		$this->services()->settings->update(
			array(
				'daily_quota'      => 2,
				'cooldown_seconds' => 0,
			)
		);
		$over = $this->send( 'POST', $route, $owner );
		$this->assertSame( array( 429, 'daily_limit' ), array( $over->get_status(), $over->get_data()['error_code'] ) );
		$this->assertSame( "You have reached today's limit of 2 emails. Please try again in 24 hours.", $over->get_data()['message'] );
		$this->assertGreaterThan( DAY_IN_SECONDS - 5, (int) $over->get_headers()['Retry-After'] );
		$this->assertFalse( $this->pending( $owner, $item )['can_resend'], 'No quota left: the screen offers no Resend.' );

		$this->services()->settings->update(
			array(
				'daily_quota'      => 100,
				'cooldown_seconds' => 60,
			)
		);
		$this->assertSame( 200, $this->send( 'POST', $route, $owner )->get_status() );
		$cooling = $this->send( 'POST', $route, $owner );
		$this->assertSame( array( 429, 'share_cooldown' ), array( $cooling->get_status(), $cooling->get_data()['error_code'] ) );
		$this->assertGreaterThan( 55, (int) $cooling->get_headers()['Retry-After'] );
		$this->assertCount( 3, $this->sent, 'Two invitations and one resend.' );
	}

	public function test_a_resend_the_mailer_refuses_says_so_spends_no_quota_or_cooldown_and_the_invitation_stays(): void {
		list( $owner, $item ) = $this->owner_who_invited( 2, 'a@example.com' );
		$invitation           = $this->pending( $owner, $item )['invitations'][0];
		$this->services()->settings->update( array( 'cooldown_seconds' => 60 ) );
		$refuse = static fn() => false; // wp_mail's own short circuit: the mailer said no.
		add_filter( 'pre_wp_mail', $refuse );

		$failed = $this->send( 'POST', '/library/v2/share-invitations/' . $invitation['id'] . '/resend', $owner );

		$this->assertSame( array( 502, 'mail_failed' ), array( $failed->get_status(), $failed->get_data()['error_code'] ) );
		$this->assertSame( 'The emails could not be sent. Please try again later.', $failed->get_data()['message'] );
		$this->assertSame( 99, $failed->get_data()['data']['daily_remaining'], 'Only the first invitation counts.' );
		$this->assertSame( 0, $failed->get_data()['data']['retry_after'], 'Nothing went out: no cooldown.' );
		$history = $failed->get_data()['data']['mail_history'];
		$this->assertSame( array( false, true ), array_column( $history, 'accepted' ), 'Recorded as failed, newest first; never as sent.' );
		$this->assertSame( array( $invitation ), $this->pending( $owner, $item )['invitations'], 'Still pending, same link and expiry.' );

		remove_filter( 'pre_wp_mail', $refuse );
		$again = $this->send( 'POST', '/library/v2/share-invitations/' . $invitation['id'] . '/resend', $owner );
		$this->assertSame( 200, $again->get_status(), 'The next resend goes out at once.' );
		$this->assertSame( 98, $again->get_data()['data']['daily_remaining'] );
	}

	public function test_cancel_withdraws_the_link_and_accept_then_answers_revoked_link(): void {
		list( $owner, $item ) = $this->owner_who_invited( 2, 'a@example.com' );
		$invitation           = $this->pending( $owner, $item )['invitations'][0];

		$reply = $this->send( 'DELETE', '/library/v2/share-invitations/' . $invitation['id'], $owner );

		$this->assertSame( 200, $reply->get_status() );
		$this->assertSame( 'The invitation to a@example.com was canceled. Its link no longer works.', $reply->get_data()['data']['message'] );
		$this->assertSame( array(), $this->pending( $owner, $item )['invitations'] );
		$accept = $this->send( 'POST', '/library/v2/accept-share', $this->make_user(), array( 'encoded' => self::code_in( $this->sent[0] ) ) );
		$this->assertSame( array( 410, 'revoked_link' ), array( $accept->get_status(), $accept->get_data()['error_code'] ) );
		$this->assertSame( 2, Library::seat_states( $item )['available'] );

		$again  = $this->send( 'DELETE', '/library/v2/share-invitations/' . $invitation['id'], $owner );
		$resend = $this->send( 'POST', '/library/v2/share-invitations/' . $invitation['id'] . '/resend', $owner );
		$this->assertSame( array( 409, 'invitation_not_pending' ), array( $again->get_status(), $again->get_data()['error_code'] ) );
		$this->assertSame( array( 409, 'invitation_not_pending' ), array( $resend->get_status(), $resend->get_data()['error_code'] ) );
		$this->assertCount( 1, $this->sent, 'A canceled invitation is not mailed again.' );
	}

	public function test_an_expired_invitation_is_not_mailed_again(): void {
		global $wpdb;
		list( $owner, $item ) = $this->owner_who_invited( 2, 'a@example.com' );
		$invitation           = $this->pending( $owner, $item )['invitations'][0];
		$wpdb->update( $wpdb->prefix . 'lp_share_links', array( 'created_at' => time() - 31 * DAY_IN_SECONDS ), array( 'id' => $invitation['id'] ) ); // Sent 31 days ago: the 30-day link has expired.

		$resend = $this->send( 'POST', '/library/v2/share-invitations/' . $invitation['id'] . '/resend', $owner );

		$this->assertSame( array( 409, 'invitation_not_pending' ), array( $resend->get_status(), $resend->get_data()['error_code'] ) );
		$this->assertCount( 1, $this->sent, 'A link that no longer works is not mailed again.' );
		$this->assertSame( array(), $this->pending( $owner, $item )['invitations'] );
	}

	public function test_both_routes_refuse_logged_out_no_nonce_and_someone_elses_invitation(): void {
		list( $owner, $item ) = $this->owner_who_invited( 2, 'a@example.com' );
		$id                   = $this->pending( $owner, $item )['invitations'][0]['id'];
		$copied               = $this->services()->share_links->resolve( $this->services()->share_links->issue( $owner, $item, time() ), time() )['link_id'];
		$stranger             = $this->make_user();
		Library::grant( $stranger, $item, 1 ); // Owns the same item: still not their invitation.

		$routes = array(
			array( 'POST', '/library/v2/share-invitations/' . $id . '/resend' ),
			array( 'DELETE', '/library/v2/share-invitations/' . $id ),
		);
		foreach ( $routes as list( $method, $route ) ) {
			$this->assertSame( 401, $this->send( $method, $route, 0 )->get_status(), "logged out: $method $route" );
			$this->assertSame( 401, $this->rest_as_browser( $method, $route, $owner, null )->get_status(), "no nonce: $method $route" );
			$this->assertSame( 403, $this->rest_as_browser( $method, $route, $owner, 'not-a-nonce' )->get_status(), "bad nonce: $method $route" );
			$foreign = $this->send( $method, $route, $stranger );
			$this->assertSame( array( 404, 'invitation_not_found' ), array( $foreign->get_status(), $foreign->get_data()['error_code'] ), "someone else's: $method $route" );
			$copy = $this->send( $method, str_replace( (string) $id, (string) $copied, $route ), $owner );
			$this->assertSame( array( 404, 'invitation_not_found' ), array( $copy->get_status(), $copy->get_data()['error_code'] ), "a copied link: $method $route" );
			$this->assertSame( 400, $this->send( $method, str_replace( (string) $id, '0', $route ), $owner )->get_status(), "id 0: $method $route" );
		}
		$this->assertCount( 1, $this->sent, 'Nothing was mailed again.' );
		$this->assertCount( 1, $this->pending( $owner, $item )['invitations'], 'Nothing was canceled.' );
	}
}
