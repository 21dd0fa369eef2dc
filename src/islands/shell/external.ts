/**
 * Full-page navigation to pages outside the portal (account pages, logout). An object so tests can spy on it.
 */
export const externalNavigation = {
	go( url: string ): void {
		window.location.assign( url );
	},
	reload(): void {
		window.location.reload();
	},
};
