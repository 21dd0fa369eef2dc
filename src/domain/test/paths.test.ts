/**
 * Internal dependencies
 */
import { makeItem } from '../../test-utils/fixtures';
import { findLibraryItem } from '../items';
import {
	accountEntries,
	isActiveEntry,
	mainEntries,
	type NavOptions,
} from '../navigation';
import {
	contractIdFromPath,
	isContractPath,
	islandForPath,
	normalizePath,
	paths,
	stripBasePath,
} from '../paths';

const nav: NavOptions = {
	contractMode: false,
	contractId: null,
	shareUsers: false,
	isLocal: false,
	userId: 7,
	siteUrl: 'https://site.test/',
	logoutUrl: 'https://site.test/logout',
	accountLinks: {
		'certificate-program':
			'https://site.test/my-account/certificate-program/',
		orders: 'https://site.test/my-account/orders/',
		subscriptions: 'https://site.test/my-account/subscriptions/',
		addresses: 'https://site.test/my-account/edit-address/',
		'payment-methods': 'https://site.test/my-account/payment-methods/',
		wallet: 'https://site.test/my-account/my-balance/',
		'member-promos': 'https://site.test/members/member-promos/',
	},
};
const keys = ( options: NavOptions ) =>
	mainEntries( options ).map( ( entry ) => entry.key );

describe( 'routes', () => {
	it( 'maps each route of the table to its island', () => {
		expect( islandForPath( '/my-account/library' ) ).toBe( 'library' );
		expect( islandForPath( '/my-account/library/' ) ).toBe( 'library' );
		expect( islandForPath( '/my-account/library/videos' ) ).toBe(
			'library'
		);
		expect( islandForPath( '/my-account/library/videos/12' ) ).toBe(
			'detail'
		);
		expect( islandForPath( '/my-account/library/users' ) ).toBe( 'team' );
		expect( islandForPath( '/my-account/library/users/3' ) ).toBe( 'team' );
		expect( islandForPath( '/my-account/library/notifications' ) ).toBe(
			'team'
		);
		expect( islandForPath( '/contract/5' ) ).toBe( 'library' );
		expect( islandForPath( '/contract/5/12' ) ).toBe( 'detail' );
		expect( islandForPath( '/contract/5/users' ) ).toBe( 'team' );
		expect( islandForPath( '/contract/5/users/3' ) ).toBe( 'team' );
		expect( islandForPath( '/quiz/12' ) ).toBe( 'quiz' );
		expect( islandForPath( '/shareseats/abc' ) ).toBe( 'team' );
		expect( islandForPath( '/elsewhere' ) ).toBeNull();
	} );

	it( 'contract mode is a path starting with /contract/', () => {
		expect( isContractPath( '/contract/5' ) ).toBe( true );
		expect( isContractPath( '/my-account/library' ) ).toBe( false );
		expect( contractIdFromPath( '/contract/5/users' ) ).toBe( '5' );
		expect( contractIdFromPath( '/my-account/library' ) ).toBeNull();
	} );

	it( 'builds links and strips the basename', () => {
		expect( paths.list( 'expired' ) ).toBe(
			'/my-account/library/videos?status=expired'
		);
		expect( paths.list( 'all' ) ).toBe( '/my-account/library/videos' );
		expect( paths.item( 4, 'member' ) ).toBe(
			'/my-account/library/videos/4?tag=member'
		);
		expect( stripBasePath( '/blog/contract/5', '/blog' ) ).toBe(
			'/contract/5'
		);
		expect( stripBasePath( '/contract/5', '' ) ).toBe( '/contract/5' );
	} );
} );

