<?php
/**
 * The library-portal/portal block.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

use LibraryPortal\Core\Site\PortalPage;

/**
 * The portal as a block (docs/rules/library-and-catalogue.md, "The portal as a block"): registered from its
 * block.json, printed by the same PHP as the shortcode, no attributes. The editor shows a
 * placeholder that says what the block is.
 */
final class PortalBlock {

	public const NAME = PortalPage::BLOCK;

	/**
	 * Where the build puts block.json and the editor script.
	 */
	private const BUILD_FOLDER = 'build/blocks/portal';

	/**
	 * The shortcode, whose markup the block prints.
	 *
	 * @var Shortcode
	 */
	private Shortcode $shortcode;

	/**
	 * Wires the block.
	 *
	 * @param Shortcode $shortcode The shortcode.
	 */
	public function __construct( Shortcode $shortcode ) {
		$this->shortcode = $shortcode;
	}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_action( 'init', array( $this, 'register_block' ) );
	}

	/**
	 * Registers the block from its block.json (nothing without a build: Assets warns admins).
	 */
	public function register_block(): void {
		$folder = LIBRARY_PORTAL_DIR . self::BUILD_FOLDER;
		if ( ! is_readable( $folder . '/block.json' ) || \WP_Block_Type_Registry::get_instance()->is_registered( self::NAME ) ) {
			return;
		}
		$block = register_block_type(
			$folder,
			array( 'render_callback' => array( $this, 'render' ) )
		);
		// WordPress looks for the editor script's translations in the language folder only; ours ship too.
		foreach ( $block ? $block->editor_script_handles : array() as $handle ) {
			wp_set_script_translations( $handle, 'library-portal', LIBRARY_PORTAL_DIR . 'languages' );
		}
	}

	/**
	 * The block's markup: the shortcode's.
	 */
	public function render(): string {
		return $this->shortcode->render();
	}
}
