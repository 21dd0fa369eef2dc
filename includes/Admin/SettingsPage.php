<?php
/**
 * Settings → Library Portal.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Admin;

use LibraryPortal\Core\Items\VideoUrlSigner;
use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\AccountLinks;
use LibraryPortal\Platform\View;

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
		$this->field( 'portal', 'logo', __( 'Logo address', 'library-portal' ), 'url', __( 'Used by both brands unless a brand has its own below.', 'library-portal' ) );
		$this->field( 'portal', 'logo_harbor', __( 'Logo address (Harbor)', 'library-portal' ), 'url' );
		$this->field( 'portal', 'logo_summit', __( 'Logo address (Summit)', 'library-portal' ), 'url' );
		$this->field( 'portal', 'logout_url', __( 'Logout address', 'library-portal' ), 'url', __( 'Leave empty for WordPress\'s own logout.', 'library-portal' ) );
		$this->field( 'portal', 'contact_url', __( 'Contact Us address', 'library-portal' ), 'address', __( 'Where the dashboard\'s Contact Us leads (an address, or a path on this site such as /contact-us/). Leave empty to hide Contact Us.', 'library-portal' ) );
		$this->field( 'portal', 'walkthrough_harbor', __( 'Walkthrough video (Harbor)', 'library-portal' ), 'url', __( 'An .m3u8 or .mp4 address.', 'library-portal' ) );
		$this->field( 'portal', 'walkthrough_summit', __( 'Walkthrough video (Summit)', 'library-portal' ), 'url', __( 'An .m3u8 or .mp4 address.', 'library-portal' ) );
		$this->field( 'portal', 'captions_harbor', __( 'Walkthrough captions (Harbor)', 'library-portal' ), 'url', __( 'A WebVTT (.vtt) address on this site: the video\'s captions, shown to everyone who turns captions on.', 'library-portal' ) );
		$this->field( 'portal', 'captions_summit', __( 'Walkthrough captions (Summit)', 'library-portal' ), 'url', __( 'A WebVTT (.vtt) address on this site: the video\'s captions, shown to everyone who turns captions on.', 'library-portal' ) );
		$this->field( 'sharing', 'mail_from_name', __( 'From name', 'library-portal' ), 'text', __( 'The sender\'s name of the portal\'s invitation and notice e-mails (only those: WordPress\'s own e-mails keep theirs). Leave empty for the site\'s name.', 'library-portal' ) );
		$this->field( 'sharing', 'daily_quota', __( 'E-mail recipients per day', 'library-portal' ), 'number' );
		$this->field( 'sharing', 'cooldown_seconds', __( 'Seconds between e-mail sends', 'library-portal' ), 'number' );
		$this->field( 'sharing', 'link_lifetime_days', __( 'Share links stay valid (days)', 'library-portal' ), 'number' );
		$this->field( 'sharing', 'invite_accounts', __( 'Accounts for invitees', 'library-portal' ), 'checkbox', __( 'Where nobody may register (Settings → General → Membership), let the recipient of an e-mailed invitation create their account for the invited address with a name and a password. Unticked, they ask the person who invited them to have an account made.', 'library-portal' ) );
		$this->field( 'sharing', 'pass_mark', __( 'Test pass mark (%)', 'library-portal' ), 'number' );
		$this->field( 'sharing', 'quiz_attempt_limit', __( 'Test attempts per learner and item in 24 hours', 'library-portal' ), 'number', __( 'A whole number from 0 to 100; 0 turns the limit off. The filter library_portal_quiz_attempt_limit can change it per learner and item.', 'library-portal' ) );
		$this->field( 'sharing', 'unknown_length_pace', __( 'Seconds of watching per 5% of a video of unknown length', 'library-portal' ), 'number', __( 'A video part whose length is not known (no duration read from its playlist or typed on the item) is credited no faster than one 5% step per this many seconds. Training Library lists such items.', 'library-portal' ) );
		add_settings_section( 'video', __( 'Video addresses', 'library-portal' ), array( $this, 'render_video_help' ), self::SLUG );
		$this->field( 'video', 'video_signing', __( 'Sign playlist addresses with', 'library-portal' ), 'signing' );
		$this->field( 'video', 'video_link_minutes', __( 'Signed addresses work for (minutes)', 'library-portal' ), 'number', __( 'A whole number from 5 to 1440. Each learner gets a new address every time the player opens; one already handed out stops working after this time.', 'library-portal' ) );
		$this->field( 'video', 'nginx_link_secret', __( 'nginx secure_link secret', 'library-portal' ), 'secret', __( 'The secret of secure_link_md5 in your nginx configuration: 16 to 128 letters, digits, - or _.', 'library-portal' ) );
		$this->field( 'video', 'bunny_token_key', __( 'Bunny CDN token authentication key', 'library-portal' ), 'secret', __( 'The pull zone\'s URL Token Authentication Key (Security → Token Authentication).', 'library-portal' ) );
		$this->field( 'video', 'cloudfront_key_id', __( 'CloudFront key pair ID', 'library-portal' ), 'text', __( 'The ID of the public key in CloudFront (Public keys), for example K2JCJMDEHXQW5F.', 'library-portal' ) );
		$this->field( 'video', 'cloudfront_pem', __( 'CloudFront private key (PEM)', 'library-portal' ), 'pem', __( 'The RSA private key of that key pair, from -----BEGIN PRIVATE KEY----- to its END line.', 'library-portal' ) );
		add_settings_section( 'data', __( 'Data', 'library-portal' ), '__return_null', self::SLUG );
		$this->field( 'data', 'delete_on_uninstall', __( 'When the plugin is deleted', 'library-portal' ), 'checkbox', __( 'Delete all of its data too: licenses, progress, certificates, notifications, contracts, catalogue items and settings. Leave unticked to keep them for a reinstall (deactivating never deletes anything).', 'library-portal' ) );

		add_settings_section( 'account', __( 'Account links', 'library-portal' ), array( $this, 'render_account_help' ), self::SLUG );
		foreach ( self::account_link_labels() as $link => $label ) {
			$this->field( 'account', 'account_links_' . $link, $label, 'account_link' );
		}
	}

	/**
	 * Cleans a submitted form: the fields it has, over the settings it does not show.
	 *
	 * @param mixed $values Submitted values.
	 * @return array<string, mixed>
	 */
	public function sanitize( $values ): array {
		$values = is_array( $values ) ? $values : array();
		if ( isset( $values['account_links'] ) ) {
			$values['account_links'] = $this->submitted_account_links( $values['account_links'] );
		}
		if ( isset( $values['quiz_attempt_limit'] ) && ! self::is_attempt_limit( $values['quiz_attempt_limit'] ) ) {
			add_settings_error( Settings::OPTION, 'quiz_attempt_limit', __( 'Test attempts: enter a whole number from 0 to 100 (0 turns the limit off). The limit was left as it was.', 'library-portal' ) );
			unset( $values['quiz_attempt_limit'] );
		}
		if ( isset( $values['unknown_length_pace'] ) && ! self::is_whole_number( $values['unknown_length_pace'], 1, Settings::MAX_UNKNOWN_LENGTH_PACE ) ) {
			add_settings_error( Settings::OPTION, 'unknown_length_pace', __( 'Seconds per 5% of a video of unknown length: enter a whole number from 1 to 3600. The pace was left as it was.', 'library-portal' ) );
			unset( $values['unknown_length_pace'] );
		}
		$values = $this->submitted_signing( $values );
		return Settings::sanitize( array_merge( $this->settings->all(), $values ) );
	}

	/**
	 * The video signing fields of a form: an empty secret keeps the stored one (it is never shown),
	 * a refused value or a method without its secrets keeps what was there and says why.
	 *
	 * @param array<string, mixed> $values Submitted values.
	 * @return array<string, mixed>
	 */
	private function submitted_signing( array $values ): array {
		$labels = array(
			'nginx_link_secret' => __( 'nginx secure_link secret: use 16 to 128 letters, digits, - or _.', 'library-portal' ),
			'bunny_token_key'   => __( 'Bunny CDN token authentication key: use 8 to 128 letters, digits, - or _ as the pull zone shows it.', 'library-portal' ),
			'cloudfront_key_id' => __( 'CloudFront key pair ID: use the ID CloudFront shows (capital letters and digits).', 'library-portal' ),
			'cloudfront_pem'    => __( 'CloudFront private key: paste an RSA private key in PEM form that can be read (BEGIN PRIVATE KEY or BEGIN RSA PRIVATE KEY).', 'library-portal' ),
		);
		foreach ( $labels as $key => $message ) {
			if ( ! array_key_exists( $key, $values ) ) {
				continue;
			}
			$value = is_string( $values[ $key ] ) ? trim( str_replace( "\r\n", "\n", $values[ $key ] ) ) : null;
			if ( '' === $value && in_array( $key, Settings::SECRETS, true ) ) {
				unset( $values[ $key ] ); // Left empty: the stored secret stays.
				continue;
			}
			$loads = 'cloudfront_pem' !== $key || null !== VideoUrlSigner::private_key( (string) $value );
			if ( null === $value || ( '' !== $value && ( 1 !== preg_match( Settings::SIGNING_PATTERNS[ $key ], $value ) || ! $loads ) ) ) {
				/* translators: %s: what the field takes. */
				add_settings_error( Settings::OPTION, $key, sprintf( __( '%s It was left as it was.', 'library-portal' ), $message ) );
				unset( $values[ $key ] );
				continue;
			}
			$values[ $key ] = $value;
		}
		if ( isset( $values['video_link_minutes'] ) && ! self::is_whole_number( $values['video_link_minutes'], VideoUrlSigner::MIN_MINUTES, VideoUrlSigner::MAX_MINUTES ) ) {
			add_settings_error( Settings::OPTION, 'video_link_minutes', __( 'Signed addresses work for: enter a whole number of minutes from 5 to 1440. It was left as it was.', 'library-portal' ) );
			unset( $values['video_link_minutes'] );
		}
		if ( isset( $values['video_signing'] ) ) {
			$method  = $values['video_signing'];
			$after   = array_merge( $this->settings->all(), $values );
			$needs   = array(
				VideoUrlSigner::NGINX      => array( 'nginx_link_secret' ),
				VideoUrlSigner::BUNNY      => array( 'bunny_token_key' ),
				VideoUrlSigner::CLOUDFRONT => array( 'cloudfront_key_id', 'cloudfront_pem' ),
			);
			$missing = ! in_array( $method, VideoUrlSigner::METHODS, true );
			foreach ( $needs[ $method ] ?? array() as $key ) {
				$missing = $missing || '' === (string) ( $after[ $key ] ?? '' );
			}
			if ( $missing ) {
				add_settings_error( Settings::OPTION, 'video_signing', __( 'Sign playlist addresses: the chosen way needs its key or secret filled in below. Signing was left as it was.', 'library-portal' ) );
				unset( $values['video_signing'] );
			}
		}
		return $values;
	}

	/**
	 * What signing does, above its fields.
	 */
	public function render_video_help(): void {
		View::render( __DIR__ . '/views/settings-help.php', array( 'text' => __( 'Without signing, anyone who once got a playlist address can keep using it. Signed, each learner gets an address of their own that stops working after the time below, and nobody without access gets a new one. The web server or CDN must check the signature: the plugin\'s readme says how to set it up.', 'library-portal' ) ) );
	}

	/**
	 * Whether a submitted value is a whole number within bounds.
	 *
	 * @param mixed $value Submitted value.
	 * @param int   $min   Least.
	 * @param int   $max   Most.
	 */
	private static function is_whole_number( $value, int $min, int $max ): bool {
		return ( is_int( $value ) || ( is_string( $value ) && 1 === preg_match( '/^\s*\d{1,6}\s*$/', $value ) ) ) && (int) $value >= $min && (int) $value <= $max;
	}

	/**
	 * Whether a submitted attempt limit is a whole number from 0 to Settings::MAX_QUIZ_ATTEMPT_LIMIT.
	 *
	 * @param mixed $value Submitted value.
	 */
	private static function is_attempt_limit( $value ): bool {
		return ( is_int( $value ) || ( is_string( $value ) && preg_match( '/^\s*\d{1,3}\s*$/', $value ) ) ) && (int) $value <= Settings::MAX_QUIZ_ATTEMPT_LIMIT;
	}

	/**
	 * The account links from the form ({mode, url} per link): a refused address keeps the link's
	 * current setting and says why.
	 *
	 * @param mixed $submitted Submitted links.
	 * @return array<string, string>
	 */
	private function submitted_account_links( $submitted ): array {
		$current = (array) $this->settings->get( 'account_links' );
		$links   = array();
		foreach ( self::account_link_labels() as $key => $label ) {
			$row   = is_array( $submitted[ $key ] ?? null ) ? $submitted[ $key ] : array();
			$mode  = (string) ( $row['mode'] ?? '' );
			$value = 'url' === $mode ? AccountLinks::clean( $row['url'] ?? '' ) : ( AccountLinks::HIDE === $mode ? AccountLinks::HIDE : '' );
			if ( 'url' === $mode && ( null === $value || '' === $value ) ) {
				/* translators: %s: the link's name, e.g. Orders. */
				add_settings_error( Settings::OPTION, 'account_links_' . $key, sprintf( __( '%s: enter an address starting with https://, http:// or /. The link was left as it was.', 'library-portal' ), $label ) );
				$value = (string) ( $current[ $key ] ?? '' );
			}
			$links[ $key ] = (string) $value;
		}
		return $links;
	}

	/**
	 * The account links' names.
	 *
	 * @return array<string, string>
	 */
	private static function account_link_labels(): array {
		return array(
			'certificate-program' => __( 'Certificate Program', 'library-portal' ),
			'orders'              => __( 'Orders', 'library-portal' ),
			'subscriptions'       => __( 'Subscriptions', 'library-portal' ),
			'addresses'           => __( 'Addresses', 'library-portal' ),
			'payment-methods'     => __( 'Payment Methods', 'library-portal' ),
			'wallet'              => __( 'Wallet Balance', 'library-portal' ),
			'member-promos'       => __( 'Member promos', 'library-portal' ),
		);
	}

	/**
	 * What "automatic" means for the account links.
	 */
	public function render_account_help(): void {
		View::render( __DIR__ . '/views/settings-help.php', array( 'text' => __( 'Where the portal\'s account links go. Automatic: the WooCommerce account page when WooCommerce is active and has one, otherwise the usual address (such as /my-account/orders/) when a page is there; a link with nowhere to go is hidden.', 'library-portal' ) ) );
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
		View::render(
			__DIR__ . '/views/settings-page.php',
			array(
				'group' => self::GROUP,
				'slug'  => self::SLUG,
			)
		);
	}

	/**
	 * Prints one account link's choice: automatic, hidden or an address.
	 *
	 * @param string $link Link key.
	 */
	private function render_account_link( string $link ): void {
		$value = (string) ( ( (array) $this->settings->get( 'account_links' ) )[ $link ] ?? '' );
		$mode  = '' === $value ? '' : ( AccountLinks::HIDE === $value ? AccountLinks::HIDE : 'url' );
		$name  = Settings::OPTION . '[account_links][' . $link . ']';
		$modes = array(
			''                 => __( 'Automatic', 'library-portal' ),
			AccountLinks::HIDE => __( 'Hidden', 'library-portal' ),
			'url'              => __( 'This address:', 'library-portal' ),
		);
		View::render(
			__DIR__ . '/views/settings-account-link.php',
			array(
				'id'          => 'library_portal_account_links_' . $link,
				'name'        => $name,
				'modes'       => $modes,
				'mode'        => $mode,
				'url'         => 'url' === $mode ? $value : '',
				/* translators: %s: the link's name. */
				'label'       => sprintf( __( 'Address of %s', 'library-portal' ), self::account_link_labels()[ $link ] ?? $link ),
				'placeholder' => '/' . ( AccountLinks::PATHS[ $link ] ?? '' ) . '/',
			)
		);
	}

	/**
	 * Adds one field.
	 *
	 * @param string $section Section ID.
	 * @param string $key     Setting key.
	 * @param string $label   Label.
	 * @param string $kind    brand | page | checkbox | url | address | number.
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
		if ( 'account_link' === $kind ) {
			$this->render_account_link( substr( $key, strlen( 'account_links_' ) ) );
			return;
		}
		$value   = $this->settings->get( $key );
		$options = array();
		$state   = '';
		if ( 'brand' === $kind ) {
			foreach ( Settings::BRANDS as $brand ) {
				$options[ $brand ] = ucfirst( $brand );
			}
		} elseif ( 'signing' === $kind ) {
			$options = array(
				VideoUrlSigner::NONE       => __( 'No signing (addresses as stored)', 'library-portal' ),
				VideoUrlSigner::NGINX      => __( 'nginx secure_link (media on your own server)', 'library-portal' ),
				VideoUrlSigner::BUNNY      => __( 'Bunny CDN token authentication', 'library-portal' ),
				VideoUrlSigner::CLOUDFRONT => __( 'Amazon CloudFront signed URLs (canned policy)', 'library-portal' ),
			);
		} elseif ( 'secret' === $kind || 'pem' === $kind ) {
			// A stored secret is never printed back: only whether there is one and its last 4 characters.
			$stored = (string) $value;
			$value  = '';
			$state  = '' === $stored
				? __( 'None stored.', 'library-portal' )
				/* translators: %s: the last characters of the stored secret. */
				: sprintf( __( 'Stored, ending in …%s. Leave empty to keep it; type a new one to replace it.', 'library-portal' ), substr( rtrim( str_replace( '-----END PRIVATE KEY-----', '', str_replace( '-----END RSA PRIVATE KEY-----', '', $stored ) ) ), -4 ) );
		}
		View::render(
			__DIR__ . '/views/settings-field.php',
			array(
				'kind'    => $kind,
				'id'      => 'library_portal_' . $key,
				'name'    => Settings::OPTION . '[' . $key . ']',
				'value'   => is_bool( $value ) ? ( $value ? '1' : '' ) : ( is_scalar( $value ) ? (string) $value : '' ),
				'help'    => $help,
				'options' => $options,
				'state'   => $state,
			)
		);
	}
}
