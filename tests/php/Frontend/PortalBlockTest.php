<?php
/**
 * The portal as a block.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Frontend;

use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Frontend\Assets;
use LibraryPortal\Frontend\InitialReplies;
use LibraryPortal\Frontend\LeanPortalPages;
use LibraryPortal\Frontend\PortalBlock;
use LibraryPortal\Frontend\PortalConfig;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;
use WP_Block_Type_Registry;
use WP_Query;

/**
 * Registered from block.json, printed by the shortcode's PHP, placed on the Library page by
 * activation (block theme: the block; classic theme: the shortcode), and a page holding the block
 * gets the portal's scripts, canvas and first screen as one holding the shortcode does.
 */
final class PortalBlockTest extends TestCase {

	/**
	 * The query before the test.
	 *
	 * @var \WP_Query|null
	 */
	private $query_before;

	/**
	 * The request's path before the test.
	 *
	 * @var string
	 */
	private string $request_before = '';

	public function set_up(): void {
		parent::set_up();
		$this->query_before   = $GLOBALS['wp_query'] ?? null;
		$this->request_before = (string) $GLOBALS['wp']->request;
		$this->assertTrue( Assets::is_built(), 'Run npm run build before the PHP tests.' );
	}

	public function tear_down(): void {
		wp_dequeue_script( Assets::HANDLE );
		wp_deregister_script( Assets::HANDLE );
		wp_dequeue_style( Assets::HANDLE . '-brand' );
		wp_deregister_style( Assets::HANDLE . '-brand' );
		$GLOBALS['wp']->request = $this->request_before;
		$GLOBALS['wp_query']    = $this->query_before; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- restores the main query.
		parent::tear_down();
	}

	public function test_the_block_is_registered_from_block_json_with_api_version_3_no_attributes_and_an_editor_script(): void {
		$block = WP_Block_Type_Registry::get_instance()->get_registered( PortalBlock::NAME );

		$this->assertNotNull( $block, 'registered on init' );
		$this->assertSame( 3, $block->api_version );
		$added_by_core = array(
			'lock'     => true,
			'metadata' => true,
		);
		$this->assertSame( array(), array_diff_key( (array) $block->attributes, $added_by_core ), 'only the attributes WordPress adds to every block' );
		$this->assertFalse( $block->supports['multiple'] ?? true, 'one portal per page: its mount node has an ID' );
		$this->assertFalse( $block->supports['html'] ?? true );
		$this->assertTrue( $block->is_dynamic() );
		$this->assertCount( 1, $block->editor_script_handles );
		$script = wp_scripts()->registered[ $block->editor_script_handles[0] ] ?? null;
		$this->assertNotNull( $script );
		$this->assertStringEndsWith( '/build/blocks/portal/index.js', (string) $script->src );
		$this->assertContains( 'wp-blocks', $script->deps );
		$this->assertContains( 'wp-block-editor', $script->deps );
		$this->assertSame( 'library-portal', $script->textdomain, 'its texts are translated' );
		$this->assertStringEndsWith( '/languages', (string) $script->translations_path, 'from the plugin\'s own languages too' );
	}

	public function test_the_block_prints_the_shortcode_markup_for_a_customer_and_the_login_link_when_logged_out(): void {
		$logged_out = do_blocks( '<!-- wp:library-portal/portal /-->' );
		$this->assertSame( do_shortcode( '[library_portal]' ), $logged_out );
		$this->assertStringContainsString( 'Log in to open your library.', $logged_out );

		$owner = $this->make_user();
		Library::grant( $owner, Library::item( 'Any Training' ) );
		wp_set_current_user( $owner );

		$block = do_blocks( '<!-- wp:library-portal/portal /-->' );

		$this->assertStringContainsString( 'id="library-portal-root"', $block );
		$this->assertStringContainsString( 'data-island="shell"', $block );
		$this->assertSame( do_shortcode( '[library_portal]' ), $block, 'the same markup as the shortcode' );
		$this->assertTrue( wp_script_is( Assets::HANDLE, 'enqueued' ) );
	}

