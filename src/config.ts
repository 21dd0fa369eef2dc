/**
 * Typed reader of the page configuration printed by PHP (`window.libraryPortalConfig`).
 * See docs/contract.md ("Page configuration"). Missing or malformed fields fall back to safe defaults.
 */

export type Brand = 'harbor' | 'summit';

export interface ShareData {
	product_title: string;
	sharer_name: string;
	available_licenses: number;
	encoded: string;
	error?: string;
	/** The viewer is the sharer (decided by the server): nothing to accept. */
	own?: boolean;
	/** The viewer already holds a seat of the item (decided by the server): Open instead of a claim. */
	held?: boolean;
	/** The item's address in the viewer's library (set with held). */
	item_url?: string;
	/**
	 * The invitation was e-mailed to the viewer's own address (decided by the server): it is
	 * theirs, so it can be put off ("Not now") and is offered again after their next login.
	 */
	addressed?: boolean;
}

export interface ContractData {
	id: number;
	title: string;
	organizer: {
		thumb: string;
		name: string;
		title: string;
		phone: string;
		email: string;
	};
}

export interface PortalConfig {
	restRoot: string;
	restNonce: string;
	ajaxUrl: string;
	pingNonce: string;
	logoutUrl: string;
	siteUrl: string;
	basePath: string;
	/** The portal's root route below basePath, from PHP (Routes::PORTAL_PATH), e.g. '/my-account/library'. */
	portalPath: string;
	/**
	 * The address of a page that holds the portal outside its routes, below basePath ('' = none):
	 * the server says it opens the dashboard (docs/contract.md, "Mount markup (block `library-portal/portal` or shortcode `[library_portal]`)").
	 */
	entryPath: string;
	brand: Brand;
	brandName: string;
	logo: string;
	walkthroughVideo: string;
	/** The walkthrough's WebVTT captions ('' = none). */
	walkthroughTrack: string;
	shareUsers: boolean;
	isLocal: boolean;
	localRequestHeader: string;
	shareData: ShareData | null;
	contractData: ContractData | null;
	/** The user's started contract libraries (navigation). */
	contracts: ContractLink[];
	/** The library list's line under its title, written by the server for who reads it. */
	libraryIntro: string;
	currentUser: { id: number; display_name: string; user_email: string };
	publicPath: string;
	freeWebinar: boolean;
	accountLinks: AccountLinks;
	/** The dashboard's Contact Us address; '' hides it (the setting is empty). */
	contactUrl: string;
	/** wp-login.php; the client adds redirect_to when the login expired. */
	loginUrl: string;
	/**
	 * The first screen's GET replies printed into the page, keyed by REST path (e.g.
	 * 'library/v2/items/'); each answers the first call of that path (src/api/initial-replies.ts).
	 */
	initialReplies: Record< string, unknown >;
}

/** Keys of the account links, in the order of the sidebar (the server decides each address). */
export const ACCOUNT_LINK_KEYS = [
	'certificate-program',
	'orders',
	'subscriptions',
	'addresses',
	'payment-methods',
	'wallet',
	'member-promos',
] as const;

export type AccountLinkKey = ( typeof ACCOUNT_LINK_KEYS )[ number ];

/** Address of each account link; '' means hidden (docs/contract.md, PHP's Frontend\AccountLinks). */
export type AccountLinks = Record< AccountLinkKey, string >;

export interface ContractLink {
	id: number;
	title: string;
	ended: boolean;
}

type Raw = Record< string, unknown >;

const isRecord = ( value: unknown ): value is Raw =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

const str = ( value: unknown, fallback = '' ): string =>
	typeof value === 'string' ? value : fallback;

const num = ( value: unknown ): number => {
	const parsed = typeof value === 'string' ? Number( value ) : value;
	return typeof parsed === 'number' && Number.isFinite( parsed ) ? parsed : 0;
};

const bool = ( value: unknown ): boolean =>
	value === true || value === 1 || value === '1' || value === 'true';

const withTrailingSlash = ( url: string ): string =>
	url === '' || url.endsWith( '/' ) ? url : `${ url }/`;

function readShareData( value: unknown ): ShareData | null {
	if ( ! isRecord( value ) ) {
		return null;
	}
	const data: ShareData = {
		product_title: str( value.product_title ),
		sharer_name: str( value.sharer_name ),
		available_licenses: num( value.available_licenses ),
		encoded: str( value.encoded ),
	};
	if ( typeof value.error === 'string' && value.error !== '' ) {
		data.error = value.error;
	}
	if ( bool( value.own ) ) {
		data.own = true;
	}
	if ( bool( value.held ) && str( value.item_url ) !== '' ) {
		data.held = true;
		data.item_url = str( value.item_url );
	}
	if ( bool( value.addressed ) ) {
		data.addressed = true;
	}
	return data;
}

