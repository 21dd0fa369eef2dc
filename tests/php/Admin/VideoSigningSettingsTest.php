<?php
/**
 * Settings → Library Portal → Video addresses.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Admin;

use LibraryPortal\Admin\SettingsPage;
use LibraryPortal\Core\Items\VideoUrlSigner;
use LibraryPortal\Core\Settings;
use LibraryPortal\Frontend\PortalConfig;
use LibraryPortal\Tests\Support\TestCase;

/**
 * A refused value changes nothing and says why; a stored secret is never printed back nor sent to
 * the browser.
 */
final class VideoSigningSettingsTest extends TestCase {

	private const SECRET = 'Abcdefghijklmnop-qrstuvwxyz_0123';

	/**
	 * Loads the admin functions the page uses, as wp-admin does.
	 */
	public static function set_up_before_class(): void {
		parent::set_up_before_class();
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		require_once ABSPATH . 'wp-admin/includes/template.php';
	}

	/**
	 * The page's option registered as options.php saves it.
	 */
	public function set_up(): void {
		parent::set_up();
		( new SettingsPage( $this->services()->settings ) )->register_setting();
	}

	/**
	 * Saves the form as options.php does.
	 *
	 * @param array<string, mixed> $form Submitted fields.
	 * @return string[] Error codes.
	 */
	private function save( array $form ): array {
		global $wp_settings_errors;
		$wp_settings_errors = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- each save reads its own errors.
		update_option( Settings::OPTION, $form );
		return array_column( get_settings_errors( Settings::OPTION ), 'code' );
	}

	/**
	 * A PEM of a new RSA key.
	 */
	private static function pem(): string {
		$key = openssl_pkey_new(
			array(
				'private_key_bits' => 2048,
				'private_key_type' => OPENSSL_KEYTYPE_RSA,
			)
		);
		$pem = '';
		openssl_pkey_export( $key, $pem );
		return trim( $pem );
	}

	public function test_signing_is_off_by_default(): void {
		$this->assertSame( VideoUrlSigner::NONE, $this->services()->settings->get( 'video_signing' ) );
		$this->assertSame( 240, $this->services()->settings->get( 'video_link_minutes' ) );
	}

	public function test_a_key_that_cannot_be_read_is_refused_and_nothing_changes(): void {
		$settings = $this->services()->settings;
		$pem      = self::pem();
		$this->assertSame(
			array(),
			$this->save(
				array(
					'video_signing'     => VideoUrlSigner::CLOUDFRONT,
					'cloudfront_key_id' => 'K2JCJMDEHXQW5F',
					'cloudfront_pem'    => str_replace( "\n", "\r\n", $pem ),
				)
			)
		);
		$this->assertSame( $pem, $settings->get( 'cloudfront_pem' ), 'A PEM keeps its lines.' );

		// Base64 of the right shape, but no key inside.
		$broken = "-----BEGIN PRIVATE KEY-----\nTUlJRXZRSUJBREFOQmdrcWhraUc5dzBCQVFFRkFBU0NCS2N3Z2dTakFnRUFBb0lCQVFD\n-----END PRIVATE KEY-----";
		$errors = $this->save(
			array(
				'cloudfront_pem'     => $broken,
				'video_link_minutes' => '0',
			)
		);

		$this->assertSame( array( 'cloudfront_pem', 'video_link_minutes' ), $errors );
		$this->assertSame( $pem, $settings->get( 'cloudfront_pem' ), 'The stored key stays.' );
		$this->assertSame( 240, $settings->get( 'video_link_minutes' ) );
		$this->assertSame( VideoUrlSigner::CLOUDFRONT, $settings->get( 'video_signing' ) );
	}

	public function test_a_way_of_signing_without_its_secret_is_refused(): void {
		$settings = $this->services()->settings;

		$this->assertSame( array( 'video_signing' ), $this->save( array( 'video_signing' => VideoUrlSigner::BUNNY ) ) );
		$this->assertSame( VideoUrlSigner::NONE, $settings->get( 'video_signing' ) );

		$this->assertSame( array( 'nginx_link_secret', 'video_signing' ), $this->save( array( 'video_signing' => VideoUrlSigner::NGINX, 'nginx_link_secret' => 'short$' ) ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one pair of fields.
		$this->assertSame( '', $settings->get( 'nginx_link_secret' ) );
		$this->assertSame( VideoUrlSigner::NONE, $settings->get( 'video_signing' ) );
	}

	public function test_a_stored_secret_is_kept_when_left_empty_and_never_printed_back_nor_sent_to_the_browser(): void {
		$settings = $this->services()->settings;
		$this->assertSame( array(), $this->save( array( 'video_signing' => VideoUrlSigner::NGINX, 'nginx_link_secret' => self::SECRET ) ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one pair of fields.
		$this->assertSame( array(), $this->save( array( 'nginx_link_secret' => '', 'video_link_minutes' => '30' ) ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one pair of fields.
		$this->assertSame( self::SECRET, $settings->get( 'nginx_link_secret' ), 'An empty field keeps the secret.' );
		$this->assertSame( 30, $settings->get( 'video_link_minutes' ) );

		wp_set_current_user( $this->make_user( 'administrator' ) );
		ob_start();
		( new SettingsPage( $settings ) )->render();
		$screen = (string) ob_get_clean();
		$this->assertStringNotContainsString( substr( self::SECRET, 0, 12 ), $screen );
		$this->assertStringContainsString( 'ending in …0123', $screen );

		wp_set_current_user( $this->make_user() );
		$plugin = $this->services();
		$config = (string) wp_json_encode( ( new PortalConfig( $plugin->settings, $plugin->contracts, $plugin->share_invites ) )->build() );
		$this->assertStringNotContainsString( substr( self::SECRET, 0, 12 ), $config );
	}
}
