/**
 * A list rendered progressively, `pageSize` entries at a time: more load when the end of the list
 * scrolls into view (IntersectionObserver) or when the visible "load more" button is pressed; after
 * the button, focus goes to the first card it loaded (the button may be gone).
 * Give it a new `key` to start again from the first page.
 */

/**
 * External dependencies
 */
import type { ReactNode } from 'react';

/**
 * WordPress dependencies
 */
import { useCallback, useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { PAGE_SIZE } from '../../domain/filters';

export interface LoadMoreListProps< T > {
	items: T[];
	/** Accessible name of the list. */
	label: string;
	/** Text of the "load more" button. */
	moreLabel: string;
	getKey: ( item: T ) => string;
	/** Renders one entry; `index` is its place in the list (the first ones may load first). */
	renderItem: ( item: T, index: number ) => ReactNode;
	pageSize?: number;
}

export function LoadMoreList< T >( {
	items,
	label,
	moreLabel,
	getKey,
	renderItem,
	pageSize = PAGE_SIZE,
}: LoadMoreListProps< T > ) {
	const [ visible, setVisible ] = useState( pageSize );
	const sentinel = useRef< HTMLDivElement >( null );
	const hasMore = items.length > visible;
	const loadMore = useCallback(
		() => setVisible( ( count ) => count + pageSize ),
		[ pageSize ]
	);
	const list = useRef< HTMLUListElement >( null );
	// Index of the first card the button loaded: it takes focus (the button may be gone with the last page).
	const [ focusFrom, setFocusFrom ] = useState< number | null >( null );
	useEffect( () => {
		if ( focusFrom === null ) {
			return;
		}
		const cell = list.current?.children[ focusFrom ];
		if ( cell instanceof HTMLElement ) {
			(
				cell.querySelector< HTMLElement >( 'a[href], button' ) ?? cell
			).focus();
		}
		setFocusFrom( null );
	}, [ focusFrom ] );

	useEffect( () => {
		const node = sentinel.current;
		if (
			! hasMore ||
			! node ||
			typeof window.IntersectionObserver !== 'function'
		) {
			return undefined;
		}
		const observer = new window.IntersectionObserver(
			( entries ) => {
				if ( entries.some( ( entry ) => entry.isIntersecting ) ) {
					// Tabbing to the button scrolls it in and loads the page: focus follows, the button may go.
					if ( node.contains( node.ownerDocument.activeElement ) ) {
						setFocusFrom( visible );
					}
					loadMore();
				}
			},
			{ rootMargin: '200px 0px' }
		);
		observer.observe( node );
		return () => observer.disconnect();
	}, [ hasMore, loadMore, visible ] );

	const shown = Math.min( visible, items.length );
	return (
		<div className="lp-load-more-list">
			<ul className="lp-grid" aria-label={ label } ref={ list }>
				{ items.slice( 0, visible ).map( ( item, index ) => (
					<li key={ getKey( item ) } className="lp-grid__cell">
						{ renderItem( item, index ) }
					</li>
				) ) }
			</ul>
			<p className="lp-load-more__count" aria-live="polite">
				{ sprintf(
					/* translators: 1: number of items shown, 2: total number of items. */
					__( 'Showing %1$d of %2$d', 'library-portal' ),
					shown,
					items.length
				) }
			</p>
			{ hasMore ? (
				<div className="lp-load-more" ref={ sentinel }>
					<button
						type="button"
						className="lp-button lp-button--secondary"
						onClick={ () => {
							setFocusFrom( Math.min( visible, items.length ) );
							loadMore();
						} }
					>
						{ moreLabel }
					</button>
				</div>
			) : null }
		</div>
	);
}
