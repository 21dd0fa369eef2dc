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

/** Item status in the list (spec point 4), decided by the server (includes/Domain/ItemStatus.php). */
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

/** Why the user may open an item, decided by the server (includes/Domain/Access.php). */
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
	share_user_id: number;
	share_user: { name: string; email: string } | null;
	shared_with: Record< string, { name: string; email: string } >;
	download_link: string;
	product_link: string;
	contract_id: number;
	free_item: boolean;
	user_id: number;
	product: { type: string };
	video_data: { progress: VideoProgress; pdf: string | false };
	/** The server's decisions: shown, never recomputed. */
	status: ItemStatusKey;
	access: AccessKind;
	/** This row's unexpired licenses ending this month (site time zone). */
	expiring_licenses: number;
}

export interface LibraryUser {
	id: number;
	display_name: string;
	user_nicename: string;
	user_email: string;
	member_expiry: number;
	/** The server's decision that a membership is running. */
	is_member: boolean;
}

export interface PortalNotification {
	id: number;
	message: string;
	hide_status: boolean;
	read_status: boolean;
	timestamp: number;
	type: string;
	related_product_id: number;
	related_user_id: number;
}

export interface NotificationsPage {
	notifications: PortalNotification[];
	total: number;
	page: number;
	per_page: number;
	total_pages: number;
}
