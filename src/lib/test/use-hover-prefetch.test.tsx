/**
 * External dependencies
 */
import { act, fireEvent, render, screen } from '@testing-library/react';

/**
 * Internal dependencies
 */
import type { IslandName } from '../../domain/paths';
import { useHoverPrefetch } from '../use-hover-prefetch';

function Probe( {
	to,
	prefetch,
}: {
	to: string | null;
	prefetch: ( name: IslandName ) => void;
} ) {
	const handlers = useHoverPrefetch( to, prefetch );
	return (
		<a href="#x" { ...handlers }>
			target
		</a>
	);
}

afterEach( () => jest.useRealTimers() );

describe( 'hover prefetch', () => {
	it( "prefetches the route's island after 100 ms of hover", () => {
		jest.useFakeTimers();
		const prefetch = jest.fn();
		render(
			<Probe to="/my-account/library/users" prefetch={ prefetch } />
		);
		fireEvent.mouseEnter( screen.getByRole( 'link' ) );
		act( () => jest.advanceTimersByTime( 99 ) );
		expect( prefetch ).not.toHaveBeenCalled();
		act( () => jest.advanceTimersByTime( 1 ) );
		expect( prefetch ).toHaveBeenCalledWith( 'team' );
	} );

	it( 'does nothing when the pointer leaves before 100 ms', () => {
		jest.useFakeTimers();
		const prefetch = jest.fn();
		render(
			<Probe
				to="/my-account/library/videos?status=expired"
				prefetch={ prefetch }
			/>
		);
		fireEvent.mouseEnter( screen.getByRole( 'link' ) );
		act( () => jest.advanceTimersByTime( 50 ) );
		fireEvent.mouseLeave( screen.getByRole( 'link' ) );
		act( () => jest.advanceTimersByTime( 200 ) );
		expect( prefetch ).not.toHaveBeenCalled();
	} );

	it( 'ignores external targets', () => {
		jest.useFakeTimers();
		const prefetch = jest.fn();
		render( <Probe to={ null } prefetch={ prefetch } /> );
		fireEvent.mouseEnter( screen.getByRole( 'link' ) );
		act( () => jest.advanceTimersByTime( 200 ) );
		expect( prefetch ).not.toHaveBeenCalled();
	} );
} );
