/**
 * Internal dependencies
 */
import { getConfig, readConfig } from '../config';

describe( 'page config reader', () => {
	it( 'fills safe defaults', () => {
		const config = readConfig( undefined );
		expect( config.brand ).toBe( 'harbor' );
		expect( config.basePath ).toBe( '' );
		expect( config.restRoot ).toBe( '/wp-json/' );
		expect( config.shareData ).toBeNull();
		expect( config.contractData ).toBeNull();
		expect( config.contracts ).toEqual( [] );
		expect( config.freeWebinar ).toBe( false );
	} );

	it( 'normalises types, slashes and nested objects', () => {
		const config = readConfig( {
			brand: 'summit',
			basePath: '/blog/',
			siteUrl: 'https://site.test',
			publicPath: 'https://site.test/build',
			shareUsers: '1',
			currentUser: { id: '7', display_name: 'Dana' },
			contractData: { id: '5', title: 'Acme' },
			contracts: [
				{ id: '5', title: 'Acme', ended: false },
				{ id: 0, title: 'broken' },
				'nonsense',
				{ id: 6, title: 'Old', ended: true },
			],
		} );
		expect( config.brand ).toBe( 'summit' );
		expect( config.basePath ).toBe( '/blog' );
		expect( config.siteUrl ).toBe( 'https://site.test/' );
		expect( config.publicPath ).toBe( 'https://site.test/build/' );
		expect( config.shareUsers ).toBe( true );
		expect( config.currentUser.id ).toBe( 7 );
		expect( config.contractData?.id ).toBe( 5 );
		expect( config.contractData?.organizer.name ).toBe( '' );
		expect( config.contracts ).toEqual( [
			{ id: 5, title: 'Acme', ended: false },
			{ id: 6, title: 'Old', ended: true },
		] );
	} );

	it( 'reads the account links; a missing or malformed one is hidden', () => {
		expect( readConfig( undefined ).accountLinks.orders ).toBe( '' );
		const { accountLinks } = readConfig( {
			accountLinks: {
				orders: 'https://shop.test/my-account/orders/',
				wallet: 42,
				unknown: 'https://shop.test/x/',
			},
		} );
		expect( accountLinks.orders ).toBe(
			'https://shop.test/my-account/orders/'
		);
		expect( accountLinks.wallet ).toBe( '' );
		expect( accountLinks[ 'member-promos' ] ).toBe( '' );
		expect( Object.keys( accountLinks ) ).not.toContain( 'unknown' );
	} );

	it( 'reads the portal path PHP prints, with one leading slash', () => {
		expect(
			readConfig( { portalPath: 'members/library/' } ).portalPath
		).toBe( '/members/library' );
	} );

	it( 'reads window.libraryPortalConfig', () => {
		window.libraryPortalConfig = { brand: 'summit' };
		expect( getConfig().brand ).toBe( 'summit' );
		window.libraryPortalConfig = { brand: 'harbor' };
		expect( getConfig().brand ).toBe( 'harbor' );
	} );
} );
