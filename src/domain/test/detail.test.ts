/**
 * Internal dependencies
 */
import { makeItem } from '../../test-utils/fixtures';
import { inTranslation } from '../../test-utils/translations';
import {
	detailTabs,
	showsShareProgress,
	downloadLabel,
	needsActivation,
	replaceItem,
	showsShareNotice,
	showsWatchedBadge,
	testDurationText,
	noAccessNotice,
	noticeSaysAccessEnded,
} from '../detail';

describe( 'header rules', () => {
	it.each( [ 'membership', 'e-course', 'e-manual' ] )(
		'%s has no watched badge',
		( type ) => {
			expect(
				showsWatchedBadge( makeItem( { content_type: type } ) )
			).toBe( false );
		}
	);

	it.each( [ 'webinar', 'on-demand-workshop', 'certificate-self-guided' ] )(
		'%s has the watched badge',
		( type ) => {
			expect(
				showsWatchedBadge( makeItem( { content_type: type } ) )
			).toBe( true );
		}
	);

	it( 'says about 10 minutes for a webinar and 30-60 for a workshop, in one sitting', () => {
		expect(
			testDurationText(
				makeItem( { content_type: 'on-demand-webinar' } )
			)
		).toMatch( /about 10 minutes.*one sitting/ );
		expect(
			testDurationText( makeItem( { content_type: 'workshop' } ) )
		).toMatch( /30–60 minutes.*one sitting/ );
	} );

	it( 'has no test text without access or for manual-like types', () => {
		expect(
			testDurationText(
				makeItem( { content_type: 'webinar', access: 'no_license' } )
			)
		).toBe( '' );
		expect(
			testDurationText( makeItem( { content_type: 'e-manual' } ) )
		).toBe( '' );
	} );

	it( 'names the attachment by type', () => {
		expect( downloadLabel( 'on-demand-webinar' ) ).toBe(
			'Download PowerPoint'
		);
		expect( downloadLabel( 'on-demand-workshop' ) ).toBe(
			'Download Manual'
		);
		expect( downloadLabel( 'webinar' ) ).toBe( 'Download' );
	} );

	it( 'shows the 5% notice while not activated, never for member items', () => {
		expect( showsShareNotice( makeItem( { activated: false } ) ) ).toBe(
			true
		);
		expect( showsShareNotice( makeItem( { activated: true } ) ) ).toBe(
			false
		);
		expect(
			showsShareNotice(
				makeItem( {
					activated: false,
					tag: 'member',
					share_controls: false,
				} )
			)
		).toBe( false );
	} );

	it( 'gives team members and contract users neither the notice nor Share Details (the server’s share_controls)', () => {
		for ( const viewer of [ 'team_member', 'contract_user' ] as const ) {
			const item = makeItem( {
				activated: false,
				viewer,
				share_controls: false,
			} );
			expect( showsShareNotice( item ) ).toBe( false );
			expect( detailTabs( item, false, true ).share ).toBe( false );
		}
	} );

	it( 'asks to activate only a seat that is not yet activated', () => {
		expect(
			needsActivation( makeItem( { access: 'can_activate' } ) )
		).toBe( true );
		expect( needsActivation( makeItem( { access: 'shared' } ) ) ).toBe(
			true
		);
		expect( needsActivation( makeItem( { access: 'activated' } ) ) ).toBe(
			false
		);
		expect( needsActivation( makeItem( { access: 'member' } ) ) ).toBe(
			false
		);
	} );
} );

describe( 'tab rules', () => {
	it( 'a video item with access opens Training Details, both tabs shown', () => {
		expect( detailTabs( makeItem(), false, false ) ).toEqual( {
			training: true,
			share: true,
			initial: 'training',
			redirectToContract: false,
		} );
	} );

	it( 'tab=share-details opens Share Details', () => {
		expect( detailTabs( makeItem(), false, true ).initial ).toBe( 'share' );
	} );

	it.each( [
		'e-manual',
		'e-course',
		'membership',
		'certificate-self-guided',
	] )( '%s skips Training Details and opens Share Details', ( type ) => {
		const tabs = detailTabs(
			makeItem( { content_type: type } ),
			false,
			false
		);
		expect( tabs.training ).toBe( false );
		expect( tabs.initial ).toBe( 'share' );
	} );

	it( 'an item without access opens Share Details', () => {
		const tabs = detailTabs(
			makeItem( { access: 'no_license' } ),
			false,
			false
		);
		expect( tabs ).toMatchObject( { training: false, initial: 'share' } );
	} );

	it( 'hides Share Details for member items and in a contract', () => {
		expect(
			detailTabs( makeItem( { tag: 'member' } ), false, true )
		).toMatchObject( { share: false, initial: 'training' } );
		expect( detailTabs( makeItem(), true, true ) ).toMatchObject( {
			share: false,
			initial: 'training',
			redirectToContract: false,
		} );
	} );

	it( 'in a contract, a type that would open Share Details goes back to the contract page', () => {
		expect(
			detailTabs( makeItem( { content_type: 'e-manual' } ), true, false )
				.redirectToContract
		).toBe( true );
		expect(
			detailTabs( makeItem( { access: 'no_license' } ), true, false )
				.redirectToContract
		).toBe( true );
	} );
} );

