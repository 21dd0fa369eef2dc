/**
 * Reply shapes of the REST API (docs/contract.md), apart from the api modules that fetch and normalise them.
 */

export type ContentType =
	| 'e-course'
	| 'e-manual'
	| 'certificate-self-guided'
	| 'membership'
	| 'workshop'
	| 'on-demand'
	| 'webinar'
	| 'on-demand-workshop'
	| 'on-demand-webinar';

export type ItemTag = 'member' | 'contract' | '';

/** Item status in the list, decided by the server (includes/Core/Rows/ItemStatus.php). */
export const ITEM_STATUS_KEYS = [
	'shared',
	'purchased',
	'expired',
	'completed',
	'take-test',
	'in-progress',
	'member-product',
	'membership',
	'not-started',
] as const;
export type ItemStatusKey = ( typeof ITEM_STATUS_KEYS )[ number ];

/** Playback status in the user table, decided by the server (includes/Core/Rows/PlaybackStatus.php). */
export const PLAYBACK_STATUS_KEYS = [
	'not-started',
	'in-progress',
	'take-test',
	'completed',
	'expired',
	'active',
	'purchased',
] as const;
export type PlaybackStatusKey = ( typeof PLAYBACK_STATUS_KEYS )[ number ];

/** The item's one primary action, decided by the server (includes/Domain/PrimaryAction.php). */
export const PRIMARY_ACTION_KINDS = [
	'renew',
	'open_course',
	'open_program',
	'download',
	'browse',
	'play',
	'none',
] as const;
export type PrimaryActionKind = ( typeof PRIMARY_ACTION_KINDS )[ number ];

export interface PrimaryAction {
	kind: PrimaryActionKind;
	/** Where it goes ('' for none, and for a download the server has not opened yet). */
	url: string;
}

/** Why the user may open an item, decided by the server (includes/Core/Rows/Access.php). */
export const ACCESS_KINDS = [
	'member',
	'contract',
	'activated',
	'can_activate',
	'shared',
	'no_license',
] as const;
export type AccessKind = ( typeof ACCESS_KINDS )[ number ];

export interface License {
	license_id: number;
	user_id: number;
	expiry: number;
	shared: boolean;
	activated: boolean;
}

export interface VideoProgress {
	count: number;
	time: number;
	parts: { count: number; time: number }[];
}

export interface LibraryItem {
	product_id: number;
	title: string;
	subtitle: string;
	description: string;
	img: string;
	content_type: ContentType | string;
	content_type_label: string;
	tag: ItemTag;
	total_licenses: number;
	active_licenses: number;
	available_licenses: number;
	expired_licenses: number;
	activated: boolean;
	activated_at: number;
	licenses: License[];
	expiry: number;
	/** The expiry in the site's date format ('' = never), from the server. */
	expiry_date: string;
	share_user_id: number;
	share_user: { name: string; email: string } | null;
	shared_with: Record< string, { name: string; email: string } >;
	download_link: string;
	product_link: string;
	contract_id: number;
	free_item: boolean;
	user_id: number;
	product: { type: string };
	video_data: {
		progress: VideoProgress;
		pdf: string | false;
		/** When the certificate was issued (Unix seconds), 0 without one. */
		completed_at: number;
		/** The same day in the site's date format, '' without one. */
		completed_date: string;
	};
	/** The server's decisions: shown, never recomputed. */
	status: ItemStatusKey;
	playback_status: PlaybackStatusKey;
	access: AccessKind;
	/** This row's unexpired licenses ending this month (site time zone). */
	expiring_licenses: number;
	/** Whether the share button shows, decided by the server. */
	can_share: boolean;
	/** Who looks at the row: its owner, a team member it was shared with, a contract user. */
	viewer: ItemViewer;
	/** The sharer's cleaned name on a team member's row, else ''. */
	shared_by: string;
	/** Whether Share Details and the 5% share notice show (owners only), decided by the server. */
	share_controls: boolean;
	/** The owner's e-mailed invitations of the item not yet accepted, canceled or expired (0 on other rows), counted by the server. */
	pending_invites: number;
	/** The one thing the item's page offers first, decided by the server. */
	primary_action: PrimaryAction;
}

export const ITEM_VIEWERS = [
	'owner',
	'team_member',
	'contract_user',
] as const;
export type ItemViewer = ( typeof ITEM_VIEWERS )[ number ];

export interface LibraryUser {
	id: number;
	display_name: string;
	user_nicename: string;
	user_email: string;
	member_expiry: number;
	/** The server's decision that a membership is running. */
	is_member: boolean;
}

/** One training of a team member (GET shareduserscontent/). */
export interface TeamProduct {
	share_id: number;
	product_id: number;
	title: string;
	subtitle: string;
	content_type: string;
	content_type_label: string;
	/** The server's playback status. */
	status: PlaybackStatusKey;
	video_data: {
		progress: { count: number; time: number };
		pdf: string | false;
		completed_at: number;
		/** The completion in the site's date format ('' without one). */
		completed_date: string;
	};
}

/** A team member (shared user group), counts decided by the server. */
export interface TeamMember {
	id: number;
	name: string;
	email: string;
	shared_licenses: number;
	completed_count: number;
	total_count: number;
	completed_percent: number;
	products: TeamProduct[];
	/** The seats nobody started that the owner may take back (the server's revoke rule). */
	revocable_share_ids: number[];
}

/** A list filter: content types (empty: all) and the status filter value. */
export interface ListFilter {
	types: string[];
	status: string;
}

