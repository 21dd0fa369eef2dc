<?php
/**
 * Wiring of the plugin.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal;

use LibraryPortal\Accounts\LoginBrand;
use LibraryPortal\Accounts\LoginDestination;
use LibraryPortal\Accounts\UserController;
use LibraryPortal\Accounts\UserDeletedHandler;
use LibraryPortal\Admin\ReservedSlugNotice;
use LibraryPortal\Admin\SettingsPage;
use LibraryPortal\AdminApi\GrantsController;
use LibraryPortal\AdminApi\LearnersController;
use LibraryPortal\Catalogue\ItemEditor;
use LibraryPortal\Catalogue\ItemListColumns;
use LibraryPortal\Catalogue\QuizMetaBox;
use LibraryPortal\Catalogue\RefusedEdit;
use LibraryPortal\Certificates\CertificateDesignPage;
use LibraryPortal\Certificates\CertificatePages;
use LibraryPortal\Certificates\CertificatePdf;
use LibraryPortal\Certificates\QuizController;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Quizzes\QuizService;
use LibraryPortal\Core\Rows\CertificateNames;
use LibraryPortal\Core\Rows\ItemLookup;
use LibraryPortal\Core\Seats\AuditWords;
use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Frontend\Assets;
use LibraryPortal\Frontend\FrameOptions;
use LibraryPortal\Frontend\LeanPortalPages;
use LibraryPortal\Frontend\PingHandler;
use LibraryPortal\Frontend\PortalBlock;
use LibraryPortal\Frontend\PortalCanvas;
use LibraryPortal\Frontend\PortalConfig;
use LibraryPortal\Frontend\Shortcode;
use LibraryPortal\Frontend\ThemeFontPreload;
use LibraryPortal\Frontend\UserLocale;
use LibraryPortal\Grants\GrantsPage;
use LibraryPortal\Learning\PlaylistDuration;
use LibraryPortal\Learning\ProgressController;
use LibraryPortal\Learning\ProgressRecorder;
use LibraryPortal\Learning\SeatActivation;
use LibraryPortal\Learning\SubtitlesController;
use LibraryPortal\Learning\VideoController;
use LibraryPortal\Library\DashboardController;
use LibraryPortal\Library\ItemsController;
use LibraryPortal\Lifecycle\Installer;
use LibraryPortal\Notifications\NotificationsController;
use LibraryPortal\Platform\Queue;
use LibraryPortal\Platform\Rest\CsvResponse;
use LibraryPortal\Platform\Rest\ErrorReply;
use LibraryPortal\Platform\Rest\QueryVarCollisions;
use LibraryPortal\Platform\Rest\RawJsonResponse;
use LibraryPortal\Platform\Rest\ServerTiming;
use LibraryPortal\Platform\Rest\VttResponse;
use LibraryPortal\Privacy\PersonalDataEraser;
use LibraryPortal\Privacy\PersonalDataExporter;
use LibraryPortal\Privacy\PolicyText;
use LibraryPortal\Sharing\InviteAccount;
use LibraryPortal\Sharing\InviteLogin;
use LibraryPortal\Sharing\SeatSharing;
use LibraryPortal\Sharing\ShareInviteController;
use LibraryPortal\Sharing\ShareLinkPurge;
use LibraryPortal\Sharing\ShareMailer;
use LibraryPortal\Sharing\ShareOwnerController;
use LibraryPortal\Sharing\ShareRecords;
use LibraryPortal\Team\TeamController;
use LibraryPortal\Webhooks\WebhookSender;
use LibraryPortal\Webhooks\WebhooksPage;
use LibraryPortal\Webhooks\WebhookStore;

/**
 * Explicit wiring: takes the services and lets each feature add its hooks. Built once by
 * library-portal.php on plugins_loaded; nothing reaches it from elsewhere. Nothing here holds logic.
 */
final class Plugin {

	/**
	 * The services this plugin wires.
	 *
	 * @var Services
	 */
	private Services $services;

	/**
	 * Wires the plugin to its services.
	 *
	 * @param Services $services Services (Services::on( $wpdb )).
	 */
	public function __construct( Services $services ) {
		$this->services = $services;
	}

