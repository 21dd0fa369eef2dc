/**
 * External dependencies
 */
import { act, fireEvent, screen, within } from '@testing-library/react';

/**
 * Internal dependencies
 */
import type { LibraryItem } from '../../../types/library';
import {
	makeItem,
	makeUser,
	setPortalConfig,
	watched,
} from '../../../test-utils/fixtures';
import { renderScreen } from '../../../test-utils/render';
import { LibraryList } from '../library-list';

const pdf = {
	progress: { count: 100, time: 0, parts: [] },
	pdf: 'https://x.test/c.pdf',
	completed_at: 1700000000,
	completed_date: 'March 5, 2025',
};

const ITEMS: LibraryItem[] = [
	makeItem( {
		product_id: 1,
		title: 'Alpha Workshop',
		subtitle: 'Module A',
		description: 'first',
	} ),
	makeItem( {
		product_id: 2,
		title: 'Bravo Manual',
		content_type: 'e-manual',
		content_type_label: 'E-Manual',
		status: 'purchased',
	} ),
	watched( 40, {
		product_id: 3,
		title: 'Charlie Webinar',
		content_type: 'webinar',
		content_type_label: 'Webinar',
	} ),
	makeItem( {
		product_id: 4,
		title: 'Delta Done',
		video_data: pdf,
		status: 'completed',
	} ),
	makeItem( {
		product_id: 5,
		title: 'Echo Old',
		expired_licenses: 3,
		status: 'expired',
		access: 'no_license',
	} ),
	makeItem( {
		product_id: 6,
		title: 'Foxtrot Member',
		tag: 'member',
		status: 'member-product',
		access: 'member',
	} ),
	makeItem( {
		product_id: 7,
		title: 'Golf',
		description: 'Contains the word KILO inside',
	} ),
];

// Cards under the screen's h1 have h2 titles; those in a titled section (h2) have h3.
const activeTitles = () => {
	const list = screen.queryByRole( 'list', { name: 'Library items' } );
	return list
		? within( list )
				.getAllByRole( 'heading', { level: 2 } )
				.map( ( heading ) => heading.textContent )
		: [];
};
const expiredTitles = () => {
	const list = screen.queryByRole( 'list', { name: 'Expired items' } );
	return list
		? within( list )
				.getAllByRole( 'heading', { level: 3 } )
				.map( ( heading ) => heading.textContent )
		: [];
};
const location = () => screen.getByTestId( 'location' ).textContent;
const statusSelect = () => screen.getByRole( 'combobox', { name: 'Status' } );

beforeEach( () => setPortalConfig() );

