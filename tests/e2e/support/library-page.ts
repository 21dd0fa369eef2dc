/**
 * The portal page: /my-account/library and its client routes.
 */
import type { Locator } from '@playwright/test';
import { BasePage } from './base-page';

export class LibraryPage extends BasePage {
	readonly path = '/my-account/library';

	/** The node the shell island mounts into (see docs/contract.md). */
	get root(): Locator {
		return this.page.locator( '#library-portal-root' );
	}
}
