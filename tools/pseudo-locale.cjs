#!/usr/bin/env node
/**
 * Dev tool (not shipped): a pseudo-translation of languages/library-portal.pot, so a test can
 * see which texts on a screen went through the translation functions.
 *
 *   node tools/pseudo-locale.cjs --out <WP_LANG_DIR> [--locale en_XA] [--pot file] [--build dir]
 *   node tools/pseudo-locale.cjs --out <WP_LANG_DIR> --remove
 *
 * Every text becomes its accented look-alike between « and » ("Log in" → "«Ĺóĝ íñ»"), with
 * printf placeholders (%s, %1$d), markup (<a>, </strong>) and entities kept as they are.
 * Writes what WordPress loads for the locale:
 * - <out>/plugins/library-portal-<locale>.po and .mo (msgfmt): PHP's __() and friends;
 * - <out>/plugins/library-portal-<locale>-<md5 of 'build/<file>.js'>.json for the entry and
 *   every chunk in build/chunks.json (Jed 1.x, as `wp i18n make-json` writes them), each with
 *   every text of src/ (a pseudo locale needs no split per chunk);
 * - <out>/<locale>.mo, an empty core translation: WordPress lists a locale as installed, and
 *   so lets switch_to_locale() use it, only when the core has a file for it.
 * --remove deletes exactly these files again.
 */
'use strict';

const { createHash } = require( 'node:crypto' );
const { execFileSync } = require( 'node:child_process' );
const fs = require( 'node:fs' );
const path = require( 'node:path' );

const ROOT = path.resolve( __dirname, '..' );
const DOMAIN = 'library-portal';
const PLURAL_FORMS = 'nplurals=2; plural=(n != 1);';

const LETTERS = {
	a: 'á', b: 'ƀ', c: 'ç', d: 'đ', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ĺ', m: 'ɱ',
	n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
	A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Đ', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ĺ', M: 'Ṁ',
	N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
}; // prettier-ignore