describe( 'replaceItem', () => {
	it( 'replaces the row with the same product, tag and contract', () => {
		const own = makeItem( { product_id: 5, status: 'not-started' } );
		const member = makeItem( { product_id: 5, tag: 'member' } );
		const next = replaceItem(
			[ own, member ],
			makeItem( { product_id: 5, status: 'in-progress' } )
		);
		expect( next[ 0 ]?.status ).toBe( 'in-progress' );
		expect( next[ 1 ] ).toBe( member );
	} );

	it( 'leaves the list alone when the row is not in it', () => {
		const items = [ makeItem( { product_id: 1 } ) ];
		expect( replaceItem( items, makeItem( { product_id: 2 } ) ) ).toBe(
			items
		);
	} );
} );

describe( 'noAccessNotice: what Share Details says when the owner cannot open the item', () => {
	it( 'says nothing while the server grants access', () => {
		expect(
			noAccessNotice(
				makeItem( { access: 'activated', status: 'shared' } )
			)
		).toBe( '' );
	} );

	it( 'tells an owner who shared every seat that none is left, and how to keep one', () => {
		expect(
			noAccessNotice(
				makeItem( { access: 'no_license', status: 'shared' } )
			)
		).toBe(
			'All your licenses are shared with your team, so none is left for you to watch this training. To keep one for yourself, revoke a share nobody has started below, or add licenses.'
		);
	} );

	it( 'tells the day access ended when every seat expired', () => {
		expect(
			noAccessNotice(
				makeItem( {
					access: 'no_license',
					status: 'expired',
					expiry_date: 'March 3, 2024',
				} )
			)
		).toBe(
			'Your access ended on March 3, 2024. Renew to watch this training again.'
		);
		expect(
			noAccessNotice(
				makeItem( {
					access: 'no_license',
					status: 'expired',
					expiry_date: '',
				} )
			)
		).toBe( 'Your access has ended. Renew to watch this training again.' );
	} );

	it( 'keeps the spec text for any other item without access', () => {
		expect(
			noAccessNotice(
				makeItem( { access: 'no_license', status: 'not-started' } )
			)
		).toBe(
			"You don't have access to view this video content. You can manage sharing details below."
		);
	} );
} );

describe( 'the Share Details table', () => {
	it( 'shows progress, completion and certificate only for types with a video', () => {
		const types = [
			'e-manual',
			'membership',
			'e-course',
			'webinar',
			'certificate-self-guided',
		];
		expect(
			types.map( ( type ) =>
				showsShareProgress( makeItem( { content_type: type } ) )
			)
		).toEqual( [ false, false, false, true, true ] );
	} );
} );

describe( 'the test text of other video types', () => {
	it( 'says the test is needed, in one sitting, without a duration', () => {
		expect(
			testDurationText( makeItem( { content_type: 'certificate' } ) )
		).toBe(
			'A test is required to receive the certificate. It must be completed in one sitting.'
		);
		expect(
			testDurationText(
				makeItem( { content_type: 'certificate-self-guided' } )
			)
		).toBe( '' );
	} );

	it( 'says about 10 minutes for a live webinar and 30-60 for an on-demand workshop', () => {
		const tenMinutes =
			'A test is required to receive the certificate. It takes about 10 minutes and must be completed in one sitting.';
		const anHour =
			'A test is required to receive the certificate. It takes about 30–60 minutes and must be completed in one sitting.';
		expect(
			[ 'webinar', 'on-demand-webinar' ].map( ( type ) =>
				testDurationText( makeItem( { content_type: type } ) )
			)
		).toEqual( [ tenMinutes, tenMinutes ] );
		expect(
			[ 'workshop', 'on-demand-workshop', 'on-demand' ].map( ( type ) =>
				testDurationText( makeItem( { content_type: type } ) )
			)
		).toEqual( [ anHour, anHour, anHour ] );
	} );
} );

