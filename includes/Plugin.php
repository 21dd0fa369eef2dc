<?php
/**
 * Wiring of the plugin.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal;

use LibraryPortal\Accounts\UserDeletedHandler;
use LibraryPortal\Admin\ReservedSlugNotice;
use LibraryPortal\Admin\SettingsPage;
use LibraryPortal\Ajax\PingHandler;
use LibraryPortal\Catalogue\Catalogue;
use LibraryPortal\Catalogue\ItemPostType;
use LibraryPortal\Database\Installer;
use LibraryPortal\Frontend\Assets;
use LibraryPortal\Frontend\PortalConfig;
use LibraryPortal\Frontend\Routes;
use LibraryPortal\Frontend\Shortcode;
use LibraryPortal\Library\LibraryCache;
use LibraryPortal\Library\LibraryService;
use LibraryPortal\Repositories\CatalogueRepository;
use LibraryPortal\Repositories\CertificateRepository;
use LibraryPortal\Repositories\ContractRepository;
use LibraryPortal\Repositories\LibraryCacheRepository;
use LibraryPortal\Repositories\LicenseRepository;
use LibraryPortal\Repositories\MailHistoryRepository;
use LibraryPortal\Repositories\NotificationRepository;
use LibraryPortal\Repositories\ProgressRepository;
use LibraryPortal\Repositories\QuizAttemptRepository;
use LibraryPortal\Repositories\ShareRepository;
use LibraryPortal\Rest\ErrorReply;
use LibraryPortal\Rest\ItemsController;
use LibraryPortal\Rest\NotificationsController;
use LibraryPortal\Rest\RawJsonResponse;
use LibraryPortal\Rest\ServerTiming;
use LibraryPortal\Rest\UserController;
use LibraryPortal\Sharing\ShareLinkCodec;
use LibraryPortal\Sharing\ShareLinkRepository;
use LibraryPortal\Sharing\ShareLinks;
use wpdb;

/**
 * Builds the services once and lets each add its hooks. Nothing here holds logic.
 */
final class Plugin {

	/**
	 * The booted plugin.
	 *
	 * @var Plugin|null
	 */
	private static ?Plugin $instance = null;

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	public Settings $settings;

	/**
	 * Seats and grants.
	 *
	 * @var LicenseRepository
	 */
	public LicenseRepository $licenses;

	/**
	 * Progress.
	 *
	 * @var ProgressRepository
	 */
	public ProgressRepository $progress;

	/**
	 * Certificates.
	 *
	 * @var CertificateRepository
	 */
	public CertificateRepository $certificates;

	/**
	 * Contracts.
	 *
	 * @var ContractRepository
	 */
	public ContractRepository $contracts;

	/**
	 * Notifications.
	 *
	 * @var NotificationRepository
	 */
	public NotificationRepository $notifications;

	/**
	 * Share records.
	 *
	 * @var ShareRepository
	 */
	public ShareRepository $shares;

	/**
	 * Library builder.
	 *
	 * @var LibraryService
	 */
	public LibraryService $library;

	/**
	 * Cache of encoded libraries.
	 *
	 * @var LibraryCache
	 */
	public LibraryCache $library_cache;

	/**
	 * Share link codec.
	 *
	 * @var ShareLinks
	 */
	public ShareLinks $share_links;

	/**
	 * Builds the services for a connection.
	 *
	 * @param wpdb $db Database connection.
	 */
	private function __construct( wpdb $db ) {
		$this->settings      = new Settings();
		$this->licenses      = new LicenseRepository( $db );
		$this->progress      = new ProgressRepository( $db );
		$this->certificates  = new CertificateRepository( $db );
		$this->contracts     = new ContractRepository( $db );
		$this->notifications = new NotificationRepository( $db );
		$this->shares        = new ShareRepository( $db );
		$this->library       = new LibraryService( $this->licenses, $this->progress, $this->certificates, $this->contracts, new Catalogue( new CatalogueRepository( $db ) ) );
		$this->library_cache = new LibraryCache( new LibraryCacheRepository( $db ), $this->licenses );
		$this->share_links   = new ShareLinks( new ShareLinkCodec( wp_salt( 'auth' ) ), new ShareLinkRepository( $db ), $this->settings );
	}

	/**
	 * Entry point (plugins_loaded).
	 */
	public static function boot(): void {
		if ( self::$instance ) {
			return;
		}
		global $wpdb;
		self::$instance = new self( $wpdb );
		self::$instance->register();
	}

	/**
	 * The booted plugin.
	 */
	public static function instance(): self {
		self::boot();
		return self::$instance;
	}

	/**
	 * Adds every hook.
	 */
	private function register(): void {
		Installer::maybe_upgrade();

		add_action(
			'init',
			static function () {
				load_plugin_textdomain( 'library-portal', false, dirname( plugin_basename( LIBRARY_PORTAL_FILE ) ) . '/languages' );
			}
		);

		$config = new PortalConfig( $this->settings, $this->contracts, $this->licenses, $this->share_links );
		$assets = new Assets( $this->settings, $config );

		( new ItemPostType() )->register();
		( new Routes( $this->settings ) )->register();
		$assets->register();
		( new Shortcode( $assets, $this->settings ) )->register();
		( new PingHandler() )->register();
		( new SettingsPage( $this->settings ) )->register();
		( new ReservedSlugNotice( $this->settings ) )->register();
		( new ServerTiming() )->register();
		( new ErrorReply() )->register();
		$this->library_cache->register();
		global $wpdb;
		( new UserDeletedHandler( $this->licenses, $this->shares, $this->progress, $this->certificates, $this->notifications, $this->contracts, new QuizAttemptRepository( $wpdb ), new MailHistoryRepository( $wpdb ), new LibraryCacheRepository( $wpdb ), new ShareLinkRepository( $wpdb ) ) )->register();
		add_filter( 'rest_pre_serve_request', array( RawJsonResponse::class, 'serve' ), 10, 4 );

		add_action(
			'rest_api_init',
			function () {
				( new ItemsController( $this->library, $this->library_cache ) )->register_routes();
				( new UserController( $this->library ) )->register_routes();
				( new NotificationsController( $this->notifications ) )->register_routes();
			}
		);

		if ( defined( 'WP_CLI' ) && WP_CLI ) {
			\WP_CLI::add_command( 'library-portal', new Cli\Commands( $this ) );
		}
	}
}