/** GET dashboard/ (Dashboard stats): figures the server decided. */
export interface DashboardStats {
	completedUsersThisYear: number;
	totalSharedUsers: number;
	remainingLicenses: number;
	completionRate: number;
	onDemandWorkshops: number;
	webinars: number;
	eManuals: number;
	completedTrainings: number;
	/** Unix seconds, or null for 'N/A'. */
	membershipExpiry: number | null;
	/** The membership's end in the site's date format ('' for N/A). */
	membershipExpiryDate: string;
	expiringLicensesThisMonth: number;
	completedVideos: number;
	totalVideos: number;
	/** Whether the user has anything to share with a team (the welcome text). */
	canShare: boolean;
	/** A library that is only contracts: the contract to open instead of the dashboard. */
	contractHome: number | null;
	/** The list filter that shows exactly what each figure counts. */
	filters: Partial< Record< DashboardFigure, ListFilter > >;
}

export type DashboardFigure =
	| 'onDemandWorkshops'
	| 'webinars'
	| 'eManuals'
	| 'completedTrainings'
	| 'expiringLicensesThisMonth';

export interface PortalNotification {
	id: number;
	message: string;
	hide_status: boolean;
	read_status: boolean;
	timestamp: number;
	type: string;
	related_product_id: number;
	related_user_id: number;
	/** The item it is about, as the server decided ('' = none). */
	link: string;
	/** When it was made, in the site's date and time format ('' for a sample). */
	date: string;
}

export interface NotificationsPage {
	notifications: PortalNotification[];
	total: number;
	page: number;
	per_page: number;
	total_pages: number;
	/** Unread, visible notifications: the bell's count, as the server counts it. */
	unread: number;
}

/** One part of a video (GET video/{id}); a single video is one part. */
export interface VideoPart {
	index: number;
	title: string;
	/** HLS playlist (.m3u8). */
	url: string;
	thumb: string;
	/** Seconds; 0 when the server does not know it. */
	duration: number;
}

/** A WebVTT file of one part, served by the server's subtitles proxy. */
export interface VideoSubtitle {
	part: number;
	url: string;
	language: string;
}

/** Whether the test may start, decided by the server (every part at TAKE_TEST_PERCENT). */
export interface TestReadiness {
	/** The item has questions. */
	available: boolean;
	ready: boolean;
	incomplete_parts: { index: number; title: string; percent: number }[];
	/** The text to show when not ready ('' when ready). */
	message: string;
}

/** The `progress` of the video and progress replies: the item's own `video_data.progress`. */
export type PartsProgress = VideoProgress;

/** GET video/{id} data. */
export interface VideoDetails {
	product_id: number;
	hss_video_id: string;
	type: ContentType | string;
	title: string;
	subtitle: string;
	url: string;
	thumb: string;
	parts: VideoPart[];
	subtitles: VideoSubtitle[];
	/** The server says the item has a test (the test sentence and Take Test show only then). */
	has_test: boolean;
	/** '/quiz/{id}' on the site when the item has questions, else ''. */
	quiz_link: string;
	/** The learner's valid certificate (the test was passed), else null. */
	certificate: Certificate | null;
	/** '' unless the row's access opens files. */
	attachment: string;
	progress: PartsProgress;
	test: TestReadiness;
	access: AccessKind;
	/** The fastest playback rate the server's progress rule allows. */
	max_playback_rate: number;
}

/** POST video/progress/{id} data. */
export interface ProgressReply {
	/** The reported item (a replayed report may be about another item than the open one). */
	product_id: number;
	/**
	 * The whole row when a seat was activated or the status may have moved; null otherwise, when
	 * only `progress` changed (docs/rules/learning-and-progress.md, "Watching: progress, activation, subtitles, media": what a report answers).
	 */
	item: LibraryItem | null;
	progress: PartsProgress;
	test: TestReadiness;
	/** This call activated a seat. */
	activated: boolean;
}

/** POST activate-manual-license/{id} data. */
export interface ActivationReply {
	item: LibraryItem;
	status: 'activated' | 'already_active';
	message: string;
}

export interface Certificate {
	code: string;
	issued_at: number;
	/** The issue date in the site's date format, from the server. */
	issued_date: string;
	download_url: string;
	verify_url: string;
}

export interface QuizQuestion {
	id: string;
	text: string;
	/** In the order served for this attempt; answered by `id`, never by position. */
	answers: { id: string; text: string }[];
}

/** Where the learner stands with the attempt limit (decided on the server). */
export interface QuizAllowance {
	/** Attempts allowed in 24 hours; 0 = no limit. */
	attempt_limit: number;
	/** Attempts left now; null when there is no limit. */
	attempts_left: number | null;
	/** Unix seconds when the next attempt opens; 0 unless none is left. */
	next_attempt_at: number;
	/** The server's sentence when none is left, else ''. */
	attempts_message: string;
}

/** GET quiz/{id} data (never the correct answers). */
export interface QuizDetails extends QuizAllowance {
	product_id: number;
	title: string;
	pass_mark: number;
	/** The served attempt to answer; 0 = nothing to answer now (locked or no attempt left). */
	attempt_id: number;
	questions: QuizQuestion[];
	test: TestReadiness;
	attempts: number;
	best_score: number | null;
	certificate: Certificate | null;
}

/** POST quiz/{id} data: the score, never which or how many answers were right. */
export interface QuizResult extends QuizAllowance {
	score: number;
	passed: boolean;
	pass_mark: number;
	attempts: number;
	certificate: Certificate | null;
}
