/**
 * Library list: title and description, search (300 ms debounce), content-type and
 * status dropdowns, Reset, ?status= in the URL, the active list and the 'Expired Items' section
 * (20 at a time each), 'No items found'.
 */

/**
 * External dependencies
 */
import { Link, useSearchParams } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { useEffect, useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { LibraryItem } from '../../types/library';
import { ItemCard } from '../../components/item-card';
import { LoadMoreList } from '../../components/load-more-list';
import { LoadError } from '../../components/load-error';
import { LoadingIndicator } from '../../components/loading-indicator';
import { ScreenTitle } from '../../components/screen-title';
import { SearchField } from '../../components/search-field';
import { getConfig, type ContractData } from '../../config';
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

/**
 * Cards whose image loads at once and first: the ones above the fold on a phone and a desktop
 * (PHP's FirstScreen::PRIORITY_CARDS prints the same).
 */
export const PRIORITY_CARDS = 2;

const itemKey = ( item: LibraryItem ) =>
	`${ item.product_id }-${ item.tag || 'own' }-${ item.share_user_id }-${ item.contract_id }`;

/**
 * The contract's organizer: who to ask about this library.
 *
 * @param props           Props.
 * @param props.organizer The organizer card the server sent to this contract's members.
 */
function OrganizerCard( {
	organizer,
}: {
	organizer: ContractData[ 'organizer' ];
} ) {
	if ( organizer.name === '' && organizer.email === '' ) {
		return null;
	}
	return (
		<aside
			className="lp-card lp-organizer"
			aria-labelledby="lp-organizer-title"
		>
			{ organizer.thumb !== '' ? (
				<img
					className="lp-organizer__thumb"
					src={ organizer.thumb }
					alt=""
					width={ 64 }
					height={ 64 }
				/>
			) : null }
			<div>
				<h2 id="lp-organizer-title" className="lp-organizer__label">
					{ __( 'Your organizer', 'library-portal' ) }
				</h2>
				<p className="lp-organizer__name">{ organizer.name }</p>
				{ organizer.title !== '' ? (
					<p className="lp-organizer__role">{ organizer.title }</p>
				) : null }
				<p className="lp-organizer__contact">
					{ organizer.phone !== '' ? (
						<a
							href={ `tel:${ organizer.phone.replace( /[^\d+]/g, '' ) }` }
						>
							{ organizer.phone }
						</a>
					) : null }
					{ organizer.email !== '' ? (
						<a href={ `mailto:${ organizer.email }` }>
							{ organizer.email }
						</a>
					) : null }
				</p>
			</div>
		</aside>
	);
}

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

	// A contract's rows live in its own library (/contract/{id}); the user's list has the rest.
	const scoped = useMemo(
		() =>
			contractMode && contractId !== null
				? items.filter(
						( item ) => String( item.contract_id ) === contractId
					)
				: items.filter( ( item ) => item.tag !== 'contract' ),
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

	// A search typed in the top bar on a filtered list keeps the filters: the
	// list says they are on and offers to clear them, keeping the search; focus goes to the list's
	// own search field, since the button that had it goes away.
	const clearFilters = () => {
		setParams(
			( previous ) => {
				const next = new URLSearchParams( previous );
				next.delete( 'status' );
				next.delete( 'type' );
				return next;
			},
			{ replace: true }
		);
		document.getElementById( 'lp-list-search' )?.focus();
	};
	const linkTo = ( item: LibraryItem ) =>
		contractMode && contractId !== null
			? paths.contractItem( contractId, item.product_id )
			: paths.item( item.product_id, item.tag );
	// Cards under the screen's h1 have h2 titles; those in a titled section (h2) have h3.
	const renderActiveItem = ( item: LibraryItem, index: number ) => (
		<ItemCard
			item={ item }
			to={ linkTo( item ) }
			priority={ index < PRIORITY_CARDS }
			headingLevel={ 2 }
		/>
	);
	const renderItem = ( item: LibraryItem ) => (
		<ItemCard item={ item } to={ linkTo( item ) } />
	);
	const contentType =
		contentTypes.length > 0 ? contentTypes.join( ',' ) : 'all';
	const filterKey = `${ search }|${ contentType }|${ status }`;
	const filtersOn: string[] = [];
	if ( status !== 'all' ) {
		filtersOn.push(
			sprintf(
				/* translators: %s: the status filter, e.g. Expired. */
				__( 'Status: %s', 'library-portal' ),
				statusFilterLabel( status )
			)
		);
	}
	if ( contentTypes.length > 0 ) {
		filtersOn.push(
			sprintf(
				/* translators: %s: the content type filter, e.g. Webinar. */
				__( 'Content type: %s', 'library-portal' ),
				typeOptions.find( ( option ) => option.value === contentType )
					?.label ?? contentType
			)
		);
	}

	// The server decides membership (GET user/ is_member); the list only shows the link.
	const isMember = user?.is_member === true;
	const title =
		contractMode && config.contractData?.title
			? config.contractData.title
			: __( 'Library', 'library-portal' );

	// The server sends the contract's card only to its members: without it, this is not their contract.
	if ( contractMode && ! config.contractData ) {
		return (
			<section
				className="lp-card lp-not-available"
				aria-labelledby="lp-no-contract-title"
			>
				<ScreenTitle
					id="lp-no-contract-title"
					title={ __( 'Contract library', 'library-portal' ) }
				/>
				<p role="alert">
					{ __(
						"You don't have access to this contract library. Ask your organizer to add you, or go back to your own library.",
						'library-portal'
					) }
				</p>
				<p>
					<Link
						className="lp-button lp-button--secondary"
						to={ paths.list() }
					>
						{ __( 'Go to your library', 'library-portal' ) }
					</Link>
				</p>
			</section>
		);
	}

	return (
		<div className="lp-library">
			<div className="lp-page-header">
				<ScreenTitle title={ title } />
				<p className="lp-page-description">
					{ config.libraryIntro }
					{ isMember &&
					! contractMode &&
					config.accountLinks[ 'member-promos' ] !== '' ? (
						<>
							{ ' ' }
							<a href={ config.accountLinks[ 'member-promos' ] }>
								{ __(
									'See your member promos.',
									'library-portal'
								) }
							</a>
						</>
					) : null }
				</p>
			</div>

			{ contractMode && config.contractData ? (
				<OrganizerCard organizer={ config.contractData.organizer } />
			) : null }

			{ ! contractMode && config.contracts.length > 0 ? (
				<nav
					className="lp-contract-links"
					aria-label={ __( 'Contract libraries', 'library-portal' ) }
				>
					<p className="lp-contract-links__intro">
						{ __(
							'Trainings from your organization are in their own library:',
							'library-portal'
						) }
					</p>
					<ul>
						{ config.contracts.map( ( contract ) => (
							<li key={ contract.id }>
								{ /* A full load: the server prints the contract's card into that page's config. */ }
								<Link
									reloadDocument
									to={ paths.contract( contract.id ) }
								>
									{ contract.title }
								</Link>
								{ contract.ended ? (
									<span className="lp-contract-links__ended">
										{ ' ' }
										{ __(
											'(ended: certificates only)',
											'library-portal'
										) }
									</span>
								) : null }
							</li>
						) ) }
					</ul>
				</nav>
			) : null }

			<div
				className="lp-filters"
				role="group"
				aria-label={ __( 'Filter the library', 'library-portal' ) }
			>
				<SearchField
					id="lp-list-search"
					label={ __( 'Search items', 'library-portal' ) }
					placeholder={ __(
						'Title, subtitle or description',
						'library-portal'
					) }
					value={ searchText }
					onChange={ setSearchText }
				/>
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

			{ search.trim() !== '' && filtersOn.length > 0 ? (
				<div className="lp-filters-on" data-testid="lp-filters-on">
					<p role="status">
						{ sprintf(
							/* translators: 1: the search, 2: the filters that are on, e.g. "Status: Expired". */
							__(
								'Searching for “%1$s” only among the items the filters keep (%2$s).',
								'library-portal'
							),
							search.trim(),
							filtersOn.join( ', ' )
						) }
					</p>
					<button
						type="button"
						className="lp-button lp-button--secondary"
						onClick={ clearFilters }
					>
						{ __(
							'Clear filters, keep the search',
							'library-portal'
						) }
					</button>
				</div>
			) : null }
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
							renderItem={ renderActiveItem }
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
