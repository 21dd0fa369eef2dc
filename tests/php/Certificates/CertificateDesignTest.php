<?php
/**
 * Training Library → Certificates: each brand's design, and what the PDF draws of it.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Certificates;

use InvalidArgumentException;
use LibraryPortal\Certificates\CertificateDesign;
use LibraryPortal\Certificates\CertificateDesignPage;
use LibraryPortal\Certificates\CertificatePdf;
use LibraryPortal\Tests\Support\AdminScreens;
use LibraryPortal\Tests\Support\TestCase;
use RuntimeException;

/**
 * Site admins set a brand's signer, statement and images; a refused form changes nothing and
 * keeps what was typed; anyone else, or a form without its nonce, changes nothing. Images are
 * checked by their content, size and dimensions before they reach the media library. The PDF
 * draws the design: the images, the signer and the statement, in the brand's colours.
 */
final class CertificateDesignTest extends TestCase {

	use AdminScreens;

	/**
	 * Files this test made.
	 *
	 * @var string[]
	 */
	private array $files = array();

	public function tear_down(): void {
		foreach ( $this->files as $file ) {
			wp_delete_file( $file );
		}
		parent::tear_down();
	}

	/**
	 * Posts a brand's form as a browser would, with or without its nonce.
	 *
	 * @param string               $brand      Brand.
	 * @param array<string, mixed> $fields     Form fields.
	 * @param bool                 $with_nonce Send the form's nonce.
	 */
	private function post( string $brand, array $fields, bool $with_nonce = true ): string {
		// phpcs:disable WordPress.Security.NonceVerification -- a test posting a form, with the nonce it made or without one.
		$_POST             = array( 'brand' => $brand ) + $fields;
		$_REQUEST['brand'] = $brand;
		if ( $with_nonce ) {
			$_POST['_wpnonce']    = wp_create_nonce( CertificateDesignPage::nonce_action( $brand ) );
			$_REQUEST['_wpnonce'] = $_POST['_wpnonce'];
		} else {
			unset( $_REQUEST['_wpnonce'] );
		}
		try {
			return ( new CertificateDesignPage() )->handle();
		} finally {
			$_POST = array();
			unset( $_REQUEST['brand'], $_REQUEST['_wpnonce'] );
		}
		// phpcs:enable WordPress.Security.NonceVerification
	}

	/**
	 * The screen as printed for the current user.
	 */
	private function screen(): string {
		ob_start();
		try {
			( new CertificateDesignPage() )->render();
		} finally {
			$printed = (string) ob_get_clean();
		}
		return $printed;
	}

	/**
	 * An image file made with GD, as an upload's entry.
	 *
	 * @param string $type   png, jpeg or gif.
	 * @param int    $width  Pixels.
	 * @param int    $height Pixels.
	 * @param string $name   The name the browser sends.
	 * @return array{name: string, tmp_name: string, size: int, error: int}
	 */
	private function image( string $type, int $width, int $height, string $name ): array {
		$file  = wp_tempnam( 'lp-certificate-image' );
		$image = imagecreatetruecolor( $width, $height );
		imagefilledrectangle( $image, 0, 0, $width - 1, $height - 1, (int) imagecolorallocate( $image, 20, 40, 90 ) );
		'png' === $type ? imagepng( $image, $file ) : ( 'jpeg' === $type ? imagejpeg( $image, $file ) : imagegif( $image, $file ) );
		$this->files[] = $file;
		return array(
			'name'     => $name,
			'tmp_name' => $file,
			'size'     => (int) filesize( $file ),
			'error'    => UPLOAD_ERR_OK,
		);
	}

	/**
	 * The message check_image() refuses a file with, or '' when it passes.
	 *
	 * @param array{name: string, tmp_name: string, size: int, error: int} $file Upload entry.
	 */
	private static function refusal( array $file ): string {
		try {
			CertificateDesign::check_image( $file, 'Signature image' );
			return '';
		} catch ( InvalidArgumentException $refused ) {
			return $refused->getMessage();
		}
	}

