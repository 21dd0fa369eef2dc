<?php
/**
 * The certificate's download and its public verify page.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Certificates;

use LibraryPortal\Core\People\People;
use LibraryPortal\Core\Quizzes\QuizService;
use LibraryPortal\Core\Rows\Certificate;
use LibraryPortal\Core\Rows\CertificateLinks;
use LibraryPortal\Core\Rows\CertificateNames;
use LibraryPortal\Core\Rows\CertificateRepository;
use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\BrandPalette;
use LibraryPortal\Core\Site\Routes;

/**
 * Serves `/certificate/{code}/download` (the PDF, for its holder and the owner who shared the
 * seat) and `/certificate/verify/{code}` (public: valid or revoked, name, training, date and
 * nothing more). The rewrite rules live with the portal's in Frontend/Routes.
 */
final class CertificatePages {

	/**
	 * Builds the pages.
	 *
	 * @param CertificateRepository $certificates Certificates.
	 * @param QuizService           $quizzes      Who may download.
	 * @param CertificatePdf        $pdf          PDF writer.
	 * @param CertificateNames      $names        Whether a certificate still shows its holder's name.
	 * @param Settings              $settings     Settings (the brand's logo and colours of the verify page).
	 */
	public function __construct(
		private readonly CertificateRepository $certificates,
		private readonly QuizService $quizzes,
		private readonly CertificatePdf $pdf,
		private readonly CertificateNames $names = new CertificateNames(),
		private readonly Settings $settings = new Settings()
	) {}

	/**
	 * Hooks: before redirect_canonical (priority 10) can touch the address.
	 */
	public function register(): void {
		add_action( 'template_redirect', array( $this, 'serve' ), 1 );
	}

	/**
	 * Answers a certificate address and ends the request; anything else passes by.
	 */
	public function serve(): void {
		$code = (string) get_query_var( Routes::CERTIFICATE_VAR );
		if ( '' === $code ) {
			return;
		}
		$reply = 'download' === get_query_var( Routes::CERTIFICATE_ACTION_VAR )
			? $this->download( $code, get_current_user_id() )
			: $this->verify( $code );
		status_header( $reply->status );
		foreach ( $reply->headers as $name => $value ) {
			header( $name . ': ' . $value );
		}
		echo $reply->body; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a PDF, or HTML escaped where it is built.
		exit;
	}

