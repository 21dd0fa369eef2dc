/**
 * External dependencies
 */
import { fireEvent, screen, within } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { revokeShare } from '../../../api/share';
import { fetchTeam } from '../../../api/team';
import { HIDDEN_USERS_KEY } from '../../../domain/team';
import { makeItem, setPortalConfig } from '../../../test-utils/fixtures';
import { renderScreen } from '../../../test-utils/render';
import type { TeamMember, TeamProduct } from '../../../types/library';
import { UserProgress } from '../user-progress';

jest.mock( '../../../api/team', () => ( {
	...jest.requireActual( '../../../api/team' ),
	fetchTeam: jest.fn(),
} ) );

jest.mock( '../../../api/share', () => ( {
	...jest.requireActual( '../../../api/share' ),
	revokeShare: jest.fn(),
} ) );

const loadTeam = fetchTeam as jest.MockedFunction< typeof fetchTeam >;
const revoke = revokeShare as jest.MockedFunction< typeof revokeShare >;
const path = '/my-account/library/users/:userId';

const product = ( overrides: Partial< TeamProduct > ): TeamProduct => ( {
	share_id: 50,
	product_id: 5,
	title: 'Alpha',
	subtitle: 'Part One',
	content_type: 'webinar',
	content_type_label: 'Webinar',
	status: 'take-test',
	video_data: {
		progress: { count: 96, time: 0 },
		pdf: false,
		completed_at: 0,
		completed_date: '',
	},
	...overrides,
} );

const theo: TeamMember = {
	id: 11,
	name: 'Theo Member',
	email: 'theo@example.com',
	shared_licenses: 3,
	completed_count: 1,
	total_count: 2,
	completed_percent: 50,
	revocable_share_ids: [ 50 ],
	products: [
		product( {} ),
		product( {
			share_id: 51,
			product_id: 6,
			title: 'Beta',
			subtitle: '',
			status: 'completed',
			video_data: {
				progress: { count: 100, time: 0 },
				pdf: 'https://example.test/certificate/ABC/download',
				completed_at: Date.UTC( 2026, 2, 5, 12 ) / 1000,
				completed_date: 'March 5, 2026',
			},
		} ),
	],
};

const tableRows = (): HTMLElement[] =>
	within( screen.getByRole( 'table', { name: 'Training progress' } ) )
		.getAllByRole( 'row' )
		.slice( 1 );

function nth( rows: HTMLElement[], index: number ): HTMLElement {
	const row = rows[ index ];
	if ( ! row ) {
		throw new Error( `no row ${ index }` );
	}
	return row;
}

beforeEach( () => {
	setPortalConfig( { locale: 'en-US' } );
	window.localStorage.clear();
	loadTeam.mockReset();
} );

