/**
 * Catches render errors (including failed island chunks) and shows the router error page.
 */

/**
 * External dependencies
 */
import type { ErrorInfo, ReactNode } from 'react';

/**
 * WordPress dependencies
 */
import { Component } from '@wordpress/element';

/**
 * Internal dependencies
 */
import { ErrorPage } from '../../components/error-page';

interface Props {
	children: ReactNode;
}

interface State {
	error: unknown;
	hasError: boolean;
}

export class ErrorBoundary extends Component< Props, State > {
	override state: State = { error: null, hasError: false };

	static getDerivedStateFromError( error: unknown ): State {
		return { error, hasError: true };
	}

	override componentDidCatch( error: unknown, info: ErrorInfo ): void {
		// eslint-disable-next-line no-console
		console.error(
			'library-portal: screen failed',
			error,
			info.componentStack
		);
	}

	override render() {
		if ( this.state.hasError ) {
			return <ErrorPage error={ this.state.error } />;
		}
		return this.props.children;
	}
}
