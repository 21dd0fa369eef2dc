/**
 * Starts a file download from an address the server gave (an anchor click, so the browser
 * treats it as a navigation the user asked for and keeps the page).
 *
 * @param url File address.
 */
export function startDownload( url: string ): void {
	const link = document.createElement( 'a' );
	link.href = url;
	link.rel = 'noopener';
	link.setAttribute( 'download', '' );
	link.style.display = 'none';
	document.body.appendChild( link );
	link.click();
	link.remove();
}
