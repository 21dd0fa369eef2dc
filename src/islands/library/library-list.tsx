/**
 * Library list (spec point 2): title and description, search (300 ms debounce), content-type and
 * status dropdowns, Reset, ?status= in the URL, the active list and the 'Expired Items' section
 * (20 at a time each), 'No items found'.
 */

/**
 * External dependencies
 */
import { useSearchParams } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { useEffect, useMemo, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { LibraryItem } from '../../types/library';
import { ItemCard } from '../../components/item-card';
import { LoadMoreList } from '../../components/load-more-list';
import { LoadError } from '../../components/load-error';
import { LoadingIndicator } from '../../components/loading-indicator';
import { ScreenTitle } from '../../components/screen-title';
import { getConfig } from '../../config';
import {
	contentTypeOptions,
	parseContentTypes,
	filterLibrary,
	parseStatusFilter,
	SEARCH_DEBOUNCE_MS,
	STATUS_FILTERS,
	statusFilterLabel,
} from '../../domain/filters';
import { paths } from '../../domain/paths';
import { usePortal } from '../shell/portal-context';

const itemKey = ( item: LibraryItem ) =>
	`${ item.product_id }-${ item.tag || 'own' }-${ item.share_user_id }-${ item.contract_id }`;

export function LibraryList() {
	const {
		items,
		itemsLoading,
		itemsError,
		reloadItems,
		user,
		contractMode,
		contractId,
	} = usePortal();
	const config = getConfig();
	const [ params, setParams ] = useSearchParams();
	const status = parseStatusFilter( params.get( 'status' ) );
	const urlSearch = params.get( 'search' ) ?? '';
	const [ searchText, setSearchText ] = useState( urlSearch );
	const [ search, setSearch ] = useState( urlSearch );
	const contentTypes = useMemo(
		() => parseContentTypes( params.get( 'type' ) ),
		[ params ]
	);

	// The top bar search writes ?search=; follow it.
	useEffect( () => {
		setSearchText( urlSearch );
		setSearch( urlSearch );
	}, [ urlSearch ] );

	// 300 ms debounce between typing and filtering; the address follows (?search=), so a
	// reload or a shared link brings back this search and not an older one.
	useEffect( () => {
		if ( searchText === search ) {
			return undefined;
		}
		const timer = window.setTimeout( () => {
			setSearch( searchText );
			setParams(
				( previous ) => {
					const next = new URLSearchParams( previous );
					if ( searchText.trim() === '' ) {
						next.delete( 'search' );
					} else {
						next.set( 'search', searchText );
					}
					return next;
				},
				{ replace: true }
			);
		}, SEARCH_DEBOUNCE_MS );
		return () => window.clearTimeout( timer );
	}, [ searchText, search, setParams ] );

	const scoped = useMemo(
		() =>
			contractMode && contractId !== null
				? items.filter(
						( item ) => String( item.contract_id ) === contractId
					)
				: items,
		[ items, contractMode, contractId ]
	);
	const typeOptions = useMemo(
		() => contentTypeOptions( scoped, contentTypes ),
		[ scoped, contentTypes ]
	);
	const { active, expired, expiring } = useMemo(
		() => filterLibrary( scoped, { search, contentTypes, status } ),
		[ scoped, search, contentTypes, status ]
	);

	// Status and content type live in the address (?status=, ?type=), so the dashboard's
	// figures link to them and a reload keeps them.
	const setParam = ( name: 'status' | 'type', value: string ) => {
		setParams(
			( previous ) => {
				const next = new URLSearchParams( previous );
				if ( value === 'all' || value === '' ) {
					next.delete( name );
				} else {
					next.set( name, value );
				}
				return next;
			},
			{ replace: true }
		);
	};

	const reset = () => {
		setSearchText( '' );
		setSearch( '' );
		setParams(
			( previous ) => {
				const next = new URLSearchParams( previous );
				next.delete( 'status' );
				next.delete( 'type' );
				next.delete( 'search' );
				return next;
			},
			{ replace: true }
		);
	};

	const linkTo = ( item: LibraryItem ) =>
		contractMode && contractId !== null
			? paths.contractItem( contractId, item.product_id )
			: paths.item( item.product_id, item.tag );
	const renderItem = ( item: LibraryItem ) => (
		<ItemCard item={ item } to={ linkTo( item ) } />
	);
	const contentType =
		contentTypes.length > 0 ? contentTypes.join( ',' ) : 'all';
	const filterKey = `${ search }|${ contentType }|${ status }`;
	// The server decides membership (GET user/ is_member); the list only shows the link.
	const isMember = user?.is_member === true;
	const title =
		contractMode && config.contractData?.title
			? config.contractData.title
			: __( 'Library', 'library-portal' );

	return (
		<div className="lp-library">
			<div className="lp-page-header">
				<ScreenTitle title={ title } />
				<p className="lp-page-description">
					{ __(
						'Access your purchased on-demand workshops, webinars, and e-manuals below.',
						'library-portal'
					) }
					{ isMember && ! contractMode ? (
						<>
							{ ' ' }
							<a
								href={ `${ config.siteUrl }members/member-promos/` }
							>
								{ __(
									'See your member promos.',
									'library-portal'
								) }
							</a>
						</>
					) : null }
				</p>
			</div>

			<div
				className="lp-filters"
				role="group"
				aria-label={ __( 'Filter the library', 'library-portal' ) }
			>
				<div className="lp-field lp-field--search">
					<label className="lp-field__label" htmlFor="lp-list-search">
						{ __( 'Search items', 'library-portal' ) }
					</label>
					<input
						id="lp-list-search"
						className="lp-input"
						type="search"
						value={ searchText }
						placeholder={ __(
							'Title, subtitle or description',
							'library-portal'
						) }
						onChange={ ( event ) =>
							setSearchText( event.target.value )
						}
					/>
				</div>
				<div className="lp-field">
					<label className="lp-field__label" htmlFor="lp-list-type">
						{ __( 'Content type', 'library-portal' ) }
					</label>
					<select
						id="lp-list-type"
						className="lp-select"
						value={ contentType }
						onChange={ ( event ) =>
							setParam( 'type', event.target.value )
						}
					>
						<option value="all">
							{ __( 'All Content Types', 'library-portal' ) }
						</option>
						{ typeOptions.map( ( option ) => (
							<option key={ option.value } value={ option.value }>
								{ option.label }
							</option>
						) ) }
					</select>
				</div>
				<div className="lp-field">
					<label className="lp-field__label" htmlFor="lp-list-status">
						{ __( 'Status', 'library-portal' ) }
					</label>
					<select
						id="lp-list-status"
						className="lp-select"
						value={ status }
						onChange={ ( event ) =>
							setParam(
								'status',
								parseStatusFilter( event.target.value )
							)
						}
					>
						{ STATUS_FILTERS.map( ( value ) => (
							<option key={ value } value={ value }>
								{ statusFilterLabel( value ) }
							</option>
						) ) }
					</select>
				</div>
				<button
					type="button"
					className="lp-button lp-button--secondary lp-filters__reset"
					onClick={ reset }
				>
					{ __( 'Reset', 'library-portal' ) }
				</button>
			</div>

			{ itemsLoading ? (
				<LoadingIndicator
					label={ __( 'Loading your library…', 'library-portal' ) }
				/>
			) : null }
			{ ! itemsLoading && itemsError ? (
				<LoadError onRetry={ reloadItems } />
			) : null }
			{ itemsLoading || itemsError ? null : (
				<>
					{ active.length === 0 &&
					expired.length === 0 &&
					expiring.length === 0 ? (
						<p className="lp-empty" role="status">
							{ __( 'No items found', 'library-portal' ) }
						</p>
					) : null }
					{ active.length > 0 ? (
						<LoadMoreList
							key={ `active|${ filterKey }` }
							items={ active }
							label={ __( 'Library items', 'library-portal' ) }
							moreLabel={ __(
								'Load more items',
								'library-portal'
							) }
							getKey={ itemKey }
							renderItem={ renderItem }
						/>
					) : null }
					{ expiring.length > 0 ? (
						<section
							className="lp-expiring"
							aria-labelledby="lp-expiring-title"
						>
							<h2
								id="lp-expiring-title"
								className="lp-section-title"
							>
								{ __(
									'Expiring This Month',
									'library-portal'
								) }
							</h2>
							<LoadMoreList
								key={ `expiring|${ filterKey }` }
								items={ expiring }
								label={ __(
									'Items with licenses expiring this month',
									'library-portal'
								) }
								moreLabel={ __(
									'Load more expiring items',
									'library-portal'
								) }
								getKey={ itemKey }
								renderItem={ renderItem }
							/>
						</section>
					) : null }
					{ expired.length > 0 ? (
						<section
							className="lp-expired"
							aria-labelledby="lp-expired-title"
						>
							<h2
								id="lp-expired-title"
								className="lp-section-title"
							>
								{ __( 'Expired Items', 'library-portal' ) }
							</h2>
							<LoadMoreList
								key={ `expired|${ filterKey }` }
								items={ expired }
								label={ __(
									'Expired items',
									'library-portal'
								) }
								moreLabel={ __(
									'Load more expired items',
									'library-portal'
								) }
								getKey={ itemKey }
								renderItem={ renderItem }
							/>
						</section>
					) : null }
				</>
			) }
		</div>
	);
}
