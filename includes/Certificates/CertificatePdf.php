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
	 * @param array{name: string, training: string, date: string, credits?: string, course?: string, code: string, verify_url: string, site: string} $fields Printed fields (plain text).
	 * @param array{logo?: string, signature?: string, signer_name?: string, signer_title?: string, statement?: string, heading?: string, accent?: string} $design The brand's design (CertificateDesign::printable()): image files, texts, colours as #rrggbb.
	 */
	public function render( array $fields, array $design = array() ): string {
		$pdf = $this->document();
		$pdf->SetTitle( $fields['training'] );
		$pdf->SetAuthor( $fields['site'] );

		$width   = $pdf->getPageWidth();
		$heading = self::rgb( (string) ( $design['heading'] ?? '' ), array( 40, 70, 110 ) );
		$accent  = self::rgb( (string) ( $design['accent'] ?? '' ), $heading );
		$pdf->SetDrawColor( ...$heading );
		$pdf->SetLineWidth( 1.2 );
		$pdf->Rect( 10, 10, $width - 20, $pdf->getPageHeight() - 20 );
		$pdf->SetDrawColor( ...$accent );
		$pdf->SetLineWidth( 0.3 );
		$pdf->Rect( 13, 13, $width - 26, $pdf->getPageHeight() - 26 );
		if ( '' !== ( $design['logo'] ?? '' ) ) {
			// Scaled into a 50 x 16 mm box at the top left, its proportions kept.
			$pdf->Image( $design['logo'], 20, 17, 50, 16, '', '', '', true, 300, '', false, false, 0, 'LT' );
		}

		$pdf->SetTextColor( ...$heading );
		$this->line( $pdf, $fields['site'], 14, '', 28, 1 );
		$this->line( $pdf, __( 'Certificate of Completion', 'library-portal' ), 30, 'B', 42, 1 );
		$pdf->SetTextColor( 30, 30, 30 );
		$this->line( $pdf, __( 'This certifies that', 'library-portal' ), 14, '', 66, 1 );
		// A long name or title gets a smaller size, then a second line, then an ellipsis: it stays
		// inside the frame and above the next line, whatever its length.
		$this->line( $pdf, $fields['name'], 28, 'B', 78, 2 );
		$this->line( $pdf, __( 'has completed the training', 'library-portal' ), 14, '', 98, 1 );
		$this->line( $pdf, $fields['training'], 20, 'B', 108, 2 );
		/* translators: %s: date the certificate was issued. */
		$this->line( $pdf, sprintf( __( 'on %s', 'library-portal' ), $fields['date'] ), 14, '', 124, 1 );
		$credits = self::credits_line( (string) ( $fields['credits'] ?? '' ), (string) ( $fields['course'] ?? '' ) );
		if ( '' !== $credits ) {
			$this->line( $pdf, $credits, 12, '', 133, 1 );
		}
		if ( '' !== ( $design['statement'] ?? '' ) ) {
			$pdf->SetTextColor( 70, 70, 70 );
			$this->line( $pdf, $design['statement'], 9, '', 141, 2 );
		}
		$this->signature( $pdf, $design );

		// The check, right-aligned beside the QR code that leads to the same page.
		$pdf->SetTextColor( 30, 30, 30 );
		$pdf->SetFont( self::FONT, '', 9 );
		$pdf->SetXY( 120, 170 );
		/* translators: %s: verification code. */
		$pdf->Cell( $width - 64 - 120, 5, sprintf( __( 'Verification code: %s', 'library-portal' ), $fields['code'] ), 0, 1, 'R', false, '', 1 );
		$pdf->SetXY( 120, 175 );
		/* translators: %s: address of the verify page. */
		$pdf->Cell( $width - 64 - 120, 5, sprintf( __( 'Check it at %s', 'library-portal' ), $fields['verify_url'] ), 0, 1, 'R', false, '', 1 );

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
	 * The signature block at the bottom left: the image above a rule, the signer's name and title
	 * under it; nothing when the design has none of them.
	 *
	 * @param TCPDF                $pdf    Document.
	 * @param array<string, mixed> $design The brand's design.
	 */
	private function signature( TCPDF $pdf, array $design ): void {
		$image = (string) ( $design['signature'] ?? '' );
		$name  = (string) ( $design['signer_name'] ?? '' );
		$title = (string) ( $design['signer_title'] ?? '' );
		if ( '' === $image && '' === $name && '' === $title ) {
			return;
		}
		$left  = 24.0;
		$width = 80.0;
		if ( '' !== $image ) {
			// Scaled into the box above the rule, standing on it.
			$pdf->Image( $image, $left, 152, $width, 15, '', '', '', true, 300, '', false, false, 0, 'CB' );
		}
		$pdf->SetDrawColor( 120, 120, 120 );
		$pdf->SetLineWidth( 0.2 );
		$pdf->Line( $left, 168, $left + $width, 168 );
		$pdf->SetTextColor( 30, 30, 30 );
		foreach ( array( array( $name, 10.0, 'B', 169.5 ), array( $title, 9.0, '', 175.0 ) ) as list( $text, $size, $style, $y ) ) {
			if ( '' !== $text ) {
				$this->line( $pdf, $text, $size, $style, $y, 1, $left + $width / 2, $width );
			}
		}
	}

	/**
	 * A colour #rrggbb as TCPDF's three numbers, or the fallback for anything else.
	 *
	 * @param string $hex      Colour.
	 * @param int[]  $fallback Red, green, blue.
	 * @return int[]
	 */
	private static function rgb( string $hex, array $fallback ): array {
		if ( 1 !== preg_match( '/^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i', $hex, $parts ) ) {
			return $fallback;
		}
		return array( (int) hexdec( $parts[1] ), (int) hexdec( $parts[2] ), (int) hexdec( $parts[3] ) );
	}

	/**
	 * A landscape A4 page with the certificate's fonts, nothing drawn yet.
	 */
	public function document(): TCPDF {
		self::load_library();
		$fonts = self::library_dir() . 'fonts/';
		$pdf   = new TCPDF( 'L', 'mm', 'A4', true, 'UTF-8', false );
		$pdf->setCompression( $this->compress );
		$pdf->SetCreator( 'Library Portal' );
		$pdf->setPrintHeader( false );
		$pdf->setPrintFooter( false );
		$pdf->SetMargins( 20, 20, 20 );
		$pdf->SetAutoPageBreak( false );
		$pdf->AddFont( self::FONT, '', $fonts . self::FONT . '.php' );
		$pdf->AddFont( self::FONT, 'B', $fonts . self::FONT . 'b.php' );
		$pdf->AddPage();
		return $pdf;
	}

	/**
	 * The line under the date: the item's credits and course code, as an accreditor reads them.
	 *
	 * @param string $credits Credits ("3.0 CE hours"), or ''.
	 * @param string $course  Course code, or ''.
	 */
	public static function credits_line( string $credits, string $course ): string {
		/* translators: %s: the accreditor's course code. */
		$code = '' !== $course ? sprintf( __( 'Course code %s', 'library-portal' ), $course ) : '';
		return implode( ' · ', array_filter( array( $credits, $code ), static fn( string $part ): bool => '' !== $part ) );
	}

	/**
	 * Width a line may take: the inner frame less a margin on each side, in mm.
	 *
	 * @param TCPDF $pdf Document.
	 */
	public static function max_width( TCPDF $pdf ): float {
		return $pdf->getPageWidth() - 2 * 24.0;
	}

	/**
	 * How a text is set in its box: the size (down to half the given one) and its lines (at most
	 * $max_lines; words that do not fit the last line end in an ellipsis), each no wider than the
	 * box. Public for the test of long names and titles.
	 *
	 * @param TCPDF  $pdf       Document.
	 * @param string $text      Plain text.
	 * @param float  $size      Font size in points it is meant to have.
	 * @param string $style     '' or 'B'.
	 * @param int    $max_lines 1 or 2.
	 * @param float  $limit     Width of the box in mm (0: the page's line, max_width()).
	 * @return array{size: float, lines: string[]}
	 */
	public function fit( TCPDF $pdf, string $text, float $size, string $style, int $max_lines, float $limit = 0.0 ): array {
		$text  = trim( (string) preg_replace( '/\s+/u', ' ', $text ) );
		$limit = $limit > 0 ? $limit : self::max_width( $pdf );
		$fits  = fn( string $line, float $at ): bool => $this->width( $pdf, $line, $style, $at ) <= $limit;
		// Smaller, in steps of a tenth, until it fits on one line or reaches half the size.
		for ( $at = $size; $at >= $size / 2; $at -= $size / 10 ) {
			if ( $fits( $text, $at ) ) {
				return array(
					'size'  => $at,
					'lines' => array( $text ),
				);
			}
		}
		$at    = $size / 2;
		$lines = array( '' );
		$words = preg_split( '/ /u', $text, -1, PREG_SPLIT_NO_EMPTY );
		foreach ( is_array( $words ) ? $words : array() as $word ) {
			$last = count( $lines ) - 1;
			$next = '' === $lines[ $last ] ? $word : $lines[ $last ] . ' ' . $word;
			if ( $fits( $next, $at ) ) {
				$lines[ $last ] = $next;
			} elseif ( '' !== $lines[ $last ] && count( $lines ) < $max_lines && $fits( $word, $at ) ) {
				$lines[] = $word;
			} else {
				// No room left: cut the line (a word longer than a line included) and end it with "…".
				$cut = $next;
				while ( '' !== $cut && ! $fits( $cut . '…', $at ) ) {
					$cut = mb_substr( $cut, 0, -1 );
				}
				$lines[ $last ] = rtrim( $cut ) . '…';
				break;
			}
		}
		return array(
			'size'  => $at,
			'lines' => $lines,
		);
	}

	/**
	 * Width of a text in mm, its runs in their own fonts.
	 *
	 * @param TCPDF  $pdf   Document.
	 * @param string $text  Plain text.
	 * @param string $style '' or 'B'.
	 * @param float  $size  Font size in points.
	 */
	public function width( TCPDF $pdf, string $text, string $style, float $size ): float {
		$total = 0.0;
		foreach ( $this->runs( $pdf, $text, $style ) as $run ) {
			$total += $pdf->GetStringWidth( $run[1], $run[0], self::FONT === $run[0] ? $style : '', $size );
		}
		return $total;
	}

	/**
	 * A centred text in its box at $y: fitted (fit()), each line's runs of characters DejaVu Sans
	 * lacks drawn with the CJK font, so a name like "Zoë Ångström 李" shows every character.
	 *
	 * @param TCPDF  $pdf       Document.
	 * @param string $text      Plain text.
	 * @param float  $size      Font size in points.
	 * @param string $style     '' or 'B'.
	 * @param float  $y         Top of the box in mm.
	 * @param int    $max_lines Lines the box holds at half the size.
	 * @param float  $centre    Middle of the box in mm (0: the page's).
	 * @param float  $limit     Width of the box in mm (0: the page's line, max_width()).
	 */
	private function line( TCPDF $pdf, string $text, float $size, string $style, float $y, int $max_lines, float $centre = 0.0, float $limit = 0.0 ): void {
		$fitted = $this->fit( $pdf, $text, $size, $style, $max_lines, $limit );
		$height = $fitted['size'] * 0.5;
		$centre = $centre > 0 ? $centre : $pdf->getPageWidth() / 2;
		foreach ( $fitted['lines'] as $n => $line ) {
			$x = $centre - $this->width( $pdf, $line, $style, $fitted['size'] ) / 2;
			foreach ( $this->runs( $pdf, $line, $style ) as $run ) {
				$pdf->SetFont( $run[0], self::FONT === $run[0] ? $style : '', $fitted['size'] );
				$width = $pdf->GetStringWidth( $run[1] );
				$pdf->SetXY( $x, $y + $n * $height );
				$pdf->Cell( $width, $height, $run[1], 0, 0, 'L', false, '', 0, false, 'T', 'M' );
				$x += $width;
			}
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
