/**
 * External dependencies
 */
import { fireEvent, screen, within } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { fetchTeam } from '../../../api/team';
import { HIDDEN_USERS_KEY } from '../../../domain/team';
import { setPortalConfig } from '../../../test-utils/fixtures';
import { renderScreen } from '../../../test-utils/render';
import type { TeamMember } from '../../../types/library';
import { TeamList } from '../team-list';

jest.mock( '../../../api/team', () => ( {
	...jest.requireActual( '../../../api/team' ),
	fetchTeam: jest.fn(),
} ) );

const loadTeam = fetchTeam as jest.MockedFunction< typeof fetchTeam >;

const member = ( overrides: Partial< TeamMember > ): TeamMember => ( {
	id: 11,
	name: 'Theo Member',
	email: 'theo@example.com',
	shared_licenses: 2,
	completed_count: 1,
	total_count: 3,
	completed_percent: 33,
	products: [],
	revocable_share_ids: [],
	...overrides,
} );

const route = {
	url: '/my-account/library/users',
	path: '/my-account/library/users',
};

const rows = () =>
	within( screen.getByRole( 'table', { name: 'Team members' } ) )
		.getAllByRole( 'row' )
		.slice( 1 )
		.map( ( row ) => within( row ).getByRole( 'rowheader' ).textContent );

beforeEach( () => {
	setPortalConfig( {
		restRoot: 'http://example.test/wp-json/',
		restNonce: 'n0nce',
	} );
	window.localStorage.clear();
	loadTeam.mockReset();
} );

describe( 'Team list', () => {
	it( "shows each member's counts as the server sent them, with View Progress and the CSV export", async () => {
		loadTeam.mockResolvedValue( [
			member( {} ),
			member( {
				id: 12,
				name: 'Mia Second',
				email: 'mia@example.com',
				completed_count: 0,
				total_count: 1,
				shared_licenses: 1,
			} ),
		] );
		renderScreen( <TeamList />, route );
		expect(
			await screen.findByRole( 'table', { name: 'Team members' } )
		).toBeVisible();
		expect(
			screen.getByRole( 'heading', {
				level: 1,
				name: 'Team Member Progress',
			} )
		).toBeInTheDocument();
		const theo = screen.getByRole( 'row', { name: /Theo Member/ } );
		expect( theo ).toHaveTextContent( 'theo@example.com' );
		expect( theo ).toHaveTextContent( '1/3' );
		expect(
			within( theo ).getByRole( 'link', {
				name: 'View Progress of Theo Member',
			} )
		).toHaveAttribute( 'href', '/my-account/library/users/11' );
		expect(
			screen.getByRole( 'link', { name: 'Export CSV' } )
		).toHaveAttribute(
			'href',
			'http://example.test/wp-json/library/v2/shareduserscontent/export?_wpnonce=n0nce'
		);
	} );

	it( 'searches names and e-mails', async () => {
		loadTeam.mockResolvedValue( [
			member( {} ),
			member( { id: 12, name: 'Mia Second', email: 'mia@example.com' } ),
		] );
		renderScreen( <TeamList />, route );
		await screen.findByRole( 'table', { name: 'Team members' } );
		fireEvent.change( screen.getByPlaceholderText( 'Search users...' ), {
			target: { value: 'MIA@' },
		} );
		expect( rows() ).toEqual( [ 'Mia Second' ] );
	} );

	it( 'hides a user in this browser only, and Show All Users (n hidden) brings them back', async () => {
		loadTeam.mockResolvedValue( [
			member( {} ),
			member( { id: 12, name: 'Mia Second', email: 'mia@example.com' } ),
		] );
		const first = renderScreen( <TeamList />, route );
		await screen.findByRole( 'table', { name: 'Team members' } );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Hide Theo Member' } )
		);
		expect( rows() ).toEqual( [ 'Mia Second' ] );
		expect(
			JSON.parse( window.localStorage.getItem( HIDDEN_USERS_KEY ) ?? '' )
		).toEqual( [ 11 ] );
		first.unmount();

		renderScreen( <TeamList />, route );
		await screen.findByRole( 'table', { name: 'Team members' } );
		expect( rows() ).toEqual( [ 'Mia Second' ] );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Show All Users (1 hidden)' } )
		);
		expect( rows() ).toEqual( [ 'Theo Member', 'Mia Second' ] );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Unhide Theo Member' } )
		);
		expect( window.localStorage.getItem( HIDDEN_USERS_KEY ) ).toBe( '[]' );
	} );

	it( 'says when nothing is shared, leaves out the own user, and offers Retry on failure', async () => {
		loadTeam.mockResolvedValueOnce( [ member( { id: 7 } ) ] );
		const empty = renderScreen( <TeamList />, route );
		expect(
			await screen.findByText(
				"You haven't shared any content with other users yet."
			)
		).toBeInTheDocument();
		empty.unmount();

		loadTeam.mockRejectedValueOnce( new Error( 'down' ) );
		renderScreen( <TeamList />, route );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Failed to load shared user data.'
		);
		loadTeam.mockResolvedValueOnce( [ member( {} ) ] );
		fireEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		expect(
			await screen.findByRole( 'table', { name: 'Team members' } )
		).toBeVisible();
	} );
} );
