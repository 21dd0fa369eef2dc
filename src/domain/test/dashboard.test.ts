/**
 * Internal dependencies
 */
import {
	figurePath,
	showsExpiring,
	showsTeam,
	showsTeamCompletions,
} from '../dashboard';
import { makeDashboardStats } from '../../test-utils/fixtures';

const stats = makeDashboardStats;

describe( 'dashboard display rules', () => {
	it( "links a figure to the server's filter, or to the plain list without one", () => {
		const withFilters = stats( {
			filters: {
				webinars: {
					types: [ 'webinar', 'on-demand-webinar' ],
					status: 'all',
				},
				completedTrainings: { types: [], status: 'completed' },
				expiringLicensesThisMonth: { types: [], status: 'expired' },
			},
		} );
		expect( figurePath( withFilters, 'webinars' ) ).toBe(
			'/my-account/library/videos?type=webinar,on-demand-webinar'
		);
		expect( figurePath( withFilters, 'completedTrainings' ) ).toBe(
			'/my-account/library/videos?status=completed'
		);
		expect( figurePath( withFilters, 'expiringLicensesThisMonth' ) ).toBe(
			'/my-account/library/videos?status=expired'
		);
		expect( figurePath( withFilters, 'eManuals' ) ).toBe(
			'/my-account/library/videos'
		);
	} );

	it( 'hides the team card without shared users and the completions card without completions this year', () => {
		expect( showsTeam( stats() ) ).toBe( false );
		expect( showsTeam( stats( { totalSharedUsers: 1 } ) ) ).toBe( true );
		expect( showsTeamCompletions( stats() ) ).toBe( false );
		expect(
			showsTeamCompletions( stats( { completedUsersThisYear: 1 } ) )
		).toBe( true );
	} );

	it( 'shows the expiring card only above 0 (the server counts unexpired licenses ending this month)', () => {
		expect( showsExpiring( stats() ) ).toBe( false );
		expect(
			showsExpiring( stats( { expiringLicensesThisMonth: -1 } ) )
		).toBe( false );
		expect(
			showsExpiring( stats( { expiringLicensesThisMonth: 2 } ) )
		).toBe( true );
	} );
} );
