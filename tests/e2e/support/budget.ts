/**
 * A test's time budget in proportion to its work. The config's 30 s is for a test that loads a page
 * or two; a test that walks through several pages would pass on a quiet machine and run out on a
 * loaded one, so it asks for a budget per page it loads instead.
 */
import { test } from '@playwright/test';

/** What one page load with its checks (axe, a screenshot) may take on a machine under load. */
export const PAGE_BUDGET_MS = 12_000;

/**
 * Raises the running test's budget to `pages` page loads (never lowers it: test.slow() and a
 * larger setTimeout stay).
 *
 * @param pages Page loads the test makes, its log-in included.
 */
export function budgetForPages( pages: number ): void {
	test.setTimeout( Math.max( test.info().timeout, pages * PAGE_BUDGET_MS ) );
}
