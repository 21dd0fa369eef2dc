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
use LibraryPortal\Platform\Rest\RawBody;
use LibraryPortal\Platform\View;

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
		if ( null !== $reply->view ) {
			// The page is printed by its view, escaped as it prints (the body held the same for the tests).
			View::render( $reply->view, $reply->args );
		} elseif ( '' !== $reply->body ) {
			RawBody::send( $reply->body, $reply->headers['Content-Type'] ?? '' );
		}
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
			return $this->not_found();
		}
		$fields = $this->fields( $certificate );
		$body   = $this->pdf->render(
			array(
				'name'       => $fields['name'],
				'training'   => $fields['training'],
				'date'       => $fields['date'],
				'credits'    => $fields['credits'],
				'course'     => $fields['course'],
				'code'       => $certificate->code,
				'verify_url' => CertificateLinks::verify_url( $certificate->code ),
				'site'       => wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES ),
			),
			CertificateDesign::printable( $this->settings->brand(), CertificateDesign::for_item( $this->settings->brand(), $certificate->product_id ) )
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
			return $this->not_found();
		}
		return $this->page( 200, __( 'Certificate check', 'library-portal' ), '', array( 'revoked' => $certificate->is_revoked() ) + $this->fields( $certificate ) );
	}

	/**
	 * The same 404 page for an unknown code and a certificate this user may not download.
	 */
	private function not_found(): PageReply {
		return $this->page( 404, __( 'Certificate not found', 'library-portal' ), __( 'No certificate with this code.', 'library-portal' ), null );
	}

	/**
	 * What a certificate shows: the holder's name (empty after a personal data erasure), the
	 * training and the date (plain text).
	 *
	 * @param Certificate $certificate Certificate.
	 * @return array{name: string, training: string, date: string, credits: string, course: string}
	 */
	private function fields( Certificate $certificate ): array {
		$user = get_userdata( $certificate->user_id );
		return array(
			'name'     => $user && $this->names->shows_name( $certificate ) ? People::clean_text( (string) $user->display_name ) : '',
			'training' => wp_specialchars_decode( (string) get_post_field( 'post_title', $certificate->product_id, 'raw' ), ENT_QUOTES ),
			'date'     => (string) wp_date( (string) get_option( 'date_format', 'F j, Y' ), $certificate->issued_at ),
			// What the item states for an accreditor today (ItemFields): the certificate shows it.
			'credits'  => (string) get_post_meta( $certificate->product_id, '_lp_credits', true ),
			'course'   => (string) get_post_meta( $certificate->product_id, '_lp_course_code', true ),
		);
	}

	/**
	 * A small standalone HTML page in the brand's look (its logo or name leading to the site, its
	 * colours), with a way back: the learner's library when logged in, else the site's home. Kept
	 * out of search engines; the code in its address is not passed on to other sites. Printed by
	 * views/verify-page.php.
	 *
	 * @param int                                                                 $status      HTTP status.
	 * @param string                                                              $heading     Heading (plain text).
	 * @param string                                                              $message     Message (plain text), shown when there is no certificate.
	 * @param array{revoked: bool, name: string, training: string, date: string, credits: string, course: string}|null $certificate What the certificate shows.
	 */
	private function page( int $status, string $heading, string $message, ?array $certificate ): PageReply {
		$site = wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES );
		$home = home_url( '/' );
		$args = array(
			'lang'        => (string) get_bloginfo( 'language' ),
			'heading'     => $heading,
			'site'        => $site,
			'logo'        => $this->settings->logo(),
			'home'        => $home,
			'brand'       => BrandPalette::of( $this->settings->brand() ),
			'back_url'    => is_user_logged_in() ? home_url( '/' . Routes::PORTAL_PATH . '/' ) : $home,
			/* translators: %s: site name. */
			'back_text'   => is_user_logged_in() ? __( 'Back to your library', 'library-portal' ) : sprintf( __( 'Go to %s', 'library-portal' ), $site ),
			'message'     => $message,
			'certificate' => $certificate,
		);
		$view = __DIR__ . '/views/verify-page.php';
		return new PageReply(
			$status,
			array(
				'Content-Type'           => 'text/html; charset=utf-8',
				'X-Content-Type-Options' => 'nosniff',
				'X-Robots-Tag'           => 'noindex, nofollow',
				'Referrer-Policy'        => 'no-referrer',
				'Cache-Control'          => 'no-cache, must-revalidate, max-age=0',
			),
			View::html( $view, $args ),
			$view,
			$args
		);
	}
}
