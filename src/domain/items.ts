/**
 * Finding an item of the library list.
 */

/**
 * Internal dependencies
 */
import type { LibraryItem } from '../types/library';

/**
 * The item with this product id: the member version when `member` is true, otherwise the
 * non-member one first (then any version).
 *
 * @param items     Library items.
 * @param productId Product id.
 * @param member    Whether ?tag=member was given.
 */
export function findLibraryItem(
	items: LibraryItem[],
	productId: number,
	member: boolean
): LibraryItem | undefined {
	const versions = items.filter( ( item ) => item.product_id === productId );
	if ( member ) {
		return versions.find( ( item ) => item.tag === 'member' );
	}
	return versions.find( ( item ) => item.tag !== 'member' ) ?? versions[ 0 ];
}
