<?php
/**
 * The one sender of unescaped bytes refuses markup.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Rest;

use LibraryPortal\Platform\Rest\RawBody;
use LibraryPortal\Tests\Support\TestCase;

/**
 * RawBody::send() prints a WebVTT file, JSON or a PDF byte for byte, and nothing of a type a
 * browser would render as a document: HTML goes through a view, escaped.
 */
final class RawBodyTest extends TestCase {

	public function test_a_non_markup_body_goes_out_byte_for_byte(): void {
		$vtt = "WEBVTT\n\n00:00.000 --> 00:02.000\n<b>Tom &amp; Jerry</b> say \"hi\"\n";
		ob_start();
		RawBody::send( $vtt, 'text/vtt; charset=utf-8' );
		$this->assertSame( $vtt, ob_get_clean() );

		$pdf = "%PDF-1.7\n\x00\xff<script>\n%%EOF";
		ob_start();
		RawBody::send( $pdf, 'application/pdf' );
		$this->assertSame( $pdf, ob_get_clean() );
	}

	/**
	 * Types a browser renders as a document (or sniffs, when there is none).
	 *
	 * @return array<string, array{0: string}>
	 */
	public static function markup_types(): array {
		return array(
			'html'         => array( 'text/html; charset=utf-8' ),
			'html in caps' => array( ' Text/HTML ' ),
			'xhtml'        => array( 'application/xhtml+xml' ),
			'svg'          => array( 'image/svg+xml' ),
			'xml'          => array( 'text/xml' ),
			'any +xml'     => array( 'application/atom+xml' ),
			'none'         => array( '' ),
			'not a type'   => array( 'html' ),
		);
	}

	/**
	 * @dataProvider markup_types
	 *
	 * @param string $content_type Content-Type.
	 */
	public function test_markup_or_no_type_is_refused_and_nothing_printed( string $content_type ): void {
		$this->assertFalse( RawBody::is_inert( $content_type ) );
		ob_start();
		try {
			RawBody::send( '<script>alert(1)</script>', $content_type );
			$this->fail( 'Sent as ' . $content_type );
		} catch ( \InvalidArgumentException $refused ) {
			$this->assertSame( '', ob_get_contents() );
		} finally {
			ob_end_clean();
		}
	}

	public function test_the_plugins_own_types_are_inert(): void {
		foreach ( array( 'text/vtt; charset=utf-8', 'application/json', 'application/pdf', 'text/csv; charset=utf-8' ) as $type ) {
			$this->assertTrue( RawBody::is_inert( $type ), $type );
		}
	}
}
