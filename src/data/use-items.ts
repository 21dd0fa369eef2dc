/**
 * The library's items (GET items/), as a resource: the dashboard and the list read them, writes
 * that return the updated list replace them.
 */

/**
 * Internal dependencies
 */
import { fetchItems } from '../api/items';
import type { LibraryItem } from '../types/library';
import { useResource } from './use-resource';

export interface ItemsResource {
	items: LibraryItem[];
	loading: boolean;
	/** The last load failed (the screens say so and offer Retry). */
	error: boolean;
	reload: () => void;
	replace: ( items: LibraryItem[] ) => void;
}

const NO_ITEMS: LibraryItem[] = [];

export function useItems(): ItemsResource {
	const { value, ...rest } = useResource( fetchItems, NO_ITEMS );
	return { items: value, ...rest };
}
