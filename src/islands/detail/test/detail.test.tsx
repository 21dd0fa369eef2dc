/**
 * External dependencies
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { makeItem, setPortalConfig } from '../../../test-utils/fixtures';
import { renderScreen } from '../../../test-utils/render';
import { fetchContractItem, fetchVideo } from '../../../api/video';
import { activateManualLicense } from '../../../api/activation';
import { ApiError } from '../../../api/client';
import { startDownload } from '../../../lib/download';
import type { VideoDetails } from '../../../types/library';
import { ItemDetail } from '..';

jest.mock( '../../../api/video', () => ( {
	...jest.requireActual( '../../../api/video' ),
	fetchVideo: jest.fn(),
	fetchContractItem: jest.fn(),
} ) );
jest.mock( '../../../api/activation', () => ( {
	...jest.requireActual( '../../../api/activation' ),
	activateManualLicense: jest.fn(),
} ) );
jest.mock( '../../../api/share', () => ( {
	...jest.requireActual( '../../../api/share' ),
	// Never answers: these tests are about the detail screen (share-details.test covers the tab).
	fetchShareData: jest.fn( () => new Promise( () => undefined ) ),
} ) );
jest.mock( '../../../lib/download', () => ( { startDownload: jest.fn() } ) );
let mockFatal: () => void = () => undefined;
jest.mock( '../../../lib/hls-attach', () => ( {
	attachHls: (
		_element: HTMLVideoElement,
		_src: string,
		options: { onFatal: () => void }
	) => {
		mockFatal = options.onFatal;
		return () => undefined;
	},
} ) );

const path = '/my-account/library/videos/:productId';
const contractPath = '/contract/:contractId/:productId';

function makeVideo( overrides: Partial< VideoDetails > = {} ): VideoDetails {
	return {
		product_id: 5,
		hss_video_id: '',
		type: 'on-demand-workshop',
		title: 'Alpha',
		subtitle: '',
		url: '',
		thumb: '',
		parts: [ 0, 1, 2 ].map( ( index ) => ( {
			index,
			title: `Chapter ${ index + 1 }`,
			url: `https://example.test/p${ index }.m3u8`,
			thumb: '',
			duration: 60,
		} ) ),
		subtitles: [],
		has_test: true,
		quiz_link: 'http://example.test/quiz/5',
		certificate: null,
		attachment: '',
		progress: {
			count: 40,
			time: 1,
			parts: [
				{ count: 100, time: 1 },
				{ count: 20, time: 1 },
				{ count: 0, time: 0 },
			],
		},
		test: {
			available: true,
			ready: false,
			incomplete_parts: [],
			message:
				'You need to watch at least 95% of each part before taking the test. Incomplete parts: Part 2 (20%), Part 3 (0%)',
		},
		access: 'activated',
		max_playback_rate: 2,
		...overrides,
	};
}

const mockedVideo = fetchVideo as jest.MockedFunction< typeof fetchVideo >;
const mockedContract = fetchContractItem as jest.MockedFunction<
	typeof fetchContractItem
>;
const mockedActivate = activateManualLicense as jest.MockedFunction<
	typeof activateManualLicense
>;

beforeEach( () => {
	setPortalConfig();
	jest.clearAllMocks();
	mockedVideo.mockResolvedValue( makeVideo() );
} );

describe( "ItemDetail: the server's test, completion and renewal", () => {
	const webinar = () =>
		makeItem( {
			product_id: 5,
			title: 'Alpha',
			content_type: 'on-demand-webinar',
			access: 'activated',
		} );

	it( 'shows no test sentence and no Take Test when the server says there is no test', async () => {
		mockedVideo.mockResolvedValue(
			makeVideo( { has_test: false, quiz_link: '' } )
		);
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/5',
			path,
			data: { items: [ webinar() ] },
		} );
		await screen.findByRole( 'button', { name: 'Part 1/3' } );
		expect( screen.queryByText( /A test is required/ ) ).toBeNull();
		expect( screen.queryByText( 'Take Test' ) ).toBeNull();
	} );

	it( 'shows the completed state instead of the test once it was passed', async () => {
		mockedVideo.mockResolvedValue(
			makeVideo( {
				certificate: {
					code: 'ABC123',
					issued_at: 1700000000,
					issued_date: 'November 14, 2023',
					download_url:
						'http://example.test/certificate/ABC123/download',
					verify_url: 'http://example.test/certificate/verify/ABC123',
				},
				test: {
					available: true,
					ready: true,
					incomplete_parts: [],
					message: '',
				},
			} )
		);
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/5',
			path,
			data: { items: [ webinar() ] },
		} );
		const completed = await screen.findByTestId( 'lp-completed' );
		expect( completed ).toHaveTextContent(
			'Completed on November 14, 2023'
		);
		expect(
			screen.getByRole( 'link', { name: 'Download certificate' } )
		).toHaveAttribute(
			'href',
			'http://example.test/certificate/ABC123/download'
		);
		expect(
			screen.getByRole( 'link', { name: /Verify certificate/ } )
		).toHaveAttribute(
			'href',
			'http://example.test/certificate/verify/ABC123'
		);
		expect( screen.queryByText( /A test is required/ ) ).toBeNull();
		expect( screen.queryByText( /Take Test/ ) ).toBeNull();
	} );

	it( 'offers Renew (the product link) on an expired item', () => {
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/5',
			path,
			data: {
				items: [
					makeItem( {
						product_id: 5,
						title: 'Alpha',
						content_type: 'on-demand-webinar',
						access: 'no_license',
						status: 'expired',
						product_link: 'http://example.test/product/alpha/',
						primary_action: {
							kind: 'renew',
							url: 'http://example.test/product/alpha/',
						},
					} ),
				],
			},
		} );
		expect( screen.getByRole( 'link', { name: 'Renew' } ) ).toHaveAttribute(
			'href',
			'http://example.test/product/alpha/'
		);
	} );

	it( 'says once, in one wording, when access to an expired item ended', () => {
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/5',
			path,
			data: {
				items: [
					makeItem( {
						product_id: 5,
						title: 'Alpha',
						content_type: 'on-demand-webinar',
						access: 'no_license',
						status: 'expired',
						expiry: 1700000000,
						expiry_date: 'November 14, 2023',
						expired_licenses: 1,
						available_licenses: 0,
						primary_action: {
							kind: 'renew',
							url: 'http://example.test/product/alpha/',
						},
					} ),
				],
			},
		} );
		expect(
			screen.getByText(
				'Your access ended on November 14, 2023. Renew to watch this training again.'
			)
		).toBeInTheDocument();
		expect( screen.getAllByText( /November 14, 2023/ ) ).toHaveLength( 1 );
		expect( screen.queryByText( /^Expired: / ) ).toBeNull();
	} );

	it( "shows the server's primary action: an e-course opens its course address", () => {
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/6',
			path,
			data: {
				items: [
					makeItem( {
						product_id: 6,
						title: 'Ethics Online',
						content_type: 'e-course',
						status: 'purchased',
						primary_action: {
							kind: 'open_course',
							url: 'https://courses.example.test/ethics/',
						},
					} ),
				],
			},
		} );
		expect(
			screen.getByRole( 'link', { name: 'Open course' } )
		).toHaveAttribute( 'href', 'https://courses.example.test/ethics/' );
		expect( screen.queryByRole( 'link', { name: 'Renew' } ) ).toBeNull();
	} );

	it( 'says the library could not be loaded, with Retry, never that the item is not found', () => {
		const reloadItems = jest.fn();
		const showError = jest.fn();
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/5',
			path,
			data: { items: [], itemsError: true, reloadItems, showError },
		} );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Your library could not be loaded. Please try again.'
		);
		expect( showError ).not.toHaveBeenCalled();
		fireEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		expect( reloadItems ).toHaveBeenCalledTimes( 1 );
	} );
} );

describe( 'ItemDetail header', () => {
	it( 'shows type, title, subtitle, watched badge, license line and the test text', async () => {
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/5',
			path,
			data: {
				items: [
					makeItem( {
						product_id: 5,
						title: 'Alpha',
						subtitle: 'Module A',
						content_type: 'on-demand-webinar',
						content_type_label: 'On-Demand Webinar',
						available_licenses: 2,
						total_licenses: 4,
						video_data: {
							progress: { count: 40, time: 0, parts: [] },
							pdf: false,
							completed_at: 0,
							completed_date: '',
						},
					} ),
				],
			},
		} );
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Alpha' } )
		).toBeInTheDocument();
		expect( screen.getByText( 'On-Demand Webinar' ) ).toBeInTheDocument();
		expect( screen.getByText( 'Module A' ) ).toBeInTheDocument();
		expect( screen.getByTestId( 'lp-watched-badge' ) ).toHaveTextContent(
			'40% Watched'
		);
		expect(
			screen.getByText( '2 of 4 licenses available' )
		).toBeInTheDocument();
		// The test sentence waits for the server's word that the item has a test.
		expect(
			await screen.findByText( /about 10 minutes.*one sitting/ )
		).toBeInTheDocument();
		await screen.findByRole( 'button', { name: 'Part 1/3' } );
	} );

	it( 'takes the member version with ?tag=member and hides Share Details', async () => {
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/5?tag=member',
			path,
			data: {
				items: [
					makeItem( { product_id: 5, title: 'Own' } ),
					makeItem( {
						product_id: 5,
						title: 'Member',
						tag: 'member',
						access: 'member',
					} ),
				],
			},
		} );
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Member' } )
		).toBeInTheDocument();
		expect( screen.getByText( 'Unlimited Access' ) ).toBeInTheDocument();
		expect(
			screen.queryByRole( 'tab', { name: 'Share Details' } )
		).not.toBeInTheDocument();
		await waitFor( () =>
			expect( mockedVideo ).toHaveBeenCalledWith( 5, {
				tag: 'member',
				contractId: null,
			} )
		);
	} );

	it( 'shows an error and goes back to the list when the item is not in the library', () => {
		const showError = jest.fn();
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/99',
			path,
			data: { items: [], showError },
		} );
		expect( showError ).toHaveBeenCalledWith(
			'This training is not in your library.'
		);
		expect( screen.getByTestId( 'location' ) ).toHaveTextContent(
			'/my-account/library/videos'
		);
	} );
} );

describe( 'ItemDetail tabs', () => {
	it( 'opens Training Details; arrow keys move between the tabs', async () => {
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/5',
			path,
			data: { items: [ makeItem( { product_id: 5 } ) ] },
		} );
		const training = screen.getByRole( 'tab', {
			name: 'Training Details',
		} );
		const share = screen.getByRole( 'tab', { name: 'Share Details' } );
		expect( training ).toHaveAttribute( 'aria-selected', 'true' );
		expect( share ).toHaveAttribute( 'tabindex', '-1' );
		await screen.findByRole( 'button', { name: 'Part 1/3' } );

		fireEvent.keyDown( training, { key: 'ArrowRight' } );
		expect( share ).toHaveAttribute( 'aria-selected', 'true' );
		expect( share ).toHaveFocus();
		expect( screen.getByTestId( 'lp-share-details' ) ).toBeInTheDocument();
		fireEvent.keyDown( share, { key: 'ArrowRight' } );
		expect( training ).toHaveFocus();
		expect( training ).toHaveAttribute( 'aria-selected', 'true' );
	} );

	it( 'tab=share-details opens Share Details and leaves the address', async () => {
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/5?tab=share-details',
			path,
			data: { items: [ makeItem( { product_id: 5 } ) ] },
		} );
		expect(
			screen.getByRole( 'tab', { name: 'Share Details' } )
		).toHaveAttribute( 'aria-selected', 'true' );
		expect( screen.getByTestId( 'location' ) ).toHaveTextContent(
			/^\/my-account\/library\/videos\/5$/
		);
		// The video details still load for the Training Details tab.
		await act( async () => undefined );
		expect( mockedVideo ).toHaveBeenCalled();
	} );

	it( 'an item without access opens Share Details with the no-access text and loads no video', () => {
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/5',
			path,
			data: {
				items: [ makeItem( { product_id: 5, access: 'no_license' } ) ],
			},
		} );
		expect(
			screen.queryByRole( 'tab', { name: 'Training Details' } )
		).not.toBeInTheDocument();
		expect(
			screen.getByText(
				"You don't have access to view this video content. You can manage sharing details below."
			)
		).toBeInTheDocument();
		expect( mockedVideo ).not.toHaveBeenCalled();
	} );

	it( 'in a contract: fetches the item from the contract, no Share Details', async () => {
		mockedContract.mockResolvedValue(
			makeItem( {
				product_id: 5,
				title: 'Contract item',
				tag: 'contract',
			} )
		);
		renderScreen( <ItemDetail />, {
			url: '/contract/9/5',
			path: contractPath,
			data: { contractMode: true, contractId: '9' },
		} );
		expect(
			await screen.findByRole( 'heading', {
				level: 1,
				name: 'Contract item',
			} )
		).toBeInTheDocument();
		expect( mockedContract ).toHaveBeenCalledWith( '9', 5 );
		expect(
			screen.queryByRole( 'tab', { name: 'Share Details' } )
		).not.toBeInTheDocument();
		await waitFor( () =>
			expect( mockedVideo ).toHaveBeenCalledWith( 5, {
				tag: '',
				contractId: '9',
			} )
		);
	} );

	it( 'in a contract, an e-manual goes back to the contract page', async () => {
		mockedContract.mockResolvedValue(
			makeItem( { product_id: 5, content_type: 'e-manual' } )
		);
		renderScreen( <ItemDetail />, {
			url: '/contract/9/5',
			path: contractPath,
			data: { contractMode: true, contractId: '9' },
		} );
		await waitFor( () =>
			expect( screen.getByTestId( 'location' ) ).toHaveTextContent(
				/^\/contract\/9$/
			)
		);
	} );
} );

describe( 'Training Details', () => {
	it( 'selects the first part below 100%, shows the test message and the download', async () => {
		mockedVideo.mockResolvedValue(
			makeVideo( { attachment: 'https://example.test/manual.pdf' } )
		);
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/5',
			path,
			data: {
				items: [ makeItem( { product_id: 5, activated: false } ) ],
			},
		} );
		const second = await screen.findByRole( 'button', {
			name: 'Part 2/3',
		} );
		expect( second ).toHaveAttribute( 'aria-pressed', 'true' );
		expect(
			screen.getByRole( 'button', { name: 'Part 1/3' } )
		).toHaveAttribute( 'aria-pressed', 'false' );
		expect(
			screen.getByRole( 'heading', { level: 2, name: 'Chapter 2' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Take Test' } )
		).toBeDisabled();
		expect( screen.getByTestId( 'lp-test-message' ) ).toHaveTextContent(
			'Incomplete parts: Part 2 (20%), Part 3 (0%)'
		);
		expect(
			screen.getByRole( 'link', { name: 'Download Manual' } )
		).toHaveAttribute( 'href', 'https://example.test/manual.pdf' );
		// The real rule, without shouting: watching 5% uses a license.
		expect( screen.getByTestId( 'lp-share-notice' ) ).toHaveTextContent(
			'Once you watch 5% of this training, one license becomes yours and can no longer be shared.'
		);

		fireEvent.click( screen.getByRole( 'button', { name: 'Part 3/3' } ) );
		expect(
			screen.getByRole( 'button', { name: 'Part 3/3' } )
		).toHaveAttribute( 'aria-pressed', 'true' );
	} );

	it( 'opens the test in a new tab when the server says it is ready', async () => {
		mockedVideo.mockResolvedValue(
			makeVideo( {
				test: {
					available: true,
					ready: true,
					incomplete_parts: [],
					message: '',
				},
			} )
		);
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/5',
			path,
			data: { items: [ makeItem( { product_id: 5 } ) ] },
		} );
		const link = await screen.findByRole( 'link', { name: /Take Test/ } );
		expect( link ).toHaveAttribute( 'href', 'http://example.test/quiz/5' );
		expect( link ).toHaveAttribute( 'target', '_blank' );
		expect(
			screen.queryByTestId( 'lp-share-notice' )
		).not.toBeInTheDocument();
	} );

	it( "shows the server's message when the video cannot be loaded, with Retry", async () => {
		mockedVideo.mockRejectedValue(
			new ApiError(
				"You don't have access to view this video. Purchase or activate a license to gain access.",
				403,
				'no_license',
				{},
				true
			)
		);
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/5',
			path,
			data: { items: [ makeItem( { product_id: 5 } ) ] },
		} );
		expect(
			await screen.findByText(
				"You don't have access to view this video. Purchase or activate a license to gain access."
			)
		).toBeInTheDocument();
		mockedVideo.mockResolvedValue( makeVideo() );
		fireEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		await screen.findByRole( 'button', { name: 'Part 2/3' } );
	} );

	it( "the player's Retry asks the server again: a seat taken back meanwhile shows the server's message", async () => {
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/5',
			path,
			data: { items: [ makeItem( { product_id: 5 } ) ] },
		} );
		await screen.findByRole( 'button', { name: 'Part 2/3' } );
		jest.spyOn(
			window.HTMLMediaElement.prototype,
			'play'
		).mockResolvedValue( undefined );
		// Nothing loads before the learner presses Play.
		await act( async () => {
			fireEvent.click( screen.getByRole( 'button', { name: /^Play / } ) );
		} );
		await act( async () => {
			mockFatal();
		} );
		mockedVideo.mockRejectedValue(
			new ApiError(
				'Item with ID 5 was not found in your library.',
				404,
				'item_not_found',
				{},
				true
			)
		);

		await act( async () => {
			fireEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		} );

		expect( mockedVideo ).toHaveBeenCalledTimes( 2 );
		expect(
			await screen.findByText(
				'Item with ID 5 was not found in your library.'
			)
		).toBeInTheDocument();
		expect( screen.queryByTestId( 'lp-player' ) ).not.toBeInTheDocument();
	} );
} );

describe( 'E-manual download', () => {
	const manual = ( overrides = {} ) =>
		makeItem( {
			product_id: 8,
			title: 'Safety Manual',
			content_type: 'e-manual',
			content_type_label: 'E-Manual',
			activated: false,
			access: 'can_activate',
			...overrides,
		} );

	it( 'asks to activate, then activates, updates the item and downloads', async () => {
		const replaceItems = jest.fn();
		mockedActivate.mockResolvedValue( {
			item: manual( {
				access: 'activated',
				activated: true,
				download_link: 'https://example.test/manual.pdf',
			} ),
			status: 'activated',
			message: 'Activated',
		} );
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/8',
			path,
			data: { items: [ manual() ], replaceItems },
		} );
		// E-manuals skip Training Details.
		expect(
			screen.getByRole( 'tab', { name: 'Share Details' } )
		).toHaveAttribute( 'aria-selected', 'true' );
		expect(
			screen.queryByTestId( 'lp-watched-badge' )
		).not.toBeInTheDocument();

		const download = screen.getByRole( 'button', { name: 'Download' } );
		download.focus();
		fireEvent.click( download );
		const dialog = screen.getByRole( 'dialog', {
			name: 'Activate a license?',
		} );
		expect( dialog ).toHaveAccessibleDescription(
			'Downloading this manual will activate one of your licenses for "Safety Manual". This action cannot be undone. Do you want to continue?'
		);
		const cancel = screen.getByRole( 'button', { name: 'Cancel' } );
		expect( cancel ).toHaveFocus();
		// Tab from the last button wraps to the first.
		const confirm = screen.getByRole( 'button', {
			name: 'Activate and download',
		} );
		confirm.focus();
		fireEvent.keyDown( confirm, { key: 'Tab' } );
		expect( cancel ).toHaveFocus();

		await act( async () => {
			fireEvent.click( confirm );
		} );
		expect( mockedActivate ).toHaveBeenCalledWith( 8, {
			tag: '',
			contractId: null,
		} );
		expect( replaceItems ).toHaveBeenCalledWith( [
			expect.objectContaining( { access: 'activated', activated: true } ),
		] );
		expect( startDownload ).toHaveBeenCalledWith(
			'https://example.test/manual.pdf'
		);
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Download' } )
		).toHaveFocus();
	} );

	it( 'Escape closes the question without activating and focus returns', () => {
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/8',
			path,
			data: { items: [ manual() ] },
		} );
		const download = screen.getByRole( 'button', { name: 'Download' } );
		download.focus();
		fireEvent.click( download );
		fireEvent.keyDown( screen.getByRole( 'dialog' ), { key: 'Escape' } );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect( download ).toHaveFocus();
		expect( mockedActivate ).not.toHaveBeenCalled();
	} );

	it( 'an activated manual downloads at once', () => {
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/8',
			path,
			data: {
				items: [
					manual( {
						access: 'activated',
						activated: true,
						download_link: 'https://example.test/m.pdf',
					} ),
				],
			},
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Download' } ) );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect( startDownload ).toHaveBeenCalledWith(
			'https://example.test/m.pdf'
		);
	} );

	it( "shows the server's refusal text", async () => {
		mockedActivate.mockRejectedValue(
			new ApiError(
				'No seat',
				409,
				'no_license',
				{
					data: {
						error: 'You don\'t have an active license for "Safety Manual". Purchase a license to download this manual.',
					},
				},
				true
			)
		);
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/8',
			path,
			data: { items: [ manual() ] },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Download' } ) );
		await act( async () => {
			fireEvent.click(
				screen.getByRole( 'button', { name: 'Activate and download' } )
			);
		} );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'You don\'t have an active license for "Safety Manual".'
		);
		expect( startDownload ).not.toHaveBeenCalled();
	} );

	it( 'without a license: the no-license text and no download button', () => {
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/8',
			path,
			data: { items: [ manual( { access: 'no_license' } ) ] },
		} );
		expect(
			screen.getByText(
				'You don\'t have an active license for "Safety Manual". Purchase a license to download this manual.'
			)
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Download' } )
		).not.toBeInTheDocument();
	} );
} );
