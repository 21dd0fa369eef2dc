<?php
/**
 * A person's display name in the invitation mail and in notifications.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Sharing;

use LibraryPortal\Core\People\PersonName;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * A name goes into the site's own sentences cut to 60 characters, without addresses or line
 * breaks, and the mail says which account on which site sent it (docs/rules/seats-and-sharing.md, "Sharing seats").
 */
final class NamesInMessagesTest extends TestCase {

	use ServesRequests;

	/**
	 * A name written to look like the site speaking, with an address and a second line.
	 */
	private const PHISHING = "IT Support: your account expires, log in at https://evil.example/login?u=1 to keep it.\nRegards, www.evil.example team";

	/**
	 * What is left of PHISHING: no address, one line, 60 characters with the ellipsis.
	 */
	private const CLEANED = 'IT Support: your account expires, log in at to keep it. Reg…';

	/**
	 * Messages PHPMailer was about to send.
	 *
	 * @var array<int, array{subject: string, html: string, text: string}>
	 */
	private array $sent = array();

	public function set_up() {
		parent::set_up();
		$this->sent = array();
		add_action(
			'phpmailer_init',
			function ( $mailer ) {
				$this->sent[] = array(
					'subject' => $mailer->Subject, // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
					'html'    => $mailer->Body, // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
					'text'    => $mailer->AltBody, // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
				);
			},
			99
		);
	}

	/**
	 * A user whose display name is written straight into the table (as an import would: WordPress's
	 * own forms strip line breaks).
	 *
	 * @param string $name  Display name.
	 * @param string $email Address.
	 */
	private function person( string $name, string $email = '' ): int {
		global $wpdb;
		$user = $this->make_user( 'subscriber', '' !== $email ? array( 'user_email' => $email ) : array() );
		$wpdb->update( $wpdb->users, array( 'display_name' => $name ), array( 'ID' => $user ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the worst case a name can be.
		clean_user_cache( $user );
		return $user;
	}

	/**
	 * The newest notification of a user.
	 *
	 * @param int $user User.
	 * @return array<string, mixed>
	 */
	private function newest_notification( int $user ): array {
		return $this->send( 'GET', '/library/v2/notifications', $user )->get_data()['data']['notifications'][0];
	}

	public function test_the_invitation_mail_quotes_a_cleaned_name_and_says_which_account_on_which_site_sent_it(): void {
		$owner = $this->person( self::PHISHING, 'olivia@example.com' );
		$this->person( 'Max Member', 'max@example.com' );
		$item = Library::item( 'Negotiation' );
		Library::grant( $owner, $item, 2 );
		update_option( 'blogname', 'Harbor Training' );

		$reply = $this->send(
			'POST',
			'/library/v2/send-share-emails',
			$owner,
			array(
				'emails'     => 'max@example.com',
				'product_id' => $item,
			)
		);

		$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
		$this->assertCount( 1, $this->sent );
		$mail = $this->sent[0];
		foreach ( array( 'html', 'text' ) as $part ) {
			$this->assertStringNotContainsString( 'evil.example', $mail[ $part ], $part );
			$this->assertStringNotContainsString( 'Regards,', $mail[ $part ], "$part: cut to 60 characters." );
			$this->assertStringContainsString( 'Sent by the account olivia@example.com on Harbor Training (' . home_url( '/' ) . '). The name above is the one that account chose.', $mail[ $part ], $part );
		}
		$this->assertStringContainsString( self::CLEANED . ' has shared a license of "Negotiation" with you.', $mail['text'] );
		$this->assertStringContainsString( esc_html( self::CLEANED ) . ' has shared a license', $mail['html'] );

		$received = $this->newest_notification( (int) get_user_by( 'email', 'max@example.com' )->ID );
		$this->assertSame( array( 'share_received', self::CLEANED . ' shared "Negotiation" with you. Open the invitation in your email to add it to your library.' ), array( $received['type'], $received['message'] ) );
	}

	public function test_notifications_to_the_sharer_quote_cleaned_names(): void {
		$owner  = $this->make_user();
		$member = $this->person( self::PHISHING );
		$late   = $this->person( "Lena\r\nhttp://evil.example Late" );
		$item   = Library::item( 'Leadership' );
		Library::grant( $owner, $item, 1 );
		$link = $this->send( 'POST', '/library/v2/share-link/' . $item, $owner )->get_data()['data']['link'];
		preg_match( '#/shareseats/([A-Za-z0-9_-]+)/$#', $link, $match );

		$this->assertSame( 200, $this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $match[1] ) )->get_status() );
		$accepted = $this->newest_notification( $owner );
		$this->assertSame( array( 'share_accepted', self::CLEANED . ' accepted your share of "Leadership".' ), array( $accepted['type'], $accepted['message'] ) );

		$this->assertSame( 200, $this->send( 'POST', '/library/v2/request-license', $late, array( 'encoded' => $match[1] ) )->get_status() );
		$requested = $this->newest_notification( $owner );
		$this->assertSame( 'license_request', $requested['type'] );
		$this->assertStringStartsWith( 'Lena Late (', $requested['message'] );
	}

