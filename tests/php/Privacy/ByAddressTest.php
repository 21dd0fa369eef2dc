<?php
/**
 * Privacy requests by e-mail address, with or without an account.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Privacy;

use LibraryPortal\Core\Database\Schema;
use LibraryPortal\Tests\Support\TestCase;

/**
 * An address someone typed (a share by e-mail, a share link sent to it, a contract's organizer, a
 * notification quoting it) is found and erased by the address itself, whether or not it belongs to
 * an account, and compared without regard to case.
 */
final class ByAddressTest extends TestCase {

	/**
	 * The address of a friend of Alice's who has no account (Story::build() stores it capitalised).
	 */
	private const FRIEND = 'alice.friend@example.com';

	/**
	 * Alice's rows (see Story::build()).
	 *
	 * @var array<string, int|string>
	 */
	private array $alice = array();

	/**
	 * Alice, who shares by e-mail.
	 *
	 * @var int
	 */
	private int $alice_id = 0;

	/**
	 * Alice's story, plus a share by e-mail through the route (a link and an e-mail to the friend),
	 * a contract naming the friend as organizer and a notification quoting the address.
	 */
	public function set_up() {
		parent::set_up();
		$owner          = $this->make_user( 'subscriber', array( 'display_name' => 'Olivia Owner' ) );
		$team           = $this->make_user( 'subscriber', array( 'display_name' => 'Tom Team' ) );
		$this->alice_id = $this->make_user(
			'subscriber',
			array(
				'display_name' => 'Alice Learner',
				'user_email'   => 'alice@example.com',
			)
		);
		$this->alice    = Story::build( $this->services(), $this->alice_id, $owner, $team, 'Alice' );

		$sent = $this->rest(
			'POST',
			'/library/v2/send-share-emails',
			array(
				'emails'     => 'Alice.Friend@Example.com',
				'product_id' => $this->alice['own'],
			),
			$this->alice_id
		);
		$this->assertSame( 200, $sent->get_status(), (string) wp_json_encode( $sent->get_data() ) );
		$this->services()->contracts->create(
			array(
				'title'           => 'Friendly contract',
				'organizer_name'  => 'Fay Friend',
				'organizer_email' => 'ALICE.FRIEND@example.com',
			),
			time()
		);
		$this->services()->notifier->notify(
			array(
				'user_id' => $this->alice_id,
				'type'    => 'license_request',
				'message' => 'Fay Friend (Alice.Friend@example.com) asks for a license of "Alice own training".',
			),
			time()
		);
		wp_set_current_user( 0 );
	}

	/**
	 * Every value of every table of the plugin that holds an address, as "table.column".
	 *
	 * @param string $email Address (any case).
	 * @return string[]
	 */
	private static function places_holding( string $email ): array {
		global $wpdb;
		$schema = new Schema( $wpdb );
		$places = array();
		foreach ( Schema::TABLES as $name ) {
			$rows = (array) $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM %i', $schema->table( $name ) ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test reads every table itself.
			foreach ( $rows as $row ) {
				foreach ( $row as $column => $value ) {
					if ( false !== stripos( (string) $value, $email ) ) {
						$places[] = "$name.$column";
					}
				}
			}
		}
		return $places;
	}

