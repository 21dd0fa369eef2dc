<?php
/**
 * The configuration object the islands read.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

use LibraryPortal\Core\Contracts\ContractRepository;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Seats\ShareInvite;
use LibraryPortal\Core\Seats\ShareInvites;
use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\AccountLinks;
use LibraryPortal\Core\Site\Routes;

/**
 * Builds `window.libraryPortalConfig` (docs/contract.md) for the current request.
 */
final class PortalConfig {

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Contracts.
	 *
	 * @var ContractRepository
	 */
	private ContractRepository $contracts;

	/**
	 * Share links.
	 *
	 * @var ShareInvites
	 */
	private ShareInvites $invites;

	/**
	 * The account pages the portal links to.
	 *
	 * @var AccountLinks
	 */
	private AccountLinks $account_links;

	/**
	 * The first screen's replies printed into the page.
	 *
	 * @var InitialReplies
	 */
	private InitialReplies $initial_replies;

	/**
	 * Seats and grants (whether the user bought anything, for the list's introduction).
	 *
	 * @var LicenseRepository
	 */
	private LicenseRepository $licenses;

	/**
	 * Wires the builder.
	 *
	 * @param Settings            $settings        Settings.
	 * @param ContractRepository  $contracts       Contracts.
	 * @param ShareInvites        $invites         Share links.
	 * @param AccountLinks|null   $account_links   Account links (default: from the settings).
	 * @param InitialReplies|null $initial_replies The first screen's replies (default: the REST routes').
	 * @param LicenseRepository|null $licenses     Seats and grants (default: on the site's database).
	 */
	public function __construct( Settings $settings, ContractRepository $contracts, ShareInvites $invites, ?AccountLinks $account_links = null, ?InitialReplies $initial_replies = null, ?LicenseRepository $licenses = null ) {
		global $wpdb;
		$this->settings        = $settings;
		$this->contracts       = $contracts;
		$this->invites         = $invites;
		$this->account_links   = $account_links ?? new AccountLinks( $settings );
		$this->initial_replies = $initial_replies ?? new InitialReplies();
		$this->licenses        = $licenses ?? new LicenseRepository( $wpdb );
	}

	/**
	 * The whole object.
	 *
	 * @return array<string, mixed>
	 */
	public function build(): array {
		$user     = wp_get_current_user();
		$brand    = $this->settings->brand();
		$is_local = self::is_local();

		return array(
			'restRoot'           => esc_url_raw( rest_url() ),
			'restNonce'          => wp_create_nonce( 'wp_rest' ),
			'ajaxUrl'            => admin_url( 'admin-ajax.php' ),
			'pingNonce'          => wp_create_nonce( PingHandler::NONCE_KEY ),
			'logoutUrl'          => $this->settings->logout_url(),
			'siteUrl'            => home_url( '/' ),
			'basePath'           => untrailingslashit( (string) wp_parse_url( home_url( '/' ), PHP_URL_PATH ) ),
			'portalPath'         => '/' . Routes::PORTAL_PATH,
			// A page holding the portal outside its routes: the client opens the dashboard there.
			'entryPath'          => Routes::entry_path(),
			'brand'              => $brand,
			'brandName'          => get_bloginfo( 'name' ),
			'logo'               => $this->settings->logo(),
			'walkthroughVideo'   => (string) $this->settings->get( 'walkthrough_' . $brand ),
			'walkthroughTrack'   => (string) $this->settings->get( 'captions_' . $brand ),
			'shareUsers'         => (bool) $this->settings->get( 'share_users' ),
			'isLocal'            => $is_local,
			'localRequestHeader' => $is_local ? '1' : '',
			'shareData'          => $this->share_data( time() ),
			'contractData'       => $this->contract_data( (int) $user->ID ),
			'contracts'          => $this->contracts_of( (int) $user->ID ),
			// The library list's line under its title, in words that fit who reads it.
			'libraryIntro'       => $this->library_intro( (int) $user->ID ),
			'currentUser'        => array(
				'id'           => (int) $user->ID,
				'display_name' => $user->display_name,
				'user_email'   => $user->user_email,
			),
			'publicPath'         => LIBRARY_PORTAL_URL . 'build/',
			'freeWebinar'        => in_array( (int) get_query_var( Routes::PRODUCT_VAR ), (array) $this->settings->get( 'free_webinar_ids' ), true ),
			// Key => address of each account link; '' = hidden (AccountLinks decides, the sidebar shows).
			'accountLinks'       => $this->account_links->urls(),
			// The dashboard's Contact Us; '' hides it (docs/rules/library-and-catalogue.md, "Dead ends").
			'contactUrl'         => $this->contact_url(),
			// The client adds redirect_to (the address the learner is on) when the login expired.
			'loginUrl'           => wp_login_url(),
			// The first screen's GET replies, keyed by REST path; each answers the client's first
			// call of that path (docs/rules/library-and-catalogue.md, "First screen on a phone").
			'initialReplies'     => (object) $this->initial_replies->for_screen( PortalScreen::current(), self::asks_member_version(), PortalScreen::requested_page() ),
		);
	}