	public function test_an_admin_saves_a_brands_signer_and_statement_and_the_other_brand_keeps_its_own(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		CertificateDesign::save(
			'harbor',
			array(
				'logo'         => 0,
				'signature'    => 0,
				'signer_name'  => 'Harbor Signer',
				'signer_title' => '',
				'statement'    => '',
			)
		);

		$next = $this->post(
			'summit',
			array(
				'signer_name'  => '  Dr. Rosa   Example ',
				'signer_title' => 'Program Director',
				'statement'    => 'Approved for 3.0 contact hours by the Example Board of Nursing.',
			)
		);

		$this->assertSame( CertificateDesignPage::url() . '#lp-certificate-summit', $next );
		$this->assertSame( array( 'Dr. Rosa Example', 'Program Director', 'Approved for 3.0 contact hours by the Example Board of Nursing.' ), array_values( array_slice( CertificateDesign::of( 'summit' ), 2 ) ) );
		$this->assertSame( 'Harbor Signer', CertificateDesign::of( 'harbor' )['signer_name'] );
		$screen = $this->screen();
		$this->assertStringContainsString( 'role="status"><p>The Summit certificate is saved. The preview shows it.</p>', $screen );
		$this->assertStringContainsString( 'value="Dr. Rosa Example"', $screen );
		$this->assertStringContainsString( '<iframe name="lp-certificate-preview-summit"', $screen );
		$this->assertStringContainsString( 'title="Summit certificate preview (PDF with sample data)"', $screen );
	}

	public function test_a_refused_form_changes_nothing_and_keeps_what_was_typed(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$before = CertificateDesign::of( 'harbor' );

		$this->post(
			'harbor',
			array(
				'signer_name' => 'Ann <b>Bold</b>',
				'statement'   => 'Typed and kept',
			)
		);
		$this->post( 'harbor', array( 'statement' => str_repeat( 'x', CertificateDesign::MAX_STATEMENT + 1 ) ) );

		$this->assertSame( $before, CertificateDesign::of( 'harbor' ) );
		$screen = $this->screen();
		$this->assertStringContainsString( 'role="alert"><p>Accreditation statement: at most 300 characters.</p>', $screen );
	}

	public function test_markup_in_a_name_is_refused_with_the_fields_name(): void {
		$this->expectException( InvalidArgumentException::class );
		$this->expectExceptionMessage( 'Signer name: plain text only, without &lt; or &gt;.' );

		CertificateDesign::texts( array( 'signer_name' => 'Ann <b>Bold</b>' ) );
	}

	public function test_no_nonce_an_editor_or_a_customer_changes_nothing(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		try {
			$this->post( 'harbor', array( 'signer_name' => 'Sneaky' ), false );
			$this->fail( 'a form without its nonce went through' );
		} catch ( RuntimeException $refused ) {
			$this->assertStringStartsWith( 'wp_die', $refused->getMessage() );
		}
		foreach ( array( 'editor', 'subscriber' ) as $role ) {
			wp_set_current_user( $this->make_user( $role ) );
			foreach ( array( fn() => $this->post( 'harbor', array( 'signer_name' => 'Sneaky' ) ), fn() => $this->screen() ) as $attempt ) {
				try {
					$attempt();
					$this->fail( "$role got through" );
				} catch ( RuntimeException $refused ) {
					$this->assertSame( 'wp_die 403', $refused->getMessage(), $role );
				}
			}
		}
		wp_set_current_user( $this->make_user( 'administrator' ) );
		try {
			$this->post( 'no-such-brand', array( 'signer_name' => 'Sneaky' ) );
			$this->fail( 'an unknown brand was saved' );
		} catch ( RuntimeException $refused ) {
			$this->assertSame( 'wp_die 400', $refused->getMessage() );
		}
		$this->assertSame( '', CertificateDesign::of( 'harbor' )['signer_name'] );
		$this->assertFalse( array_key_exists( 'no-such-brand', (array) get_option( CertificateDesign::OPTION, array() ) ) );
	}

