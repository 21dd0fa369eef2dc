<?php
/**
 * PHP mutation testing with hand mutants (npm run test:mutation:php; README, "Testing").
 *
 * Infection is not on the registries this project installs from, so the rule classes are held to
 * a mutation bar (every non-equivalent mutant caught) by a list of hand mutants (tools/php-mutation/mutants.php): each one an exact
 * snippet of a file under includes/, its replacement, what the change breaks, and the PHPUnit
 * filter of the tests that state that rule. For each mutant this script writes the mutated file
 * into a copy of includes/ (var/tmp/php-mutation/), runs the covering tests on the SQLite test site
 * with the mutated class loaded from the copy (tools/php-mutation/prepend.php), and reports:
 *
 *   caught       a test failed (or PHP stopped in the mutated file, or the run timed out): the rule is stated by a test
 *   survived     every test passed with the rule broken: a test is missing
 *   not covered  the tests passed without loading the mutated class at all
 *
 * The working tree is never changed, so Ctrl-C or a crash cannot leave a mutant behind. A mutant
 * marked 'equivalent' (with why) changes no behaviour; it is run too, and if a test catches it the
 * mark is wrong and the run fails. Before the mutants, the covering tests run once without a
 * mutant (and install a fresh test site); they must pass.
 *
 * Usage: php tools/php-mutation/run.php [--only=<id>[,<id>...]] [--list] [--timeout=<seconds>]
 * Exit: 0 when every non-equivalent mutant is caught and no equivalent one is; 1 otherwise;
 * 2 when the list is stale (a snippet not found exactly once) or the tests fail without a mutant.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions.file_system_read_fwrite, WordPress.WP.AlternativeFunctions.file_system_read_fopen, WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents, WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents, WordPress.Security.EscapeOutput.OutputNotEscaped, WordPress.PHP.DiscouragedPHPFunctions.system_calls_proc_open -- a command-line tool that runs without WordPress: plain file calls, text to a terminal, PHPUnit as a child process.

namespace LibraryPortal\Tools\PhpMutation;

/**
 * The repository root without the dots, for the paths the tool prints.
 */
function root(): string {
	return dirname( __DIR__, 2 );
}

/**
 * Reads the list and says what is wrong with it: every snippet must be found exactly once.
 *
 * @param array<string, array<string, string>> $mutants The list.
 * @return string[] Problems, one a line.
 */
function problems_of( array $mutants ): array {
	$problems = array();
	foreach ( $mutants as $id => $mutant ) {
		foreach ( array( 'file', 'find', 'replace', 'about', 'tests' ) as $key ) {
			// The replacement may be empty (a mutant that deletes the snippet); the rest may not.
			if ( ! isset( $mutant[ $key ] ) || ( 'replace' !== $key && '' === trim( $mutant[ $key ] ) ) ) {
				$problems[] = "$id: '$key' is missing.";
				continue 2;
			}
		}
		$path = root() . '/' . $mutant['file'];
		if ( ! str_starts_with( $mutant['file'], 'includes/' ) || ! is_file( $path ) ) {
			$problems[] = "$id: {$mutant['file']} is not a file under includes/.";
			continue;
		}
		$found = substr_count( (string) file_get_contents( $path ), $mutant['find'] );
		if ( 1 !== $found ) {
			$problems[] = "$id: the snippet is found $found times in {$mutant['file']} (it must be exactly once): " . one_line( $mutant['find'] );
		}
		if ( $mutant['find'] === $mutant['replace'] ) {
			$problems[] = "$id: the replacement is the snippet itself.";
		}
	}
	return $problems;
}

/**
 * A snippet on one line, for messages.
 *
 * @param string $text Snippet.
 */
function one_line( string $text ): string {
	return (string) preg_replace( '/\s+/', ' ', trim( $text ) );
}

/**
 * The class a PSR-4 file under includes/ declares (composer.json: LibraryPortal\ => includes/).
 *
 * @param string $file Path from the repository root.
 */
function class_of( string $file ): string {
	return 'LibraryPortal\\' . str_replace( '/', '\\', substr( $file, strlen( 'includes/' ), -strlen( '.php' ) ) );
}

/**
 * Copies a folder (the includes/ the mutants are written into).
 *
 * @param string $from Source folder.
 * @param string $to   Target folder (made).
 */
function copy_tree( string $from, string $to ): void {
	$items = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $from, \FilesystemIterator::SKIP_DOTS ), \RecursiveIteratorIterator::SELF_FIRST );
	mkdir( $to, 0777, true );
	foreach ( $items as $item ) {
		$target = $to . '/' . substr( $item->getPathname(), strlen( $from ) + 1 );
		if ( $item->isDir() ) {
			mkdir( $target, 0777, true );
		} else {
			copy( $item->getPathname(), $target );
		}
	}
}

/**
 * Removes a folder and what it holds.
 *
 * @param string $dir Folder.
 */
