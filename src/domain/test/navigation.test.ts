/**
 * Internal dependencies
 */
import { inTranslation } from '../../test-utils/translations';
import {
	accountEntries,
	isActiveEntry,
	mainEntries,
	type NavEntry,
	type NavOptions,
} from '../navigation';

const nav: NavOptions = {
	contractMode: false,
	contractId: null,
	shareUsers: true,
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

/**
 * What a person reads in the sidebar: each entry's words, where it leads and whether it leaves
 * the portal.
 *
 * @param entries Sidebar entries.
 */
const shown = ( entries: NavEntry[] ) =>
	entries.map( ( { label, to, external } ) => ( { label, to, external } ) );

describe( 'the sidebar’s main entries', () => {
	it( 'lead to the portal’s own pages, inside the portal', () => {
		expect( shown( mainEntries( nav ) ) ).toEqual( [
			{ label: 'Dashboard', to: '/my-account/library', external: false },
			{
				label: 'Library',
				to: '/my-account/library/videos',
				external: false,
			},
			{
				label: 'My Progress',
				to: '/my-account/library/users/7',
				external: false,
			},
			{
				label: 'Manage My Team',
				to: '/my-account/library/users',
				external: false,
			},
		] );
	} );

	it( 'in a contract, lead to the contract’s list and its users', () => {
		expect(
			shown(
				mainEntries( { ...nav, contractMode: true, contractId: '5' } )
			)
		).toEqual( [
			{ label: 'Library', to: '/contract/5', external: false },
			{ label: 'My Progress', to: '/contract/5/users', external: false },
		] );
	} );

	it( 'on a contract path without an id, Library and My Progress stay the portal’s pages', () => {
		expect(
			shown(
				mainEntries( { ...nav, contractMode: true, contractId: null } )
			)
		).toEqual( [
			{
				label: 'Library',
				to: '/my-account/library/videos',
				external: false,
			},
			{
				label: 'My Progress',
				to: '/my-account/library/users/7',
				external: false,
			},
		] );
	} );

	it( 'are read in the portal’s language', () => {
		const labels = inTranslation(
			{
				Dashboard: 'Übersicht',
				Library: 'Bibliothek',
				'My Progress': 'Mein Fortschritt',
				'Manage My Team': 'Mein Team verwalten',
			},
			() => mainEntries( nav ).map( ( entry ) => entry.label )
		);
		expect( labels ).toEqual( [
			'Übersicht',
			'Bibliothek',
			'Mein Fortschritt',
			'Mein Team verwalten',
		] );
	} );
} );

describe( 'the Account Details group', () => {
	it( 'is read in the portal’s language', () => {
		const labels = inTranslation(
			{
				'Certificate Program': 'Zertifikatsprogramm',
				Orders: 'Bestellungen',
				Subscriptions: 'Abonnements',
				Addresses: 'Adressen',
				'Payment Methods': 'Zahlungsarten',
				'Wallet Balance': 'Guthaben',
				Logout: 'Abmelden',
			},
			() => accountEntries( nav ).map( ( entry ) => entry.label )
		);
		expect( labels ).toEqual( [
			'Zertifikatsprogramm',
			'Bestellungen',
			'Abonnements',
			'Adressen',
			'Zahlungsarten',
			'Guthaben',
			'Abmelden',
		] );
	} );

	it( 'leaves the portal for each account page and for Logout', () => {
		expect( shown( accountEntries( nav ) ) ).toContainEqual( {
			label: 'Wallet Balance',
			to: 'https://site.test/my-account/my-balance/',
			external: true,
		} );
	} );

	it( 'is never the active entry, even on a path equal to its address', () => {
		const entries = accountEntries( { ...nav, logoutUrl: '/logout' } );
		const logout = entries[ entries.length - 1 ]!;
		expect( isActiveEntry( logout, '/logout' ) ).toBe( false );
	} );
} );
