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
