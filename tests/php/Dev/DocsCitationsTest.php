<?php
/**
 * Comments and documents point readers at the rules by file and heading (`docs/rules/<file>.md, "Heading"`).
 * A heading renamed or moved would leave such a pointer leading nowhere, so every one is checked
 * against the headings the named file holds. Code says why in its own words: a pointer to a
 * document the repository does not hold (an issue, a numbered point of the spec, a work session)
 * tells the next reader nothing, so none is allowed in the code folders.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents, WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec -- reading the repository's own files through git.

namespace LibraryPortal\Tests\Dev;

use LibraryPortal\Tests\Support\TestCase;

/**
 * Reads the repository's texts (tracked, and new files not yet committed).
 */
final class DocsCitationsTest extends TestCase {

	/**
	 * Folders and files whose citations of docs/ are checked.
	 */
	private const CITING = '#^(includes|src|tests|bin|dev|tools|docs|\.ci)/|^(CONTRIBUTING\.md|README\.md|readme\.txt|phpstan\.neon\.dist|stryker\.config\.mjs|library-portal\.php|uninstall\.php)$#';

	/**
	 * Folders that hold code, where a comment must not point at outside documents by number.
	 */
	private const CODE = '#^(includes|src|tests|bin|dev|tools|\.ci)/#';

	/**
	 * This file: its own examples of what the checks find are not findings.
	 */
	private const SELF = 'tests/php/Dev/DocsCitationsTest.php';

	/**
	 * A citation: a file under docs/, then one or more quoted headings.
	 */
	private const CITATION = '#docs/([\w./-]+\.md),?[ ]"([^"\n]+)"((?:,?[ ]"[^"\n]+")*)#';

	/**
	 * A citation of the README's own sections: `README, "Heading"`.
	 */
	private const README_CITATION = '#(?<![/\w])README(?:\.md)?,?[ ]"([^"\n]+)"#';

	/**
	 * A pointer to a document outside the repository by number.
	 */
	private const OUTSIDE_NUMBER = '/\b(?:spec points?|issues?|points?|turns?|stops?)[ ]\d+/i';

	/**
	 * Text files of the repository, path => content.
	 *
	 * @return array<string, string>
	 */
	private static function texts(): array {
		$root = dirname( __DIR__, 3 );
		exec( 'git -C ' . escapeshellarg( $root ) . ' ls-files --cached --others --exclude-standard', $paths );
		$texts = array();
		foreach ( array_unique( $paths ) as $path ) {
			if ( self::SELF === $path || ! is_file( "$root/$path" ) || preg_match( '/\.(png|jpe?g|gif|ico|woff2?|zip|pdf|lock)$|package-lock\.json$/', $path ) ) {
				continue;
			}
			$texts[ $path ] = (string) file_get_contents( "$root/$path" );
		}
		return $texts;
	}

	/**
	 * The headings of every Markdown file under docs/, keyed by the path after `docs/`. The bold name
	 * a top-level list item starts with (`- **Share Details tab** ...`) counts as one too: the
	 * screen notes are lists of such entries.
	 *
	 * @param array<string, string> $texts Path => content.
	 * @return array<string, list<string>>
	 */
	private static function headings( array $texts ): array {
		$headings = array();
		foreach ( $texts as $path => $text ) {
			if ( 'README.md' === $path ) {
				$name = array( 1 => '../README.md' );
			} elseif ( ! preg_match( '#^docs/(.+\.md)$#', $path, $name ) ) {
				continue;
			}
			preg_match_all( '/^#{1,6}[ ]+(.+?)[ ]*$|^- \*\*(.+?)\*\*/m', $text, $found );
			$headings[ $name[1] ] = array_values( array_filter( array_map( 'strval', array_merge( $found[1], $found[2] ) ) ) );
		}
		return $headings;
	}

