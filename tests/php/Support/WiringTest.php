<?php
/**
 * The plugin is explicit wiring, not a service locator.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Support;

use LibraryPortal\Plugin;
use LibraryPortal\Services;
use ReflectionClass;
use ReflectionProperty;

/**
 * Nothing reaches the plugin's objects through a global: Plugin keeps its services private and
 * has no static state; the services are read-only; no file of the plugin, its scripts or its
 * tests asks for a shared instance.
 */
final class WiringTest extends TestCase {

	public function test_plugin_has_only_private_members_and_no_static_state(): void {
		$plugin = new ReflectionClass( Plugin::class );
		foreach ( $plugin->getProperties() as $property ) {
			$this->assertTrue( $property->isPrivate(), $property->getName() . ' is private' );
			$this->assertFalse( $property->isStatic(), $property->getName() . ' is not static' );
		}
		foreach ( $plugin->getMethods() as $method ) {
			$this->assertFalse( $method->isStatic(), $method->getName() . ' is not static' );
		}
	}

	public function test_services_are_read_only_and_each_caller_builds_its_own(): void {
		foreach ( ( new ReflectionClass( Services::class ) )->getProperties( ReflectionProperty::IS_PUBLIC ) as $property ) {
			$this->assertTrue( $property->isReadOnly(), $property->getName() . ' is read-only' );
		}
		global $wpdb;
		$this->assertNotSame( Services::on( $wpdb ), Services::on( $wpdb ) );
	}

	public function test_no_file_asks_for_a_shared_instance(): void {
		$root  = dirname( __DIR__, 3 );
		$files = array_merge(
			glob( "$root/library-portal.php" ),
			glob( "$root/{includes,dev,bin}/*.php", GLOB_BRACE ),
			glob( "$root/includes/*/*.php" ),
			glob( "$root/tests/php/*/*.php" )
		);
		$this->assertGreaterThan( 50, count( $files ) );
		foreach ( $files as $file ) {
			if ( __FILE__ === $file ) {
				continue;
			}
			$this->assertDoesNotMatchRegularExpression( '/::instance\(\)|static \?\w+ \$instance/', (string) file_get_contents( $file ), $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
		}
	}
}
