/**
 * The sidebar: main entries, the Account Details group, the active entry,
 * external targets, and the 10 ms delay before an entry's click callback runs.
 */

/**
 * External dependencies
 */
import type { MouseEvent, Ref } from 'react';
import { useHref, useLocation, useNavigate } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { getConfig } from '../../config';
import {
	accountEntries,
	isActiveEntry,
	mainEntries,
	type NavEntry,
} from '../../domain/navigation';
import { useHoverPrefetch } from '../../lib/use-hover-prefetch';
import { externalNavigation } from './external';

export const NAV_CLICK_DELAY_MS = 10;

interface SidebarLinkProps {
	entry: NavEntry;
	active: boolean;
	onActivate: ( entry: NavEntry ) => void;
}

function SidebarLink( { entry, active, onActivate }: SidebarLinkProps ) {
	const prefetch = useHoverPrefetch( entry.external ? null : entry.to );
	const internalHref = useHref( entry.external ? '/' : entry.to );
	const onClick = ( event: MouseEvent< HTMLAnchorElement > ) => {
		if (
			event.defaultPrevented ||
			event.button !== 0 ||
			event.metaKey ||
			event.ctrlKey ||
			event.shiftKey ||
			event.altKey
		) {
			return; // New tab / window: leave it to the browser.
		}
		event.preventDefault();
		window.setTimeout( () => onActivate( entry ), NAV_CLICK_DELAY_MS );
	};
	return (
		<li className="lp-nav__item">
			<a
				className={ `lp-nav__link${ active ? ' is-active' : '' }` }
				href={ entry.external ? entry.to : internalHref }
				aria-current={ active ? 'page' : undefined }
				onClick={ onClick }
				{ ...prefetch }
			>
				{ entry.label }
			</a>
		</li>
	);
}

export interface SidebarProps {
	open: boolean;
	contractMode: boolean;
	contractId: string | null;
	onNavigate: () => void;
	navRef?: Ref< HTMLElement >;
}

export function Sidebar( {
	open,
	contractMode,
	contractId,
	onNavigate,
	navRef,
}: SidebarProps ) {
	const config = getConfig();
	const { pathname } = useLocation();
	const navigate = useNavigate();
	const options = {
		contractMode,
		contractId,
		shareUsers: config.shareUsers,
		isLocal: config.isLocal,
		userId: config.currentUser.id,
		siteUrl: config.siteUrl,
		logoutUrl: config.logoutUrl,
		accountLinks: config.accountLinks,
	};
	const onActivate = ( entry: NavEntry ) => {
		onNavigate();
		if ( entry.external ) {
			externalNavigation.go( entry.to );
		} else {
			navigate( entry.to );
		}
	};
	const renderEntry = ( entry: NavEntry ) => (
		<SidebarLink
			key={ entry.key }
			entry={ entry }
			active={ isActiveEntry( entry, pathname ) }
			onActivate={ onActivate }
		/>
	);
	return (
		<nav
			id="lp-sidebar"
			ref={ navRef }
			className={ `lp-sidebar${ open ? ' is-open' : '' }` }
			aria-label={ __( 'Library menu', 'library-portal' ) }
		>
			<ul className="lp-nav">
				{ mainEntries( options ).map( renderEntry ) }
			</ul>
			<h2 className="lp-nav__heading" id="lp-account-heading">
				{ __( 'Account Details', 'library-portal' ) }
			</h2>
			<ul
				className="lp-nav lp-nav--account"
				aria-labelledby="lp-account-heading"
			>
				{ accountEntries( options ).map( renderEntry ) }
			</ul>
		</nav>
	);
}