describe( 'Library list', () => {
	it( "shows the server's line for who reads it, not the buyers' line to everyone", () => {
		setPortalConfig( {
			libraryIntro:
				'Your on-demand workshops, webinars, and e-manuals are below.',
		} );
		renderScreen( <LibraryList />, { data: { items: ITEMS } } );
		expect(
			screen.getByText(
				'Your on-demand workshops, webinars, and e-manuals are below.'
			)
		).toBeInTheDocument();
		expect(
			screen.queryByText( /Access your purchased/ )
		).not.toBeInTheDocument();
	} );

	it( 'shows the title, description, controls and both sections', () => {
		renderScreen( <LibraryList />, { data: { items: ITEMS } } );
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Library' } )
		).toBeInTheDocument();
		expect(
			screen.getByText(
				'Access your purchased on-demand workshops, webinars, and e-manuals below.',
				{ exact: false }
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'searchbox', { name: 'Search items' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'combobox', { name: 'Content type' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Reset' } )
		).toBeInTheDocument();
		expect( activeTitles() ).toEqual( [
			'Alpha Workshop',
			'Bravo Manual',
			'Charlie Webinar',
			'Delta Done',
			'Foxtrot Member',
			'Golf',
		] );
		expect(
			screen.getByRole( 'heading', { level: 2, name: 'Expired Items' } )
		).toBeInTheDocument();
		expect( expiredTitles() ).toEqual( [ 'Echo Old' ] );
	} );

	it( 'links each card to its detail and shows the status, license text and expiry line', () => {
		const expiry = Date.UTC( 2040, 5, 15, 12 ) / 1000;
		renderScreen( <LibraryList />, {
			data: {
				items: [
					makeItem( {
						product_id: 9,
						title: 'Linked',
						expiry,
						expiry_date: 'June 15, 2040',
						available_licenses: 2,
						total_licenses: 5,
						expired_licenses: 1,
					} ),
					makeItem( {
						product_id: 10,
						title: 'Member one',
						tag: 'member',
						status: 'member-product',
						access: 'member',
					} ),
				],
			},
		} );
		expect(
			screen.getByRole( 'link', { name: 'Linked' } )
		).toHaveAttribute( 'href', '/my-account/library/videos/9' );
		expect(
			screen.getByRole( 'link', { name: 'Member one' } )
		).toHaveAttribute( 'href', '/my-account/library/videos/10?tag=member' );
		const card = screen.getByRole( 'article', { name: 'Linked' } );
		expect( within( card ).getByText( 'Not Started' ) ).toBeInTheDocument();
		expect(
			within( card ).getByText( '2 of 4 licenses available' )
		).toBeInTheDocument();
		expect(
			within( card ).getByText( 'Expires: June 15, 2040' )
		).toBeInTheDocument();
		expect(
			within(
				screen.getByRole( 'article', { name: 'Member one' } )
			).getByText( 'Unlimited Access' )
		).toBeInTheDocument();
	} );

	it.each( [
		[
			'all',
			[
				'Alpha Workshop',
				'Bravo Manual',
				'Charlie Webinar',
				'Delta Done',
				'Foxtrot Member',
				'Golf',
			],
			[ 'Echo Old' ],
		],
		[ 'purchased', [ 'Bravo Manual' ], [] ],
		[ 'in-progress', [ 'Charlie Webinar' ], [] ],
		[ 'completed', [ 'Delta Done' ], [] ],
		[ 'not-started', [ 'Alpha Workshop', 'Golf' ], [] ],
		[ 'expired', [], [ 'Echo Old' ] ],
		[ 'member-product', [ 'Foxtrot Member' ], [] ],
	] )(
		'status filter %s (read from ?status=)',
		( status, active, expired ) => {
			renderScreen( <LibraryList />, {
				url: `/my-account/library/videos?status=${ status }`,
				data: { items: ITEMS },
			} );
			expect( statusSelect() ).toHaveValue( status );
			expect( activeTitles() ).toEqual( active );
			expect( expiredTitles() ).toEqual( expired );
		}
	);

	it( 'writes the status to ?status= and removes it for all', () => {
		renderScreen( <LibraryList />, { data: { items: ITEMS } } );
		fireEvent.change( statusSelect(), { target: { value: 'completed' } } );
		expect( location() ).toBe(
			'/my-account/library/videos?status=completed'
		);
		expect( activeTitles() ).toEqual( [ 'Delta Done' ] );
		fireEvent.change( statusSelect(), { target: { value: 'all' } } );
		expect( location() ).toBe( '/my-account/library/videos' );
	} );

	it( 'searches title, subtitle and description case-insensitively after a 300 ms debounce', () => {
		jest.useFakeTimers();
		try {
			renderScreen( <LibraryList />, { data: { items: ITEMS } } );
			const search = screen.getByRole( 'searchbox', {
				name: 'Search items',
			} );

			fireEvent.change( search, { target: { value: 'ALPHA' } } );
			act( () => jest.advanceTimersByTime( 299 ) );
			expect( activeTitles() ).toHaveLength( 6 );
			act( () => jest.advanceTimersByTime( 1 ) );
			expect( activeTitles() ).toEqual( [ 'Alpha Workshop' ] );

			fireEvent.change( search, { target: { value: 'module a' } } );
			act( () => jest.advanceTimersByTime( 300 ) );
			expect( activeTitles() ).toEqual( [ 'Alpha Workshop' ] );

			fireEvent.change( search, { target: { value: 'kilo' } } );
			act( () => jest.advanceTimersByTime( 300 ) );
			expect( activeTitles() ).toEqual( [ 'Golf' ] );
			expect( expiredTitles() ).toEqual( [] );
		} finally {
			jest.useRealTimers();
		}
	} );

	it( 'restarts the debounce on each keystroke', () => {
		jest.useFakeTimers();
		try {
			renderScreen( <LibraryList />, { data: { items: ITEMS } } );
			const search = screen.getByRole( 'searchbox', {
				name: 'Search items',
			} );
			fireEvent.change( search, { target: { value: 'ch' } } );
			act( () => jest.advanceTimersByTime( 200 ) );
			fireEvent.change( search, { target: { value: 'charlie' } } );
			act( () => jest.advanceTimersByTime( 200 ) );
			expect( activeTitles() ).toHaveLength( 6 );
			act( () => jest.advanceTimersByTime( 100 ) );
			expect( activeTitles() ).toEqual( [ 'Charlie Webinar' ] );
		} finally {
			jest.useRealTimers();
		}
	} );

	it( 'follows ?search= from the top bar', () => {
		renderScreen( <LibraryList />, {
			url: '/my-account/library/videos?search=bravo',
			data: { items: ITEMS },
		} );
		expect(
			screen.getByRole( 'searchbox', { name: 'Search items' } )
		).toHaveValue( 'bravo' );
		expect( activeTitles() ).toEqual( [ 'Bravo Manual' ] );
	} );

	it( 'filters by content type', () => {
		renderScreen( <LibraryList />, { data: { items: ITEMS } } );
		const select = screen.getByRole( 'combobox', { name: 'Content type' } );
		expect(
			within( select )
				.getAllByRole( 'option' )
				.map( ( o ) => o.textContent )
		).toEqual( [
			'All Content Types',
			'E-Manual',
			'On-Demand Workshop',
			'Webinar',
		] );
		fireEvent.change( select, { target: { value: 'webinar' } } );
		expect( activeTitles() ).toEqual( [ 'Charlie Webinar' ] );
		expect( expiredTitles() ).toEqual( [] );
		expect( location() ).toBe( '/my-account/library/videos?type=webinar' );
	} );

	it( "shows a dashboard figure's set of types from ?type= as one option", () => {
		renderScreen( <LibraryList />, {
			url: '/my-account/library/videos?type=webinar,e-manual',
			data: { items: ITEMS },
		} );
		const select = screen.getByRole( 'combobox', { name: 'Content type' } );
		expect( select ).toHaveValue( 'webinar,e-manual' );
		expect(
			within( select ).getByRole( 'option', { selected: true } )
		).toHaveTextContent( 'Webinar + E-Manual' );
		expect( [ ...activeTitles(), ...expiredTitles() ].sort() ).toEqual(
			ITEMS.filter( ( item ) =>
				[ 'webinar', 'e-manual' ].includes( item.content_type )
			)
				.map( ( item ) => item.title )
				.sort()
		);
	} );

	it( 'Reset clears search, content type and status (also in the URL)', () => {
		jest.useFakeTimers();
		try {
			renderScreen( <LibraryList />, {
				url: '/my-account/library/videos?status=not-started',
				data: { items: ITEMS },
			} );
			fireEvent.change(
				screen.getByRole( 'combobox', { name: 'Content type' } ),
				{
					target: { value: 'on-demand-workshop' },
				}
			);
			fireEvent.change(
				screen.getByRole( 'searchbox', { name: 'Search items' } ),
				{
					target: { value: 'golf' },
				}
			);
			act( () => jest.advanceTimersByTime( 300 ) );
			expect( activeTitles() ).toEqual( [ 'Golf' ] );

			fireEvent.click( screen.getByRole( 'button', { name: 'Reset' } ) );
			expect( location() ).toBe( '/my-account/library/videos' );
			expect(
				screen.getByRole( 'searchbox', { name: 'Search items' } )
			).toHaveValue( '' );
			expect(
				screen.getByRole( 'combobox', { name: 'Content type' } )
			).toHaveValue( 'all' );
			expect( statusSelect() ).toHaveValue( 'all' );
			expect( activeTitles() ).toHaveLength( 6 );
		} finally {
			jest.useRealTimers();
		}
	} );

	it( "shows 'No items found' when nothing matches", () => {
		renderScreen( <LibraryList />, {
			url: '/my-account/library/videos?status=completed',
			data: { items: [ makeItem() ] },
		} );
		expect( screen.getByText( 'No items found' ) ).toBeInTheDocument();
		expect(
			screen.queryByRole( 'list', { name: 'Library items' } )
		).not.toBeInTheDocument();
	} );

	it( 'shows the loading animation while items load', () => {
		renderScreen( <LibraryList />, { data: { itemsLoading: true } } );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading your library…'
		);
	} );

	it( 'uses the contract title and only the contract items in contract mode', () => {
		setPortalConfig( {
			contractData: {
				id: 5,
				title: 'Acme Contract Library',
				organizer: {},
			},
		} );
		renderScreen( <LibraryList />, {
			url: '/contract/5',
			path: '/contract/:contractId',
			data: {
				contractMode: true,
				contractId: '5',
				items: [
					makeItem( {
						product_id: 1,
						title: 'In contract',
						tag: 'contract',
						contract_id: 5,
					} ),
					makeItem( { product_id: 2, title: 'Not in contract' } ),
				],
			},
		} );
		expect(
			screen.getByRole( 'heading', {
				level: 1,
				name: 'Acme Contract Library',
			} )
		).toBeInTheDocument();
		expect( activeTitles() ).toEqual( [ 'In contract' ] );
		expect(
			screen.getByRole( 'link', { name: 'In contract' } )
		).toHaveAttribute( 'href', '/contract/5/1' );
		expect(
			screen.queryByRole( 'complementary', { name: 'Your organizer' } )
		).toBeNull();
	} );

	it( "shows the contract's organizer card", () => {
		setPortalConfig( {
			contractData: {
				id: 5,
				title: 'Acme',
				organizer: {
					thumb: 'https://cdn.test/dana.jpg',
					name: 'Dana Rivers',
					title: 'Training lead',
					phone: '+1 (555) 010-2000',
					email: 'dana@example.com',
				},
			},
		} );
		renderScreen( <LibraryList />, {
			url: '/contract/5',
			path: '/contract/:contractId',
			data: { contractMode: true, contractId: '5', items: [] },
		} );
		const card = screen.getByRole( 'complementary', {
			name: 'Your organizer',
		} );
		expect( card ).toHaveTextContent( 'Dana Rivers' );
		expect( card ).toHaveTextContent( 'Training lead' );
		expect(
			within( card ).getByRole( 'link', { name: '+1 (555) 010-2000' } )
		).toHaveAttribute( 'href', 'tel:+15550102000' );
		expect(
			within( card ).getByRole( 'link', { name: 'dana@example.com' } )
		).toHaveAttribute( 'href', 'mailto:dana@example.com' );
	} );

	it( "says another contract's library is not theirs instead of 'No items found'", () => {
		renderScreen( <LibraryList />, {
			url: '/contract/9',
			path: '/contract/:contractId',
			data: { contractMode: true, contractId: '9', items: [] },
		} );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			"You don't have access to this contract library."
		);
		expect( screen.queryByText( 'No items found' ) ).toBeNull();
		expect(
			screen.getByRole( 'link', { name: 'Go to your library' } )
		).toHaveAttribute( 'href', '/my-account/library/videos' );
	} );

	it( 'keeps contract rows out of the own list and links to each contract library', () => {
		setPortalConfig( {
			contracts: [
				{ id: 5, title: 'Acme', ended: false },
				{ id: 6, title: 'Old Corp', ended: true },
			],
		} );
		renderScreen( <LibraryList />, {
			data: {
				items: [
					makeItem( {
						product_id: 1,
						title: 'In contract',
						tag: 'contract',
						contract_id: 5,
					} ),
					makeItem( { product_id: 2, title: 'Own item' } ),
				],
			},
		} );
		expect( activeTitles() ).toEqual( [ 'Own item' ] );
		const nav = screen.getByRole( 'navigation', {
			name: 'Contract libraries',
		} );
		expect(
			within( nav ).getByRole( 'link', { name: 'Acme' } )
		).toHaveAttribute( 'href', '/contract/5' );
		expect( nav ).toHaveTextContent(
			'Old Corp (ended: certificates only)'
		);
	} );
} );

