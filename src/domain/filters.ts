/**
 * Library list filters: search, content type, status.
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { LibraryItem } from '../types/library';
import { getItemStatus, type ItemStatusKey } from './status';

export const STATUS_FILTERS = [
	'all',
	'purchased',
	'in-progress',
	'completed',
	'not-started',
	'expired',
	'member-product',
] as const;

export type StatusFilter = ( typeof STATUS_FILTERS )[ number ];

export const PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Label of each status filter value.
 * @param filter
 */
export function statusFilterLabel( filter: StatusFilter ): string {
	switch ( filter ) {
		case 'all':
			return __( 'All Statuses', 'library-portal' );
		case 'purchased':
			return __( 'Purchased', 'library-portal' );
		case 'in-progress':
			return __( 'In Progress', 'library-portal' );
		case 'completed':
			return __( 'Completed', 'library-portal' );
		case 'not-started':
			return __( 'Not Started', 'library-portal' );
		case 'expired':
			return __( 'Expired', 'library-portal' );
		case 'member-product':
			return __( 'Member Product', 'library-portal' );
	}
}

/**
 * A status filter from a query value; anything unknown is 'all'.
 *
 * @param value Value of ?status=.
 */
export function parseStatusFilter(
	value: string | null | undefined
): StatusFilter {
	return (
		STATUS_FILTERS as readonly ( string | null | undefined )[]
	 ).includes( value )
		? ( value as StatusFilter )
		: 'all';
}

/**
 * Which item statuses a filter value selects. 'in-progress' includes 'Take Test' (started, not
 * completed); 'member-product' includes 'Membership'.
 *
 * @param status Item status key.
 * @param filter Filter value.
 */
export function statusMatchesFilter(
	status: ItemStatusKey,
	filter: StatusFilter
): boolean {
	switch ( filter ) {
		case 'all':
			return true;
		case 'in-progress':
			return status === 'in-progress' || status === 'take-test';
		case 'member-product':
			return status === 'member-product' || status === 'membership';
		default:
			return status === filter;
	}
}

/**
 * Case-insensitive match of the query in the title, subtitle or description.
 *
 * @param item  Library item.
 * @param query Search text.
 */
export function matchesSearch(
	item: Pick< LibraryItem, 'title' | 'subtitle' | 'description' >,
	query: string
): boolean {
	// An empty query is in every text: it keeps every item.
	const needle = query.trim().toLocaleLowerCase();
	return [ item.title, item.subtitle, item.description ].some( ( text ) =>
		text.toLocaleLowerCase().includes( needle )
	);
}

export interface ListFilters {
	search: string;
	/** Content types shown; empty: all of them. */
	contentTypes: readonly string[];
	status: StatusFilter;
}

export const DEFAULT_FILTERS: ListFilters = {
	search: '',
	contentTypes: [],
	status: 'all',
};

/**
 * The content types of ?type= (comma-separated, as the dashboard's figures link to them).
 *
 * @param value Value of ?type=.
 */
export const parseContentTypes = (
	value: string | null | undefined
): string[] => [
	...new Set(
		( value ?? '' )
			.split( ',' )
			.map( ( type ) => type.trim() )
			.filter( ( type ) => type !== '' && type !== 'all' )
	),
];

export interface FilteredList {
	active: LibraryItem[];
	expired: LibraryItem[];
	/**
	 * With the status filter 'expired' (the dashboard's 'Expiring Licenses This Month' link): the
	 * items the server counts licenses ending this month for, shown above 'Expired Items'.
	 */
	expiring: LibraryItem[];
}

/**
 * Applies the filters and splits the result into the active list, the 'Expired Items' section
 * and, for ?status=expired, the items with licenses expiring this month.
 *
 * @param items   Library items.
 * @param filters Filters.
 */
export function filterLibrary(
	items: LibraryItem[],
	filters: ListFilters
): FilteredList {
	const active: LibraryItem[] = [];
	const expired: LibraryItem[] = [];
	const expiring: LibraryItem[] = [];
	for ( const item of items ) {
		const status = getItemStatus( item ).key;
		if (
			! matchesSearch( item, filters.search ) ||
			( filters.contentTypes.length > 0 &&
				! filters.contentTypes.includes( item.content_type ) )
		) {
			continue;
		}
		if ( statusMatchesFilter( status, filters.status ) ) {
			( status === 'expired' ? expired : active ).push( item );
		} else if (
			filters.status === 'expired' &&
			item.expiring_licenses > 0
		) {
			expiring.push( item );
		}
	}
	return { active, expired, expiring };
}

/** Labels of letters, digits, spaces and hyphens only: their case-blind order needs no collator. */
const PLAIN_LABEL = /^[A-Za-z0-9 -]*$/;

/**
 * Orders two labels as the browser's collation does (localeCompare). Labels of ASCII letters,
 * digits, spaces and hyphens are compared case-blind by code point, which is the same order
 * (spaces, then hyphens, then digits, then letters) without waking the browser's collator: its
 * first use costs a phone about 60 ms of main thread, all of it inside the list's first render.
 *
 * @param a A label.
 * @param b Another label.
 */
export function compareLabels( a: string, b: string ): number {
	if ( PLAIN_LABEL.test( a ) && PLAIN_LABEL.test( b ) ) {
		const left = a.toLowerCase();
		const right = b.toLowerCase();
		if ( left !== right ) {
			return left < right ? -1 : 1;
		}
	}
	return a.localeCompare( b );
}

/**
 * The content-type dropdown's options: the types present in the items (value and label, sorted
 * by label) and, when ?type= names several (a dashboard figure's link), one option for that set.
 *
 * @param items    Library items.
 * @param selected Content types of ?type=.
 */
export function contentTypeOptions(
	items: LibraryItem[],
	selected: readonly string[] = []
): { value: string; label: string }[] {
	const seen = new Map< string, string >();
	for ( const item of items ) {
		if ( item.content_type !== '' && ! seen.has( item.content_type ) ) {
			seen.set(
				item.content_type,
				item.content_type_label || item.content_type
			);
		}
	}
	const options = [ ...seen ]
		.map( ( [ value, label ] ) => ( { value, label } ) )
		.sort( ( a, b ) => compareLabels( a.label, b.label ) );
	if ( selected.length > 1 ) {
		options.unshift( {
			value: selected.join( ',' ),
			label: selected
				.map( ( type ) => seen.get( type ) ?? type )
				.join( ' + ' ),
		} );
	} else {
		const [ only ] = selected;
		if ( only !== undefined && ! seen.has( only ) ) {
			options.unshift( { value: only, label: only } );
		}
	}
	return options;
}
