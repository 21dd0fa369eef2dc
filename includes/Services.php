<?php
/**
 * The plugin's object graph for one database connection.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal;

use LibraryPortal\Core\Contracts\ContractRepository;
use LibraryPortal\Core\Database\ClaimRepository;
use LibraryPortal\Core\Items\Catalogue;
use LibraryPortal\Core\Items\CatalogueRepository;
use LibraryPortal\Core\Notices\NotificationRepository;
use LibraryPortal\Core\Notices\Notifier;
use LibraryPortal\Core\Quizzes\QuizAttemptRepository;
use LibraryPortal\Core\Rows\CertificateRepository;
use LibraryPortal\Core\Rows\LibraryCache;
use LibraryPortal\Core\Rows\LibraryCacheRepository;
use LibraryPortal\Core\Rows\LibraryService;
use LibraryPortal\Core\Rows\ProgressRepository;
use LibraryPortal\Core\Rows\TeamProgress;
use LibraryPortal\Core\Rows\TeamReplyCache;
use LibraryPortal\Core\Seats\AddressRepository;
use LibraryPortal\Core\Seats\GrantRepository;
use LibraryPortal\Core\Seats\GrantService;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Seats\LicenseRequestRepository;
use LibraryPortal\Core\Seats\MailHistoryRepository;
use LibraryPortal\Core\Seats\SeatAuditRepository;
use LibraryPortal\Core\Seats\ShareInvites;
use LibraryPortal\Core\Seats\ShareLinkCodec;
use LibraryPortal\Core\Seats\ShareLinkRepository;
use LibraryPortal\Core\Seats\ShareLinks;
use LibraryPortal\Core\Seats\ShareRepository;
use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\AccountLinks;
use LibraryPortal\Integrations\WooCommerce\OrderGrants;
use LibraryPortal\Library\DashboardStats;
use LibraryPortal\Notifications\ExpiryNoticeRepository;
use LibraryPortal\Notifications\ExpiryNotices;
use LibraryPortal\Platform\Database\CombinedRead;
use LibraryPortal\Reports\ReportDays;
use LibraryPortal\Sharing\MailGateRepository;
use LibraryPortal\Webhooks\DeliveryLog;
use wpdb;

/**
 * Builds the services once, read-only. There is no shared instance: the plugin builds one when
 * WordPress loads it, and WP-CLI, tests and scripts build their own with `Services::on( $wpdb )`.
 * That is safe because no service keeps state in memory between calls: everything lives in the
 * database (the cache's version too), so two graphs over one connection always agree.
 */
final class Services {

	/**
	 * Builds the graph over a connection.
	 *
	 * @param wpdb $db Database connection.
	 */
	public static function on( wpdb $db ): self {
		$licenses      = new LicenseRepository( $db );
		$progress      = new ProgressRepository( $db );
		$certificates  = new CertificateRepository( $db );
		$contracts     = new ContractRepository( $db );
		$settings      = new Settings();
		$link_rows     = new ShareLinkRepository( $db );
		$cache_rows    = new LibraryCacheRepository( $db );
		$notifications = new NotificationRepository( $db );
		$notifier      = new Notifier( $notifications );
		$seat_audit    = new SeatAuditRepository( $db );
		$requests      = new LicenseRequestRepository( $db );
		$share_links   = new ShareLinks( new ShareLinkCodec( wp_salt( 'auth' ) ), $link_rows, $settings, $seat_audit, $requests );
		$catalogue     = new Catalogue( new CatalogueRepository( $db ) );
		$library       = new LibraryService( $licenses, $progress, $certificates, $contracts, $catalogue, new CombinedRead( $db ), new AccountLinks( $settings ), $share_links );
		$library_cache = new LibraryCache( $cache_rows, $licenses );
		$team          = new TeamProgress( $licenses, $progress, $certificates, $catalogue );
		$team_reply    = new TeamReplyCache( $team, $licenses, $library_cache );
		$shares        = new ShareRepository( $db );
		$grant_rows    = new GrantRepository( $db );
		$grants        = new GrantService( $licenses, $grant_rows, $seat_audit, $notifier, $shares );
		return new self(
			$settings,
			$licenses,
			$progress,
			$certificates,
			$contracts,
			$notifications,
			$shares,
			new QuizAttemptRepository( $db ),
			new MailHistoryRepository( $db ),
			$link_rows,
			$cache_rows,
			$library,
			$library_cache,
			$share_links,
			$notifier,
			new ExpiryNotices( new ExpiryNoticeRepository( $db ), $notifier ),
			new MailGateRepository( $db ),
			$requests,
			new ShareInvites( $share_links, $licenses ),
			$catalogue,
			$team,
			$team_reply,
			new DashboardStats( $library, $library_cache, $team_reply ),
			$seat_audit,
			$grants,
			new OrderGrants( $grants, new ClaimRepository( $db ) ),
			new AddressRepository( $db ),
			$grant_rows,
			new DeliveryLog( $db ),
			new ReportDays( $db )
		);
	}

