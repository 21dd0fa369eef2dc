/**
 * One server resource in a screen: its value, whether it is loading or failed, reload (Retry,
 * or after a write) and replace (a write's reply carries the new value). Every resource hook in
 * src/data is this with its own loader, so the portal context does not grow a field per call.
 */

/**
 * WordPress dependencies
 */
import {
	startTransition,
	useCallback,
	useEffect,
	useState,
} from '@wordpress/element';

export interface Resource< T > {
	value: T;
	loading: boolean;
	/** The last load failed. */
	error: boolean;
	reload: () => void;
	replace: ( value: T ) => void;
}

/**
 * @param load    Loads the value; a rejection marks the resource failed (value back to `initial`).
 * @param initial Value before the first load and after a failure.
 * @param enabled Whether to load now (false: stays `initial`, not loading, until enabled).
 */
export function useResource< T >(
	load: () => Promise< T >,
	initial: T,
	enabled = true
): Resource< T > {
	const [ value, setValue ] = useState< T >( initial );
	const [ loading, setLoading ] = useState( enabled );
	const [ error, setError ] = useState( false );
	const [ attempt, setAttempt ] = useState( 0 );

	useEffect( () => {
		if ( ! enabled ) {
			setLoading( false );
			return undefined;
		}
		// A reply that arrives after a newer load started (or after unmount) is dropped.
		let current = true;
		setLoading( true );
		setError( false );
		// What a reply brings is drawn as a transition: a long list renders in slices of a few
		// milliseconds with the page free between them, not as one task that blocks a phone.
		load().then(
			( loaded ) => {
				if ( current ) {
					startTransition( () => {
						setValue( loaded );
						setLoading( false );
					} );
				}
			},
			() => {
				if ( current ) {
					startTransition( () => {
						setValue( initial );
						setError( true );
						setLoading( false );
					} );
				}
			}
		);
		return () => {
			current = false;
		};
		// `load` and `initial` are module-level in every caller; a new attempt or enabling reloads.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ attempt, enabled ] );

	const reload = useCallback( () => setAttempt( ( n ) => n + 1 ), [] );
	const replace = useCallback( ( next: T ) => {
		setValue( next );
		setError( false );
	}, [] );

	return { value, loading, error, reload, replace };
}
