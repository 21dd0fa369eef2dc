/**
 * The scale bench's table (bin/bench-scale): each route's median time and query count on the small
 * site and at scale, their ratio (target ≤ 1.5) and the plan faults found at scale (target none).
 * Exits 1 when a target is missed.
 *
 * Usage: node tests/bench/scale-report.mjs <small.json> <large.json> <seed.json> <out.json>
 */
/* eslint-disable no-console -- the report is the output. */
import { readFileSync, writeFileSync } from 'node:fs';

const [ smallFile, largeFile, seedFile, outFile ] = process.argv.slice( 2 );
const small = JSON.parse( readFileSync( smallFile, 'utf8' ) );
const large = JSON.parse( readFileSync( largeFile, 'utf8' ) );
const seed = JSON.parse( readFileSync( seedFile, 'utf8' ) );
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
	const ok = ratio <= TARGET && at.faults.length === 0 && at.status === 200;
	failed ||= ! ok;
	rows.push( { route, small: before, scale: at, ratio } );
	console.log(
		`${ pad( route, 34 ) }${ left( before.ms.toFixed( 1 ), 9 ) }${ left( at.ms.toFixed( 1 ), 9 ) }${ left( ratio.toFixed( 2 ), 7 ) }${ left( `${ before.queries }/${ at.queries }`, 9 ) }  ${ at.faults.length ? 'FAULTS' : 'indexed' } ${ ok ? 'PASS' : 'FAIL' }`
	);
	for ( const fault of at.faults ) {
		console.log( `    ${ fault }` );
	}
}
writeFileSync( outFile, JSON.stringify( { seed, rows }, null, 2 ) );
console.log(
	`\n${ failed ? 'FAIL' : 'PASS' }: every route within ${ TARGET }x of the small site, no full scan or filesort of a growing table at scale.`
);
process.exit( failed ? 1 : 0 );