	/**
	 * Citations that name a missing file or a heading the file does not hold.
	 *
	 * @param array<string, string>       $texts    Path => content of the citing files.
	 * @param array<string, list<string>> $headings Docs file => its headings.
	 * @return list<string> "path:line: docs/<file>.md, "Heading"" per broken citation.
	 */
	public static function broken_citations( array $texts, array $headings ): array {
		$broken = array();
		foreach ( $texts as $path => $text ) {
			if ( ! preg_match( self::CITING, $path ) ) {
				continue;
			}
			preg_match_all( self::README_CITATION, $text, $readme, PREG_SET_ORDER | PREG_OFFSET_CAPTURE );
			foreach ( $readme as $match ) {
				if ( ! in_array( $match[1][0], $headings['../README.md'] ?? array(), true ) ) {
					$line     = substr_count( substr( $text, 0, (int) $match[0][1] ), "\n" ) + 1;
					$broken[] = "$path:$line: README, \"{$match[1][0]}\"";
				}
			}
			if ( ! preg_match_all( self::CITATION, $text, $found, PREG_SET_ORDER | PREG_OFFSET_CAPTURE ) ) {
				continue;
			}
			foreach ( $found as $match ) {
				$file = $match[1][0];
				preg_match_all( '/"([^"\n]+)"/', $match[3][0], $more );
				foreach ( array_merge( array( $match[2][0] ), $more[1] ) as $name ) {
					if ( ! isset( $headings[ $file ] ) || ! in_array( $name, $headings[ $file ], true ) ) {
						$line     = substr_count( substr( $text, 0, (int) $match[0][1] ), "\n" ) + 1;
						$broken[] = "$path:$line: docs/$file, \"$name\"";
					}
				}
			}
		}
		return $broken;
	}

	/**
	 * Lines of the code folders that point at an issue, a numbered point or a session.
	 *
	 * @param array<string, string> $texts Path => content.
	 * @return list<string> "path:line: text" per line found.
	 */
	public static function numbered_pointers( array $texts ): array {
		$found = array();
		foreach ( $texts as $path => $text ) {
			if ( ! preg_match( self::CODE, $path ) ) {
				continue;
			}
			foreach ( explode( "\n", $text ) as $index => $line ) {
				if ( preg_match( self::OUTSIDE_NUMBER, $line ) ) {
					$found[] = $path . ':' . ( $index + 1 ) . ': ' . trim( $line );
				}
			}
		}
		return $found;
	}

	public function test_every_cited_heading_exists(): void {
		$texts = self::texts();
		$this->assertArrayHasKey( 'docs/rules/README.md', $texts );
		$this->assertSame( array(), self::broken_citations( $texts, self::headings( $texts ) ), 'Cite a docs/ file by a heading it holds.' );
	}

	public function test_a_citation_of_a_missing_heading_or_file_is_found(): void {
		$headings = array(
			'contract.md'  => array( 'Seats', 'Share links' ),
			'../README.md' => array( 'Testing' ),
		);
		$texts    = array(
			'includes/X.php'  => "<?php\n// Why (docs/contract.md, \"Seats\", \"Share links\").\n// Why (docs/contract.md \"Gone\").",
			'src/y.ts'        => '/* docs/frontend.md, "Seats" */',
			'bin/z'           => "# README, \"Testing\"\n# README, \"Test\"",
			'var/ignored.php' => '// docs/contract.md, "Gone"',
		);
		$this->assertSame(
			array( 'includes/X.php:3: docs/contract.md, "Gone"', 'src/y.ts:1: docs/frontend.md, "Seats"', 'bin/z:2: README, "Test"' ),
			self::broken_citations( $texts, $headings )
		);
	}

	public function test_no_code_points_at_outside_documents_by_number(): void {
		$this->assertSame( array(), self::numbered_pointers( self::texts() ), 'Say why in your own words, or name a docs/ file and heading.' );
	}

	public function test_a_pointer_by_number_is_found(): void {
		$texts = array(
			'includes/X.php'  => "<?php\n// Spec point 4: the status.\nreturn 0;\n// (issue 37, point 8)\n// as the next turn 2 showed",
			'docs/scaling.md' => 'Issue 12 is history here, not code.',
		);
		$this->assertSame(
			array( 'includes/X.php:2: // Spec point 4: the status.', 'includes/X.php:4: // (issue 37, point 8)', 'includes/X.php:5: // as the next turn 2 showed' ),
			self::numbered_pointers( $texts )
		);
	}
}
