/**
 * Numbered pagination with ellipsis (spec point 2, Notifications page): the first and last
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
	for ( let n = page - neighbors; n <= page + neighbors; n++ ) {
		if ( n >= 1 && n <= total ) {
			shown.add( n );
		}
	}
	const pages = [ ...shown ].sort( ( a, b ) => a - b );
	const tokens: PageToken[] = [];
	pages.forEach( ( n, index ) => {
		const previous = pages[ index - 1 ];
		if ( previous !== undefined && n - previous === 2 ) {
			tokens.push( previous + 1 );
		} else if ( previous !== undefined && n - previous > 2 ) {
			tokens.push( 'ellipsis' );
		}
		tokens.push( n );
	} );
	return tokens;
}

/**
 * The page a ?page= value asks for: a whole number from 1, else 1.
 *
 * @param value The query value.
 */
export function parsePage( value: string | null ): number {
	const page = Number( value );
	return Number.isInteger( page ) && page >= 1 ? page : 1;
}
