<?php
/**
 * Cache of the encoded items reply per user.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Database\Sites;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Settings;
use LibraryPortal\Platform\Rest\ReplyBody;

/**
 * Keeps each user's items reply, already encoded as JSON and gzip-compressed (Rest\ReplyBody), until
 * something it depends on changes.
 *
 * An entry is valid while its key matches and its time has not run out:
 * - the key hashes the plugin version and reply format, the user's library version (user meta, which WordPress has
 *   already loaded for the current user: reading it costs no query), the user's progress version,
 *   the site's library version (an autoloaded option: no query either), and the language of the
 *   request (the reply holds translated labels: a reply cached in one language is not served in another);
 * - every write that changes someone's library fires `library_portal_library_changed` with the
 *   users concerned, which raises their versions, every time: a reply built between two writes of
 *   one request must not survive the second one; catalogue edits raise the site's version; a
 *   progress raise (the change announced as Repository::PROGRESS_ONLY, every few seconds while a
 *   learner watches) writes no version: without a persistent object cache the progress version is
 *   the number and sum of the user's progress rows, read in the same statement as the entry
 *   (progress only rises, and whatever removes rows announces a whole change); with one, it is a
 *   value kept next to the entry, replaced on each raise (docs/rules/learning-and-progress.md, "Cost of a report: the short path"); a
 *   profile change raises the versions of the user and of the people whose replies show their
 *   name and e-mail (the other side of their seats), not everyone's, on every site of a network
 *   when the name or e-mail changed;
 * - the same writes raise the team version of whoever shared the users a seat (per site: the
 *   owner's team reply, Team\TeamReplyCache, is good while it holds);
 * - statuses depend on the clock only through expiry and the month (`expiring_licenses`), so an
 *   entry is valid until the earliest expiry still ahead of it and the start of next month.
 *
 * With a persistent object cache (Redis, Memcached) the entry lives there; without one, in the
 * plugin's own table, so a hit is one primary-key read.
 */
final class LibraryCache {

	public const USER_META = '_library_portal_version';
	/** The owner's team version: user meta of this site (the blog prefix before it, as update_user_option() writes). */
	public const TEAM_META = 'library_portal_team_version';
	/** Raised whenever the reply's shape or layout changes (4: one row per line; 5: the whole body, compressed; 6: with its number of items; 7: pending invitations per row), so no entry of the old one is served. */
	public const REPLY_FORMAT = 7;
	public const SITE_OPTION  = 'library_portal_library_version';
	private const GROUP       = 'library_portal';

	/**
	 * Stored entries (without a persistent object cache).
	 *
	 * @var LibraryCacheRepository
	 */
	private LibraryCacheRepository $entries;

	/**
	 * Seats, to find whose replies show a user's name.
	 *
	 * @var LicenseRepository
	 */
	private LicenseRepository $licenses;

	/**
	 * Creates the cache.
	 *
	 * @param LibraryCacheRepository $entries  Stored entries.
	 * @param LicenseRepository      $licenses Seats.
	 */
	public function __construct( LibraryCacheRepository $entries, LicenseRepository $licenses ) {
		$this->entries  = $entries;
		$this->licenses = $licenses;
	}

	/**
	 * Hooks that invalidate entries.
	 */
	public function register(): void {
		add_action( Repository::LIBRARY_CHANGED, array( $this, 'forget_users' ), 10, 2 );
		add_action( 'save_post_' . ItemPostType::POST_TYPE, array( $this, 'forget_all' ) );
		add_action( 'profile_update', array( $this, 'forget_profile' ), 10, 2 );
		add_action( 'deleted_user', array( $this, 'forget_all' ) );
		// Rows carry dates in the site's format and a certificate program's page (docs/rules/library-and-catalogue.md, "Primary actions").
		foreach ( array( 'update_option_' . Settings::OPTION, 'update_option_date_format', 'update_option_time_format', 'update_option_timezone_string', 'update_option_gmt_offset', 'save_post_page' ) as $hook ) {
			add_action( $hook, array( $this, 'forget_all' ), 10, 0 );
		}
		foreach ( array( 'added_post_meta', 'updated_post_meta', 'deleted_post_meta' ) as $hook ) {
			add_action( $hook, array( $this, 'forget_on_item_meta' ), 10, 2 );
		}
		foreach ( array( 'trashed_post', 'untrashed_post', 'deleted_post' ) as $hook ) {
			add_action( $hook, array( $this, 'forget_on_item' ) );
		}
	}

