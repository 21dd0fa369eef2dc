/**
 * Internal dependencies
 */
import { makeItem } from '../../test-utils/fixtures';
import { inTranslation } from '../../test-utils/translations';
import type { TeamMember } from '../../types/library';
import {
	courseName,
	matchesCourse,
	memberProgressRows,
	ownProgressRows,
	playbackStatusLabel,
	takeTestClickable,
	type ProgressRow,
} from '../progress';

function first( rows: ProgressRow[] ): ProgressRow {
	const row = rows[ 0 ];
	if ( ! row ) {
		throw new Error( 'no row' );
	}
	return row;
}

const library = [
	makeItem( { product_id: 1, title: 'Alpha', subtitle: 'Part One' } ),
	makeItem( {
		product_id: 2,
		title: 'Workbook',
		content_type: 'e-manual',
		content_type_label: 'E-Manual',
	} ),
	makeItem( {
		product_id: 3,
		title: 'Contract Course',
		tag: 'contract',
		contract_id: 9,
	} ),
	makeItem( {
		product_id: 4,
		title: 'Other Contract',
		tag: 'contract',
		contract_id: 10,
	} ),
	makeItem( { product_id: 1, title: 'Alpha', tag: 'member' } ),
];

describe( 'progress rows', () => {
	it( 'leaves e-manuals out and keeps contract rows to their contract', () => {
		expect(
			ownProgressRows( library, null ).map( ( row ) => row.key )
		).toEqual( [ '|0|1', 'member|0|1' ] );
		expect(
			ownProgressRows( library, 9 ).map( ( row ) => row.productId )
		).toEqual( [ 3 ] );
	} );

	it( "reads the server's playback status, completion date and certificate", () => {
		const [ row ] = ownProgressRows(
			[
				makeItem( {
					playback_status: 'completed',
					video_data: {
						progress: { count: 100, time: 0, parts: [] },
						pdf: 'https://x.test/c',
						completed_at: 1700000000,
						completed_date: 'March 5, 2025',
					},
				} ),
			],
			null
		);
		expect( row ).toMatchObject( {
			status: 'completed',
			completedAt: 1700000000,
			certificate: 'https://x.test/c',
		} );
	} );

	it( "maps a member's trainings and skips e-manuals", () => {
		const member: TeamMember = {
			id: 5,
			name: 'Theo',
			email: 't@x.test',
			shared_licenses: 2,
			completed_count: 0,
			total_count: 1,
			completed_percent: 0,
			revocable_share_ids: [],
			products: [ 'webinar', 'e-manual' ].map( ( type, index ) => ( {
				share_id: 40 + index,
				product_id: 7 + index,
				title: 'T',
				subtitle: '',
				content_type: type,
				content_type_label: type,
				expiry: 0,
				expired: false,
				activated: true,
				status: 'in-progress',
				video_data: {
					progress: { count: 40, time: 0 },
					pdf: false,
					completed_at: 0,
					completed_date: '',
				},
			} ) ),
		};
		expect( memberProgressRows( member ) ).toEqual( [
			expect.objectContaining( {
				key: 'share|40',
				productId: 7,
				status: 'in-progress',
				percent: 40,
			} ),
		] );
	} );

	it( "names the course 'title - subtitle' and searches it", () => {
		const row = first( ownProgressRows( library, null ) );
		expect( courseName( row ) ).toBe( 'Alpha - Part One' );
		expect( matchesCourse( row, 'part one' ) ).toBe( true );
		expect( matchesCourse( row, '  ' ) ).toBe( true );
		expect( matchesCourse( row, 'beta' ) ).toBe( false );
	} );

	it( 'labels the four playback statuses', () => {
		const base = first( ownProgressRows( library, null ) );
		expect(
			(
				[
					'not-started',
					'in-progress',
					'take-test',
					'completed',
				] as const
			 ).map( ( status ) =>
				playbackStatusLabel( { ...base, status, percent: 42.4 } )
			)
		).toEqual( [ 'Not Started', '42% Watched', 'Take Test', 'Completed' ] );
	} );

	it( 'makes Take Test clickable only on own items (no user id, or the same user)', () => {
		const base = first( ownProgressRows( library, null ) );
		const ready = { ...base, status: 'take-test' as const };
		expect( takeTestClickable( ready, undefined, 7 ) ).toBe( true );
		expect( takeTestClickable( ready, 7, 7 ) ).toBe( true );
		expect( takeTestClickable( ready, 8, 7 ) ).toBe( false );
		expect(
			takeTestClickable(
				{ ...base, status: 'in-progress' },
				undefined,
				7
			)
		).toBe( false );
	} );
} );