	/**
	 * Holds the services (use Services::on()).
	 *
	 * @param Settings               $settings      Settings.
	 * @param LicenseRepository      $licenses      Seats and grants.
	 * @param ProgressRepository     $progress      Video progress.
	 * @param CertificateRepository  $certificates  Certificates.
	 * @param ContractRepository     $contracts     Contracts.
	 * @param NotificationRepository $notifications Notifications.
	 * @param ShareRepository        $shares        Share records.
	 * @param QuizAttemptRepository  $quiz_attempts Test attempts.
	 * @param MailHistoryRepository  $mail_history  Share e-mail history.
	 * @param ShareLinkRepository    $link_rows     Share links' server-side rows.
	 * @param LibraryCacheRepository $cache_rows    Cached library replies.
	 * @param LibraryService         $library       Library builder.
	 * @param LibraryCache           $library_cache Cache of encoded libraries.
	 * @param ShareLinks             $share_links   Share links.
	 * @param Notifier               $notifier      Writes notifications.
	 * @param ExpiryNotices          $expiry_notices The daily licenses-expiring notices.
	 * @param MailGateRepository     $mail_gate     E-mail send gates.
	 * @param LicenseRequestRepository $license_requests License requests.
	 * @param ShareInvites           $share_invites Opens share links.
	 * @param Catalogue              $catalogue     Library items.
	 * @param TeamProgress           $team          A sharer's team and its progress.
	 * @param TeamReplyCache         $team_reply    The team reply and figures, kept while they hold.
	 * @param DashboardStats         $dashboard     The dashboard's figures.
	 * @param SeatAuditRepository    $seat_audit    Who changed which grant or seat.
	 * @param GrantService           $grants        Grants by admins, WP-CLI and orders.
	 * @param OrderGrants            $order_grants  Shop orders to grants (no WooCommerce needed to build it).
	 * @param AddressRepository      $address_rows  Rows that hold an e-mail address someone else typed (privacy requests).
	 * @param GrantRepository        $grant_rows    Grant rows: the admin list, seat counts, a grant's life.
	 * @param DeliveryLog            $webhook_deliveries The delivery log of the site owner's webhooks.
	 * @param ReportDays             $report_days   Completions and certificates by day (the Reports screen).
	 */
	private function __construct(
		public readonly Settings $settings,
		public readonly LicenseRepository $licenses,
		public readonly ProgressRepository $progress,
		public readonly CertificateRepository $certificates,
		public readonly ContractRepository $contracts,
		public readonly NotificationRepository $notifications,
		public readonly ShareRepository $shares,
		public readonly QuizAttemptRepository $quiz_attempts,
		public readonly MailHistoryRepository $mail_history,
		public readonly ShareLinkRepository $link_rows,
		public readonly LibraryCacheRepository $cache_rows,
		public readonly LibraryService $library,
		public readonly LibraryCache $library_cache,
		public readonly ShareLinks $share_links,
		public readonly Notifier $notifier,
		public readonly ExpiryNotices $expiry_notices,
		public readonly MailGateRepository $mail_gate,
		public readonly LicenseRequestRepository $license_requests,
		public readonly ShareInvites $share_invites,
		public readonly Catalogue $catalogue,
		public readonly TeamProgress $team,
		public readonly TeamReplyCache $team_reply,
		public readonly DashboardStats $dashboard,
		public readonly SeatAuditRepository $seat_audit,
		public readonly GrantService $grants,
		public readonly OrderGrants $order_grants,
		public readonly AddressRepository $address_rows,
		public readonly GrantRepository $grant_rows,
		public readonly DeliveryLog $webhook_deliveries,
		public readonly ReportDays $report_days
	) {}
}
