/**
 * Top bar: mobile menu toggle, home link, search (goes to the library list), notification bell
 * (not in contract mode; unread marker; opens the notifications modal) and account link.
 */

/**
 * External dependencies
 */
import type { ChangeEvent, FormEvent, Ref } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { createPortal, useRef, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { getConfig } from '../../config';
import { normalizePath, paths } from '../../domain/paths';
import { NotificationsModal } from './notifications-modal';

export interface TopBarProps {
	menuOpen: boolean;
	onToggleMenu: () => void;
	contractMode: boolean;
	contractId: string | null;
	unreadCount: number;
	/** The server's unread count after the modal read, hid or marked notifications. */
	onUnreadChange: ( unread: number ) => void;
	toggleRef?: Ref< HTMLButtonElement >;
}

export function TopBar( {
	menuOpen,
	onToggleMenu,
	contractMode,
	contractId,
	unreadCount,
	onUnreadChange,
	toggleRef,
}: TopBarProps ) {
	const config = getConfig();
	const location = useLocation();
	const navigate = useNavigate();
	const [ query, setQuery ] = useState( '' );
	const [ bellOpen, setBellOpen ] = useState( false );
	const barRef = useRef< HTMLDivElement >( null );
	const listPath =
		contractMode && contractId !== null
			? paths.contract( contractId )
			: paths.list();

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

	// The marker's text is part of the bell's name (WCAG 2.5.3): both say '99+' past 99.
	const unreadText = unreadCount > 99 ? '99+' : String( unreadCount );
	const bellLabel = sprintf(
		/* translators: %s: number of unread notifications ("99+" past 99). */
		_n(
			'Notifications, %s unread',
			'Notifications, %s unread',
			unreadCount,
			'library-portal'
		),
		unreadText
	);

	return (
		<div ref={ barRef } className="lp-topbar">
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
				<button
					type="button"
					className="lp-topbar__bell"
					aria-label={ bellLabel }
					aria-haspopup="dialog"
					aria-expanded={ bellOpen }
					onClick={ () => setBellOpen( true ) }
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
							{ unreadText }
						</span>
					) : null }
				</button>
			) : null }
			{ bellOpen && ! contractMode && barRef.current?.parentElement
				? // Into the shell, not the bar: the dialog takes the page's colours, not the bar's.
					createPortal(
						<NotificationsModal
							unreadCount={ unreadCount }
							onUnreadChange={ onUnreadChange }
							onClose={ () => setBellOpen( false ) }
						/>,
						barRef.current.parentElement
					)
				: null }
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