	/**
	 * Look-alikes of an address's characters used to pass the cleaning.
	 *
	 * @dataProvider look_alike_addresses
	 *
	 * @param string $typed As typed.
	 */
	public function test_look_alike_addresses_are_folded_and_removed( string $typed ): void {
		$this->assertSame( 'Ann', PersonName::clean( $typed ) );
	}

	/**
	 * Names hiding an address behind look-alike characters.
	 *
	 * @return array<string, array{0: string}>
	 */
	public static function look_alike_addresses(): array {
		return array(
			'ideographic full stop'           => array( "Ann evil\u{3002}example" ),
			'full-width letters and stop'     => array( "Ann \u{FF45}\u{FF56}\u{FF49}\u{FF4C}\u{FF0E}\u{FF43}\u{FF4F}\u{FF4D}" ),
			'half-width ideographic stop'     => array( "Ann evil\u{FF61}example/login" ),
			'one dot leader'                  => array( "Ann evil\u{2024}com" ),
			'full-width at sign'              => array( "Ann ann\u{FF20}evil\u{3002}example" ),
			'full-width scheme'               => array( "Ann \u{FF48}\u{FF54}\u{FF54}\u{FF50}\u{FF53}\u{FF1A}//evil.example" ),
			'www with ideographic full stops' => array( "Ann www\u{3002}evil\u{3002}example" ),
		);
	}

	/**
	 * Through the route: the invitation mail and the recipient's notification carry no look-alike
	 * address either.
	 */
	public function test_the_invitation_mail_drops_look_alike_addresses(): void {
		$owner = $this->person( "Ann \u{FF45}\u{FF56}\u{FF49}\u{FF4C}\u{FF0E}\u{FF43}\u{FF4F}\u{FF4D} or evil\u{3002}example/login", 'ann@example.com' );
		$this->person( 'Max Member', 'max.look@example.com' );
		$item = Library::item( 'Look-alikes' );
		Library::grant( $owner, $item, 2 );

		$reply = $this->send(
			'POST',
			'/library/v2/send-share-emails',
			$owner,
			array(
				'emails'     => 'max.look@example.com',
				'product_id' => $item,
			)
		);

		$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
		$this->assertCount( 1, $this->sent );
		foreach ( array( 'html', 'text' ) as $part ) {
			$this->assertStringContainsString( 'Ann or has shared a license of', $this->sent[0][ $part ], $part );
			foreach ( array( "\u{FF45}\u{FF56}\u{FF49}\u{FF4C}", "evil\u{3002}", 'evil.com', 'evil.example' ) as $address ) {
				$this->assertStringNotContainsString( $address, $this->sent[0][ $part ], $part );
			}
		}
		$received = $this->newest_notification( (int) get_user_by( 'email', 'max.look@example.com' )->ID );
		$this->assertStringStartsWith( 'Ann or shared "Look-alikes" with you.', $received['message'] );
	}

	public function test_the_cleaning_keeps_ordinary_names_and_falls_back_to_the_login(): void {
		$this->assertSame( 'Dr. Ann Lee-Smith', PersonName::clean( 'Dr. Ann Lee-Smith' ) );
		$this->assertSame( 'José Ñúñez O\'Brien', PersonName::clean( "José\u{2028}Ñúñez\tO'Brien" ) );
		$this->assertSame( 'Ann Lee', PersonName::clean( "Ann\u{0007}Lee\u{001B}" ), 'Other control characters (a bell, an escape) become spaces too.' );
		$this->assertSame( 'Ann', PersonName::clean( 'Ann ann@evil.example' ) );
		$this->assertSame( 'Ann', PersonName::clean( 'Ann evil.example/reset 10.0.0.1/x' ) );
		$this->assertSame( 60, mb_strlen( PersonName::clean( str_repeat( 'é', 80 ) ) ) );
		$this->assertSame( str_repeat( 'a', 60 ), PersonName::clean( str_repeat( 'a', 60 ) ), 'Exactly 60 is not cut.' );

		$user = get_userdata( $this->person( 'https://evil.example' ) );
		$this->assertSame( PersonName::clean( $user->user_login ), PersonName::of_user( $user ) );
	}
}
