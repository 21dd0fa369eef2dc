/**
 * The library items resource: loads once, `reload` fetches again (the Retry button),
 * `replace` swaps the list after a local change without a request.
 */

/**
 * WordPress dependencies
 */
import { useCallback, useEffect, useState } from '@wordpress/element';

/**
 * Internal dependencies
 */
import { fetchItems } from '../api/items';
import type { LibraryItem } from '../types/library';

export interface ItemsResource {
	items: LibraryItem[];
	loading: boolean;
	/** The last load failed (the screens say so and offer Retry). */
	error: boolean;
	reload: () => void;
	replace: ( items: LibraryItem[] ) => void;
}

export function useItems(): ItemsResource {
	const [ items, setItems ] = useState< LibraryItem[] >( [] );
	const [ loading, setLoading ] = useState( true );
	const [ error, setError ] = useState( false );
	const [ attempt, setAttempt ] = useState( 0 );

	useEffect( () => {
		let active = true;
		setLoading( true );
		setError( false );
		fetchItems().then(
			( list ) => {
				if ( active ) {
					setItems( list );
					setLoading( false );
				}
			},
			() => {
				if ( active ) {
					setItems( [] );
					setError( true );
					setLoading( false );
				}
			}
		);
		return () => {
			active = false;
		};
	}, [ attempt ] );

	const reload = useCallback( () => setAttempt( ( n ) => n + 1 ), [] );
	const replace = useCallback( ( list: LibraryItem[] ) => {
		setItems( list );
		setError( false );
	}, [] );

	return { items, loading, error, reload, replace };
}
