<?php
/**
 * Whether a certificate still shows its holder's name.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

/**
 * A personal data erasure keeps the certificates (their code, training and date are public
 * proof), but the name they print comes from the account: from the erasure on, certificates
 * issued up to that moment print no name. The time lives in the holder's user meta, so it
 * goes with the account (and a certificate earned later prints the name again). User meta is
 * shared by every site of a network, so the key carries the site's table prefix, as
 * update_user_option() does: an erasure on one site leaves the other sites' certificates alone
 * (docs/rules/platform.md, "Multisite").
 */
final class CertificateNames {

	/**
	 * User meta (after the site's table prefix): Unix seconds of the last erasure request that
	 * hid the name. Before sites kept their own, the key had no prefix: a single site still reads it.
	 */
	public const USER_META = 'library_portal_certificate_name_erased_at';

	/**
	 * Hides the user's name on this site's certificates issued until now.
	 *
	 * @param int $user_id User.
	 * @param int $now     Unix seconds.
	 */
	public function hide( int $user_id, int $now ): void {
		update_user_option( $user_id, self::USER_META, $now );
	}

	/**
	 * Whether a certificate of this site prints its holder's name.
	 *
	 * @param Certificate $certificate Certificate.
	 */
	public function shows_name( Certificate $certificate ): bool {
		global $wpdb;
		$erased_at = (int) get_user_meta( $certificate->user_id, $wpdb->get_blog_prefix() . self::USER_META, true );
		if ( 0 === $erased_at && ! is_multisite() ) {
			$erased_at = (int) get_user_meta( $certificate->user_id, self::USER_META, true );
		}
		return 0 === $erased_at || $certificate->issued_at > $erased_at;
	}
}
