<?php
/**
 * Table names and definitions of the plugin's own tables.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Database;

use wpdb;

/**
 * The plugin's tables, in dbDelta's format.
 *
 * Times are Unix seconds in BIGINT columns (0 = never / not yet), which reads the same on
 * MySQL, MariaDB and SQLite. Each index serves a query in a repository; the comment beside it
 * says which.
 */
final class Schema {

	/**
	 * Version of the definitions below; raise it with every change.
	 */
	public const VERSION = 14;

	/**
	 * Short names of the tables, without prefix.
	 */
	public const TABLES = array(
		'grants',
		'licenses',
		'shares',
		'progress',
		'notifications',
		'mail_history',
		'contracts',
		'contract_members',
		'contract_items',
		'certificates',
		'quiz_attempts',
		'quiz_served',
		'library_cache',
		'share_links',
		'license_requests',
		'mail_senders',
		'seat_audit',
		'webhook_deliveries',
		'report_days',
		'report_items',
	);

	/**
	 * Database connection.
	 *
	 * @var wpdb
	 */
	private wpdb $db;

	/**
	 * Creates the schema for a connection.
	 *
	 * @param wpdb $db Database connection.
	 */
	public function __construct( wpdb $db ) {
		$this->db = $db;
	}

	/**
	 * Full name of one of the plugin's tables.
	 *
	 * @param string $name Short name from TABLES.
	 */
	public function table( string $name ): string {
		return $this->db->prefix . 'lp_' . $name;
	}

