<?php
/**
 * POST /library/v2/send-share-emails
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Sharing;

use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * E-mail sharing through WordPress's real wp_mail and PHPMailer (the test PHP's sendmail is
 * /bin/true, so a send succeeds): validation, one message per recipient with HTML and plain text
 * and a working signed link, history with real results, cooldown and quota with Retry-After.
 */
final class ShareEmailsTest extends TestCase {

	use ServesRequests;

	/**
	 * Messages PHPMailer was about to send: to, subject, HTML, plain text, headers.
	 *
	 * @var array<int, array<string, mixed>>
	 */
	private array $sent = array();

	public function set_up() {
		parent::set_up();
		$this->sent = array();
		add_action(
			'phpmailer_init',
			function ( $mailer ) {
				$this->sent[] = array(
					'to'      => array_column( $mailer->getToAddresses(), 0 ),
					'subject' => $mailer->Subject, // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
					'html'    => $mailer->Body, // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
					'text'    => $mailer->AltBody, // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
					'type'    => $mailer->ContentType, // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
					'headers' => $mailer->getCustomHeaders(),
					'cc'      => array_merge( $mailer->getCcAddresses(), $mailer->getBccAddresses() ),
				);
			},
			99
		);
	}

	/**
	 * Sends.
	 *
	 * @param int    $owner  Sender.
	 * @param int    $item   Item.
	 * @param string $emails Typed addresses.
	 */
	private function share( int $owner, int $item, string $emails ): \WP_REST_Response {
		return $this->send(
			'POST',
			'/library/v2/send-share-emails',
			$owner,
			array(
				'emails'     => $emails,
				'product_id' => $item,
			)
		);
	}

	/**
	 * An owner with seats of an item.
	 *
	 * @return array{0: int, 1: int}
	 */
	private function owner_with_item(): array {
		global $wpdb;
		$owner = $this->make_user();
		// Straight into the table, as an import would: WordPress's own forms strip the markup.
		$wpdb->update( $wpdb->users, array( 'display_name' => 'Olivia <b>Owner</b>' ), array( 'ID' => $owner ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the worst case a name can be.
		clean_user_cache( $owner );
		$item = Library::item( 'Time & Priorities' );
		Library::grant( $owner, $item, 5 );
		return array( $owner, $item );
	}

	public function test_each_recipient_gets_one_escaped_html_message_with_plain_text_and_a_working_link(): void {
		list( $owner, $item ) = $this->owner_with_item();
		$member               = $this->make_user( 'subscriber', array( 'user_email' => 'max@example.com' ) );

		$reply = $this->share( $owner, $item, "max@example.com,\nnew.person@example.org" );

		$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
		$data = $reply->get_data()['data'];
		$this->assertSame( 'Invitations sent to 2 recipients.', $data['message'] );
		$this->assertSame( 98, $data['daily_remaining'] );
		$this->assertSame( 60, $data['retry_after'] );
		$this->assertEqualsCanonicalizing( array( 'max@example.com', 'new.person@example.org' ), array_column( $data['mail_history'], 'email' ) );
		$this->assertSame( array( true, true ), array_column( $data['mail_history'], 'accepted' ) );

		$this->assertCount( 2, $this->sent, 'One message per recipient.' );
		foreach ( $this->sent as $message ) {
			$this->assertCount( 1, $message['to'] );
			$this->assertSame( array(), $message['cc'] );
			$this->assertSame( 'text/html', $message['type'] );
			$this->assertStringNotContainsString( 'Olivia', $message['subject'], 'Nothing of the sharer in a header.' );
			$this->assertStringContainsString( 'Olivia &lt;b&gt;Owner&lt;/b&gt;', $message['html'] );
			$this->assertStringNotContainsString( '<b>Owner', $message['html'] );
			$this->assertStringContainsString( 'Olivia <b>Owner</b> has shared a license of "Time & Priorities" with you.', $message['text'] );
			$this->assertMatchesRegularExpression( '#/shareseats/[A-Za-z0-9_-]+/#', $message['text'] );
		}

		preg_match( '#/shareseats/([A-Za-z0-9_-]+)/#', $this->sent[0]['text'], $match );
		$accepted = $this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $match[1] ) );
		$this->assertSame( 200, $accepted->get_status() );
		$record = $this->send( 'GET', '/library/v2/videosharedata/' . $item, $owner )->get_data()['data']['share_data'][0];
		$this->assertSame( array( 'email', 'max@example.com' ), array( $record['method'], $record['invited_email'] ) );

		$received = $this->send( 'GET', '/library/v2/notifications', $member )->get_data()['data']['notifications'];
		$this->assertSame( 'share_received', $received[ count( $received ) - 1 ]['type'], 'The member with an account found it in the bell too.' );
	}

