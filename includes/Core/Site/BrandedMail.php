<?php
/**
 * The plugin's own e-mail: one branded layout and one way to send it.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Site;

use LibraryPortal\Core\Settings;
use PHPMailer\PHPMailer\PHPMailer;

/**
 * Every mail the plugin writes itself (invitations and notices) is laid out and sent here: the
 * brand's logo and colours, the text, one button for the link, a small print; a plain-text
 * alternative part; the brand's name as the sender's name. The layout is one column of at most
 * 600 px that shrinks to a phone's width: no raw address is printed in the HTML part (a long
 * link would widen it), the plain-text part carries it. The sender's name and the plain-text
 * part are set only while one of these mails is handed to wp_mail(), so WordPress's own mail
 * and other plugins' mail keep theirs
 * (docs/rules/notifications-and-mail.md, "The brand in mail, at the login and on the verify page").
 */
final class BrandedMail {

	/**
	 * Settings (brand, logo, sender's name).
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Wires the mail.
	 *
	 * @param Settings $settings Settings.
	 */
	public function __construct( Settings $settings ) {
		$this->settings = $settings;
	}

	/**
	 * The name the plugin's mail comes from: the setting, else the site's name (as WooCommerce
	 * does for its own mail).
	 */
	public function from_name(): string {
		$name = trim( (string) $this->settings->get( 'mail_from_name' ) );
		if ( '' === $name ) {
			$name = wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES );
		}
		// One header line: no line breaks, whatever a site name holds.
		return trim( (string) preg_replace( '/[\r\n\t]+/', ' ', $name ) );
	}

	/**
	 * The HTML part: the layout around plain-text paragraphs, one button and the small print.
	 * Every value is escaped here; callers pass plain text.
	 *
	 * @param string   $title        The mail's subject (the document's title).
	 * @param string[] $paragraphs   Body paragraphs (plain text).
	 * @param string   $button_label The button's words.
	 * @param string   $button_url   Where the button leads.
	 * @param string[] $small_print  Paragraphs after the button, in small type (plain text).
	 */
	public function html( string $title, array $paragraphs, string $button_label, string $button_url, array $small_print = array() ): string {
		$brand  = BrandPalette::of( $this->settings->brand() );
		$name   = $this->from_name();
		$logo   = $this->settings->logo();
		$header = '' !== $logo
			? '<img src="' . esc_url( $logo ) . '" alt="' . esc_attr( $name ) . '" height="40" style="display:block;height:40px;width:auto;max-width:100%;border:0">'
			: '<span style="font-size:20px;font-weight:700;color:' . $brand['heading'] . '">' . esc_html( $name ) . '</span>';
		$text   = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:' . $brand['text'];
		$small  = 'margin:0 0 8px;font-size:13px;line-height:1.5;color:' . $brand['muted'];

		$body = '';
		foreach ( $paragraphs as $paragraph ) {
			$body .= '<p style="' . $text . '">' . esc_html( $paragraph ) . '</p>';
		}
		$body .= '<p style="margin:24px 0">'
			. '<a href="' . esc_url( $button_url ) . '" style="display:inline-block;padding:12px 24px;background:' . $brand['accent'] . ';color:#ffffff;font-size:16px;font-weight:700;text-decoration:none;border-radius:' . $brand['radius'] . '">'
			. esc_html( $button_label ) . '</a></p>';
		foreach ( $small_print as $paragraph ) {
			$body .= '<p style="' . $small . '">' . esc_html( $paragraph ) . '</p>';
		}

		return '<!doctype html><html lang="' . esc_attr( str_replace( '_', '-', determine_locale() ) ) . '"><head><meta charset="utf-8">'
			. '<meta name="viewport" content="width=device-width, initial-scale=1">'
			. '<title>' . esc_html( $title ) . '</title></head>'
			. '<body style="margin:0;padding:0;background:' . $brand['page'] . ';font-family:' . esc_attr( $brand['font'] ) . '">'
			. '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:' . $brand['page'] . '"><tr><td align="center" style="padding:16px 8px">'
			. '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;border-top:4px solid ' . $brand['heading'] . '">'
			. '<tr><td style="padding:20px 24px 8px">' . $header . '</td></tr>'
			// Long words (a title, an address in the small print) wrap instead of widening the mail.
			. '<tr><td style="padding:8px 24px 24px;overflow-wrap:anywhere;word-break:break-word">' . $body . '</td></tr>'
			. '</table></td></tr></table></body></html>';
	}

	/**
	 * Sends one mail as HTML with its plain-text part, from the brand's name; whether wp_mail()
	 * accepted it. The two hooks live only for this call.
	 *
	 * @param string $to      Recipient (a validated address).
	 * @param string $subject Subject (one line).
	 * @param string $html    The HTML part (html()).
	 * @param string $text    The plain-text part.
	 */
	public function send( string $to, string $subject, string $html, string $text ): bool {
		$from_name  = $this->from_name();
		$name       = static fn(): string => $from_name;
		$plain_text = static function ( PHPMailer $mailer ) use ( $text ): void {
			$mailer->AltBody = $text; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
		};
		add_filter( 'wp_mail_from_name', $name );
		add_action( 'phpmailer_init', $plain_text );
		try {
			return (bool) wp_mail( $to, $subject, $html, array( 'Content-Type: text/html; charset=UTF-8' ) );
		} finally {
			remove_filter( 'wp_mail_from_name', $name );
			remove_action( 'phpmailer_init', $plain_text );
		}
	}
}