describe( 'Single user progress', () => {
	it( "'Your Progress' lists the own trainings without e-manuals, with Take Test as a link", () => {
		renderScreen( <UserProgress />, {
			url: '/my-account/library/users/7',
			path,
			data: {
				items: [
					makeItem( {
						product_id: 5,
						title: 'Alpha',
						subtitle: 'Part One',
						playback_status: 'take-test',
					} ),
					makeItem( {
						product_id: 6,
						title: 'Workbook',
						content_type: 'e-manual',
					} ),
				],
			},
		} );
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Your Progress' } )
		).toBeInTheDocument();
		const rows = tableRows();
		expect( rows ).toHaveLength( 1 );
		const alpha = nth( rows, 0 );
		expect(
			within( alpha ).getByRole( 'link', {
				name: 'Alpha - Part One',
			} )
		).toHaveAttribute( 'href', '/my-account/library/videos/5' );
		expect(
			within( alpha ).getByRole( 'link', { name: /Take Test/ } )
		).toHaveAttribute( 'href', '/quiz/5' );
		expect( loadTeam ).not.toHaveBeenCalled();
	} );

	it( 'searches courses', () => {
		renderScreen( <UserProgress />, {
			url: '/my-account/library/users/7',
			path,
			data: {
				items: [
					makeItem( { product_id: 5, title: 'Alpha' } ),
					makeItem( { product_id: 6, title: 'Beta' } ),
				],
			},
		} );
		fireEvent.change( screen.getByPlaceholderText( 'Search courses...' ), {
			target: { value: 'bet' },
		} );
		expect( tableRows() ).toHaveLength( 1 );
		fireEvent.change( screen.getByPlaceholderText( 'Search courses...' ), {
			target: { value: 'zzz' },
		} );
		expect( screen.getByText( 'No items found' ) ).toBeInTheDocument();
	} );

	it( "another user's page shows their facts and no test link", async () => {
		loadTeam.mockResolvedValue( [ theo ] );
		renderScreen( <UserProgress />, {
			url: '/my-account/library/users/11',
			path,
		} );
		expect(
			await screen.findByRole( 'heading', {
				level: 1,
				name: 'Progress of Theo Member',
			} )
		).toBeInTheDocument();
		expect( screen.queryByText( 'Your Progress' ) ).toBeNull();
		expect( screen.getByText( 'theo@example.com' ) ).toBeInTheDocument();
		expect( screen.getByText( 'Licenses' ).nextSibling ).toHaveTextContent(
			'3'
		);
		expect( screen.getByText( '1/2' ) ).toBeInTheDocument();
		const alpha = nth( tableRows(), 0 );
		const beta = nth( tableRows(), 1 );
		expect( alpha ).toHaveTextContent( 'Take Test' );
		expect(
			within( alpha ).queryByRole( 'link', { name: /Take Test/ } )
		).toBeNull();
		expect( beta ).toHaveTextContent( 'March 5, 2026' );
		expect(
			within( beta ).getByRole( 'link', { name: /View Certificate/ } )
		).toHaveAttribute(
			'href',
			'https://example.test/certificate/ABC/download'
		);
	} );

	it( "'Remove Team Member' says what it does, hides the user here, and takes back only when asked", async () => {
		loadTeam.mockResolvedValue( [ theo ] );
		renderScreen( <UserProgress />, {
			url: '/my-account/library/users/11',
			path,
		} );
		fireEvent.click(
			await screen.findByRole( 'button', { name: 'Remove Team Member' } )
		);
		const dialog = screen.getByRole( 'dialog', {
			name: 'Remove this team member?',
		} );
		expect( dialog ).toHaveTextContent(
			'This hides Theo Member from your team list in this browser. Trainings they have started stay theirs.'
		);
		const takeBack = within( dialog ).getByRole( 'checkbox', {
			name: /Also take back 1 unstarted license/,
		} );
		expect( takeBack ).not.toBeChecked();
		expect( window.localStorage.getItem( HIDDEN_USERS_KEY ) ).toBeNull();
		fireEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Remove from list' } )
		);
		await screen.findByText( '/my-account/library/users' );
		expect( revoke ).not.toHaveBeenCalled();
		expect( window.localStorage.getItem( HIDDEN_USERS_KEY ) ).toBe(
			'[11]'
		);
	} );

	it( 'takes back the seats the server listed, through the server’s revoke', async () => {
		loadTeam.mockResolvedValue( [ theo ] );
		revoke.mockResolvedValue( { message: 'ok', availableLicenses: 1 } );
		renderScreen( <UserProgress />, {
			url: '/my-account/library/users/11',
			path,
		} );
		fireEvent.click(
			await screen.findByRole( 'button', { name: 'Remove Team Member' } )
		);
		fireEvent.click(
			screen.getByRole( 'checkbox', { name: /Also take back/ } )
		);
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Remove from list' } )
		);
		await screen.findByText( '/my-account/library/users' );
		expect( revoke ).toHaveBeenCalledTimes( 1 );
		expect( revoke ).toHaveBeenCalledWith( 50 );
	} );

	it( 'says so when the user is not on the team', async () => {
		loadTeam.mockResolvedValue( [ theo ] );
		renderScreen( <UserProgress />, {
			url: '/my-account/library/users/99',
			path,
		} );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'This user is not on your team'
		);
	} );
} );
