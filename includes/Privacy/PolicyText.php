<?php
/**
 * The plugin's suggested text for the site's privacy policy.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Privacy;

/**
 * Settings → Privacy → Policy Guide lists what each plugin stores; this is what the portal
 * stores, who sees it, and what the export and erasure tools do with it.
 */
final class PolicyText {

	/**
	 * Hooks: WordPress collects the texts on admin_init.
	 */
	public function register(): void {
		add_action( 'admin_init', array( $this, 'add' ) );
	}

	/**
	 * Suggests the text.
	 */
	public function add(): void {
		if ( ! function_exists( 'wp_add_privacy_policy_content' ) ) {
			return;
		}
		wp_add_privacy_policy_content( __( 'Library Portal', 'library-portal' ), wp_kses_post( wpautop( self::text() ) ) );
	}

	/**
	 * The suggested text (plain paragraphs).
	 */
	public static function text(): string {
		return implode(
			"\n\n",
			array(
				__( 'When you use the training library, we store the licenses you bought or that a team owner shared with you, how far you watched each training, your test attempts with their answers and scores, your certificates, and the notifications of your library.', 'library-portal' ),
				__( 'When you share a license by e-mail, we store the addresses you invited and when, to send the invitation and to limit how many e-mails can be sent. The team owner who shared a license with you sees your name, e-mail address, progress and certificate for that training.', 'library-portal' ),
				__( 'Each certificate has a public verification page: anyone with its code sees the name on it, the training and the date.', 'library-portal' ),
				__( 'You can ask for an export of this data. If you ask for it to be erased, your progress, test attempts, notifications and share e-mail history are deleted and licenses shared with you that you have not started go back to their owners. Your certificates stay verifiable with their training and date but no longer show your name; licenses you bought and licenses you already started are kept, because others rely on them.', 'library-portal' ),
				__( 'This works for an e-mail address without an account too: if someone invited your address, sent you a share link or named you as a contract\'s organizer, an export lists those records and an erasure removes your address from them.', 'library-portal' ),
			)
		);
	}
}
