/**
 * Loads the library items and the user at start; the unread count outside contract mode.
 * Items come from useItems (a failure is shown with Retry); user and count failures give empty data.
 */

/**
 * WordPress dependencies
 */
import { useEffect, useState } from '@wordpress/element';

/**
 * Internal dependencies
 */
import type { LibraryItem, LibraryUser } from '../../types/library';
import { useItems } from '../../data/use-items';
import { useUnreadCount } from '../../data/use-unread-count';
import { useUser } from '../../data/use-user';

export interface LoadedData {
	items: LibraryItem[];
	itemsLoading: boolean;
	itemsError: boolean;
	reloadItems: () => void;
	replaceItems: ( items: LibraryItem[] ) => void;
	user: LibraryUser | null;
	userLoading: boolean;
	unreadCount: number;
	/** The bell shows the server's count from the latest notifications reply. */
	setUnreadCount: ( unread: number ) => void;
}

/**
 * @param contractMode Whether the current page is a contract page (no bell).
 */
export function usePortalData( contractMode: boolean ): LoadedData {
	const itemsResource = useItems();
	const userResource = useUser();
	// Once the bell has been wanted (a non-contract page), it stays loaded.
	const [ wantUnread, setWantUnread ] = useState( ! contractMode );
	useEffect( () => {
		if ( ! contractMode ) {
			setWantUnread( true );
		}
	}, [ contractMode ] );
	const unread = useUnreadCount( wantUnread );

	return {
		items: itemsResource.items,
		itemsLoading: itemsResource.loading,
		itemsError: itemsResource.error,
		reloadItems: itemsResource.reload,
		replaceItems: itemsResource.replace,
		user: userResource.value,
		userLoading: userResource.loading,
		unreadCount: unread.value,
		setUnreadCount: unread.replace,
	};
}
