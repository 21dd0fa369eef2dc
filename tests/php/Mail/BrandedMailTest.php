<?php
/**
 * The plugin's mail as it leaves: the whole MIME message PHPMailer built and handed to the
 * transport, read back by a mail parser (Python's `email`, as the e2e tests read the sink's).
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Mail;

use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;
use PHPMailer\PHPMailer\PHPMailer;

/**
 * An invitation comes from the brand's name (the setting, else the site's name), as one HTML
 * layout with the logo, the brand's colour and a button, with a plain-text alternative holding
 * the address; WordPress's other mail keeps its own sender's name.
 */
final class BrandedMailTest extends TestCase {

	use ServesRequests;

	/**
	 * The mailers of the messages sent, to read their MIME message after the send.
	 *
	 * @var PHPMailer[]
	 */
	private array $mailers = array();

	public function set_up() {
		parent::set_up();
		$this->mailers = array();
		add_action(
			'phpmailer_init',
			function ( PHPMailer $mailer ) {
				$this->mailers[] = $mailer;
			},
			999
		);
		update_option( 'blogname', 'Harbor Learning & Co' );
	}

	/**
	 * The last message as sent, parsed: from, content type, the plain and HTML parts.
	 *
	 * @return array{from: string, type: string, text: string, html: string}
	 */
	private function last_sent(): array {
		$this->assertNotEmpty( $this->mailers, 'A message was sent.' );
		$mime  = end( $this->mailers )->getSentMIMEMessage();
		$parse = 'import email, email.policy, json, sys'
			. "\nm = email.message_from_string(sys.stdin.read(), policy=email.policy.default)"
			. "\nt = m.get_body(('plain',)); h = m.get_body(('html',))"
			. "\nprint(json.dumps({'from': str(m['from']), 'type': m.get_content_type(), 'text': t.get_content() if t else '', 'html': h.get_content() if h else ''}))";
		$file  = get_temp_dir() . 'lp-mail-' . wp_generate_password( 8, false ) . '.eml';
		file_put_contents( $file, $mime ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- the test's own temp file.
		exec( '/usr/bin/python3 -c ' . escapeshellarg( $parse ) . ' < ' . escapeshellarg( $file ), $output ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec -- the mail parser.
		wp_delete_file( $file );
		$json   = implode( "\n", $output );
		$parsed = json_decode( $json, true );
		$this->assertIsArray( $parsed, $json );
		return $parsed;
	}

	/**
	 * The owner invites one address by e-mail.
	 */
	private function invite(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Trauma-Informed Care' );
		Library::grant( $owner, $item, 3 );
		$reply = $this->send(
			'POST',
			'/library/v2/send-share-emails',
			$owner,
			array(
				'emails'     => 'new.person@example.org',
				'product_id' => $item,
			)
		);
		$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
	}

	public function test_an_invitation_comes_from_the_sites_name_as_a_branded_html_mail_with_a_plain_text_part(): void {
		$this->services()->settings->update(
			array(
				'brand' => 'summit',
				'logo'  => 'https://media.example.com/summit-logo.png',
			)
		);

		$this->invite();
		$mail = $this->last_sent();

		$this->assertStringStartsWith( 'Harbor Learning & Co <', $mail['from'], 'The site\'s name by default, not "WordPress".' );
		$this->assertSame( 'multipart/alternative', $mail['type'] );
		preg_match( '#https?://\S+/shareseats/[A-Za-z0-9_-]+/\S*#', $mail['text'], $link );
		$this->assertNotEmpty( $link, 'The plain-text part carries the address.' );
		$this->assertStringContainsString( 'has shared a license of "Trauma-Informed Care" with you.', $mail['text'] );

		$html = $mail['html'];
		$this->assertStringContainsString( '<meta name="viewport" content="width=device-width, initial-scale=1">', $html );
		$this->assertStringContainsString( '<img src="https://media.example.com/summit-logo.png" alt="Harbor Learning &amp; Co"', $html );
		$this->assertMatchesRegularExpression( '#<a href="' . preg_quote( esc_url( $link[0] ), '#' ) . '" style="[^"]*background:\#a84a17[^"]*">Open the invitation</a>#', $html, 'The link is a button in the brand\'s accent.' );
		// No raw address (nor any other long unbroken run) in the words a reader sees: it would widen the mail on a phone.
		$words   = preg_split( '/\s+/', wp_strip_all_tags( $html ) );
		$longest = max( array_map( 'mb_strlen', false === $words ? array() : $words ) );
		$this->assertLessThanOrEqual( 40, $longest, 'Longest unbroken text: ' . $longest . ' characters.' );
		$this->assertStringContainsString( 'max-width:600px', $html );
	}

	public function test_the_from_name_setting_names_the_plugins_mail_only(): void {
		$this->services()->settings->update( array( 'mail_from_name' => "Harbor Training\r\nBcc: x@example.com" ) );
		$this->assertSame( 'Harbor Training Bcc: x@example.com', $this->services()->settings->get( 'mail_from_name' ), 'One line: no header of its own.' );
		$this->services()->settings->update( array( 'mail_from_name' => 'Harbor Training' ) );

		$this->invite();
		$this->assertStringStartsWith( 'Harbor Training <', $this->last_sent()['from'] );

		// WordPress's own mail (here a plain wp_mail of another part of the site) keeps its sender and type.
		wp_mail( 'someone@example.org', 'Hello', 'Plain words.' );
		$other = $this->last_sent();
		$this->assertStringStartsWith( 'WordPress <', $other['from'] );
		$this->assertSame( 'text/plain', $other['type'] );
		$this->assertFalse( has_filter( 'wp_mail_from_name' ), 'Nothing of ours is left hooked.' );
	}
}