function readContractData( value: unknown ): ContractData | null {
	if ( ! isRecord( value ) ) {
		return null;
	}
	const organizer = isRecord( value.organizer ) ? value.organizer : {};
	return {
		id: num( value.id ),
		title: str( value.title ),
		organizer: {
			thumb: str( organizer.thumb ),
			name: str( organizer.name ),
			title: str( organizer.title ),
			phone: str( organizer.phone ),
			email: str( organizer.email ),
		},
	};
}

/**
 * The account links as the server sent them; a missing or malformed one is hidden.
 *
 * @param value Raw config value.
 */
function readAccountLinks( value: unknown ): AccountLinks {
	const raw = isRecord( value ) ? value : {};
	const links = {} as AccountLinks;
	for ( const key of ACCOUNT_LINK_KEYS ) {
		links[ key ] = str( raw[ key ] );
	}
	return links;
}

// Used only when a page prints no portalPath (older PHP); PHP's Routes::PORTAL_PATH is the source.
const DEFAULT_PORTAL_PATH = '/my-account/library';

/**
 * The portal path with one leading slash and no trailing slash.
 *
 * @param value Raw config value.
 */
function readPortalPath( value: unknown ): string {
	const trimmed = str( value ).replace( /^\/+|\/+$/g, '' );
	return trimmed === '' ? DEFAULT_PORTAL_PATH : `/${ trimmed }`;
}

/**
 * Normalises any value into a complete PortalConfig.
 *
 * @param raw The value of window.libraryPortalConfig.
 */
export function readConfig( raw: unknown ): PortalConfig {
	const value = isRecord( raw ) ? raw : {};
	const user = isRecord( value.currentUser ) ? value.currentUser : {};
	const basePath = str( value.basePath ).replace( /\/+$/, '' );
	return {
		restRoot: withTrailingSlash( str( value.restRoot, '/wp-json/' ) ),
		restNonce: str( value.restNonce ),
		ajaxUrl: str( value.ajaxUrl, '/wp-admin/admin-ajax.php' ),
		pingNonce: str( value.pingNonce ),
		logoutUrl: str( value.logoutUrl, '/wp-login.php?action=logout' ),
		siteUrl: withTrailingSlash( str( value.siteUrl, '/' ) ),
		basePath,
		portalPath: readPortalPath( value.portalPath ),
		entryPath: str( value.entryPath ),
		brand: value.brand === 'summit' ? 'summit' : 'harbor',
		brandName: str( value.brandName ),
		logo: str( value.logo ),
		walkthroughVideo: str( value.walkthroughVideo ),
		walkthroughTrack: str( value.walkthroughTrack ),
		shareUsers: bool( value.shareUsers ),
		isLocal: bool( value.isLocal ),
		localRequestHeader: str( value.localRequestHeader ),
		shareData: readShareData( value.shareData ),
		contractData: readContractData( value.contractData ),
		contracts: Array.isArray( value.contracts )
			? ( value.contracts as unknown[] )
					.filter( isRecord )
					.map( ( contract ) => ( {
						id: num( contract.id ),
						title: str( contract.title ),
						ended: bool( contract.ended ),
					} ) )
					.filter( ( contract ) => contract.id > 0 )
			: [],
		libraryIntro: str( value.libraryIntro ),
		currentUser: {
			id: num( user.id ),
			display_name: str( user.display_name ),
			user_email: str( user.user_email ),
		},
		publicPath: withTrailingSlash( str( value.publicPath ) ),
		freeWebinar: bool( value.freeWebinar ),
		accountLinks: readAccountLinks( value.accountLinks ),
		contactUrl: str( value.contactUrl ),
		loginUrl: str( value.loginUrl, '/wp-login.php' ),
		initialReplies: isRecord( value.initialReplies )
			? value.initialReplies
			: {},
	};
}

let lastRaw: unknown;
let lastConfig: PortalConfig | undefined;

/**
 * The current page configuration (re-read when window.libraryPortalConfig is replaced).
 */
export function getConfig(): PortalConfig {
	const raw =
		typeof window === 'undefined' ? undefined : window.libraryPortalConfig;
	if ( ! lastConfig || raw !== lastRaw ) {
		lastRaw = raw;
		lastConfig = readConfig( raw );
	}
	return lastConfig;
}
