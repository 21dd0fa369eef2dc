<?php
/**
 * WordPress.org's review rules (Plugin Check) that the project's own phpcs (WPCS 2.3) has no sniff
 * for, checked over the PHP files the zip ships (docs/rules/platform.md, "Distribution and quality gates").
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents, WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec -- reading the plugin's own source files and running the project's phpcs.

namespace LibraryPortal\Tests\Dev;

use LibraryPortal\Tests\Support\TestCase;
use RecursiveDirectoryIterator;
use RecursiveIteratorIterator;

/**
 * Each test names the Plugin Check code it stands in for.
 */
final class ReviewRulesTest extends TestCase {

	/**
	 * Functions whose result is safe to print in HTML.
	 */
	private const ESCAPING = array( 'esc_html', 'esc_html__', 'esc_html_x', 'esc_attr', 'esc_attr__', 'esc_attr_x', 'esc_url', 'esc_js', 'absint', 'intval', 'number_format_i18n' );

	/**
	 * The shipped PHP files, relative to the repository root.
	 *
	 * @return array<string, string> Path => source.
	 */
	private static function shipped_php(): array {
		$root  = dirname( __DIR__, 3 );
		$files = array(
			'library-portal.php' => (string) file_get_contents( $root . '/library-portal.php' ),
			'uninstall.php'      => (string) file_get_contents( $root . '/uninstall.php' ),
		);
		$walk  = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $root . '/includes', RecursiveDirectoryIterator::SKIP_DOTS ) );
		foreach ( $walk as $file ) {
			if ( str_ends_with( $file->getFilename(), '.php' ) ) {
				$files[ substr( $file->getPathname(), strlen( $root ) + 1 ) ] = (string) file_get_contents( $file->getPathname() );
			}
		}
		ksort( $files );
		return $files;
	}

	/**
	 * Tokens without whitespace and comments.
	 *
	 * @param string $source PHP source.
	 * @return array<int, array{0: int|string, 1: string, 2: int}> [kind, text, line].
	 */
	private static function tokens( string $source ): array {
		$tokens = array();
		$line   = 1;
		foreach ( token_get_all( $source ) as $token ) {
			if ( is_array( $token ) ) {
				$line = $token[2];
				if ( ! in_array( $token[0], array( T_WHITESPACE, T_COMMENT, T_DOC_COMMENT ), true ) ) {
					$tokens[] = array( $token[0], $token[1], $token[2] );
				}
			} else {
				$tokens[] = array( $token, $token, $line );
			}
		}
		return $tokens;
	}

	/**
	 * Whether one argument's tokens hold only escaped or constant values: a literal, a number, an
	 * (int) cast, or a call of an escaping function; each branch of a top-level ternary on its own.
	 *
	 * @param array<int, array{0: int|string, 1: string, 2: int}> $argument Tokens.
	 */
	private static function is_escaped( array $argument ): bool {
		$depth = 0;
		foreach ( $argument as $i => $token ) {
			$depth += in_array( $token[0], array( '(', '[' ), true ) ? 1 : ( in_array( $token[0], array( ')', ']' ), true ) ? -1 : 0 );
			if ( 0 === $depth && '?' === $token[0] ) {
				$rest = array_slice( $argument, $i + 1 );
				$d    = 0;
				foreach ( $rest as $j => $inner ) {
					$d += in_array( $inner[0], array( '(', '[' ), true ) ? 1 : ( in_array( $inner[0], array( ')', ']' ), true ) ? -1 : 0 );
					if ( 0 === $d && ':' === $inner[0] ) {
						return self::is_escaped( array_slice( $rest, 0, $j ) ) && self::is_escaped( array_slice( $rest, $j + 1 ) );
					}
				}
				return false;
			}
		}
		if ( array() === $argument ) {
			return true;
		}
		$first = $argument[0];
		if ( 1 === count( $argument ) ) {
			return in_array( $first[0], array( T_CONSTANT_ENCAPSED_STRING, T_LNUMBER, T_DNUMBER ), true );
		}
		if ( T_INT_CAST === $first[0] ) {
			return true;
		}
		return T_STRING === $first[0] && in_array( strtolower( $first[1] ), self::ESCAPING, true ) && '(' === ( $argument[1][0] ?? '' )
			&& ')' === end( $argument )[0];
	}

	/**
	 * The arguments of the call whose "(" is at $open.
	 *
	 * @param array<int, array{0: int|string, 1: string, 2: int}> $tokens Tokens.
	 * @param int                                                 $open   Index of "(".
	 * @return array<int, array<int, array{0: int|string, 1: string, 2: int}>>
	 */
	private static function arguments( array $tokens, int $open ): array {
		$arguments = array( array() );
		$depth     = 0;
		for ( $i = $open + 1, $n = count( $tokens ); $i < $n; $i++ ) {
			$kind = $tokens[ $i ][0];
			if ( in_array( $kind, array( '(', '[', '{', T_CURLY_OPEN ), true ) ) {
				++$depth;
			} elseif ( in_array( $kind, array( ')', ']', '}' ), true ) ) {
				if ( 0 === $depth-- ) {
					break;
				}
			} elseif ( ',' === $kind && 0 === $depth ) {
				$arguments[] = array();
				continue;
			}
			$arguments[ count( $arguments ) - 1 ][] = $tokens[ $i ];
		}
		return array_values( array_filter( $arguments, static fn( array $argument ): bool => array() !== $argument ) );
	}

	public function test_exception_messages_are_escaped_where_they_are_made(): void {
		// Plugin Check: WordPress.Security.EscapeOutput.ExceptionNotEscaped (WPCS 3; WPCS 2.3 has no such sniff).
		$found = array();
		foreach ( self::shipped_php() as $path => $source ) {
			$tokens = self::tokens( $source );
			foreach ( $tokens as $i => $token ) {
				if ( T_THROW !== $token[0] || T_NEW !== ( $tokens[ $i + 1 ][0] ?? null ) ) {
					continue;
				}
				$open = $i + 2;
				while ( isset( $tokens[ $open ] ) && '(' !== $tokens[ $open ][0] && ';' !== $tokens[ $open ][0] ) {
					++$open;
				}
				if ( '(' !== ( $tokens[ $open ][0] ?? '' ) ) {
					continue;
				}
				$message = self::arguments( $tokens, $open )[0] ?? array();
				if ( ! self::is_escaped( $message ) ) {
					$found[] = "$path:{$token[2]}";
				}
			}
		}
		$this->assertSame( array(), $found, 'Exception messages must be built escaped (esc_html__(), esc_html( sprintf() )).' );
	}

	public function test_the_rule_catches_an_unescaped_message(): void {
		$check = static function ( string $code ): bool {
			$tokens = self::tokens( '<?php ' . $code );
			$open   = (int) array_search( '(', array_column( $tokens, 0 ), true );
			return self::is_escaped( self::arguments( $tokens, $open )[0] ?? array() );
		};
		$this->assertFalse( $check( "throw new X( __( 'a', 'd' ) );" ) );
		$this->assertFalse( $check( "throw new X( sprintf( esc_html__( '%s', 'd' ), \$who ) );" ) );
		$this->assertFalse( $check( 'throw new X( $a ? esc_html( $a ) : $b );' ) );
		$this->assertFalse( $check( 'throw new X( esc_html( $a ) . $b );' ) );
		$this->assertTrue( $check( "throw new X( esc_html( sprintf( __( '%s', 'd' ), \$who ) ) );" ) );
		$this->assertTrue( $check( "throw new X( \$a ? esc_html( \$a ) : esc_html__( 'b', 'd' ) );" ) );
		$this->assertTrue( $check( "throw new X( 'Literal.' );" ) );
	}

	/**
	 * Whether a file runs code at its top level (anything but namespace, use, declare, const and
	 * declarations of classes and functions).
	 *
	 * @param string $source PHP source.
	 */
	private static function has_top_level_code( string $source ): bool {
		$tokens = self::tokens( $source );
		$n      = count( $tokens );
		for ( $i = 0; $i < $n; $i++ ) {
			$kind = $tokens[ $i ][0];
			if ( in_array( $kind, array( T_OPEN_TAG, T_CLOSE_TAG, T_INLINE_HTML ), true ) ) {
				continue;
			}
			if ( in_array( $kind, array( T_NAMESPACE, T_USE, T_DECLARE, T_CONST ), true ) ) {
				while ( $i < $n && ';' !== $tokens[ $i ][0] ) {
					++$i;
				}
				continue;
			}
			if ( in_array( $kind, array( T_CLASS, T_INTERFACE, T_TRAIT, T_ENUM, T_FUNCTION, T_FINAL, T_ABSTRACT, T_READONLY, T_ATTRIBUTE ), true ) ) {
				$i = self::end_of_body( $tokens, $i );
				continue;
			}
			return true;
		}
		return false;
	}

	/**
	 * Index of the "}" that closes the body opened after $from (a class or function declaration).
	 *
	 * @param array<int, array{0: int|string, 1: string, 2: int}> $tokens Tokens.
	 * @param int                                                 $from   Index of the declaration.
	 */
	private static function end_of_body( array $tokens, int $from ): int {
		$depth = 0;
		$n     = count( $tokens );
		for ( $j = $from; $j < $n; $j++ ) {
			if ( in_array( $tokens[ $j ][0], array( '{', T_CURLY_OPEN, T_DOLLAR_OPEN_CURLY_BRACES ), true ) ) {
				++$depth;
			} elseif ( '}' === $tokens[ $j ][0] && 0 === --$depth ) {
				return $j;
			}
		}
		return $n;
	}

	public function test_files_that_run_code_at_their_top_level_stop_outside_wordpress(): void {
		// Plugin Check: missing_direct_file_access_protection.
		$found = array();
		foreach ( self::shipped_php() as $path => $source ) {
			if ( 'uninstall.php' !== $path && self::has_top_level_code( $source ) && ! preg_match( "/defined\\(\\s*'ABSPATH'\\s*\\)\\s*(\\|\\||or)\\s*exit/", $source ) ) {
				$found[] = $path;
			}
		}
		$this->assertSame( array(), $found, "Add defined( 'ABSPATH' ) || exit; before the file's top-level code." );
		$this->assertTrue( self::has_top_level_code( "<?php\nnamespace A;\nuse B;\nif ( ! class_exists( 'C' ) ) {\n\trequire 'c.php';\n}\nclass D {}\n" ) );
		$this->assertFalse( self::has_top_level_code( "<?php\nnamespace A;\nuse B;\nfinal class D { public function f() { if ( 1 ) { echo \"{\$x}\"; } } }\n" ) );
	}

	public function test_ignore_comments_name_the_codes_plugin_check_reports(): void {
		// Plugin Check runs WPCS 3, which renamed AlternativeFunctions.file_system_read_* to
		// file_system_operations_*: an ignore naming only the WPCS 2.3 code no longer applies there.
		$found = array();
		foreach ( self::shipped_php() as $path => $source ) {
			foreach ( explode( "\n", $source ) as $number => $line ) {
				if ( ! preg_match( '/phpcs:(ignore|disable)(.*)$/', $line, $ignore ) ) {
					continue;
				}
				preg_match_all( '/AlternativeFunctions\.file_system_read_(\w+)/', $ignore[2], $old );
				foreach ( $old[1] as $function ) {
					if ( ! str_contains( $ignore[2], 'file_system_operations_' . $function ) ) {
						$found[] = $path . ':' . ( $number + 1 ) . " ($function)";
					}
				}
			}
		}
		$this->assertSame( array(), $found );
	}

	public function test_no_discouraged_call_or_query_argument(): void {
		$found = array();
		foreach ( self::shipped_php() as $path => $source ) {
			// PluginCheck.CodeAnalysis.DiscouragedFunctions.load_plugin_textdomainFound: WordPress loads a
			// plugin's translations just in time (WP_LANG_DIR) since 4.6.
			if ( preg_match( '/\bload_plugin_textdomain\s*\(/', $source ) ) {
				$found[] = "$path: load_plugin_textdomain()";
			}
			// WordPressVIPMinimum.Performance.WPQueryParams.SuppressFilters_suppress_filters.
			if ( preg_match( "/'suppress_filters'\\s*=>\\s*true/", $source ) ) {
				$found[] = "$path: suppress_filters => true";
			}
		}
		$this->assertSame( array(), $found );
	}

	public function test_the_plugin_header_names_no_placeholder_address(): void {
		// Plugin Check: plugin_header_invalid_plugin_uri_domain (and the same for the author's).
		$header = get_file_data(
			dirname( __DIR__, 3 ) . '/library-portal.php',
			array(
				'plugin' => 'Plugin URI',
				'author' => 'Author URI',
			)
		);
		foreach ( $header as $field => $address ) {
			$host = (string) wp_parse_url( $address, PHP_URL_HOST );
			$this->assertDoesNotMatchRegularExpression( '/(^|\.)(example\.(com|org|net)|localhost|127\.0\.0\.1)$/', $host, $field );
		}
	}

	/**
	 * The phpcs:ignore and phpcs:disable comments of the shipped code.
	 *
	 * @return array<int, array{at: string, codes: string[], reason: string, lines: int[]}> Where, the
	 *         codes named, the reason after "--", and the lines it covers.
	 */
	private static function ignores(): array {
		$found = array();
		foreach ( self::shipped_php() as $path => $source ) {
			$lines = explode( "\n", $source );
			foreach ( $lines as $index => $line ) {
				if ( ! preg_match( '/phpcs:(ignore|disable)\b(.*)$/', $line, $match ) ) {
					continue;
				}
				list( $named, $reason ) = array_pad( explode( ' -- ', $match[2], 2 ), 2, '' );
				$codes                  = array_values( array_filter( array_map( 'trim', explode( ',', $named ) ) ) );
				$number                 = $index + 1;
				if ( 'disable' === $match[1] ) {
					$end = count( $lines );
					foreach ( array_slice( $lines, $index + 1, null, true ) as $later => $text ) {
						if ( str_contains( $text, 'phpcs:enable' ) ) {
							$end = $later + 1;
							break;
						}
					}
					$covered = range( $number + 1, max( $number + 1, $end ) );
				} else {
					// A comment on a line of its own covers the next line, one after code its own line.
					$covered = str_starts_with( ltrim( $line ), '//' ) ? array( $number + 1 ) : array( $number );
				}
				$found[] = array(
					'at'     => "$path:$number",
					'codes'  => $codes,
					'reason' => trim( $reason ),
					'lines'  => $covered,
				);
			}
		}
		return $found;
	}

	public function test_each_ignore_names_exact_codes_says_why_and_is_still_needed(): void {
		// Reviewers read every ignore (docs/rules/platform.md, "Distribution and quality gates"): each names
		// full error codes (Standard.Category.Sniff.Code, no whole sniff or standard), gives its reason
		// after "--", and silences something the project's phpcs finds with the ignores ignored.
		$ignores = self::ignores();
		$this->assertNotEmpty( $ignores );
		$sniffs = array();
		$files  = array();
		$vague  = array();
		foreach ( $ignores as $ignore ) {
			$files[ explode( ':', $ignore['at'] )[0] ] = true;
			foreach ( $ignore['codes'] as $code ) {
				if ( 4 !== count( explode( '.', $code ) ) ) {
					$vague[] = $ignore['at'] . " ($code)";
				}
				$sniffs[ implode( '.', array_slice( explode( '.', $code ), 0, 3 ) ) ] = true;
			}
			if ( array() === $ignore['codes'] || '' === $ignore['reason'] ) {
				$vague[] = $ignore['at'] . ' (no code or no reason)';
			}
		}
		$this->assertSame( array(), $vague, 'Name each exact code and say why after " -- ".' );

		$root = dirname( __DIR__, 3 );
		exec(
			'cd ' . escapeshellarg( $root ) . ' && ' . escapeshellarg( PHP_BINARY ) . ' vendor/bin/phpcs -q --no-colors --report=json --ignore-annotations --basepath=. --sniffs=' . escapeshellarg( implode( ',', array_keys( $sniffs ) ) )
				. ' ' . implode( ' ', array_map( 'escapeshellarg', array_keys( $files ) ) ) . ' 2>&1',
			$output
		);
		$report = json_decode( implode( "\n", $output ), true );
		$this->assertIsArray( $report, implode( "\n", $output ) );
		$findings = array();
		foreach ( $report['files'] as $path => $file ) {
			foreach ( $file['messages'] as $message ) {
				$findings[ ltrim( (string) $path, './' ) ][ (int) $message['line'] ][] = (string) $message['source'];
			}
		}

		$idle = array();
		foreach ( $ignores as $ignore ) {
			list( $path ) = explode( ':', $ignore['at'] );
			$silenced     = array();
			foreach ( $ignore['lines'] as $line ) {
				$silenced = array_merge( $silenced, array_intersect( $findings[ $path ][ $line ] ?? array(), $ignore['codes'] ) );
			}
			if ( array() === $silenced ) {
				$idle[] = $ignore['at'] . ' (' . implode( ', ', $ignore['codes'] ) . ')';
			}
		}
		$this->assertSame( array(), $idle, 'These ignores silence nothing the project\'s phpcs finds: remove them.' );
	}
}
