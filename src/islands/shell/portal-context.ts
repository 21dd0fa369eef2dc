/**
 * Data shared by the shell with the lazy islands: library items and user (loaded at start),
 * the unread notification count, contract mode, and the error banner.
 */

/**
 * WordPress dependencies
 */
import { createContext, useContext } from '@wordpress/element';

/**
 * Internal dependencies
 */
import type { LibraryItem, LibraryUser } from '../../types/library';

export interface PortalData {
	items: LibraryItem[];
	itemsLoading: boolean;
	/** The items call failed: screens show LoadError with Retry instead of empty data. */
	itemsError: boolean;
	reloadItems: () => void;
	replaceItems: ( items: LibraryItem[] ) => void;
	user: LibraryUser | null;
	userLoading: boolean;
	unreadCount: number;
	setUnreadCount: ( unread: number ) => void;
	contractMode: boolean;
	contractId: string | null;
	showError: ( message: string ) => void;
}

export const defaultPortalData: PortalData = {
	items: [],
	itemsLoading: false,
	itemsError: false,
	reloadItems: () => undefined,
	replaceItems: () => undefined,
	user: null,
	userLoading: false,
	unreadCount: 0,
	setUnreadCount: () => undefined,
	contractMode: false,
	contractId: null,
	showError: () => undefined,
};

export const PortalContext = createContext< PortalData >( defaultPortalData );

export const usePortal = (): PortalData => useContext( PortalContext );
