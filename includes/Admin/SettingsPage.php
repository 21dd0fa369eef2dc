<?php
/**
 * Settings → Library Portal.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Admin;

use LibraryPortal\Settings;

/**
 * The site admin's settings screen, built on WordPress's Settings API: options.php saves it
 * (capability and nonce checked by WordPress) through sanitize().
 */
final class SettingsPage {

	public const SLUG  = 'library-portal';
	public const GROUP = 'library_portal';

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Wires the page.
	 *
	 * @param Settings $settings Settings.
	 */
	public function __construct( Settings $settings ) {
		$this->settings = $settings;
	}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_action( 'admin_init', array( $this, 'register_setting' ) );
		add_action( 'admin_menu', array( $this, 'add_page' ) );
	}

	/**
	 * The option and its fields.
	 */
	public function register_setting(): void {
		register_setting(
			self::GROUP,
			Settings::OPTION,
			array(
				'type'              => 'object',
				'sanitize_callback' => array( $this, 'sanitize' ),
				'show_in_rest'      => false,
			)
		);

		add_settings_section( 'portal', __( 'Portal', 'library-portal' ), '__return_null', self::SLUG );
		add_settings_section( 'sharing', __( 'Sharing, tests and certificates', 'library-portal' ), '__return_null', self::SLUG );

		$this->field( 'portal', 'brand', __( 'Brand', 'library-portal' ), 'brand' );
		$this->field( 'portal', 'portal_page_id', __( 'Page that holds the portal', 'library-portal' ), 'page' );
		$this->field( 'portal', 'share_users', __( 'Manage My Team', 'library-portal' ), 'checkbox', __( 'Show Manage My Team to customers', 'library-portal' ) );
		$this->field( 'portal', 'theme_chrome', __( 'Theme header and footer', 'library-portal' ), 'checkbox', __( 'Show the theme\'s header, menu and footer around the portal (by default the portal fills the page with its own navigation)', 'library-portal' ) );
		$this->field( 'portal', 'logo', __( 'Logo address', 'library-portal' ), 'url' );
		$this->field( 'portal', 'logout_url', __( 'Logout address', 'library-portal' ), 'url', __( 'Leave empty for WordPress\'s own logout.', 'library-portal' ) );
		$this->field( 'portal', 'walkthrough_harbor', __( 'Walkthrough video (Harbor)', 'library-portal' ), 'url', __( 'An .m3u8 or .mp4 address.', 'library-portal' ) );
		$this->field( 'portal', 'walkthrough_summit', __( 'Walkthrough video (Summit)', 'library-portal' ), 'url', __( 'An .m3u8 or .mp4 address.', 'library-portal' ) );
		$this->field( 'sharing', 'daily_quota', __( 'E-mail recipients per day', 'library-portal' ), 'number' );
		$this->field( 'sharing', 'cooldown_seconds', __( 'Seconds between e-mail sends', 'library-portal' ), 'number' );
		$this->field( 'sharing', 'link_lifetime_days', __( 'Share links stay valid (days)', 'library-portal' ), 'number' );
		$this->field( 'sharing', 'pass_mark', __( 'Test pass mark (%)', 'library-portal' ), 'number' );
	}

	/**
	 * Cleans a submitted form: the fields it has, over the settings it does not show.
	 *
	 * @param mixed $values Submitted values.
	 * @return array<string, mixed>
	 */
	public function sanitize( $values ): array {
		return Settings::sanitize( array_merge( $this->settings->all(), is_array( $values ) ? $values : array() ) );
	}

	/**
	 * The menu entry, for those who may manage options.
	 */
	public function add_page(): void {
		add_options_page( __( 'Library Portal', 'library-portal' ), __( 'Library Portal', 'library-portal' ), 'manage_options', self::SLUG, array( $this, 'render' ) );
	}

	/**
	 * The page.
	 */
	public function render(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		echo '<div class="wrap"><h1>' . esc_html__( 'Library Portal', 'library-portal' ) . '</h1><form action="options.php" method="post">';
		settings_fields( self::GROUP );
		do_settings_sections( self::SLUG );
		submit_button();
		echo '</form></div>';
	}

	/**
	 * Adds one field.
	 *
	 * @param string $section Section ID.
	 * @param string $key     Setting key.
	 * @param string $label   Label.
	 * @param string $kind    brand | page | checkbox | url | number.
	 * @param string $help    Help text.
	 */
	private function field( string $section, string $key, string $label, string $kind, string $help = '' ): void {
		add_settings_field(
			'library_portal_' . $key,
			$label,
			function () use ( $key, $kind, $help ) {
				$this->render_field( $key, $kind, $help );
			},
			self::SLUG,
			$section,
			array( 'label_for' => 'library_portal_' . $key )
		);
	}

	/**
	 * Prints one field.
	 *
	 * @param string $key  Setting key.
	 * @param string $kind Field kind.
	 * @param string $help Help text.
	 */
	private function render_field( string $key, string $kind, string $help ): void {
		$id    = 'library_portal_' . $key;
		$name  = Settings::OPTION . '[' . $key . ']';
		$value = $this->settings->get( $key );

		switch ( $kind ) {
			case 'brand':
				printf( '<select id="%s" name="%s">', esc_attr( $id ), esc_attr( $name ) );
				foreach ( Settings::BRANDS as $brand ) {
					printf( '<option value="%s"%s>%s</option>', esc_attr( $brand ), selected( $value, $brand, false ), esc_html( ucfirst( $brand ) ) );
				}
				echo '</select>';
				break;
			case 'page':
				wp_dropdown_pages(
					array(
						'id'                => esc_attr( $id ),
						'name'              => esc_attr( $name ),
						'selected'          => (int) $value,
						'show_option_none'  => esc_html__( '— Create one on activation —', 'library-portal' ),
						'option_none_value' => '0',
					)
				);
				break;
			case 'checkbox':
				// The hidden 0 is sent when the box is unticked, so unticking is saved.
				printf( '<input type="hidden" name="%s" value="0">', esc_attr( $name ) );
				printf( '<label><input type="checkbox" id="%s" name="%s" value="1"%s> %s</label>', esc_attr( $id ), esc_attr( $name ), checked( (bool) $value, true, false ), esc_html( $help ) );
				return;
			case 'number':
				printf( '<input type="number" min="0" step="1" class="small-text" id="%s" name="%s" value="%s">', esc_attr( $id ), esc_attr( $name ), esc_attr( (string) (int) $value ) );
				break;
			default:
				printf( '<input type="url" class="regular-text code" id="%s" name="%s" value="%s">', esc_attr( $id ), esc_attr( $name ), esc_attr( (string) $value ) );
		}
		if ( '' !== $help ) {
			printf( '<p class="description">%s</p>', esc_html( $help ) );
		}
	}
}