	public function test_activation_puts_the_block_on_the_library_page_of_a_block_theme(): void {
		$this->assertTrue( wp_is_block_theme(), 'the test site runs a default block theme' );
		$this->services()->settings->update( array( 'portal_page_id' => 0 ) );

		$page = Settings::ensure_portal_page();

		$this->assertSame( '<!-- wp:library-portal/portal /-->', get_post( $page )->post_content );
		$this->assertTrue( has_block( PortalBlock::NAME, $page ) );
	}

	public function test_activation_puts_the_shortcode_on_the_library_page_of_a_classic_theme(): void {
		register_theme_directory( dirname( __DIR__ ) . '/Fixtures/themes' );
		search_theme_directories( true );
		$classic = static fn() => 'lp-classic';
		add_filter( 'stylesheet', $classic );
		add_filter( 'template', $classic );
		$this->assertFalse( wp_is_block_theme(), 'the fixture theme has no block templates' );
		$this->services()->settings->update( array( 'portal_page_id' => 0 ) );

		$page = Settings::ensure_portal_page();

		$this->assertSame( '<!-- wp:shortcode -->[library_portal]<!-- /wp:shortcode -->', get_post( $page )->post_content );
		$this->assertFalse( has_block( PortalBlock::NAME, $page ) );
		$this->assertTrue( has_shortcode( get_post( $page )->post_content, 'library_portal' ) );
	}

	/**
	 * A page holding the block or the shortcode, opened at its own address, is a portal page:
	 * scripts enqueued before the head, the clean canvas, the lean head, and the client told it
	 * opens the dashboard. A page without either is not.
	 *
	 * @dataProvider contents
	 *
	 * @param string $content Page content.
	 * @param bool   $portal  Whether the page holds the portal.
	 */
	public function test_a_page_holding_the_portal_gets_its_scripts_canvas_and_dashboard( string $content, bool $portal ): void {
		$owner = $this->make_user();
		wp_set_current_user( $owner );
		$page = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'Members',
				'post_name'    => 'members-area',
				'post_content' => $content,
			)
		);
		$this->open_page( $page, 'members-area' );

		do_action( 'wp_enqueue_scripts' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- core's hook.

		$this->assertSame( $portal, Routes::is_portal_page() );
		$this->assertSame( $portal, wp_script_is( Assets::HANDLE, 'enqueued' ), 'enqueued before the head is printed' );
		$this->assertSame( $portal, str_ends_with( (string) apply_filters( 'template_include', 'page.php' ), 'views/canvas.php' ) ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- core's filter.
		$this->assertSame( $portal ? array( LeanPortalPages::EMOJI, LeanPortalPages::THEME_FONTS ) : array(), ( new LeanPortalPages( $this->services()->settings ) )->left_out() );
		$config = ( new PortalConfig( $this->services()->settings, $this->services()->contracts, $this->services()->share_invites ) )->build();
		$this->assertSame( $portal ? '/members-area' : '', $config['entryPath'] );
		if ( $portal ) {
			$html = apply_filters( 'the_content', $content ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- core's filter.
			$this->assertStringContainsString( '<h1 class="lp-page-title" tabindex="-1">Dashboard</h1>', $html, 'the first screen is the dashboard the client opens' );
			$this->assertArrayHasKey( InitialReplies::DASHBOARD, (array) $config['initialReplies'] );
		}
	}

	/**
	 * Page contents.
	 *
	 * @return array<string, array{0: string, 1: bool}>
	 */
	public static function contents(): array {
		return array(
			'the block'     => array( '<!-- wp:paragraph --><p>Welcome.</p><!-- /wp:paragraph --><!-- wp:library-portal/portal /-->', true ),
			'the shortcode' => array( '<!-- wp:shortcode -->[library_portal]<!-- /wp:shortcode -->', true ),
			'neither'       => array( '<!-- wp:paragraph --><p>Our news.</p><!-- /wp:paragraph -->', false ),
		);
	}

	/**
	 * Makes the main query the page at its own address, as WordPress's would be.
	 *
	 * @param int    $page Page.
	 * @param string $path Its path.
	 */
	private function open_page( int $page, string $path ): void {
		$GLOBALS['wp']->request = $path;
		$GLOBALS['wp_query']    = new WP_Query( array( 'page_id' => $page ) ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the request under test, restored in tear_down().
	}
}
