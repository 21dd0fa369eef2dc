<?php
/**
 * Addresses of a certificate.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

use LibraryPortal\Core\Site\SiteDate;

/**
 * The download and verify addresses (rewrite rules in Frontend/Routes) and the contract's
 * Certificate object.
 */
final class CertificateLinks {

	/**
	 * The PDF: holder and sharing owner only (CertificatePages).
	 *
	 * @param string $code Verification code.
	 */
	public static function download_url( string $code ): string {
		return home_url( '/certificate/' . rawurlencode( $code ) . '/download' );
	}

	/**
	 * The public verify page.
	 *
	 * @param string $code Verification code.
	 */
	public static function verify_url( string $code ): string {
		return home_url( '/certificate/verify/' . rawurlencode( $code ) );
	}

	/**
	 * The contract's Certificate object.
	 *
	 * @param Certificate $certificate Certificate.
	 * @return array{code: string, issued_at: int, issued_date: string, download_url: string, verify_url: string}
	 */
	public static function reply( Certificate $certificate ): array {
		return array(
			'code'         => $certificate->code,
			'issued_at'    => $certificate->issued_at,
			'issued_date'  => SiteDate::date( $certificate->issued_at ),
			'download_url' => self::download_url( $certificate->code ),
			'verify_url'   => self::verify_url( $certificate->code ),
		);
	}

	/**
	 * A holder's certificate as a team row's `video_data` carries it (Share Details, the team
	 * screens): its PDF link, false without one, and when it was earned, 0 without one.
	 *
	 * @param Certificate|null $certificate Valid certificate, or null.
	 * @return array{pdf: string|false, completed_at: int, completed_date: string}
	 */
	public static function row_fields( ?Certificate $certificate ): array {
		return array(
			'pdf'            => $certificate ? self::download_url( $certificate->code ) : false,
			'completed_at'   => $certificate ? $certificate->issued_at : 0,
			'completed_date' => $certificate ? SiteDate::date( $certificate->issued_at ) : '',
		);
	}
}
