<?php
/**
 * The personal data exporters.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Privacy;

use LibraryPortal\Privacy\PersonalDataExporter;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Tools → Export Personal Data: every group of the plugin is there, paged as WordPress pages
 * exporters, and holds the requested user's rows only.
 */
final class PersonalDataExporterTest extends TestCase {

	/**
	 * Rows each group holds for one Story user: exporter ID => number of items.
	 */
	private const EXPECTED = array(
		'library-portal-progress'         => 3, // Two parts of the own training, one of the started share.
		'library-portal-seats'            => 5, // Three own seats, two received.
		'library-portal-shares'           => 1,
		'library-portal-mail-history'     => 2,
		'library-portal-notifications'    => 2, // One of them hidden.
		'library-portal-test-attempts'    => 2,
		'library-portal-certificates'     => 1,
		'library-portal-invitations'      => 0, // Nobody invited Alice's own address (ByAddressTest).
		'library-portal-contract-contact' => 0,
	);

	/**
	 * Alice's rows (see Story::build()), once two_learners() ran.
	 *
	 * @var array<string, int|string>
	 */
	private array $alice = array();

	/**
	 * Two learners who share an owner and a team member; returns Alice's e-mail.
	 */
	private function two_learners(): string {
		$owner       = $this->make_user( 'subscriber', array( 'display_name' => 'Olivia Owner' ) );
		$team        = $this->make_user( 'subscriber', array( 'display_name' => 'Tom Team' ) );
		$alice       = $this->make_user(
			'subscriber',
			array(
				'display_name' => 'Alice Learner',
				'user_email'   => 'alice@example.com',
			)
		);
		$bob         = $this->make_user( 'subscriber', array( 'display_name' => 'Bob Other' ) );
		$this->alice = Story::build( $this->services(), $alice, $owner, $team, 'Alice' );
		Story::build( $this->services(), $bob, $owner, $team, 'Bob' );
		return 'alice@example.com';
	}

	/**
	 * The exporters as WordPress sees them (the plugin's filter, wired by the plugin).
	 *
	 * @return array<string, array{exporter_friendly_name: string, callback: callable}>
	 */
	private static function exporters(): array {
		return array_filter(
			(array) apply_filters( 'wp_privacy_personal_data_exporters', array() ), // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, asked as core asks it.
			static fn( $key ) => str_starts_with( (string) $key, 'library-portal' ),
			ARRAY_FILTER_USE_KEY
		);
	}

	/**
	 * Calls one exporter page by page, as wp_privacy_process_personal_data_export_page() does,
	 * until it says done.
	 *
	 * @param callable $callback Exporter callback.
	 * @param string   $email    Requester's e-mail.
	 * @param int      $pages    Pages read (out).
	 * @return array<int, array<string, mixed>> Every item of every page.
	 */
	private static function export_all( callable $callback, string $email, ?int &$pages = 0 ): array {
		$items = array();
		for ( $pages = 1; $pages <= 50; $pages++ ) {
			$reply = $callback( $email, $pages );
			self::assertIsArray( $reply['data'] );
			self::assertIsBool( $reply['done'] );
			array_push( $items, ...$reply['data'] );
			if ( $reply['done'] ) {
				return $items;
			}
		}
		self::fail( 'The exporter never said done.' );
	}

	public function test_every_group_holds_the_requested_users_rows_only(): void {
		$email     = $this->two_learners();
		$exporters = self::exporters();
		$this->assertSame( array_keys( self::EXPECTED ), array_keys( $exporters ) );

		$everything = '';
		foreach ( $exporters as $id => $exporter ) {
			$this->assertStringStartsWith( 'Library Portal: ', $exporter['exporter_friendly_name'] );
			$items = self::export_all( $exporter['callback'], $email );
			$this->assertCount( self::EXPECTED[ $id ], $items, $id );
			foreach ( $items as $item ) {
				$this->assertSame( $id, $item['group_id'] );
				$this->assertNotSame( '', $item['group_label'] );
				$this->assertStringStartsWith( $id . '-', $item['item_id'] );
				foreach ( $item['data'] as $pair ) {
					$this->assertSame( array( 'name', 'value' ), array_keys( $pair ) );
					$this->assertIsString( $pair['value'] );
					$everything .= $pair['name'] . '=' . $pair['value'] . "\n";
				}
			}
		}

		foreach ( array( 'Alice own training', 'Alice started shared training', 'Alice waiting shared training', 'Alice.friend@example.com', 'Alice.other@example.com', 'Alice: your share was accepted', 'Watched=95 %', 'Score=60 %' ) as $expected ) {
			$this->assertStringContainsString( $expected, $everything );
		}
		$this->assertStringContainsString( 'Verification code=' . $this->alice['certificate'], $everything );
		$this->assertStringNotContainsString( 'Bob', $everything, 'nothing of another user' );
		$this->assertStringNotContainsString( 'Alice accepted your share', $everything, 'the owner\'s notification about Alice is the owner\'s' );
		$this->assertStringNotContainsString( 'Olivia', $everything, 'other people are not named' );
		$this->assertStringNotContainsString( 'Tom Team', $everything, 'other people are not named' );
	}

	public function test_each_group_pages_until_done_without_losing_or_repeating_rows(): void {
		$email = $this->two_learners();
		$s     = $this->services();
		$small = new PersonalDataExporter( $s->progress, $s->licenses, $s->shares, $s->mail_history, $s->notifications, $s->quiz_attempts, $s->certificates, $s->address_rows, 2 );

		foreach ( self::EXPECTED as $id => $count ) {
			$pages = 0;
			$items = self::export_all( fn( $e, $p ) => $small->export( $id, $e, $p ), $email, $pages );
			$this->assertCount( $count, $items, $id );
			$this->assertCount( $count, array_unique( array_column( $items, 'item_id' ) ), "$id repeats a row" );
			$this->assertGreaterThanOrEqual( (int) ceil( $count / 2 ), $pages, "$id pages by 2" );
			$this->assertLessThanOrEqual( intdiv( $count, 2 ) + 1, $pages, "$id reads no page beyond the last one" );
		}
		$first = $small->export( 'library-portal-seats', $email, 1 );
		$this->assertCount( 2, $first['data'] );
		$this->assertFalse( $first['done'] );
	}

	public function test_an_address_without_an_account_exports_nothing(): void {
		$this->two_learners();
		foreach ( self::exporters() as $exporter ) {
			$this->assertSame(
				array(
					'data' => array(),
					'done' => true,
				),
				( $exporter['callback'] )( 'nobody@example.com', 1 )
			);
		}
	}
}
