/**
 * One library item in the list: type, title (link to the detail), subtitle, status, license text and expiry line.
 */

/**
 * External dependencies
 */
import { Link } from 'react-router-dom';

/**
 * Internal dependencies
 */
import type { LibraryItem } from '../../types/library';
import { LicenseLines } from '../license-lines';
import { getItemStatus } from '../../domain/status';
import { useHoverPrefetch } from '../../lib/use-hover-prefetch';

export interface ItemCardProps {
	item: LibraryItem;
	/** Router-relative link to the item detail. */
	to: string;
	/** Above the fold: the image loads at once and first (the list marks its first cards). */
	priority?: boolean;
	/** Level of the title's heading: 2 right under the screen's h1, 3 inside a section. */
	headingLevel?: 2 | 3;
}

export function ItemCard( {
	item,
	to,
	priority = false,
	headingLevel = 3,
}: ItemCardProps ) {
	const Heading = headingLevel === 2 ? 'h2' : 'h3';
	const status = getItemStatus( item );
	const prefetch = useHoverPrefetch( to );
	const titleId = `lp-item-${ item.product_id }-${ item.tag || 'own' }-${ item.share_user_id }`;
	return (
		<article
			className={ `lp-card lp-item lp-item--${ status.key }` }
			aria-labelledby={ titleId }
		>
			{ item.img ? (
				<img
					className="lp-item__image"
					src={ item.img }
					alt=""
					loading={ priority ? 'eager' : 'lazy' }
					// React 18 does not know the prop's camelCase name yet: the attribute as HTML spells it.
					{ ...{ fetchpriority: priority ? 'high' : undefined } }
					decoding="async"
					width={ 320 }
					height={ 180 }
				/>
			) : (
				// No image: a brand-coloured panel with the kind of item, drawn on purpose.
				<div
					className={ `lp-item__image lp-item__image--empty lp-item__image--${
						item.content_type === 'e-manual' ? 'manual' : 'video'
					}` }
					aria-hidden="true"
				>
					<svg viewBox="0 0 24 24" focusable="false">
						{ item.content_type === 'e-manual' ? (
							<path d="M6 2h9l5 5v15H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm8 1.5V8h4.5L14 3.5zM8 12h8v1.5H8V12zm0 3.5h8V17H8v-1.5z" />
						) : (
							<path d="M8 5v14l11-7z" />
						) }
					</svg>
				</div>
			) }
			<div className="lp-item__body">
				{ item.content_type_label ? (
					<p className="lp-item__type">{ item.content_type_label }</p>
				) : null }
				<Heading className="lp-item__title" id={ titleId }>
					<Link className="lp-item__link" to={ to } { ...prefetch }>
						{ item.title }
					</Link>
				</Heading>
				{ item.subtitle ? (
					<p className="lp-item__subtitle">{ item.subtitle }</p>
				) : null }
				<p className="lp-item__status">
					<span className={ `lp-status lp-status--${ status.key }` }>
						{ status.label }
					</span>
				</p>
				<LicenseLines item={ item } />
			</div>
		</article>
	);
}
