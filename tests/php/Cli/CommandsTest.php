<?php
/**
 * WP-CLI commands over their services.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Cli;

use LibraryPortal\Cli\Commands;
use LibraryPortal\Core\Rows\LibraryCache;
use LibraryPortal\Core\Seats\GrantService;
use LibraryPortal\Dev\SeedDemoCommand;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;
use RuntimeException;
use WP_CLI;

/**
 * Each command of `wp library-portal` runs through the services it was given (WP-CLI itself is
 * not installed here: a stand-in WP_CLI class and WP_CLI\Utils functions record what the
 * command says, prints and ticks).
 */
final class CommandsTest extends TestCase {

	public static function set_up_before_class(): void {
		parent::set_up_before_class();
		if ( ! class_exists( 'WP_CLI' ) ) {
			require_once dirname( __DIR__ ) . '/Support/WpCliStandIn.php';
		}
	}

	protected function set_up() {
		parent::set_up();
		WP_CLI::reset();
	}

	/**
	 * The commands over a fresh graph.
	 */
	private function commands(): Commands {
		$services = $this->services();
		return new Commands( $services->grants, $services->licenses, $services->grant_rows, $services->certificates, $services->library_cache );
	}

	/**
	 * Runs a command that must stop with an error; returns the error.
	 *
	 * @param callable $command The command.
	 */
	private function refused( callable $command ): string {
		try {
			$command();
		} catch ( RuntimeException $error ) {
			return $error->getMessage();
		}
		$this->fail( 'the command was expected to stop' );
	}

	public function test_grant_creates_the_seats_and_the_audit_through_the_service(): void {
		$user = $this->make_user( 'subscriber', array( 'user_login' => 'cli-owner' ) );
		$item = Library::item( 'CLI item' );

		$this->commands()->grant(
			array( 'cli-owner', (string) $item ),
			array(
				'quantity' => '3',
				'expires'  => '+1 year',
				'tag'      => 'member',
			)
		);

		$seats = $this->services()->licenses->seats_for_user( $user );
		$this->assertCount( 3, $seats );
		$this->assertSame( array( $item ), array_values( array_unique( array_map( static fn( $seat ) => $seat->product_id, $seats ) ) ) );
		$this->assertSame( 'member', $seats[0]->tag );
		$this->assertGreaterThan( time() + 360 * DAY_IN_SECONDS, $seats[0]->expires_at );
		$this->assertMatchesRegularExpression( '/^Grant (\d+) created\.$/', (string) end( WP_CLI::$said ) );
		$grant = $this->services()->grants->find( $seats[0]->grant_id );
		$this->assertSame( 'cli', $grant->source );
		$audit = $this->services()->seat_audit->for_grant( $grant->id );
		$this->assertSame( array( GrantService::GRANT, 0 ), array( $audit[0]->action, $audit[0]->actor_id ), 'the system, without --user' );
	}

	public function test_grant_refuses_bad_input_and_writes_nothing(): void {
		$user  = $this->make_user();
		$item  = Library::item( 'Refused' );
		$count = count( $this->services()->licenses->seats_for_user( $user ) );

		$this->assertStringContainsString( 'No user', $this->refused( fn() => $this->commands()->grant( array( 'nobody-here', (string) $item ), array() ) ) );
		$this->assertStringContainsString( 'quantity', $this->refused( fn() => $this->commands()->grant( array( (string) $user, (string) $item ), array( 'quantity' => '2x' ) ) ) );
		$this->assertStringContainsString( '1000', $this->refused( fn() => $this->commands()->grant( array( (string) $user, (string) $item ), array( 'quantity' => '5000' ) ) ) );
		$this->assertStringContainsString( 'published', $this->refused( fn() => $this->commands()->grant( array( (string) $user, '999999' ), array() ) ) );
		$this->assertStringContainsString( 'future', $this->refused( fn() => $this->commands()->grant( array( (string) $user, (string) $item ), array( 'expires' => '2001-01-01' ) ) ) );
		$this->assertSame( $count, count( $this->services()->licenses->seats_for_user( $user ) ) );
	}

