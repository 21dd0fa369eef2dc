<?php
/**
 * The certificate as a PDF.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Certificates;

use TCPDF;

/**
 * Draws a certificate with TCPDF (a runtime Composer dependency shipped in vendor/): the
 * learner's name, the training, the date, the verification code and a QR code of the public
 * verify address. Made on each download, never stored.
 *
 * TCPDF is loaded only here. Another plugin may have loaded its own copy first: then that
 * class is used (class_exists() before requiring ours), and the fonts still come from this
 * plugin's copy by full path, so a copy without DejaVu cannot break the certificate.
 */
final class CertificatePdf {

	/**
	 * Unicode font embedded (as a subset) for every text: Latin, Greek, Cyrillic and more.
	 */
	private const FONT = 'dejavusans';

	/**
	 * Fallback for characters DejaVu Sans lacks (Chinese, Japanese kanji): Adobe's CID font,
	 * not embedded; PDF readers bring it.
	 */
	private const CJK_FONT = 'cid0cs';

	/**
	 * Compress the page streams (tests switch it off to read the text).
	 *
	 * @var bool
	 */
	private bool $compress;

	/**
	 * Creates the writer.
	 *
	 * @param bool $compress Compress the page streams.
	 */
	public function __construct( bool $compress = true ) {
		$this->compress = $compress;
	}

