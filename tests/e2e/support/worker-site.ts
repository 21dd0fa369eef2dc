/**
 * Which local site a Playwright worker tests. Every worker has a site of its own (bin/e2e-sites
 * installs them), so tests that run side by side cannot see or spoil each other's data.
 *
 * Playwright gives each worker process TEST_PARALLEL_INDEX (0 ... workers - 1; a worker restarted
 * after a failure keeps its index), and the worker loads the config again, so the config and these
 * helpers agree on the site without passing it around. Worker 0 (and the main process) uses the base
 * site (e2e, or LP_E2E_SITE); worker N uses the base site's name with "-N+1" (e2e-2, e2e-3...), at
 * the port bin/sites.php gives it.
 */

/** This process's worker slot (0 outside a worker). */
export function workerSlot(): number {
	return Number( process.env.TEST_PARALLEL_INDEX ?? 0 ) || 0;
}

/**
 * The site of a worker slot.
 *
 * @param slot Worker slot (TEST_PARALLEL_INDEX).
 */
export function siteOfSlot( slot: number ): string {
	// Read when asked, not when loaded: the network's config sets LP_E2E_SITE after its imports.
	const base = process.env.LP_E2E_SITE ?? 'e2e';
	return slot === 0 ? base : `${ base }-${ slot + 1 }`;
}

/**
 * The port of a worker slot's site (bin/sites.php: e2e at 8889, e2e-N at 8900 + N, moved by
 * LP_PORT_OFFSET).
 *
 * @param slot Worker slot.
 */
export function portOfSlot( slot: number ): number {
	const offset = Number( process.env.LP_PORT_OFFSET ?? 0 );
	return ( slot === 0 ? 8889 : 8900 + slot + 1 ) + offset;
}

/** The site this worker tests. */
export function workerSite(): string {
	return siteOfSlot( workerSlot() );
}