describe( 'Library list paging (20 at a time)', () => {
	const many = ( count: number, overrides: Partial< LibraryItem > = {} ) =>
		Array.from( { length: count }, ( _, index ) =>
			makeItem( {
				...overrides,
				product_id: 1000 + index,
				title: `Item ${ index + 1 }`,
			} )
		);

	it( 'shows 20 active items and loads 20 more with the button', () => {
		renderScreen( <LibraryList />, { data: { items: many( 45 ) } } );
		expect( activeTitles() ).toHaveLength( 20 );
		expect( screen.getByText( 'Showing 20 of 45' ) ).toBeInTheDocument();
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Load more items' } )
		);
		expect( activeTitles() ).toHaveLength( 40 );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Load more items' } )
		);
		expect( activeTitles() ).toHaveLength( 45 );
		expect(
			screen.queryByRole( 'button', { name: 'Load more items' } )
		).not.toBeInTheDocument();
	} );

	it( 'pages the Expired Items section on its own', () => {
		renderScreen( <LibraryList />, {
			data: {
				items: [
					...many( 3 ),
					...many( 25, { expired_licenses: 3, status: 'expired' } ),
				],
			},
		} );
		expect( activeTitles() ).toHaveLength( 3 );
		expect( expiredTitles() ).toHaveLength( 20 );
		expect(
			screen.queryByRole( 'button', { name: 'Load more items' } )
		).not.toBeInTheDocument();
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Load more expired items' } )
		);
		expect( expiredTitles() ).toHaveLength( 25 );
	} );

	it( 'loads more when the end of the list scrolls into view (IntersectionObserver)', () => {
		const callbacks: IntersectionObserverCallback[] = [];
		const original = window.IntersectionObserver;
		window.IntersectionObserver = jest.fn(
			( callback: IntersectionObserverCallback ) => {
				callbacks.push( callback );
				return {
					observe: jest.fn(),
					disconnect: jest.fn(),
					unobserve: jest.fn(),
					takeRecords: () => [],
				};
			}
		) as unknown as typeof IntersectionObserver;
		try {
			renderScreen( <LibraryList />, { data: { items: many( 30 ) } } );
			expect( activeTitles() ).toHaveLength( 20 );
			const latest = callbacks[ callbacks.length - 1 ];
			act( () =>
				latest?.(
					[ { isIntersecting: true } as IntersectionObserverEntry ],
					{} as IntersectionObserver
				)
			);
			expect( activeTitles() ).toHaveLength( 30 );
		} finally {
			window.IntersectionObserver = original;
		}
	} );

	it( 'starts again from 20 when a filter changes', () => {
		renderScreen( <LibraryList />, { data: { items: many( 45 ) } } );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Load more items' } )
		);
		expect( activeTitles() ).toHaveLength( 40 );
		fireEvent.change( statusSelect(), {
			target: { value: 'not-started' },
		} );
		expect( activeTitles() ).toHaveLength( 20 );
	} );
} );

