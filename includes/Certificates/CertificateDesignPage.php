<?php
/**
 * Training Library → Certificates.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Certificates;

use InvalidArgumentException;
use LibraryPortal\Core\Rows\CertificateLinks;
use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\AdminScreens;
use LibraryPortal\Platform\Admin\AdminNotice;
use LibraryPortal\Platform\Admin\AdminPostHandler;
use LibraryPortal\Platform\Admin\AdminPostRoutes;
use LibraryPortal\Platform\View;

/**
 * The site owner gives each brand's certificate its logo, a signature with the signer's name and
 * title, and the accreditation statement, and sees the real PDF with sample data beside the form
 * (the saved design, or what is typed with Preview). Site admins only (`manage_options`), as the
 * plugin's settings. Uploaded images are checked before they reach the media library
 * (CertificateDesign::check_image()); a refused form changes nothing and keeps what was typed.
 */
final class CertificateDesignPage implements AdminPostHandler {

	public const SLUG           = 'library-portal-certificates';
	public const CAPABILITY     = 'manage_options';
	public const ACTION         = 'library_portal_certificate_design';
	public const PREVIEW_ACTION = 'library_portal_certificate_preview';

	/**
	 * The screen's notice.
	 *
	 * @var AdminNotice
	 */
	private AdminNotice $notice;

	/**
	 * Wires the screen.
	 *
	 * @param CertificatePdf $pdf The certificate's PDF.
	 */
	public function __construct( private readonly CertificatePdf $pdf = new CertificatePdf() ) {
		$this->notice = new AdminNotice( 'library_portal_certificates_notice_' );
	}

	/**
	 * Hooks the menu, the form handler and the preview.
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		( new AdminPostRoutes( $this ) )->register();
		add_action( 'admin_post_' . self::PREVIEW_ACTION, array( $this, 'preview' ) );
	}

	/**
	 * The submenu page.
	 */
	public function add_page(): void {
		add_submenu_page( AdminScreens::PARENT, __( 'Certificates', 'library-portal' ), __( 'Certificates', 'library-portal' ), self::CAPABILITY, self::SLUG, array( $this, 'render' ) );
	}

	/**
	 * The screen's address.
	 */
	public static function url(): string {
		return add_query_arg( 'page', self::SLUG, admin_url( AdminScreens::PARENT ) );
	}

	/**
	 * The brands and their names.
	 *
	 * @return array<string, string>
	 */
	public static function brands(): array {
		return array(
			'harbor' => __( 'Harbor', 'library-portal' ),
			'summit' => __( 'Summit', 'library-portal' ),
		);
	}

	/**
	 * The nonce action of a brand's forms (save and preview).
	 *
	 * @param string $brand Brand key.
	 */
	public static function nonce_action( string $brand ): string {
		return self::ACTION . '_' . $brand;
	}

	/**
	 * The address of a brand's preview of its saved design (the frame beside the form).
	 *
	 * @param string $brand Brand key.
	 */
	public static function preview_url( string $brand ): string {
		return wp_nonce_url(
			add_query_arg(
				array(
					'action' => self::PREVIEW_ACTION,
					'brand'  => $brand,
				),
				admin_url( 'admin-post.php' )
			),
			self::nonce_action( $brand )
		);
	}

