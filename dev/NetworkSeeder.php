<?php
/**
 * The local network's sites and seed (bin/site-install.php on a "-multisite" site).
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Dev;

use LibraryPortal\Core\Items\ContentType;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Settings;
use LibraryPortal\Services;
use wpdb;

/**
 * Two brands as two sites of one network: the main site (Harbor) and /summit/ (Summit), made after
 * the plugin was network-activated. The seed gives one learner, a member of both sites, an item on
 * each site, so each site's library shows only its own (README, "A network of sites").
 */
final class NetworkSeeder {

	/**
	 * Path of the second site.
	 */
	public const SUMMIT_PATH = '/summit/';

	/**
	 * Login of the learner of both sites.
	 */
	public const LEARNER = 'network-learner';

	/**
	 * Database connection.
	 *
	 * @var wpdb
	 */
	private wpdb $db;

	/**
	 * Wires the seeder.
	 *
	 * @param wpdb $db Database connection.
	 */
	public function __construct( wpdb $db ) {
		$this->db = $db;
	}

	/**
	 * The seeder over WordPress's connection.
	 */
	public static function create(): self {
		global $wpdb;
		return new self( $wpdb );
	}

	/**
	 * Makes /summit/ when it is missing and sets each site's brand; returns the site IDs by brand.
	 *
	 * @return array<string, int>
	 */
	public function sites(): array {
		$network = get_network();
		if ( ! $network ) {
			fwrite( STDERR, "NetworkSeeder: not a network.\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- a CLI message.
			exit( 1 );
		}
		$summit_id = (int) get_blog_id_from_url( $network->domain, self::SUMMIT_PATH );
		if ( ! $summit_id ) {
			$admin     = get_user_by( 'login', 'admin' );
			$summit_id = wp_insert_site(
				array(
					'domain'  => $network->domain,
					'path'    => self::SUMMIT_PATH,
					'title'   => 'Summit Training',
					'user_id' => $admin ? $admin->ID : 1,
				)
			);
			if ( is_wp_error( $summit_id ) ) {
				fwrite( STDERR, 'NetworkSeeder: ' . $summit_id->get_error_message() . "\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions, WordPress.Security.EscapeOutput.OutputNotEscaped -- a CLI message.
				exit( 1 );
			}
		}
		$sites = array(
			'harbor' => (int) get_main_site_id(),
			'summit' => (int) $summit_id,
		);
		foreach ( $sites as $brand => $site_id ) {
			switch_to_blog( $site_id );
			update_option( 'permalink_structure', '/%postname%/' );
			update_option( 'show_avatars', 0 );
			update_option( 'blog_public', 0 );
			( new Settings() )->update( array( 'brand' => $brand ) );
			delete_option( 'rewrite_rules' ); // Built on the site's next request.
			restore_current_blog();
		}
		return $sites;
	}

	/**
	 * The learner and one granted item per site; returns the learner's login row.
	 *
	 * @param array<int, array{login?: string, password?: string}> $known Rows of the existing logins file.
	 * @return array<int, array{role: string, login: string, password: string}>
	 */
	public function seed( array $known ): array {
		$password = '';
		foreach ( $known as $row ) {
			if ( self::LEARNER === ( $row['login'] ?? '' ) ) {
				$password = (string) ( $row['password'] ?? '' );
			}
		}
		$demo    = DemoSeeder::create();
		$learner = $demo->user( self::LEARNER, 'Nova Learner', $password );
		$user    = get_userdata( $learner );
		if ( ! $user || '' === $password || ! wp_check_password( $password, $user->user_pass, $learner ) ) {
			$password = wp_generate_password( 16, false );
			wp_set_password( $password, $learner );
		}
		foreach ( $this->sites() as $brand => $site_id ) {
			switch_to_blog( $site_id );
			add_user_to_blog( $site_id, $learner, 'subscriber' );
			$title = ucfirst( $brand ) . ' Onboarding Workshop';
			$found = get_posts(
				array(
					'post_type'   => ItemPostType::POST_TYPE,
					'title'       => $title,
					'post_status' => 'any',
					'fields'      => 'ids',
				)
			);
			if ( ! $found ) {
				$item = $demo->item( $title, ContentType::WORKSHOP );
				Services::on( $this->db )->grants->grant( $learner, $item, 2, 0, '', 'admin', '', 0 );
			}
			restore_current_blog();
		}
		return array(
			array(
				'role'     => 'Learner of both sites',
				'login'    => self::LEARNER,
				'password' => $password,
			),
		);
	}
}
