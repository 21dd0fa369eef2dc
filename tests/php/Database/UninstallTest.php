<?php
/**
 * Uninstall.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Database;

use LibraryPortal\Contracts\MemberImports;
use LibraryPortal\Contracts\WelcomeEmails;
use LibraryPortal\Core\Database\Schema;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Rows\LibraryCache;
use LibraryPortal\Core\Settings;
use LibraryPortal\Lifecycle\Installer;
use LibraryPortal\Platform\Queue;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;
use LibraryPortal\Webhooks\WebhookSender;

/**
 * Uninstall deletes only when the admin asked for it (setting delete_on_uninstall): then it
 * leaves nothing of the plugin behind and never deletes a page the admin picked; otherwise it
 * keeps everything, as deactivation does.
 *
 * Both lanes. On MariaDB a DROP TABLE would end the test's transaction (an implicit commit) and
 * take the test site's tables, so each plugin table is shadowed by an empty temporary copy for
 * the test and uninstall's DROP TABLE becomes DROP TEMPORARY TABLE (no commit), as WordPress
 * core's own test suite does with its query filter.
 *
 * @group database
 */
final class UninstallTest extends TestCase {

	protected function set_up() {
		parent::set_up();
		if ( self::on_mariadb() ) {
			global $wpdb;
			$schema = new Schema( $wpdb );
			foreach ( Schema::TABLES as $name ) {
				// The table's own definition as a temporary table of the same name (LIKE cannot name itself).
				$create = (array) $wpdb->get_row( $wpdb->prepare( 'SHOW CREATE TABLE %i', $schema->table( $name ) ), ARRAY_N ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
				$this->assertTrue( $wpdb->query( (string) preg_replace( '/^CREATE TABLE/', 'CREATE TEMPORARY TABLE', (string) ( $create[1] ?? '' ) ) ), $name ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery -- the server's own DDL of our table; a temporary table commits nothing.
			}
			add_filter( 'query', array( self::class, 'drop_only_temporary_tables' ) );
		}
	}

	protected function tear_down() {
		if ( self::on_mariadb() ) {
			global $wpdb;
			remove_filter( 'query', array( self::class, 'drop_only_temporary_tables' ) );
			$schema = new Schema( $wpdb );
			foreach ( Schema::TABLES as $name ) {
				$wpdb->query( $wpdb->prepare( 'DROP TEMPORARY TABLE IF EXISTS %i', $schema->table( $name ) ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3.
			}
		}
		parent::tear_down();
		wp_roles()->for_site(); // The roles option was rolled back; reload the roles from it.
	}

	/**
	 * Whether this lane runs on MariaDB.
	 */
	private static function on_mariadb(): bool {
		return 'sqlite' !== ( defined( 'DB_ENGINE' ) ? DB_ENGINE : 'mysql' );
	}

	/**
	 * Uninstall's DROP TABLE drops the test's temporary copy (MariaDB lane).
	 *
	 * @param string $query SQL.
	 */
	public static function drop_only_temporary_tables( $query ): string {
		return (string) preg_replace( '/^\s*DROP TABLE/i', 'DROP TEMPORARY TABLE', (string) $query );
	}

	/**
	 * Whether a plugin table is there for the code under test: on MariaDB, its temporary copy
	 * (the site's own table is never touched by these tests).
	 *
	 * @param string $table Table name.
	 */
	private static function table_exists( string $table ): bool {
		global $wpdb;
		if ( ! self::on_mariadb() ) {
			return null !== $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $table ) );
		}
		$create = (array) $wpdb->get_row( $wpdb->prepare( 'SHOW CREATE TABLE %i', $table ), ARRAY_N ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
		return str_contains( (string) ( $create[1] ?? '' ), 'CREATE TEMPORARY TABLE' );
	}

	public function test_uninstall_trashes_the_page_it_made_and_keeps_a_page_the_admin_picked(): void {
		$this->services()->settings->update(
			array(
				'portal_page_id'      => 0,
				'delete_on_uninstall' => true,
			)
		);
		$created = Settings::ensure_portal_page();
		$picked  = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'Members area',
				'post_content' => 'Our own words. [library_portal]',
			)
		);
		$this->services()->settings->update( array( 'portal_page_id' => $picked ) );

		Installer::uninstall();

		$this->assertSame( 'publish', get_post_status( $picked ) );
		$this->assertSame( 'Our own words. [library_portal]', get_post( $picked )->post_content );
		$this->assertSame( 'trash', get_post_status( $created ), 'the page the plugin made goes to the trash, not away' );
	}

	public function test_uninstall_keeps_an_admin_picked_page_even_when_the_plugin_never_made_one(): void {
		delete_option( Settings::CREATED_PAGE_OPTION );
		$picked = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => 'Portal',
			)
		);
		$this->services()->settings->update(
			array(
				'portal_page_id'      => $picked,
				'delete_on_uninstall' => true,
			)
		);