	/**
	 * Prints the screen.
	 */
	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to change the certificates.', 'library-portal' ), 403 );
		}
		$designs = array();
		foreach ( array_keys( self::brands() ) as $brand ) {
			$designs[ $brand ] = CertificateDesign::of( $brand );
		}
		View::render(
			__DIR__ . '/views/certificate-design.php',
			array(
				'notice'  => $this->notice->take(),
				'brands'  => self::brands(),
				'current' => ( new Settings() )->brand(),
				'designs' => $designs,
				'action'  => self::ACTION,
				'preview' => self::PREVIEW_ACTION,
				'post_to' => admin_url( 'admin-post.php' ),
			)
		);
	}

	/**
	 * The admin-post action of the screen's form.
	 */
	public function action(): string {
		return self::ACTION;
	}

	/**
	 * Saves a brand's design; returns where to go next.
	 */
	public function handle(): string {
		$brand = $this->checked_brand();
		$typed = $this->typed();
		try {
			$texts  = CertificateDesign::texts( $typed );
			$design = array_merge( CertificateDesign::of( $brand ), $texts );
			$images = array(
				'logo'      => __( 'Logo', 'library-portal' ),
				'signature' => __( 'Signature image', 'library-portal' ),
			);
			// Every file is checked before any goes into the media library: a refusal changes nothing.
			$uploads = array();
			foreach ( $images as $field => $label ) {
				$file = self::uploaded( $field );
				if ( null !== $file ) {
					CertificateDesign::check_image( $file, $label );
					$uploads[ $field ] = $label;
				}
			}
			foreach ( array_keys( $images ) as $field ) {
				if ( ! empty( $_POST[ 'remove_' . $field ] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Missing -- checked in checked_brand().
					$design[ $field ] = 0;
				}
			}
			foreach ( $uploads as $field => $label ) {
				$design[ $field ] = self::store_image( $field, $label );
			}
			CertificateDesign::save( $brand, $design );
			/* translators: %s: brand name. */
			$this->notice->keep( 'success', sprintf( __( 'The %s certificate is saved. The preview shows it.', 'library-portal' ), self::brands()[ $brand ] ) );
		} catch ( InvalidArgumentException $refused ) {
			$this->notice->keep( 'error', $refused->getMessage(), array( $brand => $typed ) );
		}
		return self::url() . '#lp-certificate-' . $brand;
	}

	/**
	 * Sends the PDF with sample data: the saved design (GET, the frame), or the typed texts over
	 * it (POST, the Preview button). Nothing is stored.
	 */
	public function preview(): void {
		$brand  = $this->checked_brand();
		$design = CertificateDesign::of( $brand );
		if ( isset( $_SERVER['REQUEST_METHOD'] ) && 'POST' === sanitize_text_field( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) ) {
			try {
				$design = array_merge( $design, CertificateDesign::texts( $this->typed() ) );
			} catch ( InvalidArgumentException $refused ) {
				wp_die( esc_html( $refused->getMessage() ), esc_html__( 'Certificate preview', 'library-portal' ), array( 'response' => 400 ) );
			}
		}
		$body = $this->pdf->render(
			array(
				'name'       => __( 'Alex Sample', 'library-portal' ),
				'training'   => __( 'Sample Training: Trauma-Informed Care in Practice', 'library-portal' ),
				'date'       => (string) wp_date( (string) get_option( 'date_format', 'F j, Y' ) ),
				'credits'    => __( '3.0 CE hours', 'library-portal' ),
				'course'     => 'SAMPLE-101',
				'code'       => 'SAMPLE000000',
				'verify_url' => CertificateLinks::verify_url( 'SAMPLE000000' ),
				'site'       => wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES ),
			),
			CertificateDesign::printable( $brand, $design )
		);
		nocache_headers();
		header( 'Content-Type: application/pdf' );
		header( 'Content-Disposition: inline; filename="certificate-preview-' . $brand . '.pdf"' );
		header( 'X-Content-Type-Options: nosniff' );
		header( 'Content-Length: ' . strlen( $body ) );
		echo $body; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the PDF's bytes.
		exit;
	}

	/**
	 * The brand a request is about, after the capability and its nonce are checked.
	 */
	private function checked_brand(): string {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to change the certificates.', 'library-portal' ), 403 );
		}
		// The nonce is bound to the brand, so the brand is read first.
		$brand = isset( $_REQUEST['brand'] ) ? sanitize_key( wp_unslash( $_REQUEST['brand'] ) ) : '';
		check_admin_referer( self::nonce_action( $brand ) );
		if ( ! isset( self::brands()[ $brand ] ) ) {
			wp_die( esc_html__( 'There is no such brand.', 'library-portal' ), 400 );
		}
		return $brand;
	}

	/**
	 * The texts as typed (unchecked: CertificateDesign::texts() checks them).
	 *
	 * @return array<string, string>
	 */
	private function typed(): array {
		$typed = array();
		foreach ( array( 'signer_name', 'signer_title', 'statement' ) as $key ) {
			// Not stripped here: CertificateDesign::texts() refuses markup with a message, where
			// sanitize_text_field() would quietly save "Ann Bold" for "Ann <b>Bold</b>".
			// phpcs:ignore WordPress.Security.NonceVerification.Missing, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- checked in checked_brand(); validated by CertificateDesign::texts() before use.
			$typed[ $key ] = isset( $_POST[ $key ] ) && is_string( $_POST[ $key ] ) ? wp_check_invalid_utf8( wp_unslash( $_POST[ $key ] ) ) : '';
		}
		return $typed;
	}

	/**
	 * A file chosen in a field, or null when none was chosen.
	 *
	 * @param string $field Field name.
	 * @return array{name: string, tmp_name: string, size: int, error: int}|null
	 */
	private static function uploaded( string $field ): ?array {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing, WordPress.Security.ValidatedSanitizedInput.MissingUnslash, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- checked in checked_brand(); PHP's own entry: its name is sanitised below, its tmp_name is PHP's path and the file is checked by CertificateDesign::check_image().
		$file = isset( $_FILES[ $field ] ) && is_array( $_FILES[ $field ] ) ? $_FILES[ $field ] : null;
		if ( null === $file || UPLOAD_ERR_NO_FILE === (int) ( $file['error'] ?? UPLOAD_ERR_NO_FILE ) ) {
			return null;
		}
		return array(
			'name'     => sanitize_file_name( (string) ( $file['name'] ?? '' ) ),
			'tmp_name' => (string) ( $file['tmp_name'] ?? '' ),
			'size'     => (int) ( $file['size'] ?? 0 ),
			'error'    => (int) ( $file['error'] ?? UPLOAD_ERR_NO_FILE ),
		);
	}

	/**
	 * Puts a checked image into the media library.
	 *
	 * @param string $field Field name.
	 * @param string $label The field's label, for the message.
	 * @throws InvalidArgumentException When WordPress refuses the upload.
	 */
	private static function store_image( string $field, string $label ): int {
		require_once ABSPATH . 'wp-admin/includes/file.php';
		require_once ABSPATH . 'wp-admin/includes/media.php';
		require_once ABSPATH . 'wp-admin/includes/image.php';
		$id = media_handle_upload(
			$field,
			0,
			array(),
			array(
				'test_form' => false,
				'mimes'     => CertificateDesign::IMAGE_TYPES,
			)
		);
		if ( is_wp_error( $id ) ) {
			/* translators: 1: field label, 2: WordPress's reason. */
			throw new InvalidArgumentException( esc_html( sprintf( __( '%1$s: %2$s', 'library-portal' ), $label, $id->get_error_message() ) ) );
		}
		return (int) $id;
	}
}
