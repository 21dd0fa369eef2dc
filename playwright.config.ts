/**
 * Playwright end-to-end tests against a fresh local WordPress site ("e2e", port 8889).
 *
 * `npm run test:e2e` (bin/test-e2e) runs them. The webServer below installs one site per
 * worker from scratch (e2e, e2e-2...: SQLite database, plugin active, demo data seeded; logins
 * written to var/sites/<site>/logins.json) and serves them with PHP's built-in server; Playwright
 * stops them at the end. Debian's Chromium is used; no browser is downloaded.
 *
 * LP_E2E_REUSE=1 reuses an e2e site that is already running (bin/site serve e2e).
 */
import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import chromiumLaunch from './tests/chromium.cjs';
import { portOfSlot, workerSlot } from './tests/e2e/support/worker-site';

// One worker per core (LP_E2E_WORKERS overrides, 1-9): the browser mostly waits on PHP, and each
// worker has its own site and PHP server, so two cores keep two workers busy. A site served by
// something else (LP_E2E_BASE_URL) is one site: one worker.
const workers = process.env.LP_E2E_BASE_URL
	? 1
	: Math.min(
			9,
			Math.max(
				1,
				Number( process.env.LP_E2E_WORKERS ) || availableParallelism()
			)
		);
// Each worker process loads this file again with its own slot, so baseURL is that worker's site.
const baseURL =
	process.env.LP_E2E_BASE_URL ??
	`http://127.0.0.1:${ portOfSlot( workerSlot() ) }`;
const isCI = !! process.env.CI;

export default defineConfig( {
	testDir: './tests/e2e',
	// The network's specs run against their own site: playwright.multisite.config.ts.
	testIgnore: [ '**/network/**' ],
	outputDir: './artifacts/test-results',
	timeout: 30_000,
	expect: { timeout: 5_000 },
	// Tests of one file run in order in one worker (some build on the previous one's data); files
	// are shared out among the workers.
	fullyParallel: false,
	workers,
	forbidOnly: isCI,
	retries: isCI ? 1 : 0,
	reporter: [
		[ isCI ? 'line' : 'list' ],
		[ 'html', { outputFolder: './artifacts/report', open: 'never' } ],
		// Every test's time, read by bin/slowest-tests for the ten slowest at the end of bin/test.
		[ 'json', { outputFile: './artifacts/e2e-results.json' } ],
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
					// One fresh site per worker, installed side by side (bin/e2e-sites).
					command: `exec bash bin/e2e-sites ${ workers }`,
					url: `http://127.0.0.1:${ portOfSlot( 0 ) }/wp-login.php`,
					reuseExistingServer: process.env.LP_E2E_REUSE === '1',
					timeout: 120_000,
					stdout: 'ignore' as const,
					stderr: 'pipe' as const,
				},
			} ),
} );
