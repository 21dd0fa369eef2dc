/**
 * Playwright end-to-end tests against a fresh local WordPress site ("e2e", port 8889).
 *
 * `npm run test:e2e` (bin/test-e2e) runs them. The webServer below installs the e2e site
 * from scratch (SQLite database, plugin active, demo data seeded; logins written to
 * var/sites/e2e/logins.json) and serves it with PHP's built-in server; Playwright stops it
 * at the end. Debian's Chromium is used; no browser is downloaded.
 *
 * LP_E2E_REUSE=1 reuses an e2e site that is already running (bin/site serve e2e).
 */
import { defineConfig, devices } from '@playwright/test';
import chromiumLaunch from './tests/chromium.cjs';

const baseURL =
	process.env.LP_E2E_BASE_URL ??
	`http://127.0.0.1:${ 8889 + Number( process.env.LP_PORT_OFFSET ?? 0 ) }`;
const isCI = !! process.env.CI;

export default defineConfig( {
	testDir: './tests/e2e',
	// The network's specs run against their own site: playwright.multisite.config.ts.
	testIgnore: [ '**/network/**' ],
	outputDir: './artifacts/test-results',
	timeout: 30_000,
	expect: { timeout: 5_000 },
	fullyParallel: false,
	workers: 1,
	forbidOnly: isCI,
	retries: isCI ? 1 : 0,
	reporter: [
		[ isCI ? 'line' : 'list' ],
		[ 'html', { outputFolder: './artifacts/report', open: 'never' } ],
	],
	use: {
		baseURL,
		headless: true,
		screenshot: 'only-on-failure',
		trace: 'retain-on-failure',
		video: 'off',
		locale: 'en-US',
		timezoneId: 'UTC',
		launchOptions: chromiumLaunch,
	},
	projects: [
		{
			name: 'chromium',
			use: { ...devices[ 'Desktop Chrome' ] },
		},
	],
	// LP_E2E_BASE_URL: test a site that something else serves (no web server step).
	...( process.env.LP_E2E_BASE_URL
		? {}
		: {
				webServer: {
					command:
						'bash bin/site install e2e --fresh --seed --quiet && exec bash bin/site serve e2e --exec',
					url: `${ baseURL }/wp-login.php`,
					reuseExistingServer: process.env.LP_E2E_REUSE === '1',
					timeout: 120_000,
					stdout: 'ignore' as const,
					stderr: 'pipe' as const,
				},
			} ),
} );
