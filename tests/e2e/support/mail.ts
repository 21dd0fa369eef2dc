/**
 * The e2e site's caught mail (bin/mail-sink writes one Maildir file per message into
 * var/sites/e2e/mail/new). Messages are parsed by Python's standard `email` package, which
 * decodes the MIME parts (quoted-printable, base64) as a mail client would.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { workerSite } from './worker-site';

export const MAILDIR = path.resolve(
	__dirname,
	'../../../var/sites',
	workerSite(),
	'mail/new'
);

export interface CaughtMail {
	to: string;
	/** The From header as a mail app shows it, e.g. 'Harbor Learning <wordpress@…>'. */
	from: string;
	subject: string;
	text: string;
	html: string;
	headers: string[];
}

const PARSE = `
import email, email.policy, json, sys
m = email.message_from_binary_file(open(sys.argv[1], 'rb'), policy=email.policy.default)
text = m.get_body(('plain',))
html = m.get_body(('html',))
print(json.dumps({'to': str(m['to']), 'from': str(m['from']), 'subject': str(m['subject']),
  'text': text.get_content() if text else '', 'html': html.get_content() if html else '',
  'headers': list(m.keys())}))
`;

/**
 * Every caught message, oldest first.
 */
export function caughtMail(): CaughtMail[] {
	let files: string[];
	try {
		files = readdirSync( MAILDIR ).map( ( name ) =>
			path.join( MAILDIR, name )
		);
	} catch {
		return [];
	}
	return files
		.sort( ( a, b ) => statSync( a ).mtimeMs - statSync( b ).mtimeMs )
		.map(
			( file ) =>
				JSON.parse(
					execFileSync( '/usr/bin/python3', [ '-c', PARSE, file ], {
						encoding: 'utf8',
					} )
				) as CaughtMail
		);
}
