/**
 * The screen's heading (h1). It names the document ("<title> – <site>"), and after a route
 * change it takes focus and is announced, so the new screen is where the user is.
 */

/**
 * WordPress dependencies
 */
import { speak } from '@wordpress/a11y';
import { useEffect, useRef } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { getConfig } from '../../config';
import { claimRouteFocus } from '../../lib/route-focus';

export interface ScreenTitleProps {
	title: string;
	id?: string;
	className?: string;
}

/**
 * The document title of a screen.
 *
 * @param title Screen title.
 */
export function documentTitle( title: string ): string {
	const site = getConfig().brandName;
	return site === ''
		? title
		: /* translators: 1: screen title, 2: site name. */
			sprintf( __( '%1$s – %2$s', 'library-portal' ), title, site );
}

export function ScreenTitle( {
	title,
	id,
	className = 'lp-page-title',
}: ScreenTitleProps ) {
	const ref = useRef< HTMLHeadingElement >( null );

	useEffect( () => {
		document.title = documentTitle( title );
	}, [ title ] );

	useEffect( () => {
		if ( claimRouteFocus() ) {
			ref.current?.focus();
			speak( title, 'polite' );
		}
		// Once per mount: a title that changes later (data arrived) keeps the focus where it is.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [] );

	return (
		<h1 ref={ ref } id={ id } className={ className } tabIndex={ -1 }>
			{ title }
		</h1>
	);
}