	public function test_validation_messages_and_header_injection_change_nothing(): void {
		list( $owner, $item ) = $this->owner_with_item();
		$many                 = implode( ',', array_map( static fn( $n ) => "p$n@example.com", range( 1, 21 ) ) );
		$cases                = array(
			'missing emails'  => array( array( 'product_id' => $item ), 'Missing required parameters' ),
			'missing product' => array( array( 'emails' => 'a@example.com' ), 'Missing required parameters' ),
			'empty'           => array(
				array(
					'emails'     => " ,\n ",
					'product_id' => $item,
				),
				'Please enter at least one valid email address',
			),
			'21'              => array(
				array(
					'emails'     => $many,
					'product_id' => $item,
				),
				'You can only send to 20 recipients at once',
			),
			'injection'       => array(
				array(
					'emails'     => "a@example.com\r\nBcc: victim@example.com",
					'product_id' => $item,
				),
				'These are not valid email addresses: Bcc: victim@example.com',
			),
			'invalid'         => array(
				array(
					'emails'     => 'not-an-address',
					'product_id' => $item,
				),
				'These are not valid email addresses: not-an-address',
			),
		);
		foreach ( $cases as $case => list( $params, $message ) ) {
			$reply = $this->send( 'POST', '/library/v2/send-share-emails', $owner, $params );
			$this->assertSame( array( 400, $message ), array( $reply->get_status(), $reply->get_data()['message'] ), $case );
		}
		$this->assertSame( array(), $this->sent );
		$this->assertSame( array(), $this->send( 'GET', '/library/v2/videosharedata/' . $item, $owner )->get_data()['data']['mail_history'] );
		$this->assertSame( 0, $this->send( 'GET', '/library/v2/videosharedata/' . $item, $owner )->get_data()['data']['retry_after'], 'No cooldown started.' );
	}

	public function test_the_cooldown_answers_429_with_retry_after(): void {
		list( $owner, $item ) = $this->owner_with_item();
		$this->share( $owner, $item, 'a@example.com' );

		$reply = $this->share( $owner, $item, 'b@example.com' );

		$this->assertSame( array( 429, 'share_cooldown' ), array( $reply->get_status(), $reply->get_data()['error_code'] ) );
		// The wait counts down from 60 s; a slow machine may spend a few of them between the two sends.
		$wait = (int) $reply->get_headers()['Retry-After'];
		$this->assertSame( 'Please wait ' . $wait . ' seconds before sending more emails', $reply->get_data()['message'] );
		$this->assertGreaterThan( 55, $wait );
		$this->assertLessThanOrEqual( 60, $wait );
		$this->assertCount( 1, $this->sent );
	}

	public function test_a_failed_send_is_recorded_uses_no_quota_and_starts_no_cooldown(): void {
		list( $owner, $item ) = $this->owner_with_item();
		add_filter( 'pre_wp_mail', static fn( $pre, $atts ) => 'bounce@example.com' === $atts['to'] ? false : $pre, 10, 2 );

		$partial = $this->share( $owner, $item, 'ok@example.com, bounce@example.com' );
		$this->assertSame( 200, $partial->get_status() );
		$this->assertSame( 'Sent to 1 of 2 recipients. See the history below for the ones that failed.', $partial->get_data()['data']['message'] );
		$this->assertSame( 99, $partial->get_data()['data']['daily_remaining'] );
		$results = array_column( $partial->get_data()['data']['mail_history'], 'accepted', 'email' );
		$this->assertSame( array( true, false ), array( $results['ok@example.com'], $results['bounce@example.com'] ) );

		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET next_send_at = 0', $wpdb->prefix . 'lp_mail_senders' ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3.
		$failed = $this->share( $owner, $item, 'bounce@example.com' );
		$this->assertSame( array( 502, 'mail_failed' ), array( $failed->get_status(), $failed->get_data()['error_code'] ) );
		$this->assertSame( 99, $failed->get_data()['data']['daily_remaining'] );
		$this->assertSame( 0, $failed->get_data()['data']['retry_after'], 'Nothing reached: no cooldown.' );
	}

	public function test_the_daily_quota_refuses_a_send_that_would_exceed_it(): void {
		list( $owner, $item ) = $this->owner_with_item();
		$this->services()->settings->update(
			array(
				'daily_quota'      => 3,
				'cooldown_seconds' => 0,
			)
		);
		$this->assertSame( 200, $this->share( $owner, $item, 'a@example.com, b@example.com' )->get_status() );

		$over = $this->share( $owner, $item, 'c@example.com, d@example.com' );
		$this->assertSame( array( 429, 'daily_limit', 'You can send to 1 more recipient today.' ), array( $over->get_status(), $over->get_data()['error_code'], $over->get_data()['message'] ) );
		$this->assertGreaterThan( DAY_IN_SECONDS - 5, (int) $over->get_headers()['Retry-After'] );
		$this->assertSame( 200, $this->share( $owner, $item, 'c@example.com' )->get_status() );
		$none = $this->share( $owner, $item, 'e@example.com' );
		$this->assertSame( "You have reached today's limit of 3 emails. Please try again in 24 hours.", $none->get_data()['message'] );
		$this->assertCount( 3, $this->sent );
	}
}
