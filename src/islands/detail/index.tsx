/**
 * The detail island (lazy chunk `island-detail`). For now: the item's title and license line
 * from the already-loaded list; the player, tabs and test come in later issues.
 */

/**
 * External dependencies
 */
import { Navigate, useParams, useSearchParams } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { useEffect } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { LicenseLines } from '../../components/license-lines';
import { LoadingIndicator } from '../../components/loading-indicator';
import { NotAvailable } from '../../components/not-available';
import { findLibraryItem } from '../../domain/items';
import { paths } from '../../domain/paths';
import { usePortal } from '../shell/portal-context';

export function ItemDetail() {
	const { productId = '' } = useParams();
	const [ params ] = useSearchParams();
	const { items, itemsLoading, contractMode, contractId, showError } =
		usePortal();
	const id = Number( productId );
	const item = itemsLoading
		? undefined
		: findLibraryItem( items, id, params.get( 'tag' ) === 'member' );
	const listPath =
		contractMode && contractId !== null
			? paths.contract( contractId )
			: paths.list();
	const missing = ! itemsLoading && ! item && ! contractMode;

	useEffect( () => {
		if ( missing ) {
			showError(
				sprintf(
					/* translators: %s: product id. */
					__(
						'Item with ID %s was not found in your library.',
						'library-portal'
					),
					productId
				)
			);
		}
	}, [ missing, productId, showError ] );

	if ( itemsLoading ) {
		return (
			<LoadingIndicator
				label={ __( 'Loading this item…', 'library-portal' ) }
			/>
		);
	}
	if ( missing ) {
		return <Navigate to={ listPath } replace />;
	}
	if ( ! item ) {
		return (
			<NotAvailable
				title={ __( 'Training', 'library-portal' ) }
				backTo={ listPath }
			/>
		);
	}
	return (
		<NotAvailable title={ item.title } backTo={ listPath }>
			{ item.content_type_label ? (
				<p className="lp-item__type">{ item.content_type_label }</p>
			) : null }
			{ item.subtitle ? (
				<p className="lp-item__subtitle">{ item.subtitle }</p>
			) : null }
			<LicenseLines item={ item } />
		</NotAvailable>
	);
}

export function Quiz() {
	return (
		<NotAvailable
			title={ __( 'Test', 'library-portal' ) }
			backTo={ paths.list() }
		/>
	);
}