// Kept as written: printf placeholders, markup, entities.
const KEEP =
	/(%(?:\d+\$)?[-+ 0#']*\d*(?:\.\d+)?[bcdeEfFgGosuxX%]|<[^>]*>|&[#a-zA-Z0-9]+;)/;

/**
 * The pseudo-translation of one text.
 *
 * @param {string} text Source text.
 * @return {string} Accented look-alike between « and ».
 */
function pseudo( text ) {
	if ( '' === text ) {
		return text;
	}
	const body = text
		.split( KEEP )
		.map( ( part, index ) =>
			index % 2 === 1
				? part
				: part.replace( /[A-Za-z]/g, ( letter ) => LETTERS[ letter ] )
		)
		.join( '' );
	return `«${ body }»`;
}

/**
 * Reads a PO/POT file's messages (header left out).
 *
 * @param {string} file Path.
 * @return {{ context: string|null, id: string, plural: string|null, references: string[] }[]} Messages.
 */
function readPot( file ) {
	const messages = [];
	let message = null;
	let field = null;
	const unquote = ( quoted ) => JSON.parse( quoted );
	const finish = () => {
		if ( message && message.id !== '' ) {
			messages.push( message );
		}
		message = null;
		field = null;
	};
	for ( const line of fs.readFileSync( file, 'utf8' ).split( '\n' ) ) {
		if ( line.trim() === '' ) {
			finish();
			continue;
		}
		message ??= { context: null, id: '', plural: null, references: [] };
		let match;
		if ( line.startsWith( '#:' ) ) {
			message.references.push(
				...line
					.slice( 2 )
					.trim()
					.split( /\s+/ )
					.map( ( ref ) => ref.replace( /:\d+$/, '' ) )
			);
		} else if ( line.startsWith( '#' ) ) {
			continue;
		} else if (
			( match = line.match(
				/^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$/
			) )
		) {
			field = match[ 1 ];
			const value = unquote( match[ 2 ] );
			if ( field === 'msgctxt' ) {
				message.context = value;
			} else if ( field === 'msgid' ) {
				message.id = value;
			} else if ( field === 'msgid_plural' ) {
				message.plural = value;
			}
		} else if ( line.startsWith( '"' ) && field ) {
			const value = unquote( line );
			if ( field === 'msgctxt' ) {
				message.context += value;
			} else if ( field === 'msgid' ) {
				message.id += value;
			} else if ( field === 'msgid_plural' ) {
				message.plural += value;
			}
		}
	}
	finish();
	return messages;
}

/**
 * A PO string literal.
 *
 * @param {string} text Text.
 * @return {string} Quoted and escaped.
 */
function quote( text ) {
	return JSON.stringify( text ).replace( /\\u([0-9a-f]{4})/g, ( all, hex ) =>
		String.fromCharCode( parseInt( hex, 16 ) )
	);
}

/**
 * The .po file of the pseudo locale.
 *
 * @param {ReturnType<typeof readPot>} messages Messages.
 * @param {string}                     locale   Locale.
 * @return {string} PO text.
 */
function poText( messages, locale ) {
	const out = [
		'msgid ""',
		'msgstr ""',
		quote( 'Content-Type: text/plain; charset=UTF-8\n' ),
		quote( `Language: ${ locale }\n` ),
		quote( `Plural-Forms: ${ PLURAL_FORMS }\n` ),
		quote( 'X-Generator: tools/pseudo-locale.cjs\n' ),
		'',
	];
	for ( const message of messages ) {
		if ( message.context !== null ) {
			out.push( `msgctxt ${ quote( message.context ) }` );
		}
		out.push( `msgid ${ quote( message.id ) }` );
		if ( message.plural !== null ) {
			out.push( `msgid_plural ${ quote( message.plural ) }` );
			out.push( `msgstr[0] ${ quote( pseudo( message.id ) ) }` );
			out.push( `msgstr[1] ${ quote( pseudo( message.plural ) ) }` );
		} else {
			out.push( `msgstr ${ quote( pseudo( message.id ) ) }` );
		}
		out.push( '' );
	}
	return out.join( '\n' );
}

/**
 * The Jed 1.x JSON of the texts of src/, as WordPress's load_script_textdomain() reads it.
 *
 * @param {ReturnType<typeof readPot>} messages Messages.
 * @param {string}                     locale   Locale.
 * @return {string} JSON.
 */
function jedText( messages, locale ) {
	const data = {
		'': { domain: 'messages', lang: locale, 'plural-forms': PLURAL_FORMS },
	};
	for ( const message of messages ) {
		if (
			! message.references.some( ( ref ) => ref.startsWith( 'src/' ) )
		) {
			continue;
		}
		const key =
			message.context !== null
				? `${ message.context }\u0004${ message.id }`
				: message.id;
		data[ key ] =
			message.plural !== null
				? [ pseudo( message.id ), pseudo( message.plural ) ]
				: [ pseudo( message.id ) ];
	}
	return JSON.stringify( {
		'translation-revision-date': '',
		generator: 'tools/pseudo-locale.cjs',
		domain: 'messages',
		locale_data: { messages: data },
	} );
}

/**
 * The built JavaScript files WordPress may look up translations for: build/<file>.js.
 *
 * @param {string} buildDir build/ folder.
 * @return {string[]} Paths relative to the plugin, e.g. build/island-library.js.
 */
function scriptFiles( buildDir ) {
	const manifest = JSON.parse(
		fs.readFileSync( path.join( buildDir, 'chunks.json' ), 'utf8' )
	);
	const files = new Set();
	for ( const group of [ manifest.entries, manifest.chunkGroups ] ) {
		for ( const list of Object.values( group ?? {} ) ) {
			list.filter( ( file ) => file.endsWith( '.js' ) ).forEach(
				( file ) => files.add( `build/${ file }` )
			);
		}
	}
	return [ ...files ].sort();
}

/**
 * Every file this tool writes for a locale.
 *
 * @param {string} out      WP_LANG_DIR.
 * @param {string} locale   Locale.
 * @param {string} buildDir build/ folder.
 * @return {{ po: string, mo: string, core: string, json: Record<string, string> }} Paths.
 */
function outputs( out, locale, buildDir ) {
	const plugins = path.join( out, 'plugins' );
	const json = {};
	for ( const file of scriptFiles( buildDir ) ) {
		const md5 = createHash( 'md5' ).update( file ).digest( 'hex' );
		json[ file ] = path.join(
			plugins,
			`${ DOMAIN }-${ locale }-${ md5 }.json`
		);
	}
	return {
		po: path.join( plugins, `${ DOMAIN }-${ locale }.po` ),
		mo: path.join( plugins, `${ DOMAIN }-${ locale }.mo` ),
		core: path.join( out, `${ locale }.mo` ),
		json,
	};
}

/**
 * Writes the pseudo locale's files.
 *
 * @param {{ out: string, locale?: string, pot?: string, build?: string }} options Options.
 * @return {ReturnType<typeof outputs>} What was written.
 */
function build( { out, locale = 'en_XA', pot, build: buildDir } ) {
	pot ??= path.join( ROOT, 'languages', `${ DOMAIN }.pot` );
	buildDir ??= path.join( ROOT, 'build' );
	const files = outputs( out, locale, buildDir );
	const messages = readPot( pot );
	fs.mkdirSync( path.dirname( files.po ), { recursive: true } );
	fs.writeFileSync( files.po, poText( messages, locale ) );
	execFileSync( 'msgfmt', [ '--check-format', '-o', files.mo, files.po ] );
	const core = `${ files.core }.po`;
	fs.writeFileSync( core, poText( [], locale ) );
	execFileSync( 'msgfmt', [ '-o', files.core, core ] );
	fs.rmSync( core );
	const jed = jedText( messages, locale );
	Object.values( files.json ).forEach( ( file ) =>
		fs.writeFileSync( file, jed )
	);
	return files;
}

/**
 * Deletes the files build() writes.
 *
 * @param {{ out: string, locale?: string, build?: string }} options Options.
 */
function remove( { out, locale = 'en_XA', build: buildDir } ) {
	const files = outputs(
		out,
		locale,
		buildDir ?? path.join( ROOT, 'build' )
	);
	for ( const file of [
		files.po,
		files.mo,
		files.core,
		...Object.values( files.json ),
	] ) {
		fs.rmSync( file, { force: true } );
	}
}

module.exports = { pseudo, readPot, build, remove };

if ( require.main === module ) {
	const args = process.argv.slice( 2 );
	const option = ( name ) => {
		const index = args.indexOf( `--${ name }` );
		return index >= 0 ? args[ index + 1 ] : undefined;
	};
	const out = option( 'out' );
	if ( ! out ) {
		process.stderr.write(
			'Usage: node tools/pseudo-locale.cjs --out <WP_LANG_DIR> [--locale en_XA] [--pot file] [--build dir] [--remove]\n'
		);
		process.exit( 2 );
	}
	const options = {
		out,
		locale: option( 'locale' ),
		pot: option( 'pot' ),
		build: option( 'build' ),
	};
	Object.keys( options ).forEach(
		( key ) => options[ key ] === undefined && delete options[ key ]
	);
	if ( args.includes( '--remove' ) ) {
		remove( options );
	} else {
		const files = build( options );
		process.stdout.write(
			`${ [ files.po, files.mo, files.core, ...Object.values( files.json ) ].join( '\n' ) }\n`
		);
	}
}