	/**
	 * Loads TCPDF unless another plugin already did.
	 */
	public static function load_library(): void {
		if ( class_exists( 'TCPDF', false ) ) {
			return;
		}
		// TCPDF's defaults, not a config file found on the server (it also looks in /etc); errors
		// throw instead of calling die(). Both only when TCPDF is not loaded yet.
		if ( ! defined( 'K_TCPDF_EXTERNAL_CONFIG' ) ) {
			define( 'K_TCPDF_EXTERNAL_CONFIG', true ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- TCPDF's own setting.
		}
		if ( ! defined( 'K_TCPDF_THROW_EXCEPTION_ERROR' ) ) {
			define( 'K_TCPDF_THROW_EXCEPTION_ERROR', true ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- TCPDF's own setting.
		}
		// An autoloader (this plugin's or another's) may know the class; else require our copy.
		if ( ! class_exists( 'TCPDF' ) ) {
			require_once self::library_dir() . 'tcpdf.php';
		}
	}

	/**
	 * Folder of the TCPDF copy this plugin ships.
	 */
	public static function library_dir(): string {
		return dirname( __DIR__, 2 ) . '/vendor/tecnickcom/tcpdf/';
	}

	/**
	 * The PDF's bytes.
	 *
	 * @param array{name: string, training: string, date: string, code: string, verify_url: string, site: string} $fields Printed fields (plain text).
	 */
	public function render( array $fields ): string {
		self::load_library();
		$fonts = self::library_dir() . 'fonts/';

		$pdf = new TCPDF( 'L', 'mm', 'A4', true, 'UTF-8', false );
		$pdf->setCompression( $this->compress );
		$pdf->SetCreator( 'Library Portal' );
		$pdf->SetTitle( $fields['training'] );
		$pdf->SetAuthor( $fields['site'] );
		$pdf->setPrintHeader( false );
		$pdf->setPrintFooter( false );
		$pdf->SetMargins( 20, 20, 20 );
		$pdf->SetAutoPageBreak( false );
		$pdf->AddFont( self::FONT, '', $fonts . self::FONT . '.php' );
		$pdf->AddFont( self::FONT, 'B', $fonts . self::FONT . 'b.php' );
		$pdf->AddPage();

		$width = $pdf->getPageWidth();
		$pdf->SetDrawColor( 40, 70, 110 );
		$pdf->SetLineWidth( 1.2 );
		$pdf->Rect( 10, 10, $width - 20, $pdf->getPageHeight() - 20 );
		$pdf->SetLineWidth( 0.3 );
		$pdf->Rect( 13, 13, $width - 26, $pdf->getPageHeight() - 26 );

		$pdf->SetTextColor( 40, 70, 110 );
		$this->line( $pdf, $fields['site'], 14, '', 28 );
		$this->line( $pdf, __( 'Certificate of Completion', 'library-portal' ), 30, 'B', 42 );
		$pdf->SetTextColor( 30, 30, 30 );
		$this->line( $pdf, __( 'This certifies that', 'library-portal' ), 14, '', 66 );
		$this->line( $pdf, $fields['name'], 28, 'B', 78 );
		$this->line( $pdf, __( 'has completed the training', 'library-portal' ), 14, '', 98 );
		$this->line( $pdf, $fields['training'], 20, 'B', 108 );
		/* translators: %s: date the certificate was issued. */
		$this->line( $pdf, sprintf( __( 'on %s', 'library-portal' ), $fields['date'] ), 14, '', 124 );

		$pdf->SetFont( self::FONT, '', 10 );
		$pdf->SetXY( 20, 168 );
		/* translators: %s: verification code. */
		$pdf->Cell( 180, 6, sprintf( __( 'Verification code: %s', 'library-portal' ), $fields['code'] ), 0, 1, 'L' );
		$pdf->SetX( 20 );
		/* translators: %s: address of the verify page. */
		$pdf->Cell( 180, 6, sprintf( __( 'Check it at %s', 'library-portal' ), $fields['verify_url'] ), 0, 1, 'L' );

		$pdf->write2DBarcode(
			$fields['verify_url'],
			'QRCODE,M',
			$width - 60,
			148,
			36,
			36,
			array(
				'border'  => false,
				'padding' => 0,
				'fgcolor' => array( 0, 0, 0 ),
				'bgcolor' => false,
			)
		);

		return (string) $pdf->Output( 'certificate.pdf', 'S' );
	}

	/**
	 * One centred line. Runs of characters DejaVu Sans lacks are drawn with the CJK font, so a
	 * name like "Zoë Ångström 李" shows every character.
	 *
	 * @param TCPDF  $pdf   Document.
	 * @param string $text  Plain text.
	 * @param float  $size  Font size in points.
	 * @param string $style '' or 'B'.
	 * @param float  $y     Top of the line in mm.
	 */
	private function line( TCPDF $pdf, string $text, float $size, string $style, float $y ): void {
		$runs  = $this->runs( $pdf, $text, $style );
		$total = 0.0;
		foreach ( $runs as $run ) {
			$total += $pdf->GetStringWidth( $run[1], $run[0], self::FONT === $run[0] ? $style : '', $size );
		}
		$x = max( 20.0, ( $pdf->getPageWidth() - $total ) / 2 );
		foreach ( $runs as $run ) {
			$pdf->SetFont( $run[0], self::FONT === $run[0] ? $style : '', $size );
			$width = $pdf->GetStringWidth( $run[1] );
			$pdf->SetXY( $x, $y );
			$pdf->Cell( $width, $size * 0.5, $run[1], 0, 0, 'L', false, '', 0, false, 'T', 'M' );
			$x += $width;
		}
	}

	/**
	 * The text split into runs of one font each.
	 *
	 * @param TCPDF  $pdf   Document (knows which characters a font defines).
	 * @param string $text  Text.
	 * @param string $style Style of the main font.
	 * @return array<int, array{0: string, 1: string}> font => text runs.
	 */
	private function runs( TCPDF $pdf, string $text, string $style ): array {
		$runs  = array();
		$chars = preg_split( '//u', $text, -1, PREG_SPLIT_NO_EMPTY );
		foreach ( is_array( $chars ) ? $chars : array() as $char ) {
			$code = mb_ord( $char, 'UTF-8' );
			$font = self::FONT;
			if ( $code > 0x2E7F && ! $pdf->isCharDefined( $code, self::FONT, $style ) ) {
				$font = self::CJK_FONT;
				$pdf->AddFont( self::CJK_FONT, '', self::library_dir() . 'fonts/' . self::CJK_FONT . '.php' );
			}
			$last = count( $runs ) - 1;
			if ( $last >= 0 && $runs[ $last ][0] === $font ) {
				$runs[ $last ][1] .= $char;
			} else {
				$runs[] = array( $font, $char );
			}
		}
		return $runs;
	}
}
