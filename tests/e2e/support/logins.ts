/**
 * Logins of the e2e site, written by the demo seeder run of `bin/site install e2e --seed`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { workerSite } from './worker-site';

export interface Login {
	role: string;
	login: string;
	password: string;
}

const LOGINS_FILE = path.resolve(
	__dirname,
	'../../../var/sites',
	workerSite(),
	'logins.json'
);

/**
 * Every login of the e2e site (admin first, then the seeded demo users).
 */
export function readLogins(): Login[] {
	let text: string;
	try {
		text = readFileSync( LOGINS_FILE, 'utf8' );
	} catch {
		throw new Error(
			`${ LOGINS_FILE } is missing: run the e2e tests with npm run test:e2e (it seeds the site).`
		);
	}
	return JSON.parse( text ) as Login[];
}

/**
 * The credentials of one user, e.g. credentials( 'demo-owner' ).
 *
 * @param login User login.
 */
export function credentials( login: string ): Login {
	const found = readLogins().find( ( row ) => row.login === login );
	if ( ! found ) {
		throw new Error(
			`No login "${ login }" in ${ LOGINS_FILE }: the demo seeder (dev/DemoSeeder.php, run by bin/site install --seed) did not create it.`
		);
	}
	return found;
}
