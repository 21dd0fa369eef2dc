/**
 * Loads the library items and the user at start (spec point 7); the unread count outside contract mode.
 * Items come from useItems (a failure is shown with Retry); user and count failures give empty data.
 */

/**
 * WordPress dependencies
 */
import { useEffect, useState } from '@wordpress/element';

/**
 * Internal dependencies
 */
import { fetchUnreadCount } from '../../api/notifications';
import type { LibraryItem, LibraryUser } from '../../types/library';
import { fetchUser } from '../../api/user';
import { useItems } from '../../data/use-items';

export interface LoadedData {
	items: LibraryItem[];
	itemsLoading: boolean;
	itemsError: boolean;
	reloadItems: () => void;
	replaceItems: ( items: LibraryItem[] ) => void;
	user: LibraryUser | null;
	userLoading: boolean;
	unreadCount: number;
}

/**
 * @param contractMode Whether the current page is a contract page (no bell).
 */
export function usePortalData( contractMode: boolean ): LoadedData {
	const itemsResource = useItems();
	const [ user, setUser ] = useState< LibraryUser | null >( null );
	const [ userLoading, setUserLoading ] = useState( true );
	const [ unreadCount, setUnreadCount ] = useState( 0 );
	const [ wantUnread, setWantUnread ] = useState( ! contractMode );

	useEffect( () => {
		let active = true;
		void fetchUser().then( ( loaded ) => {
			if ( active ) {
				setUser( loaded );
				setUserLoading( false );
			}
		} );
		return () => {
			active = false;
		};
	}, [] );

	useEffect( () => {
		if ( ! contractMode ) {
			setWantUnread( true );
		}
	}, [ contractMode ] );

	useEffect( () => {
		if ( ! wantUnread ) {
			return undefined;
		}
		let active = true;
		void fetchUnreadCount().then( ( count ) => {
			if ( active ) {
				setUnreadCount( count );
			}
		} );
		return () => {
			active = false;
		};
	}, [ wantUnread ] );

	return {
		items: itemsResource.items,
		itemsLoading: itemsResource.loading,
		itemsError: itemsResource.error,
		reloadItems: itemsResource.reload,
		replaceItems: itemsResource.replace,
		user,
		userLoading,
		unreadCount,
	};
}
