/**
 * The login behind the page expired (the keep-alive ping or a nonce refresh found the visitor
 * logged out): the shell says so once and offers to log in again, coming back to this address.
 */

type Listener = () => void;

const listeners = new Set< Listener >();
let expired = false;

/**
 * Announces that the login expired (once; later calls change nothing).
 */
export function reportSessionExpired(): void {
	if ( expired ) {
		return;
	}
	expired = true;
	listeners.forEach( ( listener ) => listener() );
}

/**
 * Calls `listener` when the login expires (at once when it already has). Returns the unsubscribe.
 *
 * @param listener Called once the login expired.
 */
export function onSessionExpired( listener: Listener ): () => void {
	listeners.add( listener );
	if ( expired ) {
		listener();
	}
	return () => {
		listeners.delete( listener );
	};
}

/**
 * The log-in address that brings the visitor back here: wp-login.php with redirect_to.
 *
 * @param loginUrl The site's log-in address (page configuration).
 * @param here     The address to come back to.
 */
export function logInAgainUrl(
	loginUrl: string,
	here: string = window.location.href
): string {
	const address = new URL( loginUrl, here );
	address.searchParams.set( 'redirect_to', here );
	return address.toString();
}

/**
 * Forgets an expiry (tests only: each starts with a live login).
 */
export function resetSessionForTests(): void {
	expired = false;
	listeners.clear();
}
