/**
 * How the tests and the bench start Debian's Chromium: no browser download, and the flags that keep
 * it from calling out of this network-less machine (shared by playwright.config.ts and tests/bench).
 */
module.exports = {
	executablePath: process.env.LP_CHROMIUM || '/usr/bin/chromium',
	args: [
		'--no-sandbox',
		'--disable-gpu',
		'--disable-dev-shm-usage',
		'--disable-background-networking',
		'--disable-component-update',
		'--disable-sync',
	],
};