function remove_tree( string $dir ): void {
	if ( ! is_dir( $dir ) ) {
		return;
	}
	$items = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $dir, \FilesystemIterator::SKIP_DOTS ), \RecursiveIteratorIterator::CHILD_FIRST );
	foreach ( $items as $item ) {
		$item->isDir() ? rmdir( $item->getPathname() ) : unlink( $item->getPathname() );
	}
	rmdir( $dir );
}

/**
 * Runs PHPUnit on the SQLite test site, as bin/test-php does, with one class swapped for its mutant.
 *
 * @param string               $filter  PHPUnit --filter.
 * @param array<string,string> $env     Extra environment (the mutant's class, file and mark).
 * @param int                  $timeout Seconds before the run is stopped (a mutant may loop forever).
 * @param string               $log     File that gets the run's output.
 * @return array{exit: int, timed_out: bool, output: string}
 */
function phpunit( string $filter, array $env, int $timeout, string $log ): array {
	$command = array(
		PHP_BINARY,
		'-d',
		'sendmail_path=cat >/dev/null',
		'-d',
		'memory_limit=512M',
		'-d',
		'display_errors=stderr',
		'-d',
		'auto_prepend_file=' . realpath( __DIR__ . '/prepend.php' ),
		'vendor/bin/phpunit',
		'--exclude-group',
		'multisite',
		'--stop-on-defect',
		'--do-not-cache-result',
		'--colors=never',
		'--filter',
		$filter,
	);
	$env     = array_merge( getenv(), array( 'LP_SITE' => 'test-sqlite' ), $env );
	file_put_contents( $log, '' );
	$process = proc_open(
		$command,
		array(
			0 => array( 'file', '/dev/null', 'r' ),
			// Both to one file, each appending, so what PHPUnit prints and PHP's errors stay in order.
			1 => array( 'file', $log, 'a' ),
			2 => array( 'file', $log, 'a' ),
		),
		$pipes,
		root(),
		$env
	);
	if ( ! is_resource( $process ) ) {
		fwrite( STDERR, "Could not start PHPUnit.\n" );
		exit( 2 );
	}
	$deadline  = microtime( true ) + $timeout;
	$timed_out = false;
	do {
		usleep( 50000 );
		$status = proc_get_status( $process );
		if ( $status['running'] && microtime( true ) > $deadline ) {
			$timed_out = true;
			proc_terminate( $process, 9 );
		}
	} while ( $status['running'] );
	proc_close( $process );
	return array(
		'exit'      => $timed_out ? -1 : (int) $status['exitcode'],
		'timed_out' => $timed_out,
		'output'    => (string) file_get_contents( $log ),
	);
}

/**
 * Whether a PHPUnit output shows that tests ran (a filter that matches nothing must not pass).
 *
 * @param string $output PHPUnit output.
 */
function tests_ran( string $output ): bool {
	return (bool) preg_match( '/^OK \((?!0 tests)\d+ tests?|^Tests: [1-9]/m', $output ) && ! str_contains( $output, 'No tests executed' );
}

/**
 * The line of a file where a snippet starts.
 *
 * @param string $content File content.
 * @param string $find    Snippet.
 */
function line_of( string $content, string $find ): int {
	return substr_count( substr( $content, 0, (int) strpos( $content, $find ) ), "\n" ) + 1;
}

/**
 * Checks the list, runs the covering tests without a mutant, then each mutant; prints the table.
 *
 * @return int Exit code (see the file's comment).
 */
