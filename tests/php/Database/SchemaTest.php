<?php
/**
 * The plugin's tables.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Database;

use LibraryPortal\Core\Database\Schema;
use LibraryPortal\Core\Rows\PartProgress;
use LibraryPortal\Lifecycle\Installer;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Tables exist after activation, upgrades are idempotent, and writes keep their rules.
 *
 * @group database
 */
final class SchemaTest extends TestCase {

	public function test_every_table_exists(): void {
		global $wpdb;
		$schema = new Schema( $wpdb );
		foreach ( Schema::TABLES as $name ) {
			$table = $schema->table( $name );
			$this->assertSame( $table, $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $table ) ), $name );
		}
		$this->assertSame( Schema::VERSION, (int) get_option( Installer::VERSION_OPTION ) );
	}

	public function test_upgrade_runs_only_when_the_version_is_behind(): void {
		$this->assertSame( 0, $this->count_queries( array( Installer::class, 'maybe_upgrade' ) ), 'Up to date: no query at all.' );
	}

	public function test_progress_never_goes_down_and_is_refused_outside_0_to_100(): void {
		$progress = $this->services()->progress;
		$user     = $this->make_user();

		$this->assertTrue( $progress->record( $user, 99, 0, 40, 1000 ) );
		$this->assertFalse( $progress->record( $user, 99, 0, 20, 2000 ), 'a lower report changes nothing' );
		$this->assertTrue( $progress->record( $user, 99, 1, 100, 3000 ) );
		foreach ( array( -1, 140 ) as $percent ) {
			try {
				$progress->record( $user, 99, 1, $percent, 4000 );
				$this->fail( "$percent: refused expected" );
			} catch ( \InvalidArgumentException $refused ) {
				$this->assertStringContainsString( (string) $percent, $refused->getMessage() );
			}
		}

		$this->assertEquals(
			array(
				0 => new PartProgress( 40, 1000 ),
				1 => new PartProgress( 100, 3000 ),
			),
			$progress->for_user( $user )[99]
		);
	}

	public function test_a_seat_is_shared_once_and_activated_once(): void {
		$licenses = $this->services()->licenses;
		$owner    = $this->make_user();
		$first    = $this->make_user();
		$second   = $this->make_user();
		$licenses->create_grant(
			array(
				'owner_id'   => $owner,
				'product_id' => 5,
				'quantity'   => 1,
			),
			time()
		);
		$seat = $licenses->find_available_seat( $owner, 5, '', time() );

		$this->assertTrue( $licenses->share_seat( $seat, $owner, $first, time() ) );
		$this->assertFalse( $licenses->share_seat( $seat, $owner, $second, time() ), 'The last seat goes to one person only.' );
		$this->assertSame( 0, $licenses->find_available_seat( $owner, 5, '', time() ) );
		$this->assertFalse( $licenses->activate_seat( $seat, $second, time() ), 'Nobody else can activate it.' );
		$this->assertTrue( $licenses->activate_seat( $seat, $first, time() ) );
		$this->assertFalse( $licenses->activate_seat( $seat, $first, time() ), 'A double activation activates once.' );
	}

	public function test_expired_seats_cannot_be_shared_or_activated(): void {
		$licenses = $this->services()->licenses;
		$owner    = $this->make_user();
		$grant    = $licenses->create_grant(
			array(
				'owner_id'   => $owner,
				'product_id' => 6,
				'quantity'   => 2,
				'expires_at' => time() - 1,
			),
			time()
		);

		$this->assertGreaterThan( 0, $grant );
		$this->assertSame( 0, $licenses->find_available_seat( $owner, 6, '', time() ) );
		$this->assertSame( 0, $licenses->own_seat_counts( $owner, 6, time() )['available'] );
		$seat = $licenses->seats_for_user( $owner )[0]->id;
		$this->assertFalse( $licenses->share_seat( $seat, $owner, $this->make_user(), time() ) );
		$this->assertFalse( $licenses->activate_seat( $seat, $owner, time() ) );
	}
}
