/// <reference types="node" />
/**
 * One bundle budget: tools/budgets.json holds the number; the build check, the e2e spec and
 * the bench read it and hold no number of their own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join( __dirname, '../..' );
const read = ( path: string ): string =>
	readFileSync( join( root, path ), 'utf8' );

describe( 'bundle budget', () => {
	it( 'is one number per budget in tools/budgets.json', () => {
		const budgets = JSON.parse( read( 'tools/budgets.json' ) ) as {
			listRouteGzipBytes: unknown;
			playerChunkGzipBytes: unknown;
			adminReportsGzipBytes: unknown;
		};
		expect( typeof budgets.listRouteGzipBytes ).toBe( 'number' );
		expect( typeof budgets.playerChunkGzipBytes ).toBe( 'number' );
		expect( typeof budgets.adminReportsGzipBytes ).toBe( 'number' );
	} );

	it.each( [ 'tools/bundle-budget.mjs', 'tests/e2e/bundle-budget.spec.ts' ] )(
		'%s reads the player budget from it',
		( path ) => {
			expect( read( path ) ).toMatch( /playerChunkGzipBytes/ );
			expect( read( path ) ).not.toMatch(
				/PLAYER_BUDGET_BYTES\s*(:\s*number\s*)?=\s*\d/
			);
		}
	);

	it.each( [
		'tools/bundle-budget.mjs',
		'tests/e2e/bundle-budget.spec.ts',
		'tests/bench/bench.mjs',
	] )( '%s reads it and writes no budget of its own', ( path ) => {
		const source = read( path );
		expect( source ).toContain( 'budgets.json' );
		expect( source ).toMatch( /listRouteGzipBytes/ );
		// e.g. `35 * 1000`, `35 * 1024` or `= 35;`.
		expect( source ).not.toMatch( /\b\d+\s*\*\s*10(00|24)\b/ );
		expect( source ).not.toMatch(
			/(BUDGET_BYTES|TARGET_LIST_KB)\s*(:\s*number\s*)?=\s*\d/
		);
	} );
} );
