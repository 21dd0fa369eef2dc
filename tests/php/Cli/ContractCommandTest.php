<?php
/**
 * wp library-portal contract.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Cli;

use LibraryPortal\Contracts\ContractCommand;
use LibraryPortal\Contracts\ContractService;
use LibraryPortal\Contracts\MemberImports;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;
use RuntimeException;
use WP_CLI;

/**
 * The command is a thin layer over ContractService: what it does lands in the contract, what
 * the service refuses stops it with the service's message (WP-CLI's stand-in records both).
 */
final class ContractCommandTest extends TestCase {

	public static function set_up_before_class(): void {
		parent::set_up_before_class();
		if ( ! class_exists( 'WP_CLI' ) ) {
			require_once dirname( __DIR__ ) . '/Support/WpCliStandIn.php';
		}
	}

	/**
	 * Files csv_file() wrote.
	 *
	 * @var string[]
	 */
	private array $files = array();

	protected function set_up() {
		parent::set_up();
		WP_CLI::reset();
	}

	protected function tear_down() {
		array_map( 'wp_delete_file', $this->files );
		parent::tear_down();
	}

	/**
	 * The service over the test's connection.
	 */
	private function service(): ContractService {
		return new ContractService( $this->services()->contracts, $this->services()->seat_audit );
	}

	/**
	 * The command over the test's connection.
	 */
	private function command(): ContractCommand {
		return new ContractCommand( $this->service() );
	}

	/**
	 * A CSV file with these lines; removed after the test.
	 *
	 * @param string[] $lines Lines.
	 */
	private function csv_file( array $lines ): string {
		$file = (string) tempnam( get_temp_dir(), 'lp-contract-import' );
		file_put_contents( $file, implode( "\n", $lines ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- a test fixture.
		$this->files[] = $file;
		return $file;
	}

	public function test_create_add_and_list(): void {
		$member = $this->make_user( 'subscriber', array( 'user_email' => 'cli-member@example.com' ) );
		$item   = Library::item( 'CLI contract item', 'workshop' );

		$this->command()->create(
			array(),
			array(
				'title'           => 'CLI Contract',
				'organizer-name'  => 'Dana Rivers',
				'organizer-email' => 'dana@example.com',
				'ends'            => '2030-06-30',
			)
		);
		$this->assertSame( 1, preg_match( '/^Contract (\d+) created\.$/', (string) end( WP_CLI::$said ), $found ) );
		$id = (int) $found[1];
		$this->command()->add_member( array( (string) $id, 'cli-member@example.com' ) );
		$this->command()->add_member( array( (string) $id, (string) $member ) );
		$this->assertSame( array( "User $member added to contract $id.", "User $member was already a member of contract $id." ), array_slice( WP_CLI::$said, 1 ) );
		$this->command()->add_item( array( (string) $id, (string) $item ), array( 'expires' => '2030-01-31' ) );
		$this->command()->list_( array(), array( 'format' => 'json' ) );

		$listed = WP_CLI::$formatted[0];
		$this->assertSame( 'json', $listed['format'] );
		$row = array_values( array_filter( $listed['items'], static fn( array $row ): bool => $row['id'] === $id ) )[0];
		$this->assertSame(
			array(
				'id'        => $id,
				'title'     => 'CLI Contract',
				'organizer' => 'Dana Rivers',
				'email'     => 'dana@example.com',
				'starts'    => '',
				'ends'      => '2030-06-30',
				'members'   => 1,
				'items'     => 1,
				'status'    => 'active',
			),
			$row
		);
		$this->assertSame( array_keys( $row ), $listed['fields'] );

		$this->command()->remove_member( array( (string) $id, (string) $member ) );
		$this->assertSame( array(), $this->service()->members( $id ) );
	}

	public function test_refused_values_stop_with_the_services_message_and_change_nothing(): void {
		$id    = $this->service()->create( array( 'title' => 'Kept' ) );
		$count = $this->service()->count();
		$calls = array(
			'The contract needs a title.'      => fn() => $this->command()->create( array(), array( 'title' => '' ) ),
			'not a valid e-mail'               => fn() => $this->command()->create(
				array(),
				array(
					'title'           => 'x',
					'organizer-email' => 'nope',
				)
			),
			'No account with the e-mail'       => fn() => $this->command()->add_member( array( (string) $id, 'ghost@example.com' ) ),
			'is not a member'                  => fn() => $this->command()->remove_member( array( (string) $id, (string) $this->make_user() ) ),
			'is not a published library item.' => fn() => $this->command()->add_item( array( (string) $id, '987654' ), array() ),
			'There is no contract'             => fn() => $this->command()->import( array( '987654', $this->csv_file( array( 'email' ) ) ), array() ),
			'Cannot read the file'             => fn() => $this->command()->import( array( (string) $id, '/no/such/file.csv' ), array() ),
			'Unknown format'                   => fn() => $this->command()->list_( array(), array( 'format' => 'yaml' ) ),
		);
		foreach ( $calls as $says => $call ) {
			try {
				$call();
				$this->fail( "accepted: $says" );
			} catch ( RuntimeException $stopped ) {
				$this->assertStringContainsString( $says, html_entity_decode( $stopped->getMessage(), ENT_QUOTES ) );
			}
		}
		$this->assertSame( $count, $this->service()->count() );
		$this->assertSame( array( 0, 0 ), array( $this->service()->contract( $id )->member_count, $this->service()->contract( $id )->item_count ) );
	}

	public function test_import_reports_bad_rows_with_a_progress_bar_and_a_dry_run_changes_nothing(): void {
		$id    = $this->service()->create( array( 'title' => 'Import' ) );
		$lines = array( 'email;first_name;last_name' );
		$users = array();
		for ( $i = 0; $i < MemberImports::BATCH + 5; $i++ ) {
			$users[] = $this->make_user( 'subscriber', array( 'user_email' => "cli$i@example.com" ) );
			$lines[] = "cli$i@example.com;First;Last";
		}
		$lines[] = 'broken;x;y';
		$lines[] = 'cli0@example.com;Again;';
		$lines[] = 'ghost@example.com;;';
		$file    = $this->csv_file( $lines );

		$this->command()->import( array( (string) $id, $file ), array( 'dry-run' => true ) );
		$this->assertSame( array(), $this->service()->members( $id ) );
		$this->assertSame( 'Dry run, nothing changed: ' . ( MemberImports::BATCH + 5 ) . ' added, 1 repeated row counted once, 2 bad rows.', end( WP_CLI::$said ) );

		$this->command()->import( array( (string) $id, $file ), array() );
		$this->assertCount( MemberImports::BATCH + 5, $this->service()->members( $id ) );
		$this->assertSame(
			array(
				'Warning: Line ' . ( MemberImports::BATCH + 7 ) . ': "broken": Not a valid e-mail address.',
				'Warning: Line ' . ( MemberImports::BATCH + 9 ) . ': "ghost@example.com": No account with this e-mail.',
			),
			array_slice( WP_CLI::$logged, -2 )
		);
		$bar = end( WP_CLI::$bars );
		$this->assertSame( array( 'Importing members', MemberImports::BATCH + 6, true ), array( $bar->label, $bar->total, $bar->finished ) );
		$this->assertSame( 2, $bar->ticks, 'One tick call per batch.' );
	}
}