	public function test_images_are_checked_by_content_size_and_dimensions(): void {
		$this->assertSame( '', self::refusal( $this->image( 'png', 600, 200, 'signature.png' ) ) );
		$this->assertSame( '', self::refusal( $this->image( 'jpeg', 600, 200, 'signature.jpg' ) ) );

		$this->assertSame( 'Signature image: choose a PNG or JPEG image.', self::refusal( $this->image( 'gif', 60, 20, 'signature.gif' ) ) );
		$this->assertSame( 'Signature image: choose a PNG or JPEG image.', self::refusal( $this->image( 'gif', 60, 20, 'signature.png' ) ), 'A GIF named .png.' );
		$text = wp_tempnam( 'lp-not-an-image' );
		file_put_contents( $text, '<?php echo "not an image";' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- a test's temporary file.
		$this->files[] = $text;
		$this->assertSame(
			'Signature image: choose a PNG or JPEG image.',
			self::refusal(
				array(
					'name'     => 'signature.png',
					'tmp_name' => $text,
					'size'     => (int) filesize( $text ),
					'error'    => UPLOAD_ERR_OK,
				)
			)
		);
		$this->assertSame( 'Signature image: at most 3000 pixels wide and high.', self::refusal( $this->image( 'png', 3001, 10, 'wide.png' ) ) );
		$large         = $this->image( 'png', 10, 10, 'large.png' );
		$large['size'] = CertificateDesign::MAX_IMAGE_BYTES + 1;
		$this->assertSame( 'Signature image: the image is larger than 1 MB.', self::refusal( $large ) );
		$broken          = $this->image( 'png', 10, 10, 'broken.png' );
		$broken['error'] = UPLOAD_ERR_PARTIAL;
		$this->assertSame( 'Signature image: the file did not arrive. Please choose it again.', self::refusal( $broken ) );
	}

	public function test_the_pdf_draws_the_design_in_the_brands_colours(): void {
		$signature = $this->image( 'png', 400, 120, 'signature.png' );
		$fields    = array(
			'name'       => 'Ada Lovelace',
			'training'   => 'Workshop',
			'date'       => 'March 4, 2026',
			'code'       => 'ABCDEF123456',
			'verify_url' => 'https://example.com/certificate/verify/ABCDEF123456',
			'site'       => 'Summit',
		);
		$design    = array(
			'logo'         => '',
			'signature'    => $signature['tmp_name'],
			'signer_name'  => 'Dr. Rosa Example',
			'signer_title' => 'Program Director',
			'statement'    => 'Approved for 3.0 contact hours by the Example Board of Nursing.',
			'heading'      => '#1e3a26',
			'accent'       => '#a84a17',
		);

		$pdf   = ( new CertificatePdf( false ) )->render( $fields, $design );
		$plain = ( new CertificatePdf( false ) )->render( $fields );

		foreach ( array( 'Dr. Rosa Example', 'Program Director', 'Approved for 3.0 contact hours by the Example Board of Nursing.' ) as $text ) {
			$this->assertTrue( str_contains( $pdf, mb_convert_encoding( $text, 'UTF-16BE', 'UTF-8' ) ), $text );
		}
		$this->assertSame( 1, preg_match_all( '#/Subtype /Image#', $pdf ), 'The signature is drawn.' );
		$this->assertSame( 0, preg_match_all( '#/Subtype /Image#', $plain ) );
		// The frame in the brand's heading colour (#1e3a26 = 30 58 38), TCPDF's 0-1 RGB stroke.
		$this->assertStringContainsString( '0.117647 0.227451 0.149020 RG', $pdf );
		$this->assertStringNotContainsString( '0.117647 0.227451 0.149020 RG', $plain );
		$this->assertSame( '', CertificateDesign::image_file( 0 ) );
	}
}
