/**
 * Base of the page objects: a page of the site at a fixed path.
 */
import path from 'node:path';
import type { Locator, Page, Response } from '@playwright/test';

export const ARTIFACTS_DIR = path.resolve( __dirname, '../../../artifacts' );

export abstract class BasePage {
	/** Path of the page on the site, e.g. "/my-account/library". */
	abstract readonly path: string;

	constructor( readonly page: Page ) {}

	/**
	 * Opens the page (optionally a deeper path below it) and returns the main response.
	 *
	 * @param subPath Extra path after this.path, e.g. "/videos/42".
	 */
	async goto( subPath = '' ): Promise< Response | null > {
		return this.page.goto( this.path + subPath );
	}

	/**
	 * A locator in the page.
	 *
	 * @param selector CSS selector.
	 */
	locator( selector: string ): Locator {
		return this.page.locator( selector );
	}

	/**
	 * Saves a full-page screenshot as artifacts/screenshots/<name>.png and returns its path.
	 *
	 * @param name File name without extension.
	 */
	async screenshot( name: string ): Promise< string > {
		const file = path.join( ARTIFACTS_DIR, 'screenshots', `${ name }.png` );
		await this.page.screenshot( { path: file, fullPage: true } );
		return file;
	}
}