function main(): int {
	$options = getopt( '', array( 'only:', 'list', 'timeout:' ) );
	$mutants = require __DIR__ . '/mutants.php';
	if ( isset( $options['only'] ) ) {
		$wanted  = explode( ',', is_string( $options['only'] ) ? $options['only'] : '' );
		$unknown = array_diff( $wanted, array_keys( $mutants ) );
		if ( $unknown ) {
			fwrite( STDERR, 'Unknown mutants: ' . implode( ', ', $unknown ) . "\n" );
			return 2;
		}
		$mutants = array_intersect_key( $mutants, array_flip( $wanted ) );
	}
	$timeout = isset( $options['timeout'] ) ? max( 10, (int) $options['timeout'] ) : 180;

	$problems = problems_of( $mutants );
	if ( $problems ) {
		fwrite( STDERR, "The mutant list is stale (tools/php-mutation/mutants.php):\n  " . implode( "\n  ", $problems ) . "\n" );
		return 2;
	}
	if ( isset( $options['list'] ) ) {
		foreach ( $mutants as $id => $mutant ) {
			printf( "%-34s %s%s\n", $id, $mutant['about'], isset( $mutant['equivalent'] ) ? ' [equivalent]' : '' );
		}
		return 0;
	}

	// One run per checkout: a second one would delete the first one's copy under it.
	$lock = fopen( root() . '/var/tmp/php-mutation.lock', 'c' );
	if ( false === $lock || ! flock( $lock, LOCK_EX | LOCK_NB ) ) {
		fwrite( STDERR, "Another run of the PHP mutants is going on in this checkout; wait for it to end.\n" );
		return 2;
	}

	$started = microtime( true );
	$work    = root() . '/var/tmp/php-mutation';
	remove_tree( $work );
	copy_tree( root() . '/includes', $work . '/includes' );

	// The covering tests without a mutant, on a freshly installed test site that the mutant runs then reuse
	// (every test runs in a rolled-back transaction: tests/php/Support/TestCase.php).
	$filters  = array_unique( array_column( $mutants, 'tests' ) );
	$baseline = phpunit( '(?:' . implode( ')|(?:', $filters ) . ')', array(), $timeout * 4, $work . '/baseline.log' );
	if ( 0 !== $baseline['exit'] || ! tests_ran( $baseline['output'] ) ) {
		fwrite( STDERR, "The covering tests do not pass without a mutant; see $work/baseline.log:\n" . $baseline['output'] );
		return 2;
	}
	printf( "Covering tests without a mutant: passed (%.0f s)\n\n", microtime( true ) - $started );

	$counts = array(
		'caught'      => 0,
		'survived'    => 0,
		'not covered' => 0,
		'equivalent'  => 0,
		'wrong mark'  => 0,
	);
	$failed = array();
	printf( "%-34s %-52s %-12s %5s  %s\n", 'mutant', 'where', 'result', 'secs', 'what it breaks' );
	foreach ( $mutants as $id => $mutant ) {
		$original = (string) file_get_contents( root() . '/' . $mutant['file'] );
		$copy     = $work . '/' . $mutant['file'];
		$mark     = $work . '/loaded.mark';
		@unlink( $mark ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- absent after a run that did not load it.
		file_put_contents( $copy, str_replace( $mutant['find'], $mutant['replace'], $original ) );
		$began = microtime( true );
		$run   = phpunit(
			$mutant['tests'],
			array(
				'LP_TEST_REUSE'     => '1',
				'LP_MUTATION_CLASS' => class_of( $mutant['file'] ),
				'LP_MUTATION_FILE'  => $copy,
				'LP_MUTATION_MARK'  => $mark,
			),
			$timeout,
			$work . '/' . $id . '.log'
		);
		file_put_contents( $copy, $original );
		$loaded = is_file( $mark );

		if ( $run['timed_out'] ) {
			$result = 'caught';
			$how    = 'timed out';
		} elseif ( preg_match( '/^(FAILURES|ERRORS)!$/m', $run['output'] ) ) {
			$result = 'caught';
			$how    = 'caught';
		} elseif ( 0 !== $run['exit'] ) {
			// PHP stopped before PHPUnit could report: a catch only when the mutated copy is what stopped
			// it (a fatal error there); anything else is a broken run, not a verdict on the mutant.
			if ( ! str_contains( $run['output'], $copy ) ) {
				fwrite( STDERR, "$id: PHPUnit stopped without a result, and not in the mutated file; see $work/$id.log\n" );
				return 2;
			}
			$result = 'caught';
			$how    = 'crashed';
		} elseif ( ! tests_ran( $run['output'] ) ) {
			fwrite( STDERR, "$id: the filter '{$mutant['tests']}' ran no test; see $work/$id.log\n" );
			return 2;
		} else {
			$result = $loaded ? 'survived' : 'not covered';
			$how    = $result;
		}
		if ( isset( $mutant['equivalent'] ) ) {
			$result = 'caught' === $result ? 'wrong mark' : 'equivalent';
			$how    = 'wrong mark' === $result ? 'CAUGHT, marked equivalent' : 'equivalent';
		}
		++$counts[ $result ];
		if ( ! in_array( $result, array( 'caught', 'equivalent' ), true ) ) {
			$failed[] = $id;
		}
		printf( "%-34s %-52s %-12s %5.1f  %s\n", $id, $mutant['file'] . ':' . line_of( $original, $mutant['find'] ), $how, microtime( true ) - $began, $mutant['about'] . ( isset( $mutant['equivalent'] ) ? ' (equivalent: ' . $mutant['equivalent'] . ')' : '' ) );
	}

	$judged = count( $mutants ) - $counts['equivalent'] - $counts['wrong mark'];
	printf( "Each run's output: %s/<mutant>.log\n", $work );
	printf(
		"\n%d mutants: %d of %d non-equivalent caught, %d survived, %d not covered; %d equivalent%s (%.1f min)\n",
		count( $mutants ),
		$counts['caught'],
		$judged,
		$counts['survived'],
		$counts['not covered'],
		$counts['equivalent'],
		$counts['wrong mark'] ? ", {$counts['wrong mark']} marked equivalent but caught" : '',
		( microtime( true ) - $started ) / 60
	);
	if ( $failed ) {
		printf( "Not held: %s\n", implode( ', ', $failed ) );
		return 1;
	}
	return 0;
}

exit( main() );
