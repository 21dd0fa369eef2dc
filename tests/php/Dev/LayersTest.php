<?php
/**
 * The PHP side's layers: every import runs downward (docs/architecture.md, "Layers").
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions -- reading the plugin's own source files and writing a throwaway fixture.

namespace LibraryPortal\Tests\Dev;

use LibraryPortal\Tests\Support\TestCase;
use RecursiveDirectoryIterator;
use RecursiveIteratorIterator;

/**
 * Reads every `use` line and every fully qualified name of the plugin in includes/ (code,
 * doc types and class-name strings alike) and fails on one that runs sideways or upward:
 *
 * - Platform/ imports nothing of the plugin but Platform;
 * - Core/ imports Platform and Core;
 * - a feature folder (Library, Learning, Sharing, ...) imports Platform, Core and itself, never
 *   another feature: features react to each other through the plugin's own hooks;
 * - the root (Plugin.php, Services.php, Lifecycle/) wires everything and may import anything.
 */
final class LayersTest extends TestCase {

	/**
	 * Every import in includes/ runs downward.
	 */
	public function test_every_import_in_includes_runs_downward(): void {
		$violations = self::violations( dirname( __DIR__, 3 ) . '/includes' );
		$this->assertSame( array(), $violations, "Imports that run sideways or upward:\n" . implode( "\n", $violations ) );
	}

	/**
	 * The rule catches what it is there for: a feature importing another feature, Core importing
	 * a feature, Platform importing Core, through a use line, a fully qualified name in code, in a
	 * doc type and in a class-name string; and it lets the allowed directions through.
	 */
	public function test_the_rule_catches_sideways_and_upward_imports(): void {
		$root  = get_temp_dir() . 'lp-layers-' . wp_generate_password( 8, false );
		$files = array(
			'Platform/Base.php'       => "<?php\nnamespace LibraryPortal\\Platform;\nuse LibraryPortal\\Core\\Model;\nclass Base {}\n",
			'Core/Model.php'          => "<?php\nnamespace LibraryPortal\\Core;\nuse LibraryPortal\\Platform\\Base;\nclass Model { public function f() { return \\LibraryPortal\\Sharing\\Links::class; } }\n",
			'Sharing/Links.php'       => "<?php\nnamespace LibraryPortal\\Sharing;\nuse LibraryPortal\\Core\\Model;\nuse LibraryPortal\\Platform\\Base;\nuse LibraryPortal\\Sharing\\Other;\n/** @param \\LibraryPortal\\Team\\Seat \$s */\nclass Links {}\n",
			'Team/Seat.php'           => "<?php\nnamespace LibraryPortal\\Team;\nuse LibraryPortal\\Lifecycle\\Installer;\nclass Seat { const C = 'LibraryPortal\\\\Library\\\\Row'; }\n",
			'Lifecycle/Installer.php' => "<?php\nnamespace LibraryPortal\\Lifecycle;\nuse LibraryPortal\\Team\\Seat;\nclass Installer {}\n",
			'Plugin.php'              => "<?php\nnamespace LibraryPortal;\nuse LibraryPortal\\Sharing\\Links;\nclass Plugin {}\n",
		);
		foreach ( $files as $path => $source ) {
			wp_mkdir_p( dirname( $root . '/' . $path ) );
			file_put_contents( $root . '/' . $path, $source );
		}
		$found = self::violations( $root );
		foreach ( array_keys( $files ) as $path ) {
			wp_delete_file( $root . '/' . $path );
		}
		foreach ( array( 'Platform', 'Core', 'Sharing', 'Team', 'Lifecycle', '' ) as $folder ) {
			rmdir( rtrim( $root . '/' . $folder, '/' ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- the fixture's own empty folders.
		}

		$this->assertSame(
			array(
				'Core/Model.php: Core imports LibraryPortal\\Sharing\\Links (feature Sharing)',
				'Platform/Base.php: Platform imports LibraryPortal\\Core\\Model (Core)',
				'Sharing/Links.php: feature Sharing imports LibraryPortal\\Team\\Seat (feature Team)',
				'Team/Seat.php: feature Team imports LibraryPortal\\Library\\Row (feature Library)',
				'Team/Seat.php: feature Team imports LibraryPortal\\Lifecycle\\Installer (root)',
			),
			$found
		);
	}

	/**
	 * Every import of a file tree that runs sideways or upward, as "path: what imports what".
	 *
	 * @param string $root The includes/ folder (or a fixture of it).
	 * @return list<string>
	 */
	private static function violations( string $root ): array {
		$found = array();
		$walk  = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $root, RecursiveDirectoryIterator::SKIP_DOTS ) );
		foreach ( $walk as $file ) {
			if ( ! str_ends_with( $file->getFilename(), '.php' ) ) {
				continue;
			}
			$path  = str_replace( '\\', '/', substr( $file->getPathname(), strlen( $root ) + 1 ) );
			$layer = self::layer_of_path( $path );
			foreach ( self::imports( (string) file_get_contents( $file->getPathname() ) ) as $name ) {
				$target = self::layer_of_name( $name );
				if ( ! self::allowed( $layer, $target ) ) {
					$found[] = sprintf( '%s: %s imports LibraryPortal\\%s (%s)', $path, self::describe( $layer ), $name, self::describe( $target ) );
				}
			}
		}
		sort( $found );
		return array_values( array_unique( $found ) );
	}

