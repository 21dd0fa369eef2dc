/**
 * Full-page navigation: pages outside the portal (account pages, logout) and portal pages whose
 * configuration the server prints (a contract library). An object so tests can spy on it.
 */
export const externalNavigation = {
	go( url: string ): void {
		window.location.assign( url );
	},
	/**
	 * Replaces the current history entry (a redirect the Back button should skip).
	 * @param url
	 */
	replace( url: string ): void {
		window.location.replace( url );
	},
	reload(): void {
		window.location.reload();
	},
};