describe( 'what a progress row shows', () => {
	it( 'shows every column of an own training as the list has it', () => {
		expect(
			ownProgressRows(
				[
					makeItem( {
						product_id: 12,
						tag: 'member',
						title: 'Alpha',
						subtitle: 'Part One',
						content_type_label: 'Webinar',
						playback_status: 'in-progress',
						video_data: {
							progress: { count: 40, time: 0, parts: [] },
							pdf: false,
							completed_at: 0,
							completed_date: '',
						},
					} ),
				],
				null
			)
		).toEqual( [
			{
				key: 'member|0|12',
				productId: 12,
				tag: 'member',
				title: 'Alpha',
				subtitle: 'Part One',
				typeLabel: 'Webinar',
				completedAt: 0,
				completedDate: '',
				status: 'in-progress',
				percent: 40,
				certificate: false,
			},
		] );
	} );

	it( 'shows every column of a team member’s training, opening its own version', () => {
		const [ row ] = memberProgressRows( {
			id: 5,
			name: 'Theo',
			email: 't@x.test',
			shared_licenses: 1,
			completed_count: 1,
			total_count: 1,
			completed_percent: 100,
			revocable_share_ids: [],
			products: [
				{
					share_id: 40,
					product_id: 7,
					title: 'Beta',
					subtitle: 'Two',
					content_type: 'webinar',
					content_type_label: 'Webinar',
					status: 'completed',
					video_data: {
						progress: { count: 100, time: 0 },
						pdf: 'https://x.test/c',
						completed_at: 1700000000,
						completed_date: 'March 5, 2025',
					},
				},
			],
		} );
		expect( row ).toEqual( {
			key: 'share|40',
			productId: 7,
			tag: '',
			title: 'Beta',
			subtitle: 'Two',
			typeLabel: 'Webinar',
			completedAt: 1700000000,
			completedDate: 'March 5, 2025',
			status: 'completed',
			percent: 100,
			certificate: 'https://x.test/c',
		} );
	} );

	it( 'names a course without a subtitle by its title and finds it by its type', () => {
		const row = first(
			ownProgressRows(
				[
					makeItem( {
						title: 'Alpha',
						subtitle: '',
						content_type_label: 'Live Webinar',
					} ),
				],
				null
			)
		);
		expect( courseName( row ) ).toBe( 'Alpha' );
		expect( matchesCourse( row, 'LIVE web' ) ).toBe( true );
		expect( matchesCourse( row, '  alpha ' ) ).toBe( true );
	} );

	it( 'labels a seat being watched right now Active, in the portal’s language', () => {
		const base = first( ownProgressRows( library, null ) );
		expect( playbackStatusLabel( { ...base, status: 'active' } ) ).toBe(
			'Active'
		);
		expect(
			inTranslation( { Active: 'Aktiv' }, () =>
				playbackStatusLabel( { ...base, status: 'active' } )
			)
		).toBe( 'Aktiv' );
	} );

	it( 'keeps a contract’s rows out of the own table, and another contract’s out of a contract', () => {
		expect(
			ownProgressRows( library, 10 ).map( ( row ) => row.productId )
		).toEqual( [ 4 ] );
		expect(
			ownProgressRows(
				[ makeItem( { product_id: 5, contract_id: 10 } ) ],
				10
			)
		).toEqual( [] );
	} );
} );