	public function test_revoke_takes_back_seats_not_started_and_dry_run_changes_nothing(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Revoked' );
		$grant  = Library::grant( $owner, $item, 4 );
		Library::activate_own( $owner, $item );
		Library::share( $owner, $member, $item );

		$this->commands()->revoke( array( (string) $grant ), array( 'dry-run' => true ) );
		$this->assertSame( 'Dry run: 3 license(s) of grant ' . $grant . ' would be taken back, 1 could not be (started).', end( WP_CLI::$said ) );
		$this->assertSame( 4, $this->services()->grants->find( $grant )->quantity );

		$this->commands()->revoke( array( (string) $grant ), array( 'count' => '2' ) );
		$this->assertSame( '2 license(s) of grant ' . $grant . ' taken back.', end( WP_CLI::$said ) );
		$this->commands()->revoke( array( (string) $grant ), array() );
		$this->assertSame( '1 license(s) of grant ' . $grant . ' taken back.', end( WP_CLI::$said ) );
		$this->assertSame( array( 'Warning: 1 license(s) could not be taken back: started.' ), WP_CLI::$logged );
		$this->assertTrue( $this->services()->grants->find( $grant )->ended(), 'taking back all ends the grant' );
		$this->assertSame( array( 'license_taken_back' ), array_map( static fn( $notice ) => $notice->type, $this->services()->notifications->page_for_user( $member, 1, 10, true )->notifications ), 'the member who lost the shared seat is told' );
		$this->assertSame( array( 'available' => 0, 'assigned' => 0, 'activated' => 1 ), Library::seat_states( $item ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->assertStringContainsString( 'from 1 to 1', $this->refused( fn() => $this->commands()->revoke( array( (string) $grant ), array( 'count' => '5' ) ) ) );
		$this->assertStringContainsString( 'no grant', $this->refused( fn() => $this->commands()->revoke( array( '999999' ), array() ) ) );
	}

	public function test_extend_moves_the_expiry_or_refuses(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Extended by CLI' );
		$grant = Library::grant( $owner, $item, 1, time() + DAY_IN_SECONDS );

		$this->commands()->extend( array( (string) $grant ), array( 'expires' => '+2 years' ) );
		$this->assertGreaterThan( time() + 700 * DAY_IN_SECONDS, $this->services()->grants->find( $grant )->expires_at );
		$this->assertStringContainsString( 'later', $this->refused( fn() => $this->commands()->extend( array( (string) $grant ), array( 'expires' => '+1 day' ) ) ) );
		$this->assertStringContainsString( 'either', $this->refused( fn() => $this->commands()->extend( array( (string) $grant ), array() ) ) );

		$this->commands()->extend( array( (string) $grant ), array( 'never' => true ) );
		$this->assertSame( 0, $this->services()->grants->find( $grant )->expires_at );
		$this->assertSame( 'Grant ' . $grant . ' now expires never.', end( WP_CLI::$said ) );
	}

	public function test_recompute_drops_one_library_or_every_one_with_a_progress_bar(): void {
		$owner   = $this->make_user( 'subscriber', array( 'user_login' => 'cli-cached' ) );
		$version = static fn() => get_user_meta( $owner, LibraryCache::USER_META, true );
		$site    = static fn() => get_option( LibraryCache::SITE_OPTION );
		$before  = $version();

		$this->commands()->recompute( array( 'cli-cached' ), array( 'dry-run' => true ) );
		$this->assertSame( $before, $version() );
		$this->commands()->recompute( array( 'cli-cached' ), array() );
		$this->assertNotSame( $before, $version() );
		$this->assertSame( 'Dropped the library of cli-cached.', end( WP_CLI::$said ) );

		$site_before = $site();
		$users       = count( get_users( array( 'fields' => 'ID' ) ) );
		$this->commands()->recompute( array(), array( 'all' => true, 'dry-run' => true ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->assertSame( array(), WP_CLI::$bars );
		$this->assertSame( $site_before, $site() );
		$this->commands()->recompute( array(), array( 'all' => true ) );
		$this->assertSame( array( $users, $users, true ), array( WP_CLI::$bars[0]->total, WP_CLI::$bars[0]->ticks, WP_CLI::$bars[0]->finished ) );
		$this->assertNotSame( $site_before, $site() );
		$this->assertStringContainsString( 'either', $this->refused( fn() => $this->commands()->recompute( array(), array() ) ) );
	}

	public function test_export_lists_grants_and_seats_in_the_format_asked(): void {
		$owner  = $this->make_user( 'subscriber', array( 'user_email' => 'exported-owner@example.com' ) );
		$member = $this->make_user();
		$item   = Library::item( 'Exported' );
		$grant  = Library::grant( $owner, $item, 3 );
		Library::share( $owner, $member, $item );

		$this->commands()->export(
			array(),
			array(
				'format' => 'csv',
				'search' => 'exported-owner',
			)
		);
		$this->commands()->export(
			array(),
			array(
				'format' => 'json',
				'what'   => 'seats',
				'search' => 'exported-owner',
			)
		);

		list( $grants, $seats ) = WP_CLI::$formatted;
		$this->assertSame( array( 'csv', Commands::GRANT_FIELDS ), array( $grants['format'], $grants['fields'] ) );
		$this->assertCount( 1, $grants['items'] );
		$row = $grants['items'][0];
		$this->assertSame( array( $grant, 'exported-owner@example.com', 'Exported', 3, 2, 1, 0, 'never' ), array( $row['grant_id'], $row['owner_email'], $row['item'], $row['quantity'], $row['available'], $row['assigned'], $row['activated'], $row['expires'] ) );
		$this->assertSame( 'json', $seats['format'] );
		$this->assertSame( array( 'assigned', 'available', 'available' ), array_map( static fn( $seat ) => $seat['state'], $seats['items'] ) );
		$this->assertSame( array( $member, 0, 0 ), array_column( $seats['items'], 'holder_id' ) );
		$this->assertStringContainsString( 'format', $this->refused( fn() => $this->commands()->export( array(), array( 'format' => 'xml' ) ) ) );
	}

	public function test_seed_demo_is_there_only_with_the_dev_seeder_and_keeps_known_passwords(): void {
		$this->assertFalse( method_exists( Commands::class, 'seed_demo' ), 'not a command of the shipped plugin' );
		SeedDemoCommand::register();
		$this->assertInstanceOf( SeedDemoCommand::class, WP_CLI::$commands['library-portal seed-demo'] ?? null, 'registered where the dev seeder is' );
		$mu_plugin = (string) file_get_contents( dirname( __DIR__, 3 ) . '/bin/dev-mu-plugin.php' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
		$this->assertStringContainsString( 'SeedDemoCommand::register()', $mu_plugin, 'the local sites register it on cli_init' );

		require_once ABSPATH . 'wp-admin/includes/file.php';
		$file = wp_tempnam( 'logins' );
		( new SeedDemoCommand() )( array(), array( 'logins' => $file ) );
		$first = json_decode( (string) file_get_contents( $file ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
		( new SeedDemoCommand() )( array(), array( 'logins' => $file ) );
		$second = json_decode( (string) file_get_contents( $file ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
		unlink( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink -- our temp file.

		$this->assertContains( 'demo-owner', array_column( $first, 'login' ) );
		$this->assertSame( $first, $second, 'a second run with the file keeps every password' );
		$this->assertSame( array( 'role', 'login', 'password' ), WP_CLI::$formatted[1]['fields'] );
		$owner = get_user_by( 'login', 'demo-owner' );
		$this->assertTrue( wp_check_password( array_column( $second, 'password', 'login' )['demo-owner'], $owner->user_pass, $owner->ID ) );
	}
}
