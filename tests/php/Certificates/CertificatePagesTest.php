<?php
/**
 * The certificate's PDF, its download and the public verify page.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Certificates;

use LibraryPortal\Certificates\CertificatePages;
use LibraryPortal\Certificates\CertificatePdf;
use LibraryPortal\Cli\Commands;
use LibraryPortal\Core\Quizzes\QuizService;
use LibraryPortal\Core\Rows\CertificateNames;
use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Download only for the holder and the owner who shared the seat; a real PDF with the learner's
 * Unicode name; a public page that says valid or revoked and shows nothing else.
 */
final class CertificatePagesTest extends TestCase {

	/**
	 * The pages as the plugin builds them (compressed PDF).
	 */
	private function pages(): CertificatePages {
		$s = $this->services();
		return new CertificatePages( $s->certificates, new QuizService( $s->quiz_attempts, $s->certificates, $s->progress, $s->licenses, $s->notifier, $s->settings, $s->seat_audit ), new CertificatePdf(), new CertificateNames(), $s->settings );
	}

	/**
	 * The text a PDF carries: its raw bytes plus every Flate stream inflated.
	 *
	 * @param string $pdf PDF bytes.
	 */
	private static function pdf_bytes( string $pdf ): string {
		$all = $pdf;
		preg_match_all( '/stream\r?\n(.*?)\r?\nendstream/s', $pdf, $streams );
		foreach ( $streams[1] as $stream ) {
			$inflated = @gzuncompress( $stream ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- not every stream is compressed.
			$all     .= false === $inflated ? '' : $inflated;
		}
		return $all;
	}

	/**
	 * Writes a row directly, past WordPress's own filters (a title or name that holds markup).
	 *
	 * @param string $table Core table: 'posts' or 'users'.
	 * @param array  $data  Columns.
	 * @param array  $where Where.
	 */
	private static function raw_update( string $table, array $data, array $where ): void {
		global $wpdb;
		$wpdb->update( $wpdb->$table, $data, $where );
		clean_post_cache( (int) ( $where['ID'] ?? 0 ) );
		clean_user_cache( (int) ( $where['ID'] ?? 0 ) );
		wp_cache_flush();
	}

	/**
	 * A holder with a certificate, received by share from an owner.
	 *
	 * @return array{owner: int, member: int, item: int, code: string}
	 */
	private function shared_certificate(): array {
		$owner  = $this->make_user( 'subscriber', array( 'display_name' => 'Olivia Owner' ) );
		$member = $this->make_user(
			'subscriber',
			array(
				'display_name' => 'Zoë Ångström 李',
				'user_email'   => 'zoe.private@example.com',
			)
		);
		$item   = Library::item( 'Trauma Care' );
		self::raw_update( 'posts', array( 'post_title' => 'Trauma & Care <Basics>' ), array( 'ID' => $item ) ); // As stored by someone allowed to write markup.
		Library::grant( $owner, $item, 2 );
		Library::share( $owner, $member, $item );
		$this->services()->certificates->issue( $member, $item, 90, strtotime( '2026-03-04 12:00:00 UTC' ) );
		return array(
			'owner'  => $owner,
			'member' => $member,
			'item'   => $item,
			'code'   => $this->services()->certificates->for_user_item( $member, $item )->code,
		);
	}

	public function test_the_holder_gets_a_pdf_with_the_unicode_name_training_and_code(): void {
		$c = $this->shared_certificate();

		$reply = $this->pages()->download( $c['code'], $c['member'] );

		$this->assertSame( 200, $reply->status );
		$this->assertSame( 'application/pdf', $reply->headers['Content-Type'] );
		$this->assertSame( 'nosniff', $reply->headers['X-Content-Type-Options'] );
		$this->assertStringContainsString( 'no-store', $reply->headers['Cache-Control'] );
		$this->assertSame( 'inline; filename="certificate-' . $c['code'] . '.pdf"', $reply->headers['Content-Disposition'] );
		$this->assertStringStartsWith( '%PDF-', $reply->body );
		$this->assertStringContainsString( '%%EOF', substr( $reply->body, -10 ) );
		$text = self::pdf_bytes( $reply->body );
		// TCPDF writes Unicode text as UTF-16BE; the CJK character is in its own run (fallback font).
		foreach ( array( 'Zoë Ångström ', '李', 'Trauma & Care <Basics>', $c['code'] ) as $expected ) {
			$this->assertTrue( str_contains( $text, mb_convert_encoding( $expected, 'UTF-16BE', 'UTF-8' ) ), $expected );
		}
		$this->assertFalse( str_contains( $text, mb_convert_encoding( 'zoe.private', 'UTF-16BE', 'UTF-8' ) ) );
		$this->assertFalse( str_contains( $reply->body, mb_convert_encoding( 'Zoë', 'UTF-16BE', 'UTF-8' ) ), 'Streams are compressed in production.' );
	}

	public function test_a_pdf_without_compression_holds_the_text_and_a_qr_code_drawing(): void {
		$pdf = ( new CertificatePdf( false ) )->render(
			array(
				'name'       => 'Ada Lovelace',
				'training'   => 'Workshop',
				'date'       => 'March 4, 2026',
				'code'       => 'ABCDEF123456',
				'verify_url' => 'https://example.com/certificate/verify/ABCDEF123456',
				'site'       => 'Harbor',
			)
		);

		$this->assertStringStartsWith( '%PDF-', $pdf );
		$this->assertTrue( str_contains( $pdf, mb_convert_encoding( 'Ada Lovelace', 'UTF-16BE', 'UTF-8' ) ) );
		$this->assertGreaterThan( 200, preg_match_all( '/ re\s+f/', $pdf ), 'The QR code is drawn as filled squares.' );
	}

	public function test_the_items_credits_and_course_code_are_on_the_pdf_and_the_verify_page(): void {
		$c = $this->shared_certificate();
		update_post_meta( $c['item'], '_lp_credits', '3.0 CE hours' );
		update_post_meta( $c['item'], '_lp_course_code', 'NUR-204' );

		$pdf    = self::pdf_bytes( $this->pages()->download( $c['code'], $c['member'] )->body );
		$verify = $this->pages()->verify( $c['code'] )->body;

		$this->assertTrue( str_contains( $pdf, mb_convert_encoding( '3.0 CE hours · Course code NUR-204', 'UTF-16BE', 'UTF-8' ) ) );
		$this->assertStringContainsString( '<dt>Credits</dt><dd>3.0 CE hours</dd><dt>Course code</dt><dd>NUR-204</dd>', $verify );

		// The item's own statement in place of the brand's.
		\LibraryPortal\Certificates\CertificateDesign::save(
			'harbor',
			array(
				'logo'         => 0,
				'signature'    => 0,
				'signer_name'  => '',
				'signer_title' => '',
				'statement'    => 'The brand statement.',
			)
		);
		$brand_pdf = self::pdf_bytes( $this->pages()->download( $c['code'], $c['member'] )->body );
		update_post_meta( $c['item'], '_lp_statement', 'Approved by the Example Board for this course only.' );
		$item_pdf = self::pdf_bytes( $this->pages()->download( $c['code'], $c['member'] )->body );
		$this->assertTrue( str_contains( $brand_pdf, mb_convert_encoding( 'The brand statement.', 'UTF-16BE', 'UTF-8' ) ) );
		$this->assertTrue( str_contains( $item_pdf, mb_convert_encoding( 'Approved by the Example Board for this course only.', 'UTF-16BE', 'UTF-8' ) ) );
		$this->assertFalse( str_contains( $item_pdf, mb_convert_encoding( 'The brand statement.', 'UTF-16BE', 'UTF-8' ) ) );

		delete_post_meta( $c['item'], '_lp_credits' );
		$this->assertStringNotContainsString( '<dt>Credits</dt>', $this->pages()->verify( $c['code'] )->body, 'None set: no line.' );
		$this->assertSame( 'Course code NUR-204', CertificatePdf::credits_line( '', 'NUR-204' ) );
		$this->assertSame( '', CertificatePdf::credits_line( '', '' ) );
	}

	public function test_long_names_and_titles_stay_inside_the_frame_and_above_the_next_line(): void {
		$certificate = new CertificatePdf( false );
		$pdf         = $certificate->document();
		$limit       = CertificatePdf::max_width( $pdf );
		$cases       = array(
			array( 'Ada Lovelace', 28.0, 'B', 2, 1 ),
			array( str_repeat( 'Maximiliane Wolkenstein-Hohenberg ', 3 ), 28.0, 'B', 2, 2 ),
			array( str_repeat( 'Trauma-Informed Care for Community Health Workers, ', 8 ), 20.0, 'B', 2, 2 ),
			array( str_repeat( 'X', 400 ), 20.0, 'B', 2, 1 ),
			array( str_repeat( '李', 200 ), 28.0, 'B', 2, 1 ),
		);
		foreach ( $cases as list( $text, $size, $style, $max_lines, $lines ) ) {
			$fitted = $certificate->fit( $pdf, $text, $size, $style, $max_lines );

			$this->assertCount( $lines, $fitted['lines'], $text );
			$this->assertGreaterThanOrEqual( $size / 2, $fitted['size'] );
			foreach ( $fitted['lines'] as $line ) {
				$this->assertLessThanOrEqual( $limit, $certificate->width( $pdf, $line, $style, $fitted['size'] ), $line );
			}
			// Two lines at half size end above the next line of text (10 mm below a name or title's top).
			$this->assertLessThanOrEqual( 16.0, count( $fitted['lines'] ) * $fitted['size'] * 0.5 );
		}
		$this->assertSame( array( 'Ada Lovelace' ), $certificate->fit( $pdf, 'Ada Lovelace', 28.0, 'B', 2 )['lines'], 'A short name keeps its size and line.' );
		$this->assertSame( 28.0, $certificate->fit( $pdf, 'Ada Lovelace', 28.0, 'B', 2 )['size'] );
		$this->assertStringEndsWith( '…', $certificate->fit( $pdf, str_repeat( 'X', 400 ), 20.0, 'B', 2 )['lines'][0] );
	}

	public function test_the_sharing_owner_may_download_others_get_404_and_logged_out_goes_to_login(): void {
		$c        = $this->shared_certificate();
		$stranger = $this->make_user();
		$pages    = $this->pages();

		$this->assertSame( 200, $pages->download( $c['code'], $c['owner'] )->status );
		$other = $pages->download( $c['code'], $stranger );
		$this->assertSame( 404, $other->status );
		$this->assertFalse( str_contains( $other->body, '%PDF' ) );
		$this->assertSame( 404, $pages->download( 'NOSUCHCODE00', $c['member'] )->status, 'Unknown code: the same 404.' );
		$out = $pages->download( $c['code'], 0 );
		$this->assertSame( 302, $out->status );
		$this->assertStringContainsString( 'wp-login.php', $out->headers['Location'] );
		$this->assertSame( '', $out->body );
	}

	public function test_an_owner_who_did_not_share_that_item_gets_404(): void {
		$c           = $this->shared_certificate();
		$other_owner = $this->make_user();
		$other_item  = Library::item( 'Other' );
		Library::grant( $other_owner, $other_item, 2 );
		Library::share( $other_owner, $c['member'], $other_item );

		$this->assertSame( 404, $this->pages()->download( $c['code'], $other_owner )->status );
	}

	public function test_the_verify_page_says_valid_and_shows_name_training_date_only(): void {
		$c = $this->shared_certificate();

		$reply = $this->pages()->verify( $c['code'] );

		$this->assertSame( 200, $reply->status );
		$this->assertSame( 'noindex, nofollow', $reply->headers['X-Robots-Tag'] );
		$this->assertStringContainsString( '<meta name="robots" content="noindex, nofollow">', $reply->body );
		$this->assertStringContainsString( 'Valid', $reply->body );
		$this->assertStringNotContainsString( 'Revoked', $reply->body );
		$this->assertStringContainsString( 'Zoë Ångström 李', $reply->body );
		$this->assertStringContainsString( 'Trauma &amp; Care &lt;Basics&gt;', $reply->body, 'Escaped.' );
		$this->assertStringNotContainsString( '<Basics>', $reply->body );
		$this->assertStringContainsString( wp_date( get_option( 'date_format' ), strtotime( '2026-03-04 12:00:00 UTC' ) ), $reply->body );
		$this->assertStringNotContainsString( 'zoe.private', $reply->body, 'No e-mail.' );
		$this->assertStringNotContainsString( 'Olivia', $reply->body, 'No owner.' );
		$this->assertStringNotContainsString( '90', wp_strip_all_tags( $reply->body ), 'No score.' );
		$this->assertSame( 200, $this->pages()->verify( strtolower( $c['code'] ) )->status, 'A code typed in lower case works.' );
	}

	public function test_the_verify_page_carries_the_brand_and_a_way_back(): void {
		$c = $this->shared_certificate();
		update_option( 'blogname', 'Summit & Partners' );
		$this->services()->settings->update(
			array(
				'brand'       => 'summit',
				'logo_summit' => 'https://media.example.com/summit.png',
			)
		);
		wp_set_current_user( 0 );

		$body = $this->pages()->verify( $c['code'] )->body;

		$this->assertStringContainsString( '<header><a class="lp-verify__brand" href="' . esc_url( home_url( '/' ) ) . '"><img src="https://media.example.com/summit.png" alt="Summit &amp; Partners"', $body, "The brand's logo, leading to the site." );
		$this->assertStringContainsString( '<body style="--lp-font:&quot;Source Sans 3&quot;,', $body, "The brand's font, escaped for the attribute it is in." );
		$this->assertStringContainsString( '--lp-heading:#1e3a26;', $body, "The brand's colour." );
		$this->assertStringContainsString( 'border-top:4px solid var(--lp-heading)', $body, 'The card wears it.' );
		$this->assertStringContainsString( '<p class="lp-verify__back"><a href="' . esc_url( home_url( '/' ) ) . '">Go to Summit &amp; Partners</a></p>', $body, 'A visitor goes back to the site.' );

		wp_set_current_user( $this->make_user() );
		$this->assertStringContainsString( '<p class="lp-verify__back"><a href="' . esc_url( home_url( '/my-account/library/' ) ) . '">Back to your library</a></p>', $this->pages()->verify( $c['code'] )->body, 'A learner goes back to their library.' );
	}

	public function test_a_name_with_markup_is_escaped(): void {
		$user = $this->make_user();
		self::raw_update( 'users', array( 'display_name' => '<img src=x onerror=alert(1)>Eve' ), array( 'ID' => $user ) );
		$item = Library::item( 'Escapes' );
		$this->services()->certificates->issue( $user, $item, 100, time() );

		$body = $this->pages()->verify( $this->services()->certificates->for_user_item( $user, $item )->code )->body;

		$this->assertStringNotContainsString( '<img src=x', $body );
		$this->assertStringContainsString( '&lt;img', $body );
	}

	public function test_revoked_and_unknown_codes(): void {
		require_once dirname( __DIR__ ) . '/Support/WpCliStandIn.php';
		$c = $this->shared_certificate();
		global $wpdb;
		$commands = new Commands( $this->services()->grants, $this->services()->licenses, $this->services()->grant_rows, $this->services()->certificates, $this->services()->library_cache );

		$commands->certificate( array( 'revoke', $c['code'] ) );

		$revoked = $this->pages()->verify( $c['code'] );
		$this->assertSame( 200, $revoked->status );
		$this->assertStringContainsString( 'Revoked', $revoked->body );
		$this->assertStringNotContainsString( 'Valid', $revoked->body );
		$this->assertSame( 404, $this->pages()->download( $c['code'], $c['member'] )->status, 'A revoked certificate is not downloaded.' );
		$items = $this->rest( 'GET', '/library/v2/items', array(), $c['member'] )->get_data()['data'];
		$this->assertFalse( Library::by_product( $items )[ $c['item'] ]['video_data']['pdf'] );
		try {
			$commands->certificate( array( 'revoke', $c['code'] ) );
			$this->fail( 'A second revoke says so.' );
		} catch ( \RuntimeException $e ) {
			$this->assertStringContainsString( 'already revoked', $e->getMessage() );
		}

		$unknown = $this->pages()->verify( 'NOSUCHCODE00' );
		$this->assertSame( 404, $unknown->status );
		$this->assertStringContainsString( 'No certificate with this code.', $unknown->body );
		$this->assertGreaterThan( 0, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT revoked_at FROM %i WHERE code = %s', $wpdb->prefix . 'lp_certificates', $c['code'] ) ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
	}

	public function test_a_tcpdf_another_plugin_loaded_first_is_used_and_ours_is_not_required(): void {
		$file   = dirname( __DIR__, 3 ) . '/includes/Certificates/CertificatePdf.php';
		$script = 'define( "ABSPATH", "/" ); class TCPDF { } require $argv[1];'
			. ' LibraryPortal\\Certificates\\CertificatePdf::load_library(); LibraryPortal\\Certificates\\CertificatePdf::load_library();'
			. ' echo ( new ReflectionClass( "TCPDF" ) )->getFileName(), "|", defined( "K_TCPDF_EXTERNAL_CONFIG" ) ? "set" : "untouched";';
		exec( escapeshellarg( PHP_BINARY ) . ' -r ' . escapeshellarg( $script ) . ' ' . escapeshellarg( $file ) . ' 2>&1', $output, $code ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec

		$this->assertSame( 0, $code, implode( "\n", $output ) );
		$this->assertSame( 'Command line code|untouched', implode( '', $output ), "The other plugin's class stays; no TCPDF setting is changed." );
	}

	public function test_stored_rules_without_the_certificate_rules_are_rebuilt_once(): void {
		$routes = new Routes( $this->services()->settings );
		$routes->add_rewrite_rules();
		flush_rewrite_rules( false );
		$this->assertSame( 0, $this->count_queries( array( $routes, 'flush_when_rules_are_missing' ) ), 'Nothing missing: no query, no flush.' );
		$stored = (array) get_option( 'rewrite_rules' );
		unset( $stored['^certificate/verify/([A-Za-z0-9]{1,40})/?$'] );
		update_option( 'rewrite_rules', $stored );

		$routes->flush_when_rules_are_missing();

		$this->assertArrayHasKey( '^certificate/verify/([A-Za-z0-9]{1,40})/?$', (array) get_option( 'rewrite_rules' ) );
	}

	public function test_the_addresses_reach_the_pages_through_the_rewrite_rules(): void {
		$rules = Routes::rules();
		$match = static function ( string $path ) use ( $rules ): string {
			foreach ( $rules as $regex => $query ) {
				if ( preg_match( '#' . $regex . '#', $path, $m ) ) {
					return str_replace( '$matches[1]', $m[1] ?? '', $query );
				}
			}
			return '';
		};

		$this->assertSame( 'index.php?library_portal_certificate=AB12CD34EF56&library_portal_certificate_action=verify', $match( 'certificate/verify/AB12CD34EF56' ) );
		$this->assertSame( 'index.php?library_portal_certificate=AB12CD34EF56&library_portal_certificate_action=download', $match( 'certificate/AB12CD34EF56/download' ) );
		$this->assertSame( '', $match( 'certificate/verify/../x' ) );
		$this->assertContains( 'certificate', Routes::RESERVED_PATHS );
		$this->assertContains( Routes::CERTIFICATE_VAR, ( new Routes( $this->services()->settings ) )->add_query_vars( array() ) );
	}
}