		Installer::uninstall();

		$this->assertSame( 'publish', get_post_status( $picked ) );
	}

	public function test_uninstall_removes_tables_options_user_meta_capabilities_and_every_catalogue_item(): void {
		global $wpdb;
		$published = Library::item( 'Published' );
		$trashed   = Library::item( 'Trashed' );
		wp_trash_post( $trashed );
		$draft = wp_insert_post(
			array(
				'post_type'   => ItemPostType::POST_TYPE,
				'post_status' => 'draft',
				'post_title'  => 'Draft',
			)
		);
		$user  = $this->make_user();
		update_user_meta( $user, LibraryCache::USER_META, 'v1' );
		update_option( LibraryCache::SITE_OPTION, 'v1' );
		$this->services()->settings->update( array( 'delete_on_uninstall' => true ) );
		$this->assertNotFalse( get_option( Installer::VERSION_OPTION ) );
		$this->assertTrue( get_role( 'editor' )->has_cap( 'edit_library_items' ) );
		foreach ( Schema::TABLES as $name ) {
			$this->assertTrue( self::table_exists( ( new Schema( $wpdb ) )->table( $name ) ), "$name is there before" );
		}

		Installer::uninstall();

		$schema = new Schema( $wpdb );
		foreach ( Schema::TABLES as $name ) {
			$this->assertFalse( self::table_exists( $schema->table( $name ) ), $name );
		}
		foreach ( array( $published, $trashed, $draft ) as $item ) {
			$this->assertNull( get_post( $item ) );
		}
		$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = %s", ItemPostType::POST_TYPE ) ) );
		$this->assertSame( array(), $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( 'library_portal_' ) . '%' ) ) );
		$this->assertSame( array(), $wpdb->get_col( $wpdb->prepare( "SELECT meta_key FROM {$wpdb->usermeta} WHERE meta_key LIKE %s", '%' . $wpdb->esc_like( 'library_portal_' ) . '%' ) ) );
		$this->assertFalse( get_option( Settings::OPTION ) );
		$this->assertFalse( get_option( Installer::VERSION_OPTION ) );
		$this->assertSame( '', get_user_meta( $user, LibraryCache::USER_META, true ) );
		foreach ( array( 'administrator', 'editor' ) as $role ) {
			$this->assertFalse( get_role( $role )->has_cap( 'edit_library_items' ), $role );
		}
	}

	public function test_a_site_can_keep_its_catalogue(): void {
		$item = Library::item( 'Kept' );
		$this->services()->settings->update( array( 'delete_on_uninstall' => true ) );
		add_filter( 'library_portal_uninstall_delete_catalogue', '__return_false' );

		Installer::uninstall();

		$this->assertSame( 'publish', get_post_status( $item ) );
	}

	public function test_uninstall_drops_the_plugins_queued_jobs_even_when_the_data_stays(): void {
		$queue = new Queue();
		$this->assertNotSame( '', $queue->push( WebhookSender::HOOK, array( 'webhook' => 1 ) ) );
		$this->assertTrue( $queue->later( WebhookSender::HOOK, array( 'webhook' => 2 ), 300 ) );
		$this->assertNotSame( '', $queue->push( MemberImports::HOOK, array( 'import' => 'a' ) ) );
		$this->assertNotSame( '', $queue->push( WelcomeEmails::HOOK, array( 'contract' => 3 ) ) );
		wp_schedule_single_event( time() + 60, 'another_plugins_job', array( 'keep' => true ) );
		foreach ( array( WebhookSender::HOOK, MemberImports::HOOK, WelcomeEmails::HOOK ) as $hook ) {
			$this->assertTrue( self::queued( $hook ), $hook );
		}

		Installer::uninstall(); // The data setting is off: the data stays, the jobs go.

		foreach ( array( WebhookSender::HOOK, MemberImports::HOOK, WelcomeEmails::HOOK ) as $hook ) {
			$this->assertFalse( self::queued( $hook ), $hook . ' is still queued.' );
		}
		$this->assertNotFalse( wp_next_scheduled( 'another_plugins_job', array( 'keep' => true ) ), "Another plugin's job stays." );
		wp_clear_scheduled_hook( 'another_plugins_job', array( 'keep' => true ) );
	}

	/**
	 * Whether a job of the hook waits in the queue's runner (Action Scheduler or WP-Cron).
	 *
	 * @param string $hook Action.
	 */
	private static function queued( string $hook ): bool {
		if ( Queue::ACTION_SCHEDULER === Queue::runner() ) {
			return as_has_scheduled_action( $hook );
		}
		foreach ( (array) _get_cron_array() as $events ) {
			if ( isset( $events[ $hook ] ) ) {
				return true;
			}
		}
		return false;
	}

	public function test_without_the_setting_uninstall_keeps_everything(): void {
		$this->assertFalse( $this->services()->settings->get( 'delete_on_uninstall' ), 'off by default' );
		$kept = $this->plugin_data();

		Installer::uninstall();

		$this->assertSame( $kept, $this->plugin_data() );
	}

	public function test_deactivation_keeps_everything_even_with_the_setting(): void {
		$this->services()->settings->update( array( 'delete_on_uninstall' => true ) );
		$kept = $this->plugin_data();

		Installer::deactivate();

		$this->assertSame( $kept, $this->plugin_data() );
	}

	/**
	 * Whether plugin_data() made its rows in this test.
	 *
	 * @var bool
	 */
	private bool $made = false;

	/**
	 * Rows of every kind the plugin keeps, made once, then read back: table rows, options,
	 * user meta, catalogue items, the page it made, capabilities.
	 *
	 * @return array<string, mixed>
	 */
	private function plugin_data(): array {
		global $wpdb;
		if ( ! $this->made ) {
			$this->made = true;
			$owner      = $this->make_user();
			$item       = Library::item( 'Kept training' );
			Library::grant( $owner, $item, 2 );
			Library::activate_own( $owner, $item );
			$this->services()->progress->record( $owner, $item, 0, 50, time() );
			$this->services()->certificates->issue( $owner, $item, 90, time() );
			update_user_meta( $owner, LibraryCache::USER_META, 'v1' );
			Settings::ensure_portal_page();
		}
		$schema = new Schema( $wpdb );
		$data   = array();
		foreach ( Schema::TABLES as $name ) {
			$exists        = self::table_exists( $schema->table( $name ) );
			$data[ $name ] = $exists ? (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', $schema->table( $name ) ) ) : 'dropped'; // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
		}
		$data['options']   = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s ORDER BY option_name", $wpdb->esc_like( 'library_portal_' ) . '%' ) );
		$data['settings']  = get_option( Settings::OPTION );
		$data['user_meta'] = $wpdb->get_col( $wpdb->prepare( "SELECT meta_key FROM {$wpdb->usermeta} WHERE meta_key LIKE %s ORDER BY meta_key", '%' . $wpdb->esc_like( 'library_portal_' ) . '%' ) );
		$data['items']     = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = %s", ItemPostType::POST_TYPE ) );
		$data['page']      = get_post_status( (int) get_option( Settings::CREATED_PAGE_OPTION ) );
		$data['cap']       = get_role( 'editor' )->has_cap( 'edit_library_items' );
		$this->assertGreaterThan( 0, $data['licenses'] );
		$this->assertGreaterThan( 0, $data['certificates'] );
		$this->assertSame( 'publish', $data['page'] );
		return $data;
	}
}