	/**
	 * CREATE TABLE statements for dbDelta.
	 *
	 * @return string[]
	 */
	public function statements(): array {
		$collate = $this->db->get_charset_collate();
		// Full names by short name (a map, not a shape: PHPStan stops tracking shapes this long).
		$t = array_combine( self::TABLES, array_map( array( $this, 'table' ), self::TABLES ) );

		return array(
			// A purchase: N licenses of one item for one owner. Buying more adds a grant.
			// expiry_notified_at: when its owner was told the licenses end this month (ExpiryNotices).
			// source_ref: a grant found by where it came from, e.g. an order item (GrantService::find_by_source).
			// ended_at: when a refund, cancellation or full take-back ended it (0 = live; docs/rules/README.md).
			"CREATE TABLE {$t['grants']} (
				id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
				owner_id bigint(20) unsigned NOT NULL,
				product_id bigint(20) unsigned NOT NULL,
				quantity int(10) unsigned NOT NULL DEFAULT 1,
				tag varchar(20) NOT NULL DEFAULT '',
				source varchar(20) NOT NULL DEFAULT 'admin',
				source_ref varchar(64) NOT NULL DEFAULT '',
				contract_id bigint(20) unsigned NOT NULL DEFAULT 0,
				expires_at bigint(20) unsigned NOT NULL DEFAULT 0,
				created_at bigint(20) unsigned NOT NULL DEFAULT 0,
				expiry_notified_at bigint(20) unsigned NOT NULL DEFAULT 0,
				ended_at bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (id),
				KEY owner_product (owner_id,product_id),
				KEY product_id (product_id),
				KEY expires_at (expires_at),
				KEY source_ref (source,source_ref)
			) $collate;",
			// One seat of a grant. holder_id 0 = unassigned; shared = 1 when held by someone other than the owner.
			"CREATE TABLE {$t['licenses']} (
				id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
				grant_id bigint(20) unsigned NOT NULL,
				owner_id bigint(20) unsigned NOT NULL,
				product_id bigint(20) unsigned NOT NULL,
				holder_id bigint(20) unsigned NOT NULL DEFAULT 0,
				state varchar(20) NOT NULL DEFAULT 'available',
				shared tinyint(1) unsigned NOT NULL DEFAULT 0,
				activated_at bigint(20) unsigned NOT NULL DEFAULT 0,
				expires_at bigint(20) unsigned NOT NULL DEFAULT 0,
				updated_at bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (id),
				KEY owner_product (owner_id,product_id),
				KEY holder_product (holder_id,product_id),
				KEY grant_id (grant_id)
			) $collate;",
			// A share of one seat, by link or e-mail, with its outcome; link_id: the link accepted (0 before schema 9).
			"CREATE TABLE {$t['shares']} (
				id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
				license_id bigint(20) unsigned NOT NULL DEFAULT 0,
				owner_id bigint(20) unsigned NOT NULL,
				product_id bigint(20) unsigned NOT NULL,
				recipient_id bigint(20) unsigned NOT NULL DEFAULT 0,
				recipient_email varchar(190) NOT NULL DEFAULT '',
				method varchar(10) NOT NULL DEFAULT 'link',
				status varchar(20) NOT NULL DEFAULT 'accepted',
				created_at bigint(20) unsigned NOT NULL DEFAULT 0,
				updated_at bigint(20) unsigned NOT NULL DEFAULT 0,
				link_id bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (id),
				KEY owner_product (owner_id,product_id),
				KEY recipient_id (recipient_id),
				KEY license_id (license_id)
			) $collate;",
			// Progress per (user, item, part): one row each, never lowered. updated_at is the last
			// raise; reported_at and session_started_at hold the item's watching clock as of the
			// row's last report (the last report, and credited_until: Learning/ItemClock).
			// session_percent is no longer read or written.
			"CREATE TABLE {$t['progress']} (
				user_id bigint(20) unsigned NOT NULL,
				product_id bigint(20) unsigned NOT NULL,
				part_index smallint(5) unsigned NOT NULL DEFAULT 0,
				percent tinyint(3) unsigned NOT NULL DEFAULT 0,
				updated_at bigint(20) unsigned NOT NULL DEFAULT 0,
				reported_at bigint(20) unsigned NOT NULL DEFAULT 0,
				session_started_at bigint(20) unsigned NOT NULL DEFAULT 0,
				session_percent tinyint(3) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (user_id,product_id,part_index),
				KEY product_id (product_id)
			) $collate;",
			"CREATE TABLE {$t['notifications']} (
				id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
				user_id bigint(20) unsigned NOT NULL,
				type varchar(40) NOT NULL DEFAULT '',
				message text NOT NULL,
				related_product_id bigint(20) unsigned NOT NULL DEFAULT 0,
				related_user_id bigint(20) unsigned NOT NULL DEFAULT 0,
				read_status tinyint(1) unsigned NOT NULL DEFAULT 0,
				hide_status tinyint(1) unsigned NOT NULL DEFAULT 0,
				created_at bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (id),
				KEY user_visible (user_id,hide_status,created_at)
			) $collate;",
			// One row per recipient of an e-mail share; also the source of the daily quota.
			"CREATE TABLE {$t['mail_history']} (
				id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
				sender_id bigint(20) unsigned NOT NULL,
				product_id bigint(20) unsigned NOT NULL,
				email varchar(190) NOT NULL,
				accepted tinyint(1) unsigned NOT NULL DEFAULT 0,
				created_at bigint(20) unsigned NOT NULL DEFAULT 0,
				canceled_at bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (id),
				KEY sender_time (sender_id,created_at),
				KEY sender_product (sender_id,product_id)
			) $collate;",
			"CREATE TABLE {$t['contracts']} (
				id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
				title varchar(200) NOT NULL,
				organizer_name varchar(200) NOT NULL DEFAULT '',
				organizer_title varchar(200) NOT NULL DEFAULT '',
				organizer_phone varchar(50) NOT NULL DEFAULT '',
				organizer_email varchar(190) NOT NULL DEFAULT '',
				organizer_thumb varchar(255) NOT NULL DEFAULT '',
				status varchar(20) NOT NULL DEFAULT 'active',
				starts_at bigint(20) unsigned NOT NULL DEFAULT 0,
				ends_at bigint(20) unsigned NOT NULL DEFAULT 0,
				created_at bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (id)
			) $collate;",
			"CREATE TABLE {$t['contract_members']} (
				contract_id bigint(20) unsigned NOT NULL,
				user_id bigint(20) unsigned NOT NULL,
				role varchar(20) NOT NULL DEFAULT 'member',
				PRIMARY KEY  (contract_id,user_id),
				KEY user_id (user_id)
			) $collate;",
			"CREATE TABLE {$t['contract_items']} (
				contract_id bigint(20) unsigned NOT NULL,
				product_id bigint(20) unsigned NOT NULL,
				expires_at bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (contract_id,product_id)
			) $collate;",
			// One certificate per (user, item): the unique key makes two racing passes issue one.
			// issued_at: the certificates of a period (the owner's API, library-admin/v1/certificates).
			"CREATE TABLE {$t['certificates']} (
				id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
				user_id bigint(20) unsigned NOT NULL,
				product_id bigint(20) unsigned NOT NULL,
				code varchar(40) NOT NULL,
				score tinyint(3) unsigned NOT NULL DEFAULT 0,
				issued_at bigint(20) unsigned NOT NULL DEFAULT 0,
				revoked_at bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (id),
				UNIQUE KEY code (code),
				UNIQUE KEY user_item (user_id,product_id),
				KEY issued_at (issued_at)
			) $collate;",
			"CREATE TABLE {$t['quiz_attempts']} (
				id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
				user_id bigint(20) unsigned NOT NULL,
				product_id bigint(20) unsigned NOT NULL,
				score tinyint(3) unsigned NOT NULL DEFAULT 0,
				passed tinyint(1) unsigned NOT NULL DEFAULT 0,
				answers longtext NOT NULL,
				created_at bigint(20) unsigned NOT NULL DEFAULT 0,
				seq int(10) unsigned NOT NULL DEFAULT 0,
				counted tinyint(1) unsigned NOT NULL DEFAULT 1,
				served_id bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (id),
				KEY user_product (user_id,product_id),
				KEY product_user (product_id,user_id),
				UNIQUE KEY user_item_seq (user_id,product_id,seq)
			) $collate;",
			// The order a test was served in, kept until its one submission (docs/rules/tests-and-certificates.md "Tests and certificates").
			"CREATE TABLE {$t['quiz_served']} (
				id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
				user_id bigint(20) unsigned NOT NULL,
				product_id bigint(20) unsigned NOT NULL,
				questions longtext NOT NULL,
				served_at bigint(20) unsigned NOT NULL DEFAULT 0,
				submitted_at bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (id),
				KEY user_product (user_id,product_id)
			) $collate;",
			// The encoded items reply per user; valid while cache_key matches and until valid_until.
			"CREATE TABLE {$t['library_cache']} (
				user_id bigint(20) unsigned NOT NULL,
				cache_key char(32) NOT NULL,
				valid_until bigint(20) unsigned NOT NULL DEFAULT 0,
				payload longtext NOT NULL,
				PRIMARY KEY  (user_id)
			) $collate;",
			// A share link; its ID is inside the signed payload, so the sharer can revoke it. used_at: when
			// an e-mailed link was accepted (it works once); created_at is indexed for the daily purge.
			"CREATE TABLE {$t['share_links']} (
				id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
				owner_id bigint(20) unsigned NOT NULL,
				product_id bigint(20) unsigned NOT NULL,
				recipient_email varchar(190) NOT NULL DEFAULT '',
				created_at bigint(20) unsigned NOT NULL DEFAULT 0,
				revoked_at bigint(20) unsigned NOT NULL DEFAULT 0,
				used_at bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (id),
				KEY owner_product (owner_id,product_id),
				KEY created_at (created_at),
				KEY recipient_email (recipient_email,created_at)
			) $collate;",
			// A team member's latest request for a license: one row per (requester, sharer, item), so
			// the 24-hour rule is one conditional UPDATE (SharingRequests).
			"CREATE TABLE {$t['license_requests']} (
				requester_id bigint(20) unsigned NOT NULL,
				owner_id bigint(20) unsigned NOT NULL,
				product_id bigint(20) unsigned NOT NULL,
				requested_at bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (requester_id,owner_id,product_id),
				KEY owner_id (owner_id)
			) $collate;",
			// One row per e-mail sender: the send gate. locked_until holds a send in progress, next_send_at
			// the end of the cooldown; both change in one conditional UPDATE (MailGate).
			"CREATE TABLE {$t['mail_senders']} (
				sender_id bigint(20) unsigned NOT NULL,
				locked_until bigint(20) unsigned NOT NULL DEFAULT 0,
				next_send_at bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (sender_id)
			) $collate;",
			// Who changed which grant or seat, and when (Grants\GrantService). actor_id 0 = the system
			// (WP-CLI, an order, a deleted account); license_id 0 = the whole grant. owner_time serves
			// a user's trail, grant_id a grant's.
			"CREATE TABLE {$t['seat_audit']} (
				id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
				actor_id bigint(20) unsigned NOT NULL DEFAULT 0,
				action varchar(20) NOT NULL DEFAULT '',
				grant_id bigint(20) unsigned NOT NULL DEFAULT 0,
				license_id bigint(20) unsigned NOT NULL DEFAULT 0,
				owner_id bigint(20) unsigned NOT NULL DEFAULT 0,
				product_id bigint(20) unsigned NOT NULL DEFAULT 0,
				details varchar(255) NOT NULL DEFAULT '',
				created_at bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (id),
				KEY owner_time (owner_id,created_at),
				KEY grant_id (grant_id)
			) $collate;",
			// One attempt to deliver an event to a site owner's webhook (Webhooks\WebhookSender): its
			// answer and time, for the delivery log; no payload is kept. webhook_time serves a hook's log.
			"CREATE TABLE {$t['webhook_deliveries']} (
				id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
				webhook_id varchar(20) NOT NULL DEFAULT '',
				delivery_id char(36) NOT NULL DEFAULT '',
				event varchar(60) NOT NULL DEFAULT '',
				attempt tinyint(3) unsigned NOT NULL DEFAULT 1,
				status_code smallint(5) unsigned NOT NULL DEFAULT 0,
				duration_ms int(10) unsigned NOT NULL DEFAULT 0,
				error varchar(255) NOT NULL DEFAULT '',
				created_at bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (id),
				KEY webhook_time (webhook_id,id)
			) $collate;",
			// Completions and certificates of a day (the site's date, as a day number since
			// 1970-01-01) for the Reports screen (Reports\ReportDays): one row per day and item for the
			// whole site (contract_id 0) and one per contract whose member it was, and one more per day
			// with product_id 0 for all items together. Counted as the actions fire, so the chart reads
			// one row per day of the range, whatever the size of the progress table or the catalogue.
			// The primary key serves a range of days of one scope and item (or 0) in day order.
			"CREATE TABLE {$t['report_days']} (
				contract_id bigint(20) unsigned NOT NULL DEFAULT 0,
				day int(10) unsigned NOT NULL,
				product_id bigint(20) unsigned NOT NULL,
				completions int(10) unsigned NOT NULL DEFAULT 0,
				certificates int(10) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (contract_id,product_id,day)
			) $collate;",
			// Each item's learners (people with progress on it), the sum of their progress (percent of
			// the item each), how many completed it, took its test and passed it: for the whole site
			// (contract_id 0) and each contract that gives the item. Recomputed from the background
			// queue (Reports\ReportItemsRefresh), so the Reports screen reads one row per item.
			"CREATE TABLE {$t['report_items']} (
				contract_id bigint(20) unsigned NOT NULL DEFAULT 0,
				product_id bigint(20) unsigned NOT NULL,
				learners int(10) unsigned NOT NULL DEFAULT 0,
				progress_points bigint(20) unsigned NOT NULL DEFAULT 0,
				completed int(10) unsigned NOT NULL DEFAULT 0,
				tested int(10) unsigned NOT NULL DEFAULT 0,
				passed int(10) unsigned NOT NULL DEFAULT 0,
				computed_at bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (contract_id,product_id)
			) $collate;",
		);
	}
}
