/**
 * The scale bench's table (bin/bench-scale): each route's median time and query count on the small
 * site and at scale, their ratio (target ≤ 1.5) and the plan faults found at scale (target none).
 * Exits 1 when a target is missed.
 *
 * Each route's time is the median over the rounds of the per-round medians (rounds alternate the
 * two sites, so both meet the same load of a shared machine).
 *
 * Usage: node tests/bench/scale-report.mjs <dir with seed.json, small-N.json, large-N.json> <rounds> <out.json>
 */
/* eslint-disable no-console -- the report is the output. */
import { readFileSync, writeFileSync } from 'node:fs';

const [ dir, roundCount, outFile ] = process.argv.slice( 2 );
const read = ( name ) =>
	JSON.parse( readFileSync( `${ dir }/${ name }`, 'utf8' ) );
const median = ( values ) =>
	[ ...values ].sort( ( a, b ) => a - b )[ Math.floor( values.length / 2 ) ];
/**
 * One site's runs as one: each route's median time over the rounds, its every fault.
 *
 * @param {string} kind small or large.
 */
function combined( kind ) {
	const runs = Array.from( { length: Number( roundCount ) }, ( _, i ) =>
		read( `${ kind }-${ i + 1 }.json` )
	);
	const routes = {};
	for ( const route of Object.keys( runs[ 0 ].routes ) ) {
		const each = runs.map( ( run ) => run.routes[ route ] );
		routes[ route ] = {
			status: Math.max( ...each.map( ( r ) => r.status ) ),
			ms: median( each.map( ( r ) => r.ms ) ),
			rounds: each.map( ( r ) => r.ms ),
			queries: Math.max( ...each.map( ( r ) => r.queries ) ),
			faults: [ ...new Set( each.flatMap( ( r ) => r.faults ) ) ],
		};
	}
	return { rows: runs[ 0 ].rows, routes };
}
const small = combined( 'small' );
const large = combined( 'large' );
const seed = read( 'seed.json' );
const TARGET = 1.5;

const pad = ( text, width ) => String( text ).padEnd( width );
const left = ( text, width ) => String( text ).padStart( width );
let failed = false;
const rows = [];
console.log(
	`Rows at scale: ${ Object.entries( large.rows )
		.map(
			( [ table, count ] ) =>
				`${ table } ${ count.toLocaleString( 'en' ) }`
		)
		.join( ', ' ) }`
);
console.log(
	`Seeded in ${ Object.values( seed.seconds )
		.reduce( ( a, b ) => a + b, 0 )
		.toFixed( 1 ) } s (${ Object.entries( seed.seconds )
		.map( ( [ table, s ] ) => `${ table } ${ s } s` )
		.join( ', ' ) })\n`
);
console.log(
	`${ pad( 'Route (library cache dropped)', 34 ) }${ left( 'small ms', 9 ) }${ left( 'scale ms', 9 ) }${ left( 'ratio', 7 ) }${ left( 'queries', 9 ) }  plan`
);
for ( const [ route, at ] of Object.entries( large.routes ) ) {
	const before = small.routes[ route ];
	const ratio = at.ms / before.ms;
	// The Reports fill and refresh run in the background queue and read what the site holds: the
	// small site has almost nothing to read, so only its plan is judged (its time is reported).
	const background =
		route.startsWith( 'Reports fill' ) ||
		route.startsWith( 'Reports refresh' );
	const ok =
		( background || ratio <= TARGET ) &&
		at.faults.length === 0 &&
		at.status === 200;
	failed ||= ! ok;
	rows.push( { route, small: before, scale: at, ratio } );
	console.log(
		`${ pad( route, 34 ) }${ left( before.ms.toFixed( 1 ), 9 ) }${ left( at.ms.toFixed( 1 ), 9 ) }${ left( ratio.toFixed( 2 ), 7 ) }${ left( `${ before.queries }/${ at.queries }`, 9 ) }  ${ at.faults.length ? 'FAULTS' : 'indexed' } ${ ok ? 'PASS' : 'FAIL' }${
			background ? ' (background: plan only)' : ''
		}`
	);
	for ( const fault of at.faults ) {
		console.log( `    ${ fault }` );
	}
}
writeFileSync( outFile, JSON.stringify( { seed, rows }, null, 2 ) );
console.log(
	`\n${ failed ? 'FAIL' : 'PASS' }: every route within ${ TARGET }x of the small site (the Reports fill: plan only), no full scan or filesort of a growing table at scale.`
);
process.exit( failed ? 1 : 0 );
