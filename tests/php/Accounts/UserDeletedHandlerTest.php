<?php
/**
 * Deleted users and reused user IDs.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Accounts;

use LibraryPortal\Core\Database\Schema;
use LibraryPortal\Core\Rows\CacheEntry;
use LibraryPortal\Core\Rows\LibraryCacheRepository;
use LibraryPortal\Core\Seats\ShareMethod;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * A deleted user's rows go (or go back to their owners), so a new user with the same ID
 * inherits no seat, progress, certificate, contract or notification.
 */
final class UserDeletedHandlerTest extends TestCase {

	/**
	 * Columns that name a user, per table.
	 */
	private const USER_COLUMNS = array(
		'grants'           => array( 'owner_id' ),
		'licenses'         => array( 'owner_id', 'holder_id' ),
		'shares'           => array( 'owner_id', 'recipient_id' ),
		'progress'         => array( 'user_id' ),
		'notifications'    => array( 'user_id', 'related_user_id' ),
		'mail_history'     => array( 'sender_id' ),
		'contract_members' => array( 'user_id' ),
		'certificates'     => array( 'user_id' ),
		'quiz_attempts'    => array( 'user_id' ),
		'quiz_served'      => array( 'user_id' ),
		'library_cache'    => array( 'user_id' ),
	);

	public function test_a_reused_user_id_inherits_nothing(): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/user.php';
		$plugin  = $this->services();
		$schema  = new Schema( $wpdb );
		$now     = time();
		$lender  = $this->make_user();
		$teacher = $this->make_user();
		$gone    = $this->make_user();

		// A seat shared to the user, not activated: it goes back to its owner.
		$lent = Library::item( 'Lent, not activated' );
		Library::grant( $lender, $lent, 2 );
		$lent_seat = Library::share( $lender, $gone, $lent );
		$plugin->shares->record_accepted( $lent_seat, $lender, $lent, $gone, ShareMethod::Link, '', $now );
		// A seat shared to the user and activated: it stays used.
		$used = Library::item( 'Lent and activated' );
		Library::grant( $teacher, $used, 1 );
		$used_seat = Library::share( $teacher, $gone, $used );
		$plugin->licenses->activate_seat( $used_seat, $gone, $now );
		// The user's own purchase, one seat given to a team member.
		$own = Library::item( 'Own purchase' );
		Library::grant( $gone, $own, 3 );
		Library::activate_own( $gone, $own );
		Library::share( $gone, $lender, $own );
		$plugin->progress->record( $gone, $own, 0, 80, $now );
		$plugin->certificates->issue( $gone, $own, 90, $now );
		$contract = $plugin->contracts->create( array( 'title' => 'Riverside' ), $now );
		$plugin->contracts->add_member( $contract, $gone );
		$plugin->contracts->add_item( $contract, Library::item( 'Contract training' ) );
		$plugin->notifier->notify(
			array(
				'user_id' => $gone,
				'type'    => 'share_accepted',
				'message' => 'For the old user',
			),
			$now
		);
		$about = $plugin->notifier->notify(
			array(
				'user_id'         => $lender,
				'type'            => 'share_accepted',
				'message'         => 'The old user accepted',
				'related_user_id' => $gone,
			),
			$now
		);
		$wpdb->insert(
			$schema->table( 'quiz_attempts' ),
			array(
				'user_id'    => $gone,
				'product_id' => $own,
				'score'      => 90,
				'passed'     => 1,
				'answers'    => '[]',
				'created_at' => $now,
			)
		);
		$plugin->quiz_attempts->serve( $gone, $own, array(), $now, 0 );
		$wpdb->insert(
			$schema->table( 'mail_history' ),
			array(
				'sender_id'  => $gone,
				'product_id' => $own,
				'email'      => 'friend@example.com',
				'created_at' => $now,
			)
		);
		( new LibraryCacheRepository( $wpdb ) )->save( $gone, new CacheEntry( str_repeat( 'a', 32 ), $now + 3600, '[{"title":"Own purchase"}]' ) );
		$this->assertNotEmpty( $this->rest( 'GET', '/library/v2/items', array(), $gone )->get_data()['data'] );

		wp_delete_user( $gone );
		$this->reuse_id( $gone );

		foreach ( self::USER_COLUMNS as $table => $columns ) {
			foreach ( $columns as $column ) {
				$count = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE %i = %d', $schema->table( $table ), $column, $gone ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is core's identifier placeholder (WP 6.2+), newer than WPCS 2.3.
				$this->assertSame( 0, $count, "$table.$column still names the deleted user" );
			}
		}
		$items = $this->rest( 'GET', '/library/v2/items', array(), $gone )->get_data()['data'];
		$this->assertSame( array(), $items );
		$this->assertSame( 0, $this->rest( 'GET', '/library/v2/notifications', array(), $gone )->get_data()['data']['total'] );

		$this->assertSame( 2, $plugin->licenses->own_seat_counts( $lender, $lent, time() )['available'], 'the unactivated seat is the owner\'s again' );
		$this->assertSame( 0, $plugin->licenses->own_seat_counts( $teacher, $used, time() )['available'], 'an activated seat stays used' );
		$this->assertArrayNotHasKey( $own, Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $lender )->get_data()['data'] ) );
		$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( 'SELECT related_user_id FROM %i WHERE id = %d', $schema->table( 'notifications' ), $about ) ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i, as above.
	}

	/**
	 * Creates a new account with the deleted user's ID (as an import or a restored backup can).
	 *
	 * @param int $user_id The ID to reuse.
	 */
	private function reuse_id( int $user_id ): void {
		global $wpdb;
		$wpdb->insert(
			$wpdb->users,
			array(
				'ID'              => $user_id,
				'user_login'      => 'newcomer' . $user_id,
				'user_pass'       => wp_hash_password( 'secret' ),
				'user_nicename'   => 'newcomer' . $user_id,
				'user_email'      => 'newcomer' . $user_id . '@example.com',
				'user_registered' => gmdate( 'Y-m-d H:i:s' ),
				'display_name'    => 'Newcomer',
			)
		);
		clean_user_cache( $user_id );
		( new \WP_User( $user_id ) )->set_role( 'subscriber' );
		$this->assertSame( 'Newcomer', get_userdata( $user_id )->display_name );
	}
}