	/**
	 * Runs the plugin's eraser as WordPress does.
	 *
	 * @param string $email Address.
	 * @return array{items_removed: bool, items_retained: bool, messages: string[], done: bool}
	 */
	private static function erase( string $email ): array {
		$erasers = (array) apply_filters( 'wp_privacy_personal_data_erasers', array() ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, asked as core asks it.
		return ( $erasers['library-portal']['callback'] )( $email, 1 );
	}

	/**
	 * Every item of one of the plugin's exporters for an address, as "name=value" lines per item.
	 *
	 * @param string $exporter Exporter ID.
	 * @param string $email    Address.
	 * @return string[]
	 */
	private static function export( string $exporter, string $email ): array {
		$exporters = (array) apply_filters( 'wp_privacy_personal_data_exporters', array() ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, asked as core asks it.
		$items     = array();
		for ( $page = 1; $page <= 10; $page++ ) {
			$reply = ( $exporters[ $exporter ]['callback'] )( $email, $page );
			foreach ( $reply['data'] as $item ) {
				$items[] = implode( "\n", array_map( static fn( array $pair ): string => $pair['name'] . '=' . $pair['value'], $item['data'] ) );
			}
			if ( $reply['done'] ) {
				return $items;
			}
		}
		self::fail( 'The exporter never said done.' );
	}

	/**
	 * Rows of a table.
	 *
	 * @param string $name Short table name.
	 */
	private static function rows_of( string $name ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', ( new Schema( $wpdb ) )->table( $name ) ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test reads the table itself.
	}

	public function test_an_address_without_an_account_is_found_in_no_table_after_erasure(): void {
		$this->assertFalse( get_user_by( 'email', self::FRIEND ), 'The friend has no account.' );
		$this->assertEqualsCanonicalizing(
			array( 'shares.recipient_email', 'share_links.recipient_email', 'mail_history.email', 'mail_history.email', 'contracts.organizer_email', 'notifications.message' ),
			self::places_holding( self::FRIEND )
		);
		$mail_rows  = self::rows_of( 'mail_history' );
		$share_rows = self::rows_of( 'shares' );

		$reply = self::erase( self::FRIEND );

		$this->assertSame( array(), self::places_holding( self::FRIEND ) );
		$this->assertTrue( $reply['items_removed'] );
		$this->assertFalse( $reply['items_retained'] );
		$this->assertSame(
			array(
				'4 share records, links and e-mails sent to this address no longer hold the address; the sharers keep the records without it.',
				'1 contract no longer lists this address as its organizer\'s e-mail.',
				'1 notification that quoted this address was erased.',
			),
			$reply['messages']
		);
		$this->assertSame( $mail_rows, self::rows_of( 'mail_history' ), 'The sharer\'s sent e-mails still count towards the daily quota.' );
		$this->assertSame( $share_rows, self::rows_of( 'shares' ), 'The sharer\'s share record stays, without the address.' );
		$this->assertCount( 1, self::places_holding( 'Alice.other@example.com' ), 'Another address is untouched.' );
		$this->assertFalse( self::erase( self::FRIEND )['items_removed'], 'Nothing is left to erase.' );
	}

	public function test_an_account_is_also_erased_where_its_address_is_someone_elses_recipient(): void {
		$carol = $this->make_user( 'subscriber', array( 'user_email' => 'carol@example.com' ) );
		$this->services()->mail_history->add( $this->alice_id, (int) $this->alice['own'], 'Carol@Example.com', true, time() );
		$this->assertSame( array( 'mail_history.email' ), self::places_holding( 'carol@example.com' ) );

		$reply = self::erase( 'carol@example.com' );

		$this->assertSame( array(), self::places_holding( 'carol@example.com' ) );
		$this->assertTrue( $reply['items_removed'] );
		$this->assertNotFalse( get_user_by( 'id', $carol ), 'The account itself is WordPress\'s to erase.' );
	}

	public function test_export_by_address_lists_the_rows_addressed_to_it_without_an_account(): void {
		$invitations = self::export( 'library-portal-invitations', self::FRIEND );
		$contacts    = self::export( 'library-portal-contract-contact', self::FRIEND );

		$this->assertCount( 4, $invitations, 'The share record, the e-mailed link and both e-mails.' );
		$everything = implode( "\n\n", array_merge( $invitations, $contacts ) );
		foreach ( array( 'Record=License shared with this address', 'Record=Share link e-mailed to this address', 'Record=Share e-mail sent to this address', 'Training=Alice own training', 'Sent by=A team owner', 'Address=' . self::FRIEND, 'Status=accepted', 'Status=Can still be accepted', 'Status=Sent' ) as $expected ) {
			$this->assertStringContainsString( $expected, $everything );
		}
		$this->assertCount( 1, $contacts );
		$this->assertStringContainsString( 'Contract=Friendly contract', $contacts[0] );
		$this->assertStringContainsString( 'Organizer=Fay Friend', $contacts[0] );
		$this->assertStringNotContainsString( 'Alice Learner', $everything, 'The sharer is not named.' );
		$this->assertStringNotContainsString( 'alice.other', strtolower( $everything ), 'Nothing sent to another address.' );

		$this->assertSame( array(), self::export( 'library-portal-invitations', 'nobody@example.com' ) );
		$this->assertSame( array(), self::export( 'library-portal-seats', self::FRIEND ), 'Without an account there are no seats to list.' );
	}
}