	/**
	 * The plugin's names a source file refers to by `use` line or fully qualified, without the
	 * LibraryPortal\ prefix. Its own namespace line is not an import.
	 *
	 * @param string $source PHP source.
	 * @return list<string>
	 */
	private static function imports( string $source ): array {
		$source = (string) preg_replace( '/^namespace\s+[^;]+;/m', '', $source );
		preg_match_all( '/LibraryPortal((?:\\\\{1,2}[A-Za-z_][A-Za-z0-9_]*)+)/', $source, $matches );
		$names = array();
		foreach ( $matches[1] as $name ) {
			$names[] = (string) preg_replace( '/\\\\+/', '\\', ltrim( $name, '\\' ) );
		}
		return array_values( array_unique( $names ) );
	}

	/**
	 * The layer a file of includes/ belongs to: Platform, Core, root, or a feature by its folder.
	 *
	 * @param string $path Path under includes/.
	 * @return array{0: string, 1: string} Kind and, for a feature, its folder.
	 */
	private static function layer_of_path( string $path ): array {
		$top = strstr( $path, '/', true );
		if ( false === $top ) {
			return array( 'root', '' ); // Plugin.php, Services.php.
		}
		if ( 'dropins' === $top ) {
			return array( 'Platform', '' ); // Copied into wp-content: it may not load the plugin at all.
		}
		return self::layer_of_top( $top );
	}

	/**
	 * The layer a name of the plugin (without LibraryPortal\) lives in.
	 *
	 * @param string $name Class or namespace name.
	 * @return array{0: string, 1: string}
	 */
	private static function layer_of_name( string $name ): array {
		$top = strstr( $name, '\\', true );
		return false === $top ? array( 'root', '' ) : self::layer_of_top( $top );
	}

	/**
	 * The layer of a top folder (or namespace) of includes/.
	 *
	 * @param string $top Folder.
	 * @return array{0: string, 1: string}
	 */
	private static function layer_of_top( string $top ): array {
		if ( 'Platform' === $top || 'Core' === $top ) {
			return array( $top, '' );
		}
		if ( 'Lifecycle' === $top || 'Tests' === $top || 'Dev' === $top ) {
			return array( 'root', '' );
		}
		return array( 'feature', $top );
	}

	/**
	 * Whether a file of one layer may import a name of another.
	 *
	 * @param array{0: string, 1: string} $from Importing layer.
	 * @param array{0: string, 1: string} $to   Imported layer.
	 */
	private static function allowed( array $from, array $to ): bool {
		$rank = array(
			'Platform' => 0,
			'Core'     => 1,
			'feature'  => 2,
			'root'     => 3,
		);
		if ( 'root' === $from[0] ) {
			return true;
		}
		if ( 'feature' === $from[0] && 'feature' === $to[0] ) {
			return $from[1] === $to[1];
		}
		return $rank[ $to[0] ] <= $rank[ $from[0] ];
	}

	/**
	 * A layer in words.
	 *
	 * @param array{0: string, 1: string} $layer Layer.
	 */
	private static function describe( array $layer ): string {
		return 'feature' === $layer[0] ? 'feature ' . $layer[1] : $layer[0];
	}
}
