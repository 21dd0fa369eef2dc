/**
 * Top bar: mobile menu toggle, home link, search (goes to the library list), notification bell
 * (not in contract mode; unread marker) and account link.
 */

/**
 * External dependencies
 */
import type { ChangeEvent, FormEvent, Ref } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { getConfig } from '../../config';
import { normalizePath, paths } from '../../domain/paths';
import { useHoverPrefetch } from '../../lib/use-hover-prefetch';

export interface TopBarProps {
	menuOpen: boolean;
	onToggleMenu: () => void;
	contractMode: boolean;
	contractId: string | null;
	unreadCount: number;
	toggleRef?: Ref< HTMLButtonElement >;
}

export function TopBar( {
	menuOpen,
	onToggleMenu,
	contractMode,
	contractId,
	unreadCount,
	toggleRef,
}: TopBarProps ) {
	const config = getConfig();
	const location = useLocation();
	const navigate = useNavigate();
	const [ query, setQuery ] = useState( '' );
	const listPath =
		contractMode && contractId !== null
			? paths.contract( contractId )
			: paths.list();
	const bellPrefetch = useHoverPrefetch( paths.notifications() );

	const goToList = ( value: string ) => {
		if ( value.trim() === '' ) {
			return;
		}
		const onList = normalizePath( location.pathname ) === listPath;
		const params = new URLSearchParams( onList ? location.search : '' );
		params.set( 'search', value );
		navigate(
			{ pathname: listPath, search: `?${ params.toString() }` },
			{ replace: onList }
		);
	};
	const onChange = ( event: ChangeEvent< HTMLInputElement > ) => {
		setQuery( event.target.value );
		goToList( event.target.value );
	};
	const onSubmit = ( event: FormEvent< HTMLFormElement > ) => {
		event.preventDefault();
		goToList( query );
	};

	const bellLabel = sprintf(
		/* translators: %d: number of unread notifications. */
		_n(
			'Notifications, %d unread',
			'Notifications, %d unread',
			unreadCount,
			'library-portal'
		),
		unreadCount
	);

	return (
		<div className="lp-topbar">
			<button
				ref={ toggleRef }
				type="button"
				className="lp-topbar__menu"
				aria-expanded={ menuOpen }
				aria-controls="lp-sidebar"
				onClick={ onToggleMenu }
			>
				<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
					<path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
				</svg>
				<span className="lp-visually-hidden">
					{ __( 'Menu', 'library-portal' ) }
				</span>
			</button>
			<a className="lp-topbar__home" href={ config.siteUrl }>
				{ config.logo !== '' ? (
					<img
						className="lp-topbar__logo"
						src={ config.logo }
						alt={ config.brandName }
					/>
				) : null }
				<span
					className={
						config.logo !== '' ? 'lp-visually-hidden' : undefined
					}
				>
					{ __( 'Home', 'library-portal' ) }
				</span>
			</a>
			<form className="lp-search" role="search" onSubmit={ onSubmit }>
				<label
					className="lp-visually-hidden"
					htmlFor="lp-topbar-search"
				>
					{ __( 'Search the library', 'library-portal' ) }
				</label>
				<input
					id="lp-topbar-search"
					className="lp-input lp-search__input"
					type="search"
					value={ query }
					placeholder={ __(
						'Search the library…',
						'library-portal'
					) }
					onChange={ onChange }
				/>
			</form>
			{ ! contractMode ? (
				<Link
					className="lp-topbar__bell"
					to={ paths.notifications() }
					aria-label={ bellLabel }
					{ ...bellPrefetch }
				>
					<svg
						viewBox="0 0 24 24"
						aria-hidden="true"
						focusable="false"
					>
						<path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1z" />
					</svg>
					{ unreadCount > 0 ? (
						<span className="lp-topbar__marker" aria-hidden="true">
							{ unreadCount > 9 ? '9+' : unreadCount }
						</span>
					) : null }
				</Link>
			) : null }
			<a
				className="lp-topbar__account"
				href={ `${ config.siteUrl }my-account/` }
			>
				<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
					<path d="M12 12a5 5 0 1 0-5-5 5 5 0 0 0 5 5zm0 2c-4 0-9 2-9 5v3h18v-3c0-3-5-5-9-5z" />
				</svg>
				<span className="lp-topbar__account-label">
					{ __( 'My Account', 'library-portal' ) }
				</span>
			</a>
		</div>
	);
}
