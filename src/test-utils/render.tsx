/**
 * Rendering helpers: a screen inside a memory router and the portal context.
 */

/**
 * External dependencies
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

/**
 * Internal dependencies
 */
import { ROUTER_FUTURE } from '../lib/router-future';
import {
	defaultPortalData,
	PortalContext,
	type PortalData,
} from '../islands/shell/portal-context';

/**
 * Prints the current location for assertions (`data-testid="location"`).
 */
export function LocationProbe() {
	const location = useLocation();
	return (
		<div data-testid="location">{ `${ location.pathname }${ location.search }` }</div>
	);
}

export interface RenderScreenOptions {
	/** Initial URL. */
	url?: string;
	/** Route pattern of the screen. */
	path?: string;
	data?: Partial< PortalData >;
}

export function renderScreen(
	screen: ReactElement,
	{
		url = '/my-account/library/videos',
		path = '/my-account/library/videos',
		data = {},
	}: RenderScreenOptions = {}
) {
	const value: PortalData = { ...defaultPortalData, ...data };
	return render(
		<MemoryRouter initialEntries={ [ url ] } future={ ROUTER_FUTURE }>
			<PortalContext.Provider value={ value }>
				<Routes>
					<Route path={ path } element={ screen } />
					<Route path="*" element={ <p>elsewhere</p> } />
				</Routes>
				<LocationProbe />
			</PortalContext.Provider>
		</MemoryRouter>
	);
}
