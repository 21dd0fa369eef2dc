/**
 * Internal dependencies
 */
import {
	mountOverFirstScreen,
	REVEAL_AFTER_HEADING_MS,
	REVEAL_AT_THE_LATEST_MS,
} from '../first-screen';

/**
 * A mount node as the server prints it, with an optional high-priority image.
 *
 * @param image Whether the first screen has a card image that loads first.
 */
function mountNode( image = false ): HTMLElement {
	document.body.innerHTML = `<div id="library-portal-root" data-island="shell"><div class="lp-shell" data-first-screen=""><main class="lp-main"><h1>Library</h1>${
		image
			? '<img class="lp-item__image" src="/a.jpg" alt="" loading="eager" fetchpriority="high">'
			: ''
	}</main></div></div>`;
	return document.getElementById( 'library-portal-root' ) as HTMLElement;
}

/**
 * Lets the mutation observer, promises and animation frames run.
 */
async function flush(): Promise< void > {
	for ( let i = 0; i < 5; i++ ) {
		await Promise.resolve();
		jest.advanceTimersByTime( 20 );
	}
}

beforeEach( () => jest.useFakeTimers() );
afterEach( () => {
	jest.useRealTimers();
	document.body.innerHTML = '';
} );

describe( 'mountOverFirstScreen', () => {
	it( 'renders into the node itself when the server printed no first screen', () => {
		document.body.innerHTML = '<div id="root" data-island="shell"></div>';
		const node = document.getElementById( 'root' ) as HTMLElement;
		const render = jest.fn();

		mountOverFirstScreen( node, render );

		expect( render ).toHaveBeenCalledWith( node );
	} );

	it( 'keeps the printed screen until the island, outside the page, shows a heading, then swaps in one step', async () => {
		const node = mountNode();
		let container: HTMLElement | null = null;
		mountOverFirstScreen( node, ( into ) => {
			container = into;
		} );
		const app = container as unknown as HTMLElement;
		expect( app.isConnected ).toBe( false );

		app.innerHTML =
			'<main><div class="lp-loading" role="status"></div></main>';
		await flush();
		expect( node.querySelector( '[data-first-screen]' ) ).not.toBeNull();

		app.innerHTML = '<main><h1>Library</h1><ul></ul></main>';
		await flush();
		expect( node.querySelector( '[data-first-screen]' ) ).toBeNull();
		expect( app.isConnected ).toBe( true );
	} );

	it( 'waits while the heading is there but a part still loads, at most a few seconds', async () => {
		const node = mountNode();
		let container: HTMLElement | null = null;
		mountOverFirstScreen( node, ( into ) => {
			container = into;
		} );
		const app = container as unknown as HTMLElement;

		app.innerHTML =
			'<main><h1>Item</h1><div class="lp-player__frame"><p class="lp-player__overlay" role="status">Loading video...</p></div></main>';
		await flush();
		expect( app.isConnected ).toBe( false );

		jest.advanceTimersByTime( REVEAL_AFTER_HEADING_MS );
		expect( app.isConnected ).toBe( true );
		expect( node.querySelector( '[data-first-screen]' ) ).toBeNull();
	} );

	it( 'lets the printed image that loads first be painted before the swap', async () => {
		const node = mountNode( true );
		const image = node.querySelector( 'img' ) as HTMLImageElement;
		Object.defineProperty( image, 'complete', { value: false } );
		let container: HTMLElement | null = null;
		mountOverFirstScreen( node, ( into ) => {
			container = into;
		} );
		const app = container as unknown as HTMLElement;

		app.innerHTML = '<main><h1>Library</h1></main>';
		await flush();
		expect( app.isConnected ).toBe( false );

		image.dispatchEvent( new Event( 'load' ) );
		await flush();
		expect( app.isConnected ).toBe( true );
	} );

	it( 'takes over at its first commit where the server printed only a loading indicator', async () => {
		document.body.innerHTML =
			'<div id="root" data-island="shell"><div class="lp-shell" data-first-screen=""><main class="lp-main"><div class="lp-loading" role="status"></div></main></div></div>';
		const node = document.getElementById( 'root' ) as HTMLElement;
		let container: HTMLElement | null = null;
		mountOverFirstScreen( node, ( into ) => {
			container = into;
		} );
		const app = container as unknown as HTMLElement;

		app.innerHTML =
			'<div class="lp-shell"><main><div class="lp-loading" role="status"></div></main></div>';
		await flush();

		expect( app.isConnected ).toBe( true );
		expect( node.querySelector( '[data-first-screen]' ) ).toBeNull();
	} );

	it( 'takes over at the latest after ten seconds whatever the island shows', () => {
		const node = mountNode();
		let container: HTMLElement | null = null;
		mountOverFirstScreen( node, ( into ) => {
			container = into;
		} );

		jest.advanceTimersByTime( REVEAL_AT_THE_LATEST_MS );

		expect( ( container as unknown as HTMLElement ).isConnected ).toBe(
			true
		);
		expect( node.querySelector( '[data-first-screen]' ) ).toBeNull();
	} );
} );