	/**
	 * The whole items reply of a user, gzip-compressed (Rest\ReplyBody): from the cache, or built,
	 * stored and returned.
	 *
	 * @param int                                   $user_id User.
	 * @param int                                   $now     Unix seconds.
	 * @param callable(): array<int, array<string, mixed>> $build   Builds the items on a miss.
	 */
	public function items_reply( int $user_id, int $now, callable $build ): string {
		return $this->entry( $user_id, $now, $build )->payload;
	}

	/**
	 * One page of a user's items (the JSON array of its rows) and the number of items in the whole
	 * list, from the same kept reply: the list is expanded only as far as the page's last row, so
	 * the first page of 1,000 items expands a tenth of the megabyte
	 * (docs/rules/platform.md, "`items/` pages on request, and why the screens still ask for the whole list").
	 *
	 * @param int                                   $user_id  User.
	 * @param int                                   $now      Unix seconds.
	 * @param callable(): array<int, array<string, mixed>> $build    Builds the items on a miss.
	 * @param int                                   $page     From 1.
	 * @param int                                   $per_page Rows per page.
	 * @return array{0: string, 1: int}
	 */
	public function items_page( int $user_id, int $now, callable $build, int $page, int $per_page ): array {
		$entry = $this->entry( $user_id, $now, $build );
		$first = ( $page - 1 ) * $per_page;
		$rows  = array_slice( ReplyBody::leading_rows( $entry->payload, $first + $per_page ), $first );
		return array( '[' . implode( ',', $rows ) . ']', $entry->rows );
	}

	/**
	 * A user's kept entry, built and stored on a miss.
	 *
	 * @param int                                   $user_id User.
	 * @param int                                   $now     Unix seconds.
	 * @param callable(): array<int, array<string, mixed>> $build   Builds the items on a miss.
	 */
	private function entry( int $user_id, int $now, callable $build ): CacheEntry {
		// The key is taken before the build: a raise landing during the build makes the stored
		// entry one that the next request no longer takes, never the other way round.
		\LibraryPortal\Platform\Database\PrimaryReads::for_user( $user_id ); // With replicas: the version and a rebuild from the primary.
		list( $entry, $progress ) = $this->read( $user_id );
		$key                      = $this->key( $user_id, $progress );
		if ( $entry && $entry->is_valid_for( $key, $now ) ) {
			return $entry;
		}

		$items = $build();
		$entry = new CacheEntry( $key, self::valid_until( $items, $now ), ReplyBody::compress( ReplyBody::wrap( self::encode_rows( $items ) ) ), count( $items ) );
		$this->write( $user_id, $entry );
		return $entry;
	}

	/**
	 * The items JSON of a user (the reply's data), from the same kept reply.
	 *
	 * @param int                                   $user_id User.
	 * @param int                                   $now     Unix seconds.
	 * @param callable(): array<int, array<string, mixed>> $build   Builds the items on a miss.
	 */
	public function items_json( int $user_id, int $now, callable $build ): string {
		return ReplyBody::data_of( ReplyBody::expand( $this->items_reply( $user_id, $now, $build ) ) );
	}

	/**
	 * A JSON array with one row per line: still the JSON the list sends, and a page is the lines
	 * it needs, cut without decoding the megabyte of an owner of 1,000 items (docs/rules/platform.md,
	 * "`items/` pages on request, and why the screens still ask for the whole list"). JSON text never holds a raw line break inside a value, so each
	 * line break ends a row (ReplyBody::leading_rows()).
	 *
	 * @param array<int, array<string, mixed>> $items Rows.
	 */
	private static function encode_rows( array $items ): string {
		$lines = array_map( static fn( array $row ): string => (string) wp_json_encode( $row ), array_values( $items ) );
		return '[' . implode( ",\n", $lines ) . ']';
	}

