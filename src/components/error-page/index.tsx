/**
 * The router's default error page: 'Unexpected Application Error!' with a status line or the error message.
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { ScreenTitle } from '../screen-title';

export interface ErrorPageProps {
	status?: number;
	statusText?: string;
	error?: unknown;
}

/**
 * Text under the title: '{status} {statusText}' when a status is known, else the error message.
 *
 * @param props Status or error.
 */
export function errorPageDetail( props: ErrorPageProps ): string {
	if ( props.status ) {
		return `${ props.status } ${ props.statusText ?? '' }`.trim();
	}
	if ( props.error instanceof Error ) {
		return props.error.message;
	}
	return typeof props.error === 'string' ? props.error : '';
}

export function ErrorPage( props: ErrorPageProps ) {
	const detail = errorPageDetail( props );
	return (
		<div className="lp-error-page">
			<ScreenTitle
				className="lp-error-page__title"
				title={ __(
					'Unexpected Application Error!',
					'library-portal'
				) }
			/>
			{ detail !== '' ? (
				<p className="lp-error-page__detail">{ detail }</p>
			) : null }
		</div>
	);
}
