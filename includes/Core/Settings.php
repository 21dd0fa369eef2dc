<?php
/**
 * The plugin's settings, one autoloaded option with defaults.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core;

use LibraryPortal\Core\Items\VideoUrlSigner;
use LibraryPortal\Core\Rows\ProgressRules;
use LibraryPortal\Core\Site\AccountLinks;
use LibraryPortal\Core\Site\PortalPage;

/**
 * Reads and sanitises the site admin's settings.
 */
final class Settings {

	/**
	 * The highest attempt limit the setting takes (more is no limit in practice: 0 says so).
	 */
	public const MAX_QUIZ_ATTEMPT_LIMIT = 100;

	/**
	 * Slowest pace for a video of unknown length: an hour per step.
	 */
	public const MAX_UNKNOWN_LENGTH_PACE = 3600;

	public const OPTION = 'library_portal_settings';

	/**
	 * ID of the page the plugin made itself (uninstall trashes only that one, never a page the
	 * admin picked).
	 */
	public const CREATED_PAGE_OPTION = 'library_portal_created_page_id';

	public const BRANDS = array( 'harbor', 'summit' );

	/**
	 * Defaults; docs/rules/platform.md, "Settings", gives the reasons for the numbers.
	 */
	private const DEFAULTS = array(
		'brand'               => 'harbor',
		'share_users'         => true,
		'theme_chrome'        => false,
		// Uninstall deletes the plugin's data only when the admin ticked this (Lifecycle\Installer).
		'delete_on_uninstall' => false,
		'logout_url'          => '',
		'logo'                => '',
		'logo_harbor'         => '',
		'logo_summit'         => '',
		'walkthrough_harbor'  => '',
		'walkthrough_summit'  => '',
		'captions_harbor'     => '', // The walkthrough's WebVTT captions per brand.
		'captions_summit'     => '',
		'daily_quota'         => 100,
		'cooldown_seconds'    => 60,
		'link_lifetime_days'  => 30,
		// Where nobody may register, an e-mailed invitation makes its recipient's account (Sharing\InviteAccount).
		'invite_accounts'     => true,
		'pass_mark'           => 80,
		// Test attempts per learner and item in 24 hours; 0 = no limit (docs/rules/tests-and-certificates.md "Tests and certificates").
		'quiz_attempt_limit'  => 3,
		// Seconds per 5% step of a video part whose length is unknown (docs/rules/learning-and-progress.md "Progress jumps").
		'unknown_length_pace' => ProgressRules::UNKNOWN_LENGTH_PACE_SECONDS,
		'portal_page_id'      => 0,
		'free_webinar_ids'    => array(),
		'member_promos_url'   => '/members/member-promos/',
		// Empty: no Contact Us on the dashboard (a default path would lead to a 404 on sites without it).
		'contact_url'         => '',
		'account_url'         => '/my-account/',
		'certificate_program' => '/my-account/certificate-program',
		// Sidebar account links (Core\Site\AccountLinks): key => '' automatic, 'hide', or an address.
		'account_links'       => array(),
		// How playlist addresses are signed per learner (Core\Items\VideoUrlSigner; docs/rules/learning-and-progress.md
		// "Signed video addresses"). The secrets never go to the browser nor back to the screen.
		'video_signing'       => VideoUrlSigner::NONE,
		'video_link_minutes'  => VideoUrlSigner::DEFAULT_MINUTES,
		'nginx_link_secret'   => '',
		'bunny_token_key'     => '',
		'cloudfront_key_id'   => '',
		'cloudfront_pem'      => '',
		// The sender's name of the plugin's own mail; '' = the site's name (Core\Site\BrandedMail).
		'mail_from_name'      => '',
	);

	/**
	 * The settings that hold secrets: the settings screen never prints them back.
	 */
	public const SECRETS = array( 'nginx_link_secret', 'bunny_token_key', 'cloudfront_pem' );

	/**
	 * What each signing field takes (its shape). The nginx secret goes into nginx's configuration between
	 * quotes, where `$` would start a variable: letters, digits, - and _ only.
	 */
	public const SIGNING_PATTERNS = array(
		'nginx_link_secret' => '/^[A-Za-z0-9_-]{16,128}$/',
		'bunny_token_key'   => '/^[A-Za-z0-9_-]{8,128}$/',
		'cloudfront_key_id' => '/^[A-Z0-9]{8,32}$/',
		'cloudfront_pem'    => '/^-----BEGIN (RSA )?PRIVATE KEY-----\n[A-Za-z0-9+\/=\n]+\n-----END (RSA )?PRIVATE KEY-----$/',
	);

	/**
	 * All settings, defaults filled in.
	 *
	 * @return array<string, mixed>
	 */
	public function all(): array {
		$stored = get_option( self::OPTION, array() );
		return self::sanitize( is_array( $stored ) ? $stored : array() );
	}

	/**
	 * One setting.
	 *
	 * @param string $key Setting name.
	 * @return mixed
	 */
	public function get( string $key ) {
		return $this->all()[ $key ] ?? null;
	}

	/**
	 * Stores changed settings (sanitised, merged over the current ones).
	 *
	 * @param array<string, mixed> $changes New values.
	 */
	public function update( array $changes ): void {
		update_option( self::OPTION, self::sanitize( array_merge( $this->all(), $changes ) ), true );
	}

	/**
	 * The brand of this site: its short name picks styles and walkthrough video.
	 */
	public function brand(): string {
		return (string) $this->get( 'brand' );
	}

