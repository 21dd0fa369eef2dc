/**
 * Loads the library items and the user at start (spec point 7); the unread count outside contract mode.
 * Failures give empty data (logged by the api modules).
 */

/**
 * WordPress dependencies
 */
import { useEffect, useState } from '@wordpress/element';

/**
 * Internal dependencies
 */
import { fetchItems } from '../../api/items';
import { fetchUnreadCount } from '../../api/notifications';
import type { LibraryItem, LibraryUser } from '../../api/types';
import { fetchUser } from '../../api/user';

export interface LoadedData {
	items: LibraryItem[];
	itemsLoading: boolean;
	user: LibraryUser | null;
	userLoading: boolean;
	unreadCount: number;
}

/**
 * @param contractMode Whether the current page is a contract page (no bell).
 */
export function usePortalData( contractMode: boolean ): LoadedData {
	const [ items, setItems ] = useState< LibraryItem[] >( [] );
	const [ itemsLoading, setItemsLoading ] = useState( true );
	const [ user, setUser ] = useState< LibraryUser | null >( null );
	const [ userLoading, setUserLoading ] = useState( true );
	const [ unreadCount, setUnreadCount ] = useState( 0 );
	const [ wantUnread, setWantUnread ] = useState( ! contractMode );

	useEffect( () => {
		let active = true;
		void fetchItems().then( ( list ) => {
			if ( active ) {
				setItems( list );
				setItemsLoading( false );
			}
		} );
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

	return { items, itemsLoading, user, userLoading, unreadCount };
}