describe( 'sidebar entries', () => {
	it( 'lists Dashboard, Library, My Progress; Manage My Team only with share-users or on local hosts', () => {
		expect( keys( nav ) ).toEqual( [ 'dashboard', 'library', 'progress' ] );
		expect( keys( { ...nav, shareUsers: true } ) ).toEqual( [
			'dashboard',
			'library',
			'progress',
			'team',
		] );
		expect( keys( { ...nav, isLocal: true } ) ).toEqual( [
			'dashboard',
			'library',
			'progress',
			'team',
		] );
	} );

	it( 'hides Dashboard and Manage My Team in contract mode and points Library at the contract', () => {
		const contract = {
			...nav,
			contractMode: true,
			contractId: '5',
			shareUsers: true,
		};
		expect( keys( contract ) ).toEqual( [ 'library', 'progress' ] );
		expect( mainEntries( contract )[ 0 ]?.to ).toBe( '/contract/5' );
	} );

	it( 'has the Account Details group with external targets', () => {
		const entries = accountEntries( nav );
		expect( entries.map( ( entry ) => entry.label ) ).toEqual( [
			'Certificate Program',
			'Orders',
			'Subscriptions',
			'Addresses',
			'Payment Methods',
			'Wallet Balance',
			'Logout',
		] );
		expect( entries.every( ( entry ) => entry.external ) ).toBe( true );
		expect( entries[ 1 ]?.to ).toBe(
			'https://site.test/my-account/orders/'
		);
		expect( entries[ 6 ]?.to ).toBe( 'https://site.test/logout' );
	} );

	it( 'shows only the account links the server gave an address, each at that address', () => {
		const entries = accountEntries( {
			...nav,
			accountLinks: {
				...nav.accountLinks,
				'certificate-program': '',
				subscriptions: '',
				wallet: '',
				orders: 'https://shop.test/account/orders/',
			},
		} );
		expect( entries.map( ( entry ) => entry.key ) ).toEqual( [
			'orders',
			'addresses',
			'payment-methods',
			'logout',
		] );
		expect( entries[ 0 ]?.to ).toBe( 'https://shop.test/account/orders/' );
	} );

	it( 'an entry is active when the current path equals its target', () => {
		const [ dashboard ] = mainEntries( nav );
		expect(
			dashboard && isActiveEntry( dashboard, '/my-account/library' )
		).toBe( true );
		expect(
			dashboard &&
				isActiveEntry( dashboard, '/my-account/library/videos' )
		).toBe( false );
	} );
} );

describe( 'findLibraryItem', () => {
	const items = [
		makeItem( { product_id: 5, tag: 'member', title: 'member copy' } ),
		makeItem( { product_id: 5, title: 'own copy' } ),
	];
	it( 'takes the member version with tag=member, otherwise the non-member one first', () => {
		expect( findLibraryItem( items, 5, true )?.title ).toBe(
			'member copy'
		);
		expect( findLibraryItem( items, 5, false )?.title ).toBe( 'own copy' );
		expect( findLibraryItem( [ items[ 0 ]! ], 5, false )?.title ).toBe(
			'member copy'
		);
		expect( findLibraryItem( items, 6, false ) ).toBeUndefined();
	} );

	it( 'opens the member version for tag=member wherever it is in the list, and none without one', () => {
		const [ member, own ] = items;
		expect( findLibraryItem( [ own!, member! ], 5, true )?.title ).toBe(
			'member copy'
		);
		expect( findLibraryItem( [ own! ], 5, true ) ).toBeUndefined();
	} );
} );

describe( 'portal path from the page config', () => {
	afterEach( () => {
		window.libraryPortalConfig = undefined;
	} );

	it( 'builds and recognises routes under config.portalPath', () => {
		window.libraryPortalConfig = { portalPath: '/members/library' };
		expect( paths.dashboard() ).toBe( '/members/library' );
		expect( paths.list( 'expired' ) ).toBe(
			'/members/library/videos?status=expired'
		);
		expect( islandForPath( '/members/library/videos/5' ) ).toBe( 'detail' );
		expect( islandForPath( '/members/library/notifications' ) ).toBe(
			'team'
		);
		expect( islandForPath( '/my-account/library/videos/5' ) ).toBeNull();
	} );
} );