describe( 'Library list: the server decides', () => {
	it( '?status=expired also lists the items whose licenses expire this month, above Expired Items', () => {
		renderScreen( <LibraryList />, {
			url: '/my-account/library/videos?status=expired',
			data: {
				items: [
					makeItem( {
						product_id: 1,
						title: 'Ends Soon',
						expiring_licenses: 2,
					} ),
					makeItem( { product_id: 2, title: 'Runs On' } ),
					makeItem( {
						product_id: 3,
						title: 'Long Gone',
						status: 'expired',
					} ),
				],
			},
		} );
		const headings = screen
			.getAllByRole( 'heading', { level: 2 } )
			.map( ( heading ) => heading.textContent );
		expect( headings ).toEqual( [
			'Expiring This Month',
			'Expired Items',
		] );
		const expiringList = screen.getByRole( 'list', {
			name: 'Items with licenses expiring this month',
		} );
		expect( within( expiringList ).getAllByRole( 'article' ) ).toHaveLength(
			1
		);
		expect(
			within( expiringList ).getByRole( 'link', { name: 'Ends Soon' } )
		).toBeInTheDocument();
		expect( screen.queryByText( 'Runs On' ) ).not.toBeInTheDocument();
		expect( expiredTitles() ).toEqual( [ 'Long Gone' ] );
	} );

	it( 'leaves out the member-promos link when the server gives it no address', () => {
		setPortalConfig( {
			accountLinks: {
				orders: 'http://example.test/my-account/orders/',
				'member-promos': '',
			},
		} );
		renderScreen( <LibraryList />, {
			data: {
				items: [ makeItem() ],
				user: makeUser( { is_member: true } ),
			},
		} );
		expect(
			screen.queryByRole( 'link', { name: 'See your member promos.' } )
		).not.toBeInTheDocument();
	} );

	it( 'shows the member-promos link when the server says the user is a member, whatever the dates say', () => {
		const never = 100100;
		const { unmount } = renderScreen( <LibraryList />, {
			data: {
				items: [ makeItem() ],
				user: makeUser( { member_expiry: never, is_member: true } ),
			},
		} );
		expect(
			screen.getByRole( 'link', { name: 'See your member promos.' } )
		).toBeInTheDocument();
		unmount();

		renderScreen( <LibraryList />, {
			data: {
				items: [
					makeItem( { tag: 'member', status: 'member-product' } ),
				],
				user: makeUser( {
					member_expiry: 4102444800,
					is_member: false,
				} ),
			},
		} );
		expect(
			screen.queryByRole( 'link', { name: 'See your member promos.' } )
		).not.toBeInTheDocument();
	} );
} );

describe( 'LibraryList when the items call failed', () => {
	it( 'says so with Retry instead of "No items found"', () => {
		const reloadItems = jest.fn();
		renderScreen( <LibraryList />, {
			data: { itemsError: true, reloadItems },
		} );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Your library could not be loaded. Please try again.'
		);
		expect(
			screen.queryByText( 'No items found' )
		).not.toBeInTheDocument();
		fireEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		expect( reloadItems ).toHaveBeenCalledTimes( 1 );
	} );
} );