	/**
	 * The logo of this site's brand: the brand's own, else the one both brands share ('' for none:
	 * the top bar then shows the site's name).
	 */
	public function logo(): string {
		$own = (string) $this->get( 'logo_' . $this->brand() );
		return '' !== $own ? $own : (string) $this->get( 'logo' );
	}

	/**
	 * Where the logout entry goes; WordPress's own logout link unless the admin set one.
	 */
	public function logout_url(): string {
		$custom = (string) $this->get( 'logout_url' );
		// wp_logout_url() is made for HTML (its `&` arrives as `&amp;`); this value goes into JSON
		// and into esc_url() by its users, so it is decoded once here.
		return '' !== $custom ? $custom : html_entity_decode( wp_logout_url( home_url( '/' ) ), ENT_QUOTES | ENT_HTML5 );
	}

	/**
	 * Cleans every known key and drops unknown ones.
	 *
	 * @param array<string, mixed> $values Raw values.
	 * @return array<string, mixed>
	 */
	public static function sanitize( array $values ): array {
		$clean = self::DEFAULTS;
		foreach ( self::DEFAULTS as $key => $default ) {
			if ( ! array_key_exists( $key, $values ) ) {
				continue;
			}
			$value = $values[ $key ];
			if ( is_bool( $default ) ) {
				$clean[ $key ] = (bool) $value;
			} elseif ( 'pass_mark' === $key ) {
				$clean[ $key ] = max( 1, min( 100, (int) $value ) ); // A percent; 0 would pass everyone.
			} elseif ( 'unknown_length_pace' === $key ) {
				$clean[ $key ] = max( 1, min( self::MAX_UNKNOWN_LENGTH_PACE, (int) $value ) );
			} elseif ( 'video_link_minutes' === $key ) {
				$clean[ $key ] = max( VideoUrlSigner::MIN_MINUTES, min( VideoUrlSigner::MAX_MINUTES, (int) $value ) );
			} elseif ( 'video_signing' === $key ) {
				$clean[ $key ] = in_array( $value, VideoUrlSigner::METHODS, true ) ? $value : $default;
			} elseif ( isset( self::SIGNING_PATTERNS[ $key ] ) ) {
				// Only the shape is checked here (this runs on every read); the settings screen also
				// loads a key with openssl before saving it. A PEM keeps its line breaks.
				$secret        = is_string( $value ) ? trim( str_replace( "\r\n", "\n", $value ) ) : '';
				$clean[ $key ] = 1 === preg_match( self::SIGNING_PATTERNS[ $key ], $secret ) ? $secret : '';
			} elseif ( 'quiz_attempt_limit' === $key ) {
				$clean[ $key ] = max( 0, min( self::MAX_QUIZ_ATTEMPT_LIMIT, (int) $value ) );
			} elseif ( is_int( $default ) ) {
				$clean[ $key ] = max( 0, (int) $value );
			} elseif ( 'account_links' === $key ) {
				$clean[ $key ] = self::account_links( $value );
			} elseif ( is_array( $default ) ) {
				$clean[ $key ] = array_values( array_filter( array_map( 'absint', (array) $value ) ) );
			} elseif ( 'mail_from_name' === $key ) {
				// One header line of a sensible length (sanitize_text_field drops the line breaks).
				$clean[ $key ] = mb_substr( sanitize_text_field( (string) $value ), 0, 100 );
			} elseif ( 'brand' === $key ) {
				$clean[ $key ] = in_array( $value, self::BRANDS, true ) ? $value : $default;
			} elseif ( str_ends_with( $key, '_url' ) || in_array( $key, array( 'logo', 'logo_harbor', 'logo_summit', 'walkthrough_harbor', 'walkthrough_summit', 'captions_harbor', 'captions_summit', 'certificate_program' ), true ) ) {
				$clean[ $key ] = esc_url_raw( (string) $value );
			} else {
				$clean[ $key ] = sanitize_text_field( (string) $value );
			}
		}
		return $clean;
	}

	/**
	 * The account links' settings: known keys with a clean value; anything else is dropped
	 * (the settings page reports a refused value and keeps the old one).
	 *
	 * @param mixed $value Raw value.
	 * @return array<string, string>
	 */
	private static function account_links( $value ): array {
		$clean = array();
		foreach ( (array) $value as $key => $link ) {
			$link = isset( AccountLinks::PATHS[ $key ] ) && is_scalar( $link ) ? AccountLinks::clean( $link ) : null;
			if ( null !== $link && '' !== $link ) {
				$clean[ (string) $key ] = $link;
			}
		}
		return $clean;
	}

	/**
	 * Makes sure the page that holds the portal exists and returns its ID. A new page holds the
	 * block on a block theme, the shortcode on a classic one (docs/rules/library-and-catalogue.md, "The portal as a block").
	 */
	public static function ensure_portal_page(): int {
		$settings = new self();
		$page_id  = (int) $settings->get( 'portal_page_id' );
		if ( $page_id && 'page' === get_post_type( $page_id ) && 'trash' !== get_post_status( $page_id ) ) {
			return $page_id;
		}
		$page_id = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => __( 'Library', 'library-portal' ),
				'post_name'    => 'library',
				'post_content' => PortalPage::content(),
			)
		);
		if ( $page_id > 0 ) {
			$settings->update( array( 'portal_page_id' => $page_id ) );
			update_option( self::CREATED_PAGE_OPTION, $page_id, false );
			return $page_id;
		}
		return 0;
	}
}