	/**
	 * The line under the library's title. The spec's "purchased" text is kept for buyers; a
	 * contract library, a member or a team member bought nothing, so their line says whose
	 * trainings these are (docs/rules/library-and-catalogue.md, "Words the spec gives and where they change").
	 *
	 * @param int $user_id Current user.
	 */
	private function library_intro( int $user_id ): string {
		if ( 'contract' === Routes::current_route() ) {
			return __( 'The trainings your organization has given you are below.', 'library-portal' );
		}
		if ( $user_id && $this->licenses->owns_untagged_grant( $user_id ) ) {
			return __( 'Access your purchased on-demand workshops, webinars, and e-manuals below.', 'library-portal' );
		}
		return __( 'Your on-demand workshops, webinars, and e-manuals are below.', 'library-portal' );
	}

	/**
	 * Whether the address asks for the member version of an item (?tag=member).
	 */
	public static function asks_member_version(): bool {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only view parameter.
		return isset( $_GET['tag'] ) && 'member' === sanitize_key( wp_unslash( $_GET['tag'] ) );
	}

	/**
	 * The Contact Us address: the setting as an absolute address (a path is on this site), or ''
	 * when none is set.
	 */
	private function contact_url(): string {
		$setting = (string) $this->settings->get( 'contact_url' );
		if ( '' === $setting ) {
			return '';
		}
		return esc_url_raw( str_starts_with( $setting, '/' ) ? home_url( $setting ) : $setting );
	}

	/**
	 * JSON safe to print inside a <script> element: `<`, `>`, `&` and quotes are \u-escaped, so
	 * no value (a name, a link) can close the element or start markup.
	 *
	 * @param array<string, mixed> $config The config object.
	 */
	public static function to_script_json( array $config ): string {
		return (string) wp_json_encode( $config, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_UNESCAPED_SLASHES );
	}

	/**
	 * The invite shown on /shareseats/{encoded}: what is shared, by whom, how many seats are left
	 * (the banner shows Notify when none are), or why the link does not work.
	 *
	 * @param int $now Unix seconds.
	 * @return array<string, mixed>|null
	 */
	private function share_data( int $now ): ?array {
		$encoded = (string) get_query_var( Routes::SHARE_VAR );
		if ( 'shareseats' !== Routes::current_route() ) {
			return $this->offered_invitation( $now );
		}
		if ( '' === $encoded ) {
			return null;
		}
		if ( ! ShareInvites::is_link_code( $encoded ) ) {
			$encoded = ''; // Never echo a value of another alphabet back into the page.
		}
		$invite = $this->invites->open( $encoded, $now );
		$own    = $invite instanceof ShareInvite && get_current_user_id() === $invite->sharer_id;
		$held   = $own ? 0 : $this->invites->held_item( $encoded, get_current_user_id(), $now );
		if ( $held ) {
			// Already in the visitor's library: the banner opens the item instead of a claim.
			return array(
				'product_title'      => get_the_title( $held ),
				'sharer_name'        => $invite instanceof ShareInvite ? $invite->sharer_name : '',
				'available_licenses' => $invite instanceof ShareInvite ? $invite->available : 0,
				'encoded'            => $encoded,
				'own'                => false,
				'product_id'         => $held,
				'held'               => true,
				'item_url'           => ShareInvites::item_url( $held ),
			);
		}
		if ( ! $invite instanceof ShareInvite ) {
			return array(
				'product_title'      => '',
				'sharer_name'        => '',
				'available_licenses' => 0,
				'encoded'            => $encoded,
				'error'              => ShareInvites::message( $invite ),
			);
		}
		return array(
			'product_title'      => $invite->product_title,
			'sharer_name'        => $invite->sharer_name,
			'available_licenses' => $invite->available,
			'encoded'            => $encoded,
			'own'                => $own,
			'product_id'         => $invite->product_id,
			'held'               => false,
			'item_url'           => '',
			'addressed'          => ShareInvites::addressed_to( $invite->recipient_email, wp_get_current_user() ),
		);
	}

