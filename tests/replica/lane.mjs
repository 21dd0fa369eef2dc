/**
 * What the replicated lane's lag test and drill share (tests/replica/lag.mjs, tests/replica/drill.mjs): SQL on
 * one of the lane's two MariaDB servers, the wait for the replica to apply what the primary logged, the
 * checksums of some tables, and the printed checks.
 */
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** This checkout. */
export const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../..'
);

/**
 * SQL on one of the lane's servers as root (bin/mariadb client on its socket), tab-separated rows.
 * @param {string} database Database.
 * @return {(role: 'primary'|'replica', query: string) => string[][]} Runs a query on one server.
 */
export function laneSql( database ) {
	return ( role, query ) =>
		execFileSync(
			path.join( root, 'bin/mariadb' ),
			[ 'client', '-N', '-B', '-e', query, database ],
			{
				encoding: 'utf8',
				env: { ...process.env, LP_MARIADB_NAME: `replica-${ role }` },
			}
		)
			.trim()
			.split( '\n' )
			.filter( Boolean )
			.map( ( line ) => line.split( '\t' ) );
}

/**
 * Waits until the replica has applied all the primary has logged; false after the limit.
 * @param {(role: string, query: string) => string[][]} sql     laneSql()'s runner.
 * @param {number}                                      seconds Limit.
 */
export function caughtUp( sql, seconds ) {
	const [ [ position ] ] = sql(
		'primary',
		'SELECT @@GLOBAL.gtid_binlog_pos'
	);
	const [ [ waited ] ] = sql(
		'replica',
		`SELECT MASTER_GTID_WAIT('${ position }', ${ seconds })`
	);
	return waited === '0';
}

/**
 * CHECKSUM TABLE of the tables on one server, as one comparable line.
 * @param {(role: string, query: string) => string[][]} sql    laneSql()'s runner.
 * @param {'primary'|'replica'}                         role   Server.
 * @param {string[]}                                    tables Tables.
 */
export const checksums = ( sql, role, tables ) =>
	sql( role, `CHECKSUM TABLE ${ tables.join( ', ' ) }` )
		.map( ( [ name, sum ] ) => `${ name }=${ sum }` )
		.join( ' ' );

/**
 * Prints the checks, one PASS or FAIL line each with its detail below; the number that failed.
 * @param {{label: string, pass: boolean, detail: string}[]} rows Checks.
 */
export function printChecks( rows ) {
	for ( const row of rows ) {
		process.stdout.write(
			`${ row.pass ? 'PASS' : 'FAIL' }  ${ row.label }\n      ${ row.detail }\n`
		);
	}
	return rows.filter( ( row ) => ! row.pass ).length;
}
