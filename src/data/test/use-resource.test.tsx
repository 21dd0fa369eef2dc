/**
 * External dependencies
 */
import { act, renderHook, waitFor } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { useResource } from '../use-resource';

function deferred< T >() {
	let resolve: ( value: T ) => void = () => undefined;
	const promise = new Promise< T >( ( done ) => {
		resolve = done;
	} );
	return { promise, resolve };
}

describe( 'useResource', () => {
	it( 'waits while disabled, then loads once enabled', async () => {
		const load = jest.fn( () => Promise.resolve( 7 ) );
		const { result, rerender } = renderHook(
			( { enabled } ) => useResource( load, 0, enabled ),
			{ initialProps: { enabled: false } }
		);
		expect( result.current ).toMatchObject( { value: 0, loading: false } );
		expect( load ).not.toHaveBeenCalled();

		rerender( { enabled: true } );
		await waitFor( () => expect( result.current.value ).toBe( 7 ) );
		expect( load ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'drops a reply that arrives after a newer load started', async () => {
		const first = deferred< string >();
		const second = deferred< string >();
		const load = jest
			.fn()
			.mockReturnValueOnce( first.promise )
			.mockReturnValueOnce( second.promise );
		const { result } = renderHook( () => useResource( load, 'none' ) );

		act( () => result.current.reload() );
		await act( async () => second.resolve( 'new' ) );
		await act( async () => first.resolve( 'old' ) );

		expect( result.current ).toMatchObject( {
			value: 'new',
			loading: false,
			error: false,
		} );
	} );

	it( 'marks a failure with the initial value, and replace clears it', async () => {
		const { result } = renderHook( () =>
			useResource(
				() => Promise.reject( new Error( 'HTTP 500' ) ),
				[] as number[]
			)
		);
		await waitFor( () => expect( result.current.error ).toBe( true ) );
		expect( result.current.value ).toEqual( [] );

		act( () => result.current.replace( [ 1, 2 ] ) );
		expect( result.current ).toMatchObject( {
			value: [ 1, 2 ],
			error: false,
		} );
	} );
} );
