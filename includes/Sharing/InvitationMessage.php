<?php
/**
 * The share invitation e-mail.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Sharing;

use LibraryPortal\Core\Site\BrandedMail;

/**
 * Subject, HTML and plain text of one invitation. Every value is escaped for where it goes;
 * the subject holds only the site's and the catalogue's words, never the sharer's. The sharer's
 * name comes cleaned (Notifications\PersonName), and the mail says which account on which site
 * sent it, so a name cannot pass for the site's own words.
 */
final class InvitationMessage {

	/**
	 * Builds the message.
	 *
	 * @param string $sharer_name Sharer's display name (plain text).
	 * @param string $title       Item title (plain text).
	 * @param string $link        Signed invite link.
	 * @param string $valid_until Date the link stops working, formatted.
	 * @param string $site_name   Site name (plain text).
	 * @param string $account     The sending account's e-mail address.
	 * @param string $site_url    The site's address.
	 * @param bool   $can_sign_up Whether a recipient without an account can make one on the way
	 *                            (registration open, or InviteAccount offered).
	 */
	public function __construct(
		private readonly string $sharer_name,
		private readonly string $title,
		private readonly string $link,
		private readonly string $valid_until,
		private readonly string $site_name,
		private readonly string $account,
		private readonly string $site_url,
		private readonly bool $can_sign_up = true
	) {}

	/**
	 * The subject line: one line, no sharer's text.
	 */
	public function subject(): string {
		/* translators: 1: site name, 2: training title. */
		$subject = sprintf( __( '[%1$s] A license of "%2$s" is waiting for you', 'library-portal' ), $this->site_name, $this->title );
		return trim( (string) preg_replace( '/[\r\n\t]+/', ' ', $subject ) );
	}

	/**
	 * The HTML part, in the brand's layout: the link is the button (the plain-text part carries
	 * the address itself).
	 *
	 * @param BrandedMail $mail The plugin's mail layout.
	 */
	public function html( BrandedMail $mail ): string {
		return $mail->html(
			$this->subject(),
			array(
				/* translators: 1: sharer's name, 2: training title. */
				sprintf( __( '%1$s has shared a license of "%2$s" with you.', 'library-portal' ), $this->sharer_name, $this->title ),
				$this->how_to_accept(),
			),
			__( 'Open the invitation', 'library-portal' ),
			$this->link,
			array(
				/* translators: %s: date. */
				sprintf( __( 'The link works until %s.', 'library-portal' ), $this->valid_until ),
				$this->sent_by(),
			)
		);
	}

	/**
	 * The plain-text part.
	 */
	public function text(): string {
		return implode(
			"\n\n",
			array(
				/* translators: 1: sharer's name, 2: training title. */
				sprintf( __( '%1$s has shared a license of "%2$s" with you.', 'library-portal' ), $this->sharer_name, $this->title ),
				$this->how_to_accept(),
				$this->link,
				/* translators: %s: date. */
				sprintf( __( 'The link works until %s.', 'library-portal' ), $this->valid_until ),
				$this->sent_by(),
			)
		) . "\n";
	}

	/**
	 * How to accept, and what someone without an account does (follows the site's registration
	 * and the setting invite_accounts).
	 */
	private function how_to_accept(): string {
		return $this->can_sign_up
			? __( 'Open the invitation to add the training to your library. If you have no account yet, you can create one on the way.', 'library-portal' )
			: __( 'Open the invitation to add the training to your library. You need an account on this site with this e-mail address: if you have none, ask the person who shared the training with you to have one made for you.', 'library-portal' );
	}

	/**
	 * Which account on which site sent the invitation.
	 */
	private function sent_by(): string {
		/* translators: 1: the sender's account (e-mail address), 2: site name, 3: site address. */
		return sprintf( __( 'Sent by the account %1$s on %2$s (%3$s). The name above is the one that account chose.', 'library-portal' ), $this->account, $this->site_name, $this->site_url );
	}
}
