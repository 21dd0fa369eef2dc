/**
 * Numbered pagination with ellipsis (Notifications page): the first and last
 * pages, the current one and its neighbours; a gap of one page shows that page, a longer gap an
 * ellipsis.
 */

export type PageToken = number | 'ellipsis';

/**
 * The pages to show, in order.
 *
 * @param current   Current page (clamped to 1..total).
 * @param total     Number of pages.
 * @param neighbors Pages shown on each side of the current one.
 */
export function pageTokens(
	current: number,
	total: number,
	neighbors = 1
): PageToken[] {
	if ( total < 1 ) {
		return [];
	}
	const page = Math.min( total, Math.max( 1, Math.floor( current ) ) );
	const shown = new Set< number >( [ 1, total ] );
	const last = Math.min( total, page + neighbors );
	for ( let n = Math.max( 1, page - neighbors ); n <= last; n++ ) {
		shown.add( n );
	}
	const tokens: PageToken[] = [];
	// Page 1 is always shown, so the first gap is measured from a page 0 before it.
	let previous = 0;
	for ( const n of [ ...shown ].sort( ( a, b ) => a - b ) ) {
		if ( n - previous > 2 ) {
			tokens.push( 'ellipsis' );
		} else if ( n - previous === 2 ) {
			tokens.push( previous + 1 );
		}
		tokens.push( n );
		previous = n;
	}
	return tokens;
}

/**
 * The page a ?page= value asks for: a whole number from 1, else 1.
 *
 * @param value The query value.
 */
export function parsePage( value: string | null ): number {
	const page = Number( value );
	return Number.isInteger( page ) && page > 0 ? page : 1;
}
