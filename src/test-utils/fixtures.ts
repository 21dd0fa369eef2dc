/**
 * Test data builders.
 */

/**
 * Internal dependencies
 */
import type {
	DashboardStats,
	LibraryItem,
	LibraryUser,
} from '../types/library';

/**
 * A library item: an activated, not-started on-demand workshop with 1 of 3 licenses available.
 *
 * @param overrides Fields to change.
 */
export function makeItem(
	overrides: Partial< LibraryItem > = {}
): LibraryItem {
	const base: LibraryItem = {
		product_id: 101,
		title: 'Leadership Essentials',
		subtitle: 'Part one',
		description: 'Learn the basics of leading a team.',
		img: '',
		content_type: 'on-demand-workshop',
		content_type_label: 'On-Demand Workshop',
		tag: '',
		total_licenses: 3,
		active_licenses: 1,
		available_licenses: 1,
		expired_licenses: 0,
		activated: true,
		activated_at: 1700000000,
		licenses: [],
		expiry: 0,
		expiry_date: '',
		share_user_id: 0,
		share_user: null,
		shared_with: {},
		download_link: '',
		product_link: 'https://example.test/product/leadership',
		contract_id: 0,
		free_item: false,
		user_id: 7,
		product: { type: 'simple' },
		video_data: {
			progress: { count: 0, time: 0, parts: [] },
			pdf: false,
			completed_at: 0,
			completed_date: '',
		},
		status: 'not-started',
		playback_status: 'not-started',
		access: 'activated',
		expiring_licenses: 0,
		can_share: false,
		viewer: 'owner',
		shared_by: '',
		// As the server sends it for the fixture's tag: member and contract rows get no sharing.
		share_controls:
			overrides.tag !== 'member' && overrides.tag !== 'contract',
		pending_invites: 0,
		primary_action: { kind: 'play', url: '' },
	};
	return { ...base, ...overrides };
}

/**
 * An activated video item with a watched percent, with the status the server sends for it
 * (includes/Core/Rows/ItemStatus.php: Take Test from 95%, In Progress above 0).
 *
 * @param count     Watched percent.
 * @param overrides Fields to change.
 */
export const watched = (
	count: number,
	overrides: Partial< LibraryItem > = {}
) => {
	let status: LibraryItem[ 'status' ] = 'not-started';
	if ( count >= 95 ) {
		status = 'take-test';
	} else if ( count > 0 ) {
		status = 'in-progress';
	}
	return makeItem( {
		status,
		playback_status: status,
		...overrides,
		video_data: {
			progress: { count, time: 0, parts: [] },
			pdf: false,
			completed_at: 0,
			completed_date: '',
		},
	} );
};

export function makeUser(
	overrides: Partial< LibraryUser > = {}
): LibraryUser {
	return {
		id: 7,
		display_name: 'Dana Reader',
		user_nicename: 'dana',
		user_email: 'dana@example.test',
		member_expiry: 0,
		is_member: false,
		...overrides,
	};
}

/**
 * Sets window.libraryPortalConfig for a test.
 *
 * @param overrides Config fields.
 */
export function setPortalConfig(
	overrides: Record< string, unknown > = {}
): void {
	window.libraryPortalConfig = {
		restRoot: 'http://example.test/wp-json/',
		restNonce: 'rest-nonce',
		ajaxUrl: 'http://example.test/wp-admin/admin-ajax.php',
		pingNonce: 'ping-nonce',
		logoutUrl: 'http://example.test/wp-login.php?action=logout',
		siteUrl: 'http://example.test/',
		basePath: '',
		portalPath: '/my-account/library',
		entryPath: '',
		brand: 'harbor',
		brandName: 'Harbor Training',
		logo: '',
		walkthroughVideo: '',
		walkthroughTrack: '',
		shareUsers: false,
		isLocal: false,
		localRequestHeader: '',
		shareData: null,
		contractData: null,
		contracts: [],
		libraryIntro:
			'Access your purchased on-demand workshops, webinars, and e-manuals below.',
		currentUser: {
			id: 7,
			display_name: 'Dana Reader',
			user_email: 'dana@example.test',
		},
		publicPath:
			'http://example.test/wp-content/plugins/library-portal/build/',
		freeWebinar: false,
		accountLinks: {
			'certificate-program':
				'http://example.test/my-account/certificate-program/',
			orders: 'http://example.test/my-account/orders/',
			subscriptions: 'http://example.test/my-account/subscriptions/',
			addresses: 'http://example.test/my-account/edit-address/',
			'payment-methods':
				'http://example.test/my-account/payment-methods/',
			wallet: 'http://example.test/my-account/my-balance/',
			'member-promos': 'http://example.test/members/member-promos/',
		},
		contactUrl: '',
		loginUrl: 'http://example.test/wp-login.php',
		...overrides,
	};
}

/**
 * Dashboard figures of a user with nothing yet: every count 0, no filters.
 *
 * @param overrides Fields to change.
 */
export function makeDashboardStats(
	overrides: Partial< DashboardStats > = {}
): DashboardStats {
	return {
		completedUsersThisYear: 0,
		totalSharedUsers: 0,
		remainingLicenses: 0,
		completionRate: 0,
		onDemandWorkshops: 0,
		webinars: 0,
		eManuals: 0,
		completedTrainings: 0,
		membershipExpiry: null,
		membershipExpiryDate: '',
		expiringLicensesThisMonth: 0,
		completedVideos: 0,
		totalVideos: 0,
		canShare: false,
		contractHome: null,
		filters: {},
		...overrides,
	};
}