	/**
	 * The PDF for the holder or the owner who shared the seat; logged out: to the login and
	 * back; anyone else: 404, the same as an unknown code.
	 *
	 * @param string $code    Verification code.
	 * @param int    $user_id Current user (0: logged out).
	 */
	public function download( string $code, int $user_id ): PageReply {
		if ( $user_id <= 0 ) {
			return new PageReply(
				302,
				array(
					'Location'      => wp_login_url( CertificateLinks::download_url( $code ) ),
					'Cache-Control' => 'no-store, private',
				),
				''
			);
		}
		$certificate = $this->certificates->find_by_code( $code );
		if ( null === $certificate || ! $this->quizzes->may_download( $certificate, $user_id ) ) {
			return $this->page( 404, __( 'Certificate not found', 'library-portal' ), '<p>' . esc_html__( 'No certificate with this code.', 'library-portal' ) . '</p>' );
		}
		$fields = $this->fields( $certificate );
		$body   = $this->pdf->render(
			array(
				'name'       => $fields['name'],
				'training'   => $fields['training'],
				'date'       => $fields['date'],
				'code'       => $certificate->code,
				'verify_url' => CertificateLinks::verify_url( $certificate->code ),
				'site'       => wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES ),
			)
		);
		return new PageReply(
			200,
			array(
				'Content-Type'           => 'application/pdf',
				'Content-Disposition'    => 'inline; filename="certificate-' . $certificate->code . '.pdf"',
				'Content-Length'         => (string) strlen( $body ),
				'X-Content-Type-Options' => 'nosniff',
				'Cache-Control'          => 'no-store, private',
				'X-Robots-Tag'           => 'noindex, nofollow',
			),
			$body
		);
	}

	/**
	 * The public verify page. Codes are read in capitals, so a code typed in lower case works.
	 *
	 * @param string $code Verification code.
	 */
	public function verify( string $code ): PageReply {
		$certificate = $this->certificates->find_by_code( strtoupper( $code ) );
		if ( null === $certificate ) {
			return $this->page( 404, __( 'Certificate not found', 'library-portal' ), '<p>' . esc_html__( 'No certificate with this code.', 'library-portal' ) . '</p>' );
		}
		// No name row once the holder had their name erased (the rest stays verifiable).
		$fields = $this->fields( $certificate );
		$status = $certificate->is_revoked()
			? '<p class="lp-verify__status lp-verify__status--revoked"><strong>' . esc_html__( 'Revoked', 'library-portal' ) . '</strong> ' . esc_html__( 'This certificate was revoked and is no longer valid.', 'library-portal' ) . '</p>'
			: '<p class="lp-verify__status lp-verify__status--valid"><strong>' . esc_html__( 'Valid', 'library-portal' ) . '</strong> ' . esc_html__( 'This certificate is genuine.', 'library-portal' ) . '</p>';
		$facts  = '<dl>'
			. ( '' !== $fields['name'] ? '<dt>' . esc_html__( 'Name', 'library-portal' ) . '</dt><dd>' . esc_html( $fields['name'] ) . '</dd>' : '' )
			. '<dt>' . esc_html__( 'Training', 'library-portal' ) . '</dt><dd>' . esc_html( $fields['training'] ) . '</dd>'
			. '<dt>' . esc_html__( 'Date', 'library-portal' ) . '</dt><dd>' . esc_html( $fields['date'] ) . '</dd>'
			. '</dl>';
		return $this->page( 200, __( 'Certificate check', 'library-portal' ), $status . $facts );
	}

	/**
	 * What a certificate shows: the holder's name (empty after a personal data erasure), the
	 * training and the date (plain text).
	 *
	 * @param Certificate $certificate Certificate.
	 * @return array{name: string, training: string, date: string}
	 */
	private function fields( Certificate $certificate ): array {
		$user = get_userdata( $certificate->user_id );
		return array(
			'name'     => $user && $this->names->shows_name( $certificate ) ? People::clean_text( (string) $user->display_name ) : '',
			'training' => wp_specialchars_decode( (string) get_post_field( 'post_title', $certificate->product_id, 'raw' ), ENT_QUOTES ),
			'date'     => (string) wp_date( (string) get_option( 'date_format', 'F j, Y' ), $certificate->issued_at ),
		);
	}

	/**
	 * A small standalone HTML page in the brand's look (its logo or name leading to the site, its
	 * colours), with a way back: the learner's library when logged in, else the site's home. Kept
	 * out of search engines; the code in its address is not passed on to other sites.
	 *
	 * @param int    $status  HTTP status.
	 * @param string $heading Heading (plain text).
	 * @param string $html    Body, escaped by the caller.
	 */
	private function page( int $status, string $heading, string $html ): PageReply {
		$site  = wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES );
		$brand = BrandPalette::of( $this->settings->brand() );
		$logo  = $this->settings->logo();
		$home  = home_url( '/' );
		$mark  = '' !== $logo
			? '<img src="' . esc_url( $logo ) . '" alt="' . esc_attr( $site ) . '" height="48">'
			: esc_html( $site );
		$back  = is_user_logged_in()
			? '<a href="' . esc_url( home_url( '/' . Routes::PORTAL_PATH . '/' ) ) . '">' . esc_html__( 'Back to your library', 'library-portal' ) . '</a>'
			/* translators: %s: site name. */
			: '<a href="' . esc_url( $home ) . '">' . esc_html( sprintf( __( 'Go to %s', 'library-portal' ), $site ) ) . '</a>';
		$style = 'body{font:16px/1.5 ' . $brand['font'] . ';color:' . $brand['text'] . ';background:' . $brand['page'] . ';margin:0;padding:0 1rem}'
			. 'header{max-width:40rem;margin:2rem auto 1rem}.lp-verify__brand{display:inline-block;color:' . $brand['heading'] . ';font-size:1.25rem;font-weight:700;text-decoration:none}'
			. '.lp-verify__brand img{display:block;height:48px;width:auto;max-width:100%}'
			. 'main{max-width:36rem;margin:0 auto 2rem;background:#fff;padding:2rem;border-radius:8px;border-top:4px solid ' . $brand['heading'] . ';box-shadow:0 1px 3px rgba(0,0,0,.15);overflow-wrap:anywhere}'
			. 'h1{font-size:1.5rem;margin-top:0;color:' . $brand['heading'] . '}a{color:' . $brand['link'] . '}a:focus-visible{outline:2px solid ' . $brand['heading'] . ';outline-offset:2px}'
			. '.lp-verify__status{padding:.75rem 1rem;border-radius:4px}.lp-verify__status--valid{background:#edfaef;border-left:4px solid #00a32a}.lp-verify__status--revoked{background:#fcf0f1;border-left:4px solid #d63638}'
			. 'dt{font-weight:600;margin-top:.75rem}dd{margin:0}.lp-verify__back{margin:1.5rem 0 0}';
		$body  = '<!DOCTYPE html><html lang="' . esc_attr( (string) get_bloginfo( 'language' ) ) . '"><head><meta charset="utf-8">'
			. '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">'
			. '<title>' . esc_html( $heading . ' – ' . $site ) . '</title>'
			. '<style>' . $style . '</style>'
			. '</head><body><header><a class="lp-verify__brand" href="' . esc_url( $home ) . '">' . $mark . '</a></header>'
			. '<main><h1>' . esc_html( $heading ) . '</h1>' . $html
			. '<p class="lp-verify__back">' . $back . '</p></main></body></html>';
		return new PageReply(
			$status,
			array(
				'Content-Type'           => 'text/html; charset=utf-8',
				'X-Content-Type-Options' => 'nosniff',
				'X-Robots-Tag'           => 'noindex, nofollow',
				'Referrer-Policy'        => 'no-referrer',
				'Cache-Control'          => 'no-cache, must-revalidate, max-age=0',
			),
			$body
		);
	}
}