describe( 'the tabs of a video item with access in a contract', () => {
	it( 'opens Training Details and stays on the contract’s item', () => {
		expect( detailTabs( makeItem(), true, false ) ).toEqual( {
			training: true,
			share: false,
			initial: 'training',
			redirectToContract: false,
		} );
	} );

	it( 'has no tab at all for a contract item without a video', () => {
		expect(
			detailTabs( makeItem( { content_type: 'e-manual' } ), true, false )
		).toEqual( {
			training: false,
			share: false,
			initial: null,
			redirectToContract: true,
		} );
	} );
} );

describe( 'replaceItem keeps the other rows', () => {
	it( 'replaces only the first row of the same product, tag and contract', () => {
		const first = makeItem( { product_id: 5, title: 'first' } );
		const twin = makeItem( { product_id: 5, title: 'twin' } );
		const otherContract = makeItem( {
			product_id: 5,
			contract_id: 9,
			title: 'contract',
		} );
		const member = makeItem( {
			product_id: 5,
			tag: 'member',
			title: 'member',
		} );
		const next = replaceItem(
			[ member, otherContract, first, twin ],
			makeItem( { product_id: 5, title: 'updated' } )
		);
		expect( next.map( ( item ) => item.title ) ).toEqual( [
			'member',
			'contract',
			'updated',
			'twin',
		] );
	} );
} );

describe( 'detail texts in the portal’s language', () => {
	it( 'reads the notices, test texts and download links translated', () => {
		const texts = inTranslation(
			{
				'All your licenses are shared with your team, so none is left for you to watch this training. To keep one for yourself, revoke a share nobody has started below, or add licenses.':
					'Alle Lizenzen sind geteilt.',
				'Your access ended on %s. Renew to watch this training again.':
					'Ihr Zugang endete am %s.',
				'Your access has ended. Renew to watch this training again.':
					'Ihr Zugang ist beendet.',
				"You don't have access to view this video content. You can manage sharing details below.":
					'Kein Zugang.',
				'A test is required to receive the certificate. It takes about 10 minutes and must be completed in one sitting.':
					'Test, etwa 10 Minuten.',
				'A test is required to receive the certificate. It takes about 30–60 minutes and must be completed in one sitting.':
					'Test, etwa 30–60 Minuten.',
				'A test is required to receive the certificate. It must be completed in one sitting.':
					'Test.',
				'Download PowerPoint': 'PowerPoint herunterladen',
				'Download Manual': 'Handbuch herunterladen',
				Download: 'Herunterladen',
			},
			() => [
				noAccessNotice(
					makeItem( { access: 'no_license', status: 'shared' } )
				),
				noAccessNotice(
					makeItem( {
						access: 'no_license',
						status: 'expired',
						expiry_date: '03.03.2024',
					} )
				),
				noAccessNotice(
					makeItem( {
						access: 'no_license',
						status: 'expired',
						expiry_date: '',
					} )
				),
				noAccessNotice( makeItem( { access: 'no_license' } ) ),
				testDurationText( makeItem( { content_type: 'webinar' } ) ),
				testDurationText( makeItem( { content_type: 'workshop' } ) ),
				testDurationText( makeItem( { content_type: 'certificate' } ) ),
				downloadLabel( 'on-demand-webinar' ),
				downloadLabel( 'on-demand-workshop' ),
				downloadLabel( 'e-manual' ),
			]
		);
		expect( texts ).toEqual( [
			'Alle Lizenzen sind geteilt.',
			'Ihr Zugang endete am 03.03.2024.',
			'Ihr Zugang ist beendet.',
			'Kein Zugang.',
			'Test, etwa 10 Minuten.',
			'Test, etwa 30–60 Minuten.',
			'Test.',
			'PowerPoint herunterladen',
			'Handbuch herunterladen',
			'Herunterladen',
		] );
	} );
} );

describe( 'noticeSaysAccessEnded: one expiry notice for an item', () => {
	it( 'is true when every seat expired: Share Details says the day, the header not again', () => {
		expect(
			noticeSaysAccessEnded(
				makeItem( { access: 'no_license', status: 'expired' } )
			)
		).toBe( true );
	} );

	it( 'is false while the server grants access, even on an expired status', () => {
		expect(
			noticeSaysAccessEnded(
				makeItem( { access: 'activated', status: 'expired' } )
			)
		).toBe( false );
	} );

	it( 'is false without access for another reason (every seat shared)', () => {
		expect(
			noticeSaysAccessEnded(
				makeItem( { access: 'no_license', status: 'shared' } )
			)
		).toBe( false );
	} );
} );