describe( 'the address each link goes to', () => {
	afterEach( () => {
		window.libraryPortalConfig = undefined;
	} );

	it( 'builds every route of the table', () => {
		expect( paths.list() ).toBe( '/my-account/library/videos' );
		expect( paths.list( '' ) ).toBe( '/my-account/library/videos' );
		expect( paths.list( 'member product' ) ).toBe(
			'/my-account/library/videos?status=member%20product'
		);
		expect( paths.item( 4 ) ).toBe( '/my-account/library/videos/4' );
		expect( paths.item( 4, 'contract' ) ).toBe(
			'/my-account/library/videos/4'
		);
		expect( paths.users() ).toBe( '/my-account/library/users' );
		expect( paths.user( 12 ) ).toBe( '/my-account/library/users/12' );
		expect( paths.notifications() ).toBe(
			'/my-account/library/notifications'
		);
		expect( paths.contract( 5 ) ).toBe( '/contract/5' );
		expect( paths.contractItem( 5, 12 ) ).toBe( '/contract/5/12' );
		expect( paths.contractUsers( 5 ) ).toBe( '/contract/5/users' );
		expect( paths.contractUser( 5, 3 ) ).toBe( '/contract/5/users/3' );
		expect( paths.quiz( 12 ) ).toBe( '/quiz/12' );
	} );

	it( 'opens the test in a new tab at its full address below the site’s path', () => {
		window.libraryPortalConfig = { basePath: '/blog' };
		expect( paths.quizHref( 12 ) ).toBe( '/blog/quiz/12' );
	} );

	it( 'links a dashboard figure to the list with its types and status', () => {
		expect( paths.filteredList( [], '' ) ).toBe(
			'/my-account/library/videos'
		);
		expect( paths.filteredList( [], 'all' ) ).toBe(
			'/my-account/library/videos'
		);
		expect( paths.filteredList( [], 'expired' ) ).toBe(
			'/my-account/library/videos?status=expired'
		);
		expect( paths.filteredList( [ 'webinar', 'workshop' ], 'all' ) ).toBe(
			'/my-account/library/videos?type=webinar,workshop'
		);
		expect(
			paths.filteredList( [ 'webinar', 'workshop' ], 'completed' )
		).toBe(
			'/my-account/library/videos?type=webinar,workshop&status=completed'
		);
	} );
} );

describe( 'reading an address', () => {
	it( 'takes the whole contract id, decoded, only from a path that starts with /contract/', () => {
		expect( contractIdFromPath( '/contract/15/users' ) ).toBe( '15' );
		expect( contractIdFromPath( '/contract/a%20b' ) ).toBe( 'a b' );
		expect( contractIdFromPath( '/x/contract/5' ) ).toBeNull();
		expect( contractIdFromPath( '/contract/' ) ).toBeNull();
	} );

	it( 'strips the site’s path only as a whole folder', () => {
		expect( stripBasePath( '/blog', '/blog' ) ).toBe( '/' );
		expect( stripBasePath( '/blog/', '/blog' ) ).toBe( '/' );
		expect( stripBasePath( '/blogger/videos', '/blog' ) ).toBe(
			'/blogger/videos'
		);
		expect( stripBasePath( '/other', '/blog' ) ).toBe( '/other' );
	} );

	it( 'drops trailing slashes but keeps the root', () => {
		expect( normalizePath( '/' ) ).toBe( '/' );
		expect( normalizePath( '/contract/5//' ) ).toBe( '/contract/5' );
		expect( normalizePath( '/quiz/5' ) ).toBe( '/quiz/5' );
	} );

	it( 'opens an island only for the whole route, with ids of any length', () => {
		const cases: Array< [ string, string | null ] > = [
			[ '/my-account/library/videos/123', 'detail' ],
			[ '/my-account/library/videos/123/x', null ],
			[ '/my-account/library/x/videos/5', null ],
			[ '/my-account/Library/videos/5', null ],
			[ '/my-account/library/users/123', 'team' ],
			[ '/my-account/library/users/3/x', null ],
			[ '/my-account/library/x/users', null ],
			[ '/my-account/library/notifications/x', null ],
			[ '/contract/15', 'library' ],
			[ '/x/contract/5', null ],
			[ '/contract/15/12', 'detail' ],
			[ '/x/contract/5/12', null ],
			[ '/contract/5/12/x', null ],
			[ '/contract/15/users', 'team' ],
			[ '/contract/5/users/13', 'team' ],
			[ '/x/contract/5/users', null ],
			[ '/contract/5/users/3/x', null ],
			[ '/shareseats/abc/def', null ],
			[ '/x/shareseats/abc', null ],
			[ '/quiz/5/x', null ],
			[ '/x/quiz/5', null ],
		];
		for ( const [ path, island ] of cases ) {
			expect( [ path, islandForPath( path ) ] ).toEqual( [
				path,
				island,
			] );
		}
	} );
} );
