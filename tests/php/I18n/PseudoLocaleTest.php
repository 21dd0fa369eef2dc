<?php
/**
 * The pseudo locale of tools/pseudo-locale.cjs, loaded by WordPress.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\I18n;

use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The generated .mo is one WordPress reads, and a reply cached in one language is never served
 * in another (the items reply carries translated labels).
 */
final class PseudoLocaleTest extends TestCase {

	/**
	 * Folder the tool wrote into.
	 *
	 * @var string
	 */
	private string $dir = '';

	protected function set_up() {
		parent::set_up();
		$this->dir = get_temp_dir() . 'lp-pseudo-' . wp_generate_password( 8, false );
		exec( 'node ' . escapeshellarg( dirname( __DIR__, 3 ) . '/tools/pseudo-locale.cjs' ) . ' --out ' . escapeshellarg( $this->dir ), $output, $status ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec -- runs the dev tool under test.
		$this->assertSame( 0, $status, implode( "\n", $output ) );
	}

	protected function tear_down() {
		unload_textdomain( 'library-portal', true );
		exec( 'rm -rf ' . escapeshellarg( $this->dir ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec -- the test's own temp folder.
		parent::tear_down();
	}

	/**
	 * Speaks the pseudo locale from now on in this request.
	 */
	private function speak_pseudo(): void {
		add_filter( 'pre_determine_locale', static fn() => 'en_XA' );
		$this->assertTrue( load_textdomain( 'library-portal', $this->dir . '/plugins/library-portal-en_XA.mo', 'en_XA' ) );
	}

	public function test_wordpress_reads_the_generated_translation_with_placeholders_kept(): void {
		$this->speak_pseudo();

		$this->assertSame( '«Ĺóáđíñĝ ýóúŕ ĺíƀŕáŕý…»', __( 'Loading your library…', 'library-portal' ) );
		$this->assertSame( '«Ţĥéŕé íš ñó çóñţŕáçţ ŵíţĥ ţĥé ÍĐ 7.»', sprintf( __( 'There is no contract with the ID %d.', 'library-portal' ), 7 ) ); // phpcs:ignore WordPress.WP.I18n.MissingTranslatorsComment -- the plugin's own text, asked for here.
		$this->assertFileExists( $this->dir . '/en_XA.mo', 'the core file that makes the locale installed' );
		$json = glob( $this->dir . '/plugins/library-portal-en_XA-*.json' );
		$this->assertContains( $this->dir . '/plugins/library-portal-en_XA-' . md5( 'build/index.js' ) . '.json', $json, 'named as load_script_textdomain() looks it up' );
	}

	public function test_a_library_cached_in_english_is_rebuilt_in_another_language(): void {
		$user = $this->make_user();
		$item = Library::item( 'Labelled', 'on-demand-workshop' );
		Library::grant( $user, $item );
		$english = Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $user )->get_data()['data'] );
		$this->assertSame( 'On-Demand Workshop', $english[ $item ]['content_type_label'] );

		$this->speak_pseudo();

		$pseudo = Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $user )->get_data()['data'] );
		$this->assertSame( '«Óñ-Đéɱáñđ Ŵóŕķšĥóþ»', $pseudo[ $item ]['content_type_label'] );
	}
}
