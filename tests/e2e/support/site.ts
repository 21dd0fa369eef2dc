/**
 * The e2e site's PHP: setting up what a test needs through the plugin's own code (bin/wp-php).
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { workerSite } from './worker-site';

/** The local site this worker's tests run against (support/worker-site.ts). */
export const E2E_SITE = workerSite();

/**
 * Runs PHP with WordPress loaded on the e2e site, as admin; returns what it printed.
 *
 * @param php PHP code (no opening tag).
 */
export function wpPhp( php: string ): string {
	return execFileSync(
		resolve( __dirname, '../../../bin/wp-php' ),
		[ E2E_SITE, php ],
		{ encoding: 'utf8' }
	);
}
