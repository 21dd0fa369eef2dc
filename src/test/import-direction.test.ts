/// <reference types="node" />
/**
 * Layering: islands build on components and lib, never the other way round (a component that
 * imports from islands closes a cycle in the import graph).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const src = resolve( __dirname, '..' );
const islands = join( src, 'islands' );

function sourceFiles( dir: string ): string[] {
	return readdirSync( dir ).flatMap( ( name ) => {
		const path = join( dir, name );
		if ( statSync( path ).isDirectory() ) {
			return sourceFiles( path );
		}
		return /\.tsx?$/.test( name ) ? [ path ] : [];
	} );
}

/**
 * Relative module specifiers of a file's imports and re-exports (static and dynamic).
 *
 * @param file Path of a source file.
 */
function importsOf( file: string ): string[] {
	const text = readFileSync( file, 'utf8' );
	const found: string[] = [];
	const pattern =
		/(?:from\s+|import\s*\(\s*|import\s+|require\s*\(\s*)['"](\.[^'"]+)['"]/g;
	for ( const match of text.matchAll( pattern ) ) {
		found.push( match[ 1 ] ?? '' );
	}
	return found;
}

describe( 'import direction', () => {
	const files = [ 'components', 'lib' ].flatMap( ( dir ) =>
		sourceFiles( join( src, dir ) )
	);

	it( 'finds the files it checks', () => {
		expect( files.length ).toBeGreaterThan( 5 );
	} );

	it( 'no file under src/components or src/lib imports from src/islands', () => {
		const offenders = files.flatMap( ( file ) =>
			importsOf( file )
				.filter( ( spec ) => {
					const target = resolve( dirname( file ), spec );
					return (
						target === islands || target.startsWith( islands + sep )
					);
				} )
				.map( ( spec ) => `${ relative( src, file ) } → ${ spec }` )
		);
		expect( offenders ).toEqual( [] );
	} );
} );

describe( 'api modules only fetch and normalise', () => {
	it( 'declare no shared reply types (those live in src/types)', () => {
		const offenders = sourceFiles( join( src, 'api' ) )
			.filter( ( file ) => ! file.includes( `${ sep }test${ sep }` ) )
			.filter( ( file ) =>
				/export\s+(interface|type)\s+(LibraryItem|LibraryUser|PortalNotification|License)\b/.test(
					readFileSync( file, 'utf8' )
				)
			)
			.map( ( file ) => relative( src, file ) );
		expect( offenders ).toEqual( [] );
	} );
} );
