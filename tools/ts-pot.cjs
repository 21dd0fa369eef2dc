#!/usr/bin/env node
/**
 * Dev tool (not shipped): the translatable texts of the TypeScript sources as a POT file, read
 * with the TypeScript compiler. bin/make-pot merges it with xgettext's PHP template.
 *
 *   node tools/ts-pot.cjs -f <file listing the sources, one a line> [-o out.pot] [--header-from php.pot]
 *
 * Why not xgettext: its JavaScript parser loses track inside JSX (a tag, or a regular
 * expression it misreads, ends the scan of the rest of the file), so about a third of the
 * islands' texts never reached the template and could not be translated. Here every call
 * __( text ), _x( text, context ), _n( single, plural, n ) and _nx( single, plural, n, context )
 * with literal texts becomes an entry, with its references and the `translators:` comment
 * written just before it (or before the sprintf() around it), as xgettext would write them.
 */
'use strict';

const fs = require( 'node:fs' );
const path = require( 'node:path' );
const ts = require( 'typescript' );

const ROOT = path.resolve( __dirname, '..' );

// Function => positions of msgid, msgid_plural and msgctxt among its arguments.
const KEYWORDS = {
	__: { id: 0 },
	_x: { id: 0, context: 1 },
	_n: { id: 0, plural: 1 },
	_nx: { id: 0, plural: 1, context: 3 },
};

