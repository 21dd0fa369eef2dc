<?php
/**
 * Scripts and styles of the portal.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\Routes;

/**
 * Registers the built islands from build/*.asset.php and enqueues them only where the portal is.
 */
final class Assets {

	public const HANDLE = 'library-portal';

	/**
	 * Settings (brand).
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Page configuration.
	 *
	 * @var PortalConfig
	 */
	private PortalConfig $config;

	/**
	 * The configuration printed into this page (the first screen shows the same data).
	 *
	 * @var array<string, mixed>|null
	 */
	private ?array $printed = null;

	/**
	 * Wires the assets.
	 *
	 * @param Settings     $settings Settings.
	 * @param PortalConfig $config   Page configuration.
	 */
	public function __construct( Settings $settings, PortalConfig $config ) {
		$this->settings = $settings;
		$this->config   = $config;
	}

	/**
	 * Hooks: enqueue early on portal routes and pages holding the portal, block or shortcode
	 * (styles in the head), and warn admins of a missing build.
	 */
	public function register(): void {
		add_action(
			'wp_enqueue_scripts',
			function () {
				if ( ! Routes::is_portal_page() ) {
					return;
				}
				// A logged-out visitor of a page holding the portal gets its login prompt, which
				// needs the brand's styles and none of the scripts.
				if ( is_user_logged_in() ) {
					$this->enqueue();
				} else {
					$this->enqueue_brand_style();
				}
			}
		);
		add_action( 'admin_notices', array( $this, 'missing_build_notice' ) );
	}

	/**
	 * Whether the front-end build exists.
	 */
	public static function is_built(): bool {
		return is_readable( LIBRARY_PORTAL_DIR . 'build/index.asset.php' );
	}

	/**
	 * Enqueues the shell entry, its configuration, translations and the brand's stylesheet.
	 * Safe to call more than once.
	 */
	public function enqueue(): bool {
		if ( wp_script_is( self::HANDLE, 'enqueued' ) ) {
			return true;
		}
		if ( ! self::is_built() ) {
			return false;
		}
		$asset = require LIBRARY_PORTAL_DIR . 'build/index.asset.php';

		wp_enqueue_script( self::HANDLE, LIBRARY_PORTAL_URL . 'build/index.js', (array) ( $asset['dependencies'] ?? array() ), $asset['version'] ?? LIBRARY_PORTAL_VERSION, array( 'in_footer' => true ) );
		$this->printed = $this->config->build();
		wp_add_inline_script( self::HANDLE, 'window.libraryPortalConfig = ' . PortalConfig::to_script_json( $this->printed ) . ';', 'before' );
		wp_set_script_translations( self::HANDLE, 'library-portal', LIBRARY_PORTAL_DIR . 'languages' );
		$this->add_chunk_translations();

		$this->enqueue_brand_style();
		return true;
	}

	/**
	 * Enqueues the brand's stylesheet alone (the portal's markup, or its logged-out login prompt).
	 */
	public function enqueue_brand_style(): void {
		$brand       = $this->settings->brand();
		$brand_asset = LIBRARY_PORTAL_DIR . "build/brand-{$brand}.asset.php";
		if ( wp_style_is( self::HANDLE . '-brand', 'enqueued' ) || ! is_readable( $brand_asset ) ) {
			return;
		}
		$css = require $brand_asset;
		wp_enqueue_style( self::HANDLE . '-brand', LIBRARY_PORTAL_URL . "build/brand-{$brand}.css", array(), $css['version'] ?? LIBRARY_PORTAL_VERSION );
		wp_style_add_data( self::HANDLE . '-brand', 'rtl', 'replace' );
	}

	/**
	 * The configuration printed into this page, built now when the scripts were enqueued by
	 * someone else.
	 *
	 * @return array<string, mixed>
	 */
	public function page_config(): array {
		if ( null === $this->printed ) {
			$this->printed = $this->config->build();
		}
		return $this->printed;
	}

	/**
	 * Translations of the lazy island chunks.
	 *
	 * WordPress loads a script's translations by the path of its file, and only for scripts it
	 * prints; the islands are loaded by webpack instead. Their JSON files (`wp i18n make-json`
	 * names them after each chunk's path) are merged into the domain before the entry runs.
	 */
	private function add_chunk_translations(): void {
		$manifest = LIBRARY_PORTAL_DIR . 'build/chunks.json';
		if ( 'en_US' === determine_locale() || ! is_readable( $manifest ) ) {
			return;
		}
		$chunks = json_decode( (string) file_get_contents( $manifest ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local build file.
		foreach ( (array) ( $chunks['chunkGroups'] ?? array() ) as $name => $files ) {
			foreach ( (array) $files as $file ) {
				if ( ! str_ends_with( $file, '.js' ) ) {
					continue;
				}
				$handle = self::HANDLE . '-chunk-' . sanitize_key( (string) $name );
				wp_register_script( $handle, LIBRARY_PORTAL_URL . 'build/' . $file, array(), LIBRARY_PORTAL_VERSION, true ); // Never enqueued: names the file for the lookup.
				$json = load_script_textdomain( $handle, 'library-portal', LIBRARY_PORTAL_DIR . 'languages' );
				if ( $json ) {
					wp_add_inline_script(
						self::HANDLE,
						"( function( t ) { var d = t.locale_data[ 'library-portal' ] || t.locale_data.messages; d[''].domain = 'library-portal'; wp.i18n.setLocaleData( d, 'library-portal' ); } )( {$json} );",
						'before'
					);
				}
			}
		}
	}

	/**
	 * Tells admins when the plugin was installed from source without its build.
	 */
	public function missing_build_notice(): void {
		if ( self::is_built() || ! current_user_can( 'activate_plugins' ) ) {
			return;
		}
		printf(
			'<div class="notice notice-error"><p><strong>Library Portal:</strong> %s</p></div>',
			esc_html__( 'The portal\'s scripts are not built. Run "npm install && npm run build" in the plugin folder.', 'library-portal' )
		);
	}
}
