/**
 * Focus after a route change. The shell notes each change of screen; the next screen title that
 * mounts claims it and takes focus, so a keyboard or screen reader user lands on the new screen
 * instead of on <body>. The first screen of a page load claims nothing: the browser's own focus
 * handling is right there.
 */
let pending = false;

/** Called by the shell when the path changes (not on the first render). */
export function noteRouteChange(): void {
	pending = true;
}

/**
 * Whether the caller should take focus for the last route change (true once per change).
 */
export function claimRouteFocus(): boolean {
	const claimed = pending;
	pending = false;
	return claimed;
}