	/**
	 * On every other portal screen, the e-mailed invitation to the user's address that waits for
	 * them (ShareInvites::offered_to), as the banner shows an invite: Accept / Not now.
	 *
	 * @param int $now Unix seconds.
	 * @return array<string, mixed>|null
	 */
	private function offered_invitation( int $now ): ?array {
		$user    = wp_get_current_user();
		$offered = $user->exists() ? $this->invites->offered_to( $user, $now ) : null;
		if ( null === $offered ) {
			return null;
		}
		return array(
			'product_title'      => $offered['invite']->product_title,
			'sharer_name'        => $offered['invite']->sharer_name,
			'available_licenses' => $offered['invite']->available,
			'encoded'            => $offered['code'],
			'own'                => false,
			'product_id'         => $offered['invite']->product_id,
			'held'               => false,
			'item_url'           => '',
			'addressed'          => true,
		);
	}

	/**
	 * The contract libraries of the user, for the portal's navigation: ID, title and whether the
	 * contract has ended (its items no longer open; certificates do). Started ones only.
	 *
	 * @param int $user_id Current user.
	 * @return array<int, array{id: int, title: string, ended: bool}>
	 */
	private function contracts_of( int $user_id ): array {
		$now  = time();
		$list = array();
		foreach ( $this->contracts->for_member( $user_id ) as $contract ) {
			if ( $contract->starts_at <= $now ) {
				$list[] = array(
					'id'    => $contract->id,
					'title' => $contract->title,
					'ended' => $contract->has_ended( $now ),
				);
			}
		}
		return $list;
	}

	/**
	 * The organizer card of /contract/{id}, only for that contract's members.
	 *
	 * @param int $user_id Current user.
	 * @return array<string, mixed>|null
	 */
	private function contract_data( int $user_id ): ?array {
		$contract_id = (int) get_query_var( Routes::CONTRACT_VAR );
		if ( 'contract' !== Routes::current_route() || ! $contract_id ) {
			return null;
		}
		$contract = $this->contracts->find_for_member( $contract_id, $user_id );
		if ( ! $contract ) {
			return null;
		}
		return array(
			'id'        => $contract->id,
			'title'     => $contract->title,
			'organizer' => array(
				// The card puts it into an <img src>: only a web address gets there.
				'thumb' => esc_url_raw( $contract->organizer_thumb, array( 'http', 'https' ) ),
				'name'  => $contract->organizer_name,
				'title' => $contract->organizer_title,
				'phone' => $contract->organizer_phone,
				'email' => $contract->organizer_email,
			),
		);
	}

	/**
	 * Whether the site runs on a local host (enables Manage My Team and the local-request header).
	 */
	public static function is_local(): bool {
		if ( 'local' === wp_get_environment_type() ) {
			return true;
		}
		$host = (string) wp_parse_url( home_url(), PHP_URL_HOST );
		return in_array( $host, array( 'localhost', '127.0.0.1', '::1', '[::1]' ), true ) || (bool) preg_match( '/\.(local|test|localhost)$/', $host );
	}
}