	/**
	 * Invalidates the entries of some users.
	 *
	 * @param int|int[] $user_ids Users.
	 * @param string    $change   Repository::PROGRESS_ONLY when only progress rose, else ''.
	 */
	public function forget_users( $user_ids, $change = '' ): void {
		global $wpdb;
		$user_ids = array_values( array_unique( array_filter( array_map( 'intval', (array) $user_ids ) ) ) );
		if ( ! $user_ids ) {
			return;
		}
		$this->forget_teams_of( $user_ids );
		if ( Repository::PROGRESS_ONLY === $change ) {
			// The user's own entry is checked against their progress (the class): only where that
			// version is kept in the object cache does it move here, with no database write.
			if ( wp_using_ext_object_cache() ) {
				foreach ( $user_ids as $user_id ) {
					wp_cache_set( self::progress_key( $user_id ), self::new_version(), self::GROUP, DAY_IN_SECONDS );
				}
			}
			return;
		}
		if ( count( $user_ids ) > 1 ) {
			// A contract's members, a team: one version for all in a fixed number of statements.
			$this->entries->set_user_meta_of( $user_ids, self::USER_META, self::new_version() );
			wp_cache_delete_multiple( $user_ids, 'user_meta' );
			wp_cache_delete_multiple( $user_ids, self::GROUP );
			return;
		}
		foreach ( $user_ids as $user_id ) {
			// Every progress report lands here, so the common case is one UPDATE of the existing
			// row: update_user_meta() would first look the row up and read the table's column
			// charsets (two more queries, measured ~0.7 ms on MariaDB). The first bump adds the row.
			$version = self::new_version();
			$updated = $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->usermeta} SET meta_value = %s WHERE user_id = %d AND meta_key = %s", $version, $user_id, self::USER_META ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery -- one UPDATE instead of three queries; the meta cache is cleaned below.
			if ( $updated ) {
				wp_cache_delete( $user_id, 'user_meta' );
			} else {
				update_user_meta( $user_id, self::USER_META, $version );
			}
			wp_cache_delete( $user_id, self::GROUP );
		}
	}

	/**
	 * The library versions of some users (forget_users() moves a user's on every change of their
	 * library).
	 *
	 * @param int[] $user_ids Users.
	 * @return array<int, string> User ID => version, for those that have one, by ID.
	 */
	public function versions_of( array $user_ids ): array {
		return $this->entries->user_meta_of( $user_ids, self::USER_META );
	}

	/**
	 * The owner's team version on this site: it moves whenever the library of someone the owner
	 * shared a seat with changes, so the team reply is good while it and the seats are the same.
	 * The owner is the current user of the team request, whose meta WordPress has loaded: no query.
	 *
	 * @param int $owner_id Owner.
	 */
	public function team_version_of( int $owner_id ): string {
		return (string) get_user_meta( $owner_id, self::team_meta_key(), true );
	}

	/**
	 * The team replies that show these users (their sharers' on this site) are no longer right:
	 * one read of the sharers, and one write when there are any, for any number of users.
	 *
	 * @param int[] $user_ids Users whose library changed.
	 */
	private function forget_teams_of( array $user_ids ): void {
		$owners = $this->licenses->sharers_of( $user_ids );
		if ( ! $owners ) {
			return;
		}
		$this->entries->set_user_meta_of( $owners, self::team_meta_key(), self::new_version() );
		wp_cache_delete_multiple( $owners, 'user_meta' );
	}

	/**
	 * This site's key of the team version.
	 */
	private static function team_meta_key(): string {
		global $wpdb;
		return $wpdb->get_blog_prefix() . self::TEAM_META;
	}

	/**
	 * A user's name or e-mail may have changed: their reply and the replies showing them go. On a
	 * network the user's name shows on every site where they hold or share a seat, so when the name
	 * or e-mail did change, the same happens on each site where the plugin is installed.
	 *
	 * @param int|string    $user_id  User.
	 * @param \WP_User|null $previous The user before the change (profile_update's second argument).
	 */
	public function forget_profile( $user_id, $previous = null ): void {
		$user_id = (int) $user_id;
		$this->forget_linked( $user_id );
		if ( ! is_multisite() || ! self::shown_profile_changed( $user_id, $previous ) ) {
			return;
		}
		$current = get_current_blog_id();
		Sites::on_every_installed_site(
			function () use ( $user_id, $current ): void {
				if ( get_current_blog_id() !== $current ) {
					$this->forget_linked( $user_id );
				}
			}
		);
	}

	/**
	 * The user and the other side of their seats on the current site.
	 *
	 * @param int $user_id User.
	 */
	private function forget_linked( int $user_id ): void {
		$this->forget_users( array_merge( array( $user_id ), $this->licenses->linked_users( $user_id ) ) );
	}

	/**
	 * Whether what other people's replies show of the user (display name, e-mail: Accounts\People)
	 * changed; true when the earlier user is not known.
	 *
	 * @param int           $user_id  User.
	 * @param \WP_User|null $previous The user before the change.
	 */
	private static function shown_profile_changed( int $user_id, $previous ): bool {
		$now = get_userdata( $user_id );
		if ( ! $previous instanceof \WP_User || ! $now ) {
			return true;
		}
		return $previous->display_name !== $now->display_name || $previous->user_email !== $now->user_email;
	}

	/**
	 * Invalidates every entry (catalogue or names changed).
	 */
	public function forget_all(): void {
		update_option( self::SITE_OPTION, self::new_version(), true );
	}

	/**
	 * Meta of a catalogue item changed.
	 *
	 * @param int|int[] $meta_ids Meta IDs.
	 * @param int       $post_id  Post ID.
	 */
	public function forget_on_item_meta( $meta_ids, $post_id ): void {
		$this->forget_on_item( (int) $post_id );
	}

	/**
	 * A catalogue item (or a page, which may be an account page) was trashed, restored or deleted.
	 *
	 * @param int $post_id Post ID.
	 */
	public function forget_on_item( $post_id ): void {
		if ( in_array( get_post_type( (int) $post_id ), array( ItemPostType::POST_TYPE, 'page' ), true ) ) {
			$this->forget_all();
		}
	}

	/**
	 * Key of a user's current entry.
	 *
	 * @param int    $user_id  User.
	 * @param string $progress The user's progress version, as read with the entry.
	 */
	private function key( int $user_id, string $progress ): string {
		return md5( LIBRARY_PORTAL_VERSION . '|' . self::REPLY_FORMAT . '|' . get_user_meta( $user_id, self::USER_META, true ) . '|' . $progress . '|' . get_option( self::SITE_OPTION, '' ) . '|' . determine_locale() );
	}

	/**
	 * Object cache key of a user's progress version (with a persistent object cache).
	 *
	 * @param int $user_id User.
	 */
	private static function progress_key( int $user_id ): string {
		return 'progress-' . $user_id;
	}

	/**
	 * Until when a built library stays right: the earliest expiry still ahead or the start of
	 * next month (when `expiring_licenses` moves on), at most a day.
	 *
	 * @param array<int, array<string, mixed>> $items Items.
	 * @param int                              $now   Unix seconds.
	 */
	private static function valid_until( array $items, int $now ): int {
		$until = min( $now + DAY_IN_SECONDS, Expiry::next_month_start( $now, wp_timezone() ) );
		foreach ( $items as $item ) {
			// The oldest pending invitation's expiry lowers the row's pending_invitations.
			$expiries = array_merge( array( (int) $item['expiry'], (int) ( $item['pending_until'] ?? 0 ) ), array_column( $item['licenses'], 'expiry' ) );
			foreach ( $expiries as $expiry ) {
				if ( ! Expiry::is_never( (int) $expiry ) && $expiry > $now ) {
					$until = min( $until, (int) $expiry );
				}
			}
		}
		return $until;
	}

	/**
	 * A version string that differs from every earlier one.
	 */
	private static function new_version(): string {
		return uniqid( '', true );
	}

	/**
	 * The stored entry of a user (null when none) and the user's progress version, together: one
	 * round trip to the object cache, or one statement.
	 *
	 * @param int $user_id User.
	 * @return array{0: CacheEntry|null, 1: string}
	 */
	private function read( int $user_id ): array {
		if ( ! wp_using_ext_object_cache() ) {
			return $this->entries->find_with_progress( $user_id );
		}
		$found    = wp_cache_get_multiple( array( $user_id, self::progress_key( $user_id ) ), self::GROUP );
		$entry    = $found[ $user_id ] ?? null;
		$progress = $found[ self::progress_key( $user_id ) ] ?? false;
		if ( ! is_string( $progress ) || '' === $progress ) {
			// Evicted or never set: a new version, so no entry kept under an earlier one is taken.
			$progress = self::new_version();
			if ( ! wp_cache_add( self::progress_key( $user_id ), $progress, self::GROUP, DAY_IN_SECONDS ) ) {
				$progress = (string) wp_cache_get( self::progress_key( $user_id ), self::GROUP ); // A parallel request set one first.
			}
		}
		return array( $entry instanceof CacheEntry ? $entry : null, $progress );
	}

	/**
	 * Stores a user's entry (best effort: a lost entry is rebuilt on the next request).
	 *
	 * @param int        $user_id User.
	 * @param CacheEntry $entry   Entry.
	 */
	private function write( int $user_id, CacheEntry $entry ): void {
		if ( wp_using_ext_object_cache() ) {
			wp_cache_set( $user_id, $entry, self::GROUP, DAY_IN_SECONDS );
			return;
		}
		$this->entries->save( $user_id, $entry );
	}
}
