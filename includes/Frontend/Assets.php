<?php
/**
 * Scripts and styles of the portal.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

use LibraryPortal\Settings;

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
	 * Hooks: enqueue early on portal routes (styles in the head), and warn admins of a missing build.
	 */
	public function register(): void {
		add_action(
			'wp_enqueue_scripts',
			function () {
				if ( Routes::current_route() ) {
					$this->enqueue();
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
		$deps  = (array) ( $asset['dependencies'] ?? array() );
		$this->register_jsx_runtime_fallback( $deps );

		wp_enqueue_script( self::HANDLE, LIBRARY_PORTAL_URL . 'build/index.js', $deps, $asset['version'] ?? LIBRARY_PORTAL_VERSION, array( 'in_footer' => true ) );
		wp_add_inline_script( self::HANDLE, 'window.libraryPortalConfig = ' . wp_json_encode( $this->config->build() ) . ';', 'before' );
		wp_set_script_translations( self::HANDLE, 'library-portal', LIBRARY_PORTAL_DIR . 'languages' );

		$brand_css = 'build/brand-' . $this->settings->brand() . '.css';
		if ( is_readable( LIBRARY_PORTAL_DIR . $brand_css ) ) {
			wp_enqueue_style( self::HANDLE . '-brand', LIBRARY_PORTAL_URL . $brand_css, array(), $asset['version'] ?? LIBRARY_PORTAL_VERSION );
		}
		return true;
	}

	/**
	 * WordPress registers `react-jsx-runtime` only from 6.6; on older cores the build's own
	 * tiny runtime stands in, as the Gutenberg plugin does.
	 *
	 * @param string[] $deps Script dependencies of the entry.
	 */
	private function register_jsx_runtime_fallback( array $deps ): void {
		if ( ! in_array( 'react-jsx-runtime', $deps, true ) || wp_script_is( 'react-jsx-runtime', 'registered' ) ) {
			return;
		}
		$file = LIBRARY_PORTAL_DIR . 'build/react-jsx-runtime.asset.php';
		if ( ! is_readable( $file ) ) {
			return;
		}
		$asset = require $file;
		wp_register_script( 'react-jsx-runtime', LIBRARY_PORTAL_URL . 'build/react-jsx-runtime.js', (array) ( $asset['dependencies'] ?? array( 'react' ) ), $asset['version'] ?? LIBRARY_PORTAL_VERSION, true );
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
