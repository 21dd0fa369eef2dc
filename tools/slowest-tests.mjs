/**
 * The slowest tests of the last run, from the timings the runners wrote: Playwright's JSON reports
 * (artifacts/e2e-results.json, artifacts/e2e-network-results.json) and PHPUnit's JUnit logs
 * (var/tmp/phpunit-<lane>.xml, one per lane). bin/test prints them at the end of a run, so the
 * figures in docs/measurements.md come from the command.
 *
 *   node tools/slowest-tests.mjs [count]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const count = Number( process.argv[ 2 ] ?? 10 ) || 10;
const rows = [];

/**
 * Adds every test of a Playwright JSON report (a retried test counts with all its attempts).
 *
 * @param {string} file  Report file.
 * @param {string} label Runner name shown beside the test.
 */
function fromPlaywright( file, label ) {
	const report = JSON.parse( readFileSync( file, 'utf8' ) );
	const walk = ( suite ) => {
		for ( const spec of suite.specs ?? [] ) {
			for ( const test of spec.tests ?? [] ) {
				const ms = ( test.results ?? [] ).reduce(
					( sum, result ) => sum + ( result.duration ?? 0 ),
					0
				);
				rows.push( {
					seconds: ms / 1000,
					name: `${ spec.file }:${ spec.line } › ${ spec.title }`,
					label,
				} );
			}
		}
		( suite.suites ?? [] ).forEach( walk );
	};
	( report.suites ?? [] ).forEach( walk );
}

/**
 * Adds every test case of a PHPUnit JUnit log.
 *
 * @param {string} file  JUnit XML file.
 * @param {string} label Lane name shown beside the test.
 */
function fromJunit( file, label ) {
	const xml = readFileSync( file, 'utf8' );
	for ( const match of xml.matchAll( /<testcase ([^>]*?)\/?>/g ) ) {
		const attribute = ( name ) =>
			( match[ 1 ].match( new RegExp( `\\b${ name }="([^"]*)"` ) ) ??
				[] )[ 1 ];
		rows.push( {
			seconds: Number( attribute( 'time' ) ?? 0 ),
			name: `${ attribute( 'class' ) ?? '' }::${ attribute( 'name' ) ?? '' }`,
			label,
		} );
	}
}

for ( const [ file, label ] of [
	[ 'artifacts/e2e-results.json', 'Playwright' ],
	[ 'artifacts/e2e-network-results.json', 'Playwright network' ],
] ) {
	if ( existsSync( path.join( root, file ) ) ) {
		fromPlaywright( path.join( root, file ), label );
	}
}
const tmp = path.join( root, 'var/tmp' );
for ( const name of existsSync( tmp ) ? readdirSync( tmp ).sort() : [] ) {
	const lane = name.match( /^phpunit-(.+)\.xml$/ );
	if ( lane ) {
		fromJunit( path.join( tmp, name ), `PHPUnit ${ lane[ 1 ] }` );
	}
}

if ( rows.length === 0 ) {
	process.stderr.write( 'No test timings found (run the tests first).\n' );
	process.exit( 1 );
}
rows.sort( ( a, b ) => b.seconds - a.seconds );
for ( const row of rows.slice( 0, count ) ) {
	process.stdout.write(
		`${ row.seconds.toFixed( 1 ).padStart( 7 ) } s  ${ row.label.padEnd( 19 ) } ${ row.name }\n`
	);
}