// Placeholders that make xgettext flag a JavaScript text as javascript-format.
const PLACEHOLDER = /%(?:\d+\$)?[-+ 0#]*\d*(?:\.\d+)?[sdfijoxXeEgGcbu]/;

/**
 * The literal text of an argument, or null when it is not a plain string.
 *
 * @param {ts.Node|undefined} node Argument.
 * @return {string|null} Text.
 */
function literal( node ) {
	return node &&
		( ts.isStringLiteral( node ) ||
			ts.isNoSubstitutionTemplateLiteral( node ) )
		? node.text
		: null;
}

/**
 * The entries of one source file.
 *
 * @param {string} file Path relative to the repository.
 * @return {{ context: string|null, id: string, plural: string|null, reference: string, comments: string[] }[]} Entries.
 */
function extract( file ) {
	const text = fs.readFileSync( path.join( ROOT, file ), 'utf8' );
	const source = ts.createSourceFile(
		file,
		text,
		ts.ScriptTarget.Latest,
		true,
		file.endsWith( '.tsx' ) ? ts.ScriptKind.TSX : ts.ScriptKind.TS
	);
	const calls = [];
	const visit = ( node ) => {
		if (
			ts.isCallExpression( node ) &&
			ts.isIdentifier( node.expression ) &&
			KEYWORDS[ node.expression.text ]
		) {
			const spec = KEYWORDS[ node.expression.text ];
			const id = literal( node.arguments[ spec.id ] );
			if ( id !== null && id !== '' ) {
				calls.push( {
					start: node.getStart( source ),
					context:
						spec.context !== undefined
							? literal( node.arguments[ spec.context ] )
							: null,
					id,
					plural:
						spec.plural !== undefined
							? literal( node.arguments[ spec.plural ] )
							: null,
					reference: `${ file }:${
						source.getLineAndCharacterOfPosition(
							node.getStart( source )
						).line + 1
					}`,
					comments: [],
				} );
			}
		}
		ts.forEachChild( node, visit );
	};
	visit( source );

	// A translators: comment belongs to the first call after it when only a function name,
	// brackets, commas or spaces stand between them (e.g. `/* translators: … */ sprintf( __(`).
	for ( const match of text.matchAll( /\/\*([\s\S]*?)\*\/|\/\/([^\n]*)/g ) ) {
		const body = ( match[ 1 ] ?? match[ 2 ] )
			.split( '\n' )
			.map( ( line ) => line.replace( /^\s*\*?\s?/, '' ).trim() )
			.filter( Boolean )
			.join( ' ' );
		if ( ! body.startsWith( 'translators:' ) ) {
			continue;
		}
		const end = match.index + match[ 0 ].length;
		const call = calls.find( ( candidate ) => candidate.start >= end );
		if ( call && /^[\s\w.(,?:=]*$/.test( text.slice( end, call.start ) ) ) {
			call.comments.push( body );
		}
	}
	return calls;
}

/**
 * A PO string literal (no wrapping, as bin/make-pot writes with --no-wrap).
 *
 * @param {string} value Text.
 * @return {string} Quoted.
 */
function quote( value ) {
	const escaped = value
		.replace( /\\/g, '\\\\' )
		.replace( /"/g, '\\"' )
		.replace( /\t/g, '\\t' )
		.replace( /\r/g, '\\r' )
		.replace( /\n/g, '\\n' );
	return `"${ escaped }"`;
}

/**
 * The POT of some files: one entry per (context, text), references in file order.
 *
 * @param {string[]} files  Paths relative to the repository.
 * @param {string}   header The header entry to write (comments, msgid "" and msgstr lines);
 *                          a minimal one when empty.
 * @return {string} POT text.
 */
function pot( files, header = '' ) {
	const entries = new Map();
	for ( const file of files ) {
		for ( const call of extract( file ) ) {
			const key = `${ call.context ?? '' }\u0004${ call.id }`;
			const entry = entries.get( key ) ?? {
				...call,
				references: [],
				comments: [],
			};
			entry.plural ??= call.plural;
			entry.references.push( call.reference );
			call.comments
				.filter( ( comment ) => ! entry.comments.includes( comment ) )
				.forEach( ( comment ) => entry.comments.push( comment ) );
			entries.set( key, entry );
		}
	}
	const out =
		header !== ''
			? [ header.trimEnd(), '' ]
			: [
					'msgid ""',
					'msgstr ""',
					quote( 'Content-Type: text/plain; charset=UTF-8\n' ),
					quote( 'Content-Transfer-Encoding: 8bit\n' ),
					'',
				];
	for ( const entry of entries.values() ) {
		entry.comments.forEach( ( comment ) => out.push( `#. ${ comment }` ) );
		out.push( `#: ${ entry.references.join( ' ' ) }` );
		if (
			PLACEHOLDER.test( entry.id ) ||
			( entry.plural && PLACEHOLDER.test( entry.plural ) )
		) {
			out.push( '#, javascript-format' );
		}
		if ( entry.context !== null ) {
			out.push( `msgctxt ${ quote( entry.context ) }` );
		}
		out.push( `msgid ${ quote( entry.id ) }` );
		if ( entry.plural !== null ) {
			out.push( `msgid_plural ${ quote( entry.plural ) }` );
			out.push( 'msgstr[0] ""', 'msgstr[1] ""' );
		} else {
			out.push( 'msgstr ""' );
		}
		out.push( '' );
	}
	return out.join( '\n' );
}

module.exports = { extract, pot };

if ( require.main === module ) {
	const args = process.argv.slice( 2 );
	const option = ( name ) => {
		const index = args.indexOf( name );
		return index >= 0 ? args[ index + 1 ] : undefined;
	};
	const list = option( '-f' );
	if ( ! list ) {
		process.stderr.write(
			'Usage: node tools/ts-pot.cjs -f <file list> [-o out.pot] [--header-from php.pot]\n'
		);
		process.exit( 2 );
	}
	const files = fs
		.readFileSync( list, 'utf8' )
		.split( '\n' )
		.map( ( line ) => line.trim() )
		.filter( Boolean );
	// The PHP template's header: msgcat merges two templates' references only when their
	// headers agree (with --use-first it keeps the first file's references alone, and a text
	// used by PHP and TypeScript lost its src/ reference, which the script translations need).
	const headerFile = option( '--header-from' );
	const header = headerFile
		? fs.readFileSync( headerFile, 'utf8' ).split( /\n\s*\n/ )[ 0 ]
		: '';
	const text = pot( files, header );
	const output = option( '-o' );
	if ( output ) {
		fs.writeFileSync( output, text );
	} else {
		process.stdout.write( text );
	}
}
