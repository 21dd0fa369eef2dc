/**
 * The server prints the first screen into the mount node (PHP Frontend\FirstScreen): the shell
 * and the opened screen's heading and first content, so a phone shows it before the scripts run.
 * The shell island renders into a container outside the document and takes the printed screen's
 * place in one step once its own screen is drawn: nothing that stays on the page moves (no layout
 * shift), the server's largest element is never painted again later, and the page never holds
 * two copies of a control (docs/rules/library-and-catalogue.md, "First screen on a phone").
 */

/** The server's first screen inside the mount node. */
export const FIRST_SCREEN_SELECTOR = '[data-first-screen]';

/** The island's screen is drawn once its main area has a heading or an alert... */
const SCREEN_SHOWN = 'h1, [role="alert"]';

/** ...and no loading indicator or empty player box (the poster comes with the player). */
const STILL_LOADING =
	'.lp-loading, .lp-player__frame > .lp-player__overlay:only-child';

/** A screen with a heading takes over after this long even while a part of it still loads. */
export const REVEAL_AFTER_HEADING_MS = 3000;

/** The island takes over after this long whatever it shows (a screen without a heading). */
export const REVEAL_AT_THE_LATEST_MS = 10000;

/**
 * Resolves once every image has loaded (or failed) and a frame has been painted since.
 *
 * @param view   The page's window.
 * @param images Images to wait for.
 */
function whenPainted(
	view: Window,
	images: HTMLImageElement[]
): Promise< void > {
	const loaded = images.map( ( image ) =>
		image.complete
			? Promise.resolve()
			: new Promise< void >( ( resolve ) => {
					image.addEventListener( 'load', () => resolve(), {
						once: true,
					} );
					image.addEventListener( 'error', () => resolve(), {
						once: true,
					} );
				} )
	);
	return Promise.all( loaded ).then(
		() =>
			new Promise< void >( ( resolve ) => {
				// A task queued in an animation frame runs after that frame is painted.
				view.requestAnimationFrame( () =>
					view.setTimeout( resolve, 0 )
				);
			} )
	);
}

/**
 * Renders an island over the server's first screen of its mount node, or into the node itself
 * when the server printed none.
 *
 * @param node   Mount node ([data-island]).
 * @param render Renders the island into the container it is given.
 */
export function mountOverFirstScreen(
	node: HTMLElement,
	render: ( container: HTMLElement ) => void
): void {
	const first = node.querySelector< HTMLElement >( FIRST_SCREEN_SELECTOR );
	if ( ! first ) {
		render( node );
		return;
	}
	const view = node.ownerDocument.defaultView ?? window;
	// Not in the document until it takes over (React renders into a detached node as into any).
	const container = node.ownerDocument.createElement( 'div' );
	container.className = 'library-portal__app';

	let headingTimer: number | undefined;
	let done = false;
	const reveal = () => {
		if ( done ) {
			return;
		}
		done = true;
		observer.disconnect();
		view.clearTimeout( headingTimer );
		view.clearTimeout( latestTimer );
		first.replaceWith( container );
	};
	// Where the server printed only the shell and a loading indicator, the island's own shell
	// takes over at its first commit, as it did before the first screen was printed.
	const printedScreen = first.querySelector( 'main h1' ) !== null;
	// The printed images that load first (a card's, the poster) are painted before the island
	// takes over: removed unpainted, the page's largest paint would wait for the island's copy.
	let imagesPainted = false;
	const check = () => {
		const main = container.querySelector( 'main' ) ?? container;
		if ( ! done && ! printedScreen && container.firstChild !== null ) {
			reveal();
			return;
		}
		if ( done || ! main.querySelector( SCREEN_SHOWN ) ) {
			return;
		}
		if ( imagesPainted && ! main.querySelector( STILL_LOADING ) ) {
			reveal();
		} else if ( headingTimer === undefined ) {
			headingTimer = view.setTimeout( reveal, REVEAL_AFTER_HEADING_MS );
		}
	};
	void whenPainted(
		view,
		Array.from(
			first.querySelectorAll< HTMLImageElement >(
				'img[fetchpriority="high"]'
			)
		)
	).then( () => {
		imagesPainted = true;
		check();
	} );
	// Mutation records arrive right after the island's commit, before the browser paints.
	const observer = new view.MutationObserver( check );
	observer.observe( container, { childList: true, subtree: true } );
	const latestTimer = view.setTimeout( reveal, REVEAL_AT_THE_LATEST_MS );
	render( container );
}
