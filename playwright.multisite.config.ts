/**
 * Playwright against a fresh local network ("e2e-multisite", port 8896): a subdirectory multisite
 * on MariaDB with the plugin network-activated, the Harbor brand on the main site and the Summit
 * brand on /summit/ (README, "A network of sites"). `bin/test-e2e-multisite` runs it; the specs
 * are in tests/e2e/network (the single-site config leaves them out).
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const baseURL = `http://127.0.0.1:${
	8896 + Number( process.env.LP_PORT_OFFSET ?? 0 )
}`;
// tests/e2e/support/logins.ts reads this site's logins.
process.env.LP_E2E_SITE = 'e2e-multisite';

export default defineConfig( {
	...base,
	testDir: './tests/e2e/network',
	testIgnore: [],
	outputDir: './artifacts/test-results-network',
	// One network, one worker: its specs are few and the network is slow to install.
	workers: 1,
	reporter: [
		[ 'list' ],
		[ 'json', { outputFile: './artifacts/e2e-network-results.json' } ],
	],
	use: { ...base.use, baseURL },
	webServer: {
		command:
			'bash bin/site install e2e-multisite --fresh --seed --quiet && exec bash bin/site serve e2e-multisite --exec',
		url: `${ baseURL }/wp-login.php`,
		reuseExistingServer: process.env.LP_E2E_REUSE === '1',
		timeout: 180_000,
		stdout: 'ignore' as const,
		stderr: 'pipe' as const,
	},
} );
