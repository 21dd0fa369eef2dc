/**
 * External dependencies
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { fetchDashboard } from '../../../api/dashboard';
import {
	makeDashboardStats,
	makeUser,
	setPortalConfig,
} from '../../../test-utils/fixtures';
import { renderScreen } from '../../../test-utils/render';
import type { DashboardStats } from '../../../types/library';
import { externalNavigation } from '../../shell/external';
import { Dashboard } from '../dashboard';

jest.mock( '../../../api/dashboard', () => ( {
	fetchDashboard: jest.fn(),
} ) );

const loadDashboard = fetchDashboard as jest.MockedFunction<
	typeof fetchDashboard
>;

const route = { url: '/my-account/library', path: '/my-account/library' };

const stats = ( overrides: Partial< DashboardStats > = {} ) =>
	makeDashboardStats( {
		onDemandWorkshops: 4,
		webinars: 2,
		eManuals: 1,
		completedTrainings: 3,
		completedVideos: 3,
		totalVideos: 6,
		canShare: true,
		filters: {
			onDemandWorkshops: {
				types: [ 'workshop', 'on-demand', 'on-demand-workshop' ],
				status: 'all',
			},
			webinars: {
				types: [ 'webinar', 'on-demand-webinar' ],
				status: 'all',
			},
			eManuals: { types: [ 'e-manual' ], status: 'all' },
			completedTrainings: { types: [], status: 'completed' },
			expiringLicensesThisMonth: { types: [], status: 'expired' },
		},
		...overrides,
	} );

const region = ( name: string ) => screen.findByRole( 'region', { name } );

beforeEach( () => {
	setPortalConfig( {
		walkthroughVideo: 'https://cdn.test/harbor.mp4',
		shareUsers: true,
	} );
	loadDashboard.mockReset();
} );

describe( 'Dashboard', () => {
	it( 'shows the loading animation, then says the figures could not be loaded and retries', async () => {
		loadDashboard.mockRejectedValueOnce( new Error( 'down' ) );
		renderScreen( <Dashboard />, route );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading your dashboard…'
		);
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Your library could not be loaded. Please try again.'
		);
		loadDashboard.mockResolvedValueOnce( stats() );
		fireEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		expect( await region( 'Your Library at a Glance' ) ).toBeVisible();
		expect( loadDashboard ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'shows the welcome card; the sharing sentence only to users who can share', async () => {
		loadDashboard.mockResolvedValue( stats() );
		const sharer = renderScreen( <Dashboard />, {
			...route,
			data: { user: makeUser() },
		} );
		expect(
			await screen.findByRole( 'heading', {
				level: 2,
				name: 'Welcome, Dana Reader!',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByText( /share licenses with your team/ )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Play the walkthrough video' } )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'link', { name: 'Contact Us' } )
		).toBeNull();
		sharer.unmount();

		loadDashboard.mockResolvedValue( stats( { canShare: false } ) );
		renderScreen( <Dashboard />, route );
		expect(
			await screen.findByText( /take tests to earn your certificates/ )
		).toBeInTheDocument();
		expect( screen.queryByText( /with your team/ ) ).toBeNull();
	} );

	it( 'offers Contact Us only when the site set its address', async () => {
		loadDashboard.mockResolvedValue( stats() );
		setPortalConfig( {
			contactUrl: 'https://support.example.test/ask',
		} );
		renderScreen( <Dashboard />, route );
		expect(
			await screen.findByRole( 'link', { name: 'Contact Us' } )
		).toHaveAttribute( 'href', 'https://support.example.test/ask' );
	} );

	it( "shows the server's library figures, each linking to the list filter it counts", async () => {
		loadDashboard.mockResolvedValue( stats() );
		renderScreen( <Dashboard />, route );
		const card = await region( 'Your Library at a Glance' );
		expect(
			within( card ).getByRole( 'link', {
				name: 'Your Library at a Glance',
			} )
		).toHaveAttribute( 'href', '/my-account/library/videos' );
		const link = ( name: string ) =>
			within( card ).getByRole( 'link', { name } ).getAttribute( 'href' );
		expect( link( 'On-Demand Workshops: 4' ) ).toBe(
			'/my-account/library/videos?type=workshop,on-demand,on-demand-workshop'
		);
		expect( link( 'Webinars: 2' ) ).toBe(
			'/my-account/library/videos?type=webinar,on-demand-webinar'
		);
		expect( link( 'E-Manuals: 1' ) ).toBe(
			'/my-account/library/videos?type=e-manual'
		);
		expect( link( 'Trainings Completed: 3' ) ).toBe(
			'/my-account/library/videos?status=completed'
		);
		expect(
			within( card ).getByText( 'Membership Expiry' ).nextElementSibling
		).toHaveTextContent( 'N/A' );
	} );

	it( 'shows the membership expiry date the server sent', async () => {
		loadDashboard.mockResolvedValue(
			stats( {
				membershipExpiry: Date.UTC( 2030, 5, 15, 12 ) / 1000,
				membershipExpiryDate: 'June 15, 2030',
			} )
		);
		renderScreen( <Dashboard />, route );
		const card = await region( 'Your Library at a Glance' );
		expect(
			within( card ).getByText( 'Membership Expiry' ).nextElementSibling
		).toHaveTextContent( 'June 15, 2030' );
	} );

	it( 'hides the team cards without shared users, shows them with the completion rate from the server', async () => {
		loadDashboard.mockResolvedValue( stats() );
		const alone = renderScreen( <Dashboard />, route );
		await region( 'Your Library at a Glance' );
		expect(
			screen.queryByRole( 'region', { name: 'Your Team at a Glance' } )
		).toBeNull();
		expect( screen.queryByText( /Congratulations/ ) ).toBeNull();
		alone.unmount();

		loadDashboard.mockResolvedValue(
			stats( {
				totalSharedUsers: 5,
				remainingLicenses: 7,
				completionRate: 67,
				completedUsersThisYear: 2,
			} )
		);
		renderScreen( <Dashboard />, route );
		const team = await region( 'Your Team at a Glance' );
		const value = ( term: string ) =>
			within( team ).getByText( term ).nextElementSibling?.textContent;
		expect( value( 'Active Team Members' ) ).toBe( '5' );
		expect( value( 'Remaining Licenses' ) ).toBe( '7' );
		expect( value( 'Completion Rate' ) ).toBe( '67%' );
		expect(
			within( team ).getByRole( 'link', {
				name: 'Your Team at a Glance',
			} )
		).toHaveAttribute( 'href', '/my-account/library/users' );
		const done = screen.getByRole( 'region', {
			name: 'Congratulations, your Team Members have completed trainings!',
		} );
		expect( done ).toHaveTextContent(
			'2 team members completed a training this year.'
		);
		expect(
			within( done ).getByRole( 'link', { name: 'View Progress' } )
		).toHaveAttribute( 'href', '/my-account/library/users' );
	} );

	it( 'opens the contract library of a user whose library is only a contract, with a page load', async () => {
		const replace = jest
			.spyOn( externalNavigation, 'replace' )
			.mockImplementation( () => undefined );
		loadDashboard.mockResolvedValue( stats( { contractHome: 3 } ) );
		renderScreen( <Dashboard />, route );
		await waitFor( () =>
			expect( replace ).toHaveBeenCalledWith( '/contract/3' )
		);
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Opening your contract library…'
		);
		replace.mockRestore();
	} );

	it( 'keeps the team cards away when Manage My Team is off', async () => {
		setPortalConfig( { shareUsers: false, isLocal: false } );
		loadDashboard.mockResolvedValue(
			stats( { totalSharedUsers: 5, completedUsersThisYear: 1 } )
		);
		renderScreen( <Dashboard />, route );
		await region( 'Your Library at a Glance' );
		expect(
			screen.queryByRole( 'region', { name: 'Your Team at a Glance' } )
		).toBeNull();
		expect( screen.queryByText( /Congratulations/ ) ).toBeNull();
	} );

	it( "shows 'Expiring Licenses This Month' only above 0, linking to ?status=expired", async () => {
		loadDashboard.mockResolvedValue( stats() );
		const none = renderScreen( <Dashboard />, route );
		await region( 'Your Library at a Glance' );
		expect(
			screen.queryByRole( 'region', {
				name: 'Expiring Licenses This Month',
			} )
		).toBeNull();
		none.unmount();

		loadDashboard.mockResolvedValue(
			stats( { expiringLicensesThisMonth: 3 } )
		);
		renderScreen( <Dashboard />, route );
		const card = await region( 'Expiring Licenses This Month' );
		expect( within( card ).getByRole( 'link' ) ).toHaveAttribute(
			'href',
			'/my-account/library/videos?status=expired'
		);
		expect( card ).toHaveTextContent( '3 licenses expire this month.' );
		await waitFor( () => expect( loadDashboard ).toHaveBeenCalled() );
	} );
} );