	/**
	 * Adds every hook.
	 */
	public function register(): void {
		$services = $this->services;
		( new Platform\Database\PrimaryReads() )->register(); // First: a write request reads the primary from here on.
		Installer::maybe_upgrade();

		// The audit trail's words: each feature names the actions it writes.
		add_filter( AuditWords::LABELS, array( Contracts\ContractService::class, 'audit_labels' ) );
		add_filter( AuditWords::DETAILS, array( Contracts\ContractService::class, 'audit_details' ), 10, 2 );
		add_filter( AuditWords::LABELS, array( ShareMailer::class, 'audit_labels' ) );
		add_filter( AuditWords::DETAILS, array( ShareMailer::class, 'audit_details' ), 10, 2 );
		add_filter( AuditWords::LABELS, array( SeatSharing::class, 'audit_labels' ) );
		add_filter( AuditWords::DETAILS, array( SeatSharing::class, 'audit_details' ), 10, 2 );
		add_filter( AuditWords::LABELS, array( SeatActivation::class, 'audit_labels' ) );
		add_filter( AuditWords::DETAILS, array( SeatActivation::class, 'audit_details' ), 10, 2 );

		$config = new PortalConfig( $services->settings, $services->contracts, $services->share_invites, null, null, $services->licenses );
		$assets = new Assets( $services->settings, $config );

		$refused_edits = new RefusedEdit();
		( new ItemPostType() )->register();
		$quizzes = new QuizService( $services->quiz_attempts, $services->certificates, $services->progress, $services->licenses, $services->notifier, $services->settings, $services->seat_audit );
		( new QuizMetaBox( $refused_edits ) )->register();
		( new ItemEditor( $refused_edits ) )->register();
		( new ItemListColumns() )->register();
		$names = new CertificateNames();
		( new CertificatePages( $services->certificates, $quizzes, new CertificatePdf(), $names, $services->settings ) )->register();
		( new Routes( $services->settings ) )->register();
		( new PortalCanvas( $services->settings ) )->register();
		( new FrameOptions() )->register();
		$lean_pages = new LeanPortalPages( $services->settings );
		$lean_pages->register();
		( new ThemeFontPreload( $services->settings, $lean_pages ) )->register();
		( new UserLocale() )->register();
		( new InviteLogin( $services->share_invites, $services->settings ) )->register();
		( new InviteAccount( $services->share_invites, $services->settings ) )->register();
		( new LoginDestination( $services->share_invites ) )->register();
		( new LoginBrand( $services->settings ) )->register();
		$assets->register();
		$shortcode = new Shortcode( $assets, $services->settings );
		$shortcode->register();
		( new PortalBlock( $shortcode ) )->register();
		( new PingHandler() )->register();
		( new SettingsPage( $services->settings ) )->register();
		( new GrantsPage( $services->grants, $services->licenses, $services->grant_rows, $services->seat_audit, $services->library, $quizzes ) )->register();
		$webhooks = new WebhookStore();
		( new WebhookSender( $webhooks, $services->webhook_deliveries, new Queue() ) )->register();
		( new WebhooksPage( $webhooks, $services->webhook_deliveries ) )->register();
		( new CertificateDesignPage() )->register();
		$report_fill = new Reports\ReportFill( $services->report_days, new Queue() );
		$report_fill->register();
		( new Reports\ReportRecorder( $services->report_days ) )->register();
		$report_items   = new Reports\ReportItems( $GLOBALS['wpdb'] );
		$report_refresh = new Reports\ReportItemsRefresh( $report_items, new Queue() );
		$report_refresh->register();
		( new Reports\ReportsPage( $services->report_days, $report_fill, $report_items, $report_refresh ) )->register();
		( new ReservedSlugNotice( $services->settings ) )->register();
		( new Admin\PortalPageNotice( $services->settings ) )->register();
		( new Lifecycle\NetworkSites() )->register();
		$welcome = new Contracts\WelcomeEmails( new Platform\Queue() );
		$welcome->register();
		$contracts = new Contracts\ContractService( $services->contracts, $services->seat_audit, $welcome );
		$imports   = new Contracts\MemberImports( $contracts );
		$imports->register();
		( new Contracts\ContractsPage( $contracts, $imports ) )->register();
		( new ServerTiming() )->register();
		( new ErrorReply() )->register();
		( new QueryVarCollisions() )->register();
		$services->library_cache->register();
		// WooCommerce: registers itself only when WooCommerce is loaded (docs/rules/purchases.md "WooCommerce").
		( new Integrations\WooCommerce\Integration( $services->order_grants, $services->library_cache ) )->register();
		$services->expiry_notices->register();
		( new ShareLinkPurge( $services->share_links ) )->register();
		( new UserDeletedHandler( $services->licenses, $services->shares, $services->progress, $services->certificates, $services->notifications, $services->contracts, $services->quiz_attempts, $services->mail_history, $services->cache_rows, $services->link_rows, $services->mail_gate, $services->license_requests, $services->seat_audit ) )->register();
		( new PersonalDataExporter( $services->progress, $services->licenses, $services->shares, $services->mail_history, $services->notifications, $services->quiz_attempts, $services->certificates, $services->address_rows ) )->register();
		( new PersonalDataEraser( $services->licenses, $services->shares, $services->progress, $services->quiz_attempts, $services->notifications, $services->mail_history, $services->certificates, $names, $services->address_rows ) )->register();
		( new PolicyText() )->register();
		add_filter( 'rest_pre_serve_request', array( RawJsonResponse::class, 'serve' ), 10, 4 );
		add_filter( 'rest_pre_serve_request', array( VttResponse::class, 'serve' ), 10, 4 );
		add_filter( 'rest_pre_serve_request', array( CsvResponse::class, 'serve' ), 10, 4 );
		( new PlaylistDuration() )->register();

		add_action(
			'rest_api_init',
			static function () use ( $services, $quizzes ) {
				$items = new ItemsController( $services->library, $services->library_cache );
				$items->register_routes();
				$lookup     = new ItemLookup( $services->library );
				$activation = new SeatActivation( $services->licenses, $services->seat_audit );
				( new VideoController( $lookup, $services->contracts, $services->certificates, $services->settings ) )->register_routes();
				( new ProgressController( $lookup, new ProgressRecorder( $services->progress, $activation, (int) $services->settings->get( 'unknown_length_pace' ) ), $activation ) )->register_routes();
				( new SubtitlesController( $lookup ) )->register_routes();
				( new QuizController( new ItemLookup( $services->library ), $quizzes ) )->register_routes();
				( new UserController( $services->library ) )->register_routes();
				( new NotificationsController( $services->notifications ) )->register_routes();
				$mailer  = new ShareMailer( $services->share_links, $services->mail_history, $services->mail_gate, $services->settings, $services->notifier, $services->seat_audit );
				$sharing = new SeatSharing( $services->share_invites, $services->share_links, $services->licenses, $services->shares, $services->license_requests, $services->notifier, $services->grants, $services->seat_audit );
				( new ShareOwnerController(
					new ItemLookup( $services->library ),
					$services->licenses,
					$services->share_links,
					new ShareRecords( $services->licenses, $services->progress, $services->certificates, $services->mail_history, $mailer, $services->share_links ),
					$mailer,
					$sharing
				) )->register_routes();
				( new ShareInviteController( $sharing ) )->register_routes();
				( new TeamController( $services->team, $services->team_reply ) )->register_routes();
				( new DashboardController( $services->dashboard, $services->settings ) )->register_routes();
				( new GrantsController( $services->grants, $services->grant_rows ) )->register_routes();
				( new LearnersController( $services->library, $services->certificates ) )->register_routes();
			}
		);

		if ( defined( 'WP_CLI' ) && WP_CLI ) {
			\WP_CLI::add_command( 'library-portal', new Cli\Commands( $services->grants, $services->licenses, $services->grant_rows, $services->certificates, $services->library_cache ) );
			\WP_CLI::add_command( 'library-portal contract', new Contracts\ContractCommand( $contracts ) );
		}
	}
}
