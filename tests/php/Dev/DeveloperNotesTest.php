<?php
/**
 * The developer notes are CONTRIBUTING.md, linked from the README, and the repository's texts
 * point only at files that exist and at paths relative to the repository.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents, WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec -- reading the repository's own files through git.

namespace LibraryPortal\Tests\Dev;

use LibraryPortal\Tests\Support\TestCase;

/**
 * Reads every tracked text file (git ls-files).
 */
final class DeveloperNotesTest extends TestCase {

	/**
	 * Documents outside this repository that the docs name on purpose (the product's sources).
	 */
	private const OUTSIDE = array( 'portal-spec.md' );

	/**
	 * Tracked text files, path => content.
	 *
	 * @return array<string, string>
	 */
	private static function tracked_texts(): array {
		$root = dirname( __DIR__, 3 );
		exec( 'git -C ' . escapeshellarg( $root ) . ' ls-files', $paths );
		$texts = array();
		foreach ( $paths as $path ) {
			if ( 'package-lock.json' === $path || ! preg_match( '/\.(md|txt|php|ts|tsx|js|cjs|mjs|json|xml|dist|neon)$|^bin\//', $path ) || ! is_file( "$root/$path" ) ) {
				continue;
			}
			$texts[ $path ] = (string) file_get_contents( "$root/$path" );
		}
		return $texts;
	}

	public function test_the_readme_links_the_developer_notes(): void {
		$root = dirname( __DIR__, 3 );
		$this->assertFileExists( $root . '/CONTRIBUTING.md' );
		$this->assertStringContainsString( '](CONTRIBUTING.md)', (string) file_get_contents( $root . '/README.md' ) );
	}

	public function test_every_markdown_file_named_exists(): void {
		$texts = self::tracked_texts();
		$this->assertArrayHasKey( 'README.md', $texts );
		$names   = array_map( 'basename', array_keys( $texts ) );
		$missing = array();
		foreach ( $texts as $path => $text ) {
			preg_match_all( '/\b[\w-]+\.md\b/', $text, $found );
			foreach ( array_unique( $found[0] ) as $name ) {
				if ( ! in_array( $name, $names, true ) && ! in_array( $name, self::OUTSIDE, true ) ) {
					$missing[] = "$path: $name";
				}
			}
		}
		$this->assertSame( array(), $missing, 'Named but not in the repository (the developer notes are CONTRIBUTING.md).' );
	}

	public function test_no_text_names_a_path_of_one_machine(): void {
		$found = array();
		foreach ( self::tracked_texts() as $path => $text ) {
			if ( preg_match_all( '#(?<![\w.$}])/(?:work|home|root|Users)/[\w.+-]+#', $text, $paths ) ) {
				$found[] = "$path: " . implode( ', ', array_unique( $paths[0] ) );
			}
		}
		$this->assertSame( array(), $found, 'Use paths relative to the repository.' );
	}
}
