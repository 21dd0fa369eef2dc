/**
 * The shell layout: top bar, sidebar (mobile menu at 768 px or less), banners, and the routed
 * screen inside <main>. Provides the portal data to the islands and runs the keep-alive ping.
 */

/**
 * External dependencies
 */
import { Outlet, useLocation } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import {
	Suspense,
	useCallback,
	useEffect,
	useLayoutEffect,
	useMemo,
	useRef,
	useState,
} from '@wordpress/element';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { startKeepAlive } from '../../api/ping';
import { progressQueue } from '../../api/progress-queue';
import { logInAgainUrl, onSessionExpired } from '../../api/session';
import { Banner } from '../../components/banner';
import { LoadingIndicator } from '../../components/loading-indicator';
import { getConfig } from '../../config';
import { contractIdFromPath, isContractPath } from '../../domain/paths';
import { noteRouteChange } from '../../lib/route-focus';
import { ErrorBoundary } from './error-boundary';
import { PortalContext, type PortalData } from './portal-context';
import { ShareInviteBanner } from './share-invite-banner';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { usePortalData } from './use-portal-data';

export const MOBILE_BREAKPOINT_PX = 768;
export const ERROR_BANNER_MS = 20000;

export function Layout() {
	const config = getConfig();
	const location = useLocation();
	const contractMode = isContractPath( location.pathname );
	const contractId = contractIdFromPath( location.pathname );
	const loaded = usePortalData( contractMode );
	const [ menuOpen, setMenuOpen ] = useState( false );
	const [ error, setError ] = useState< string | null >( null );
	const [ loginExpired, setLoginExpired ] = useState( false );
	const navRef = useRef< HTMLElement >( null );
	const toggleRef = useRef< HTMLButtonElement >( null );
	const pathRef = useRef( location.pathname );
	pathRef.current = location.pathname;
	const shownPath = useRef( location.pathname );

	// A new screen takes focus (its ScreenTitle claims it). A layout effect runs before the
	// screen's own effects, also when the screen mounts in the same commit.
	useLayoutEffect( () => {
		if ( shownPath.current !== location.pathname ) {
			shownPath.current = location.pathname;
			noteRouteChange();
		}
	}, [ location.pathname ] );

	// Keep-alive ping (skipped on /contract/ pages and free-webinar pages).
	useEffect(
		() => startKeepAlive( { config, getPath: () => pathRef.current } ),
		[ config ]
	);

	// Progress measured on an earlier page that the server has not acknowledged (an outage, the
	// page closed first) goes out on every page load. A replay may land before or after the
	// items load, so the items are loaded again after it (a newer load wins: useResource).
	const reloadRef = useRef( loaded.reloadItems );
	reloadRef.current = loaded.reloadItems;
	useEffect( () => {
		const queue = progressQueue();
		const off = queue.onReply( () => reloadRef.current() );
		void queue.flush();
		return () => {
			off();
		};
	}, [] );
	// The login expired (ping or nonce refresh): say so instead of failing screen by screen.
	useEffect( () => onSessionExpired( () => setLoginExpired( true ) ), [] );

	// Mobile menu: at 768 px or less an outside click closes it; Escape closes it anywhere.
	useEffect( () => {
		if ( ! menuOpen ) {
			return undefined;
		}
		const onPointerDown = ( event: MouseEvent | TouchEvent ) => {
			const target = event.target as Node | null;
			if (
				window.innerWidth <= MOBILE_BREAKPOINT_PX &&
				target !== null &&
				! navRef.current?.contains( target ) &&
				! toggleRef.current?.contains( target )
			) {
				setMenuOpen( false );
			}
		};
		const onKeyDown = ( event: KeyboardEvent ) => {
			if ( event.key === 'Escape' ) {
				setMenuOpen( false );
				toggleRef.current?.focus();
				return;
			}
			if (
				event.key !== 'Tab' ||
				window.innerWidth > MOBILE_BREAKPOINT_PX
			) {
				return;
			}
			// The open menu comes right after its button for Tab, and Shift+Tab from its first
			// link goes back to the button (in the markup, the top bar's other controls sit between).
			const first =
				navRef.current?.querySelector< HTMLElement >( 'a, button' );
			const focused = toggleRef.current?.ownerDocument.activeElement;
			if ( ! event.shiftKey && focused === toggleRef.current ) {
				event.preventDefault();
				first?.focus();
			} else if ( event.shiftKey && first && focused === first ) {
				event.preventDefault();
				toggleRef.current?.focus();
			}
		};
		document.addEventListener( 'mousedown', onPointerDown );
		document.addEventListener( 'touchstart', onPointerDown );
		document.addEventListener( 'keydown', onKeyDown );
		return () => {
			document.removeEventListener( 'mousedown', onPointerDown );
			document.removeEventListener( 'touchstart', onPointerDown );
			document.removeEventListener( 'keydown', onKeyDown );
		};
	}, [ menuOpen ] );

	// The error banner hides after 20 s.
	useEffect( () => {
		if ( error === null ) {
			return undefined;
		}
		const timer = window.setTimeout(
			() => setError( null ),
			ERROR_BANNER_MS
		);
		return () => window.clearTimeout( timer );
	}, [ error ] );

	const showError = useCallback(
		( message: string ) => setError( message ),
		[]
	);
	const closeMenu = useCallback( () => setMenuOpen( false ), [] );
	const closeError = useCallback( () => setError( null ), [] );

	const data = useMemo< PortalData >(
		() => ( { ...loaded, contractMode, contractId, showError } ),
		[ loaded, contractMode, contractId, showError ]
	);

	return (
		<PortalContext.Provider value={ data }>
			<div
				className={ `lp-shell${ contractMode ? ' lp-shell--contract' : '' }` }
			>
				<a className="lp-skip-link" href="#lp-main">
					{ __( 'Skip to content', 'library-portal' ) }
				</a>
				<TopBar
					menuOpen={ menuOpen }
					onToggleMenu={ () => setMenuOpen( ( open ) => ! open ) }
					contractMode={ contractMode }
					contractId={ contractId }
					unreadCount={ loaded.unreadCount }
					onUnreadChange={ loaded.setUnreadCount }
					toggleRef={ toggleRef }
				/>
				<div className="lp-shell__body">
					<Sidebar
						open={ menuOpen }
						contractMode={ contractMode }
						contractId={ contractId }
						onNavigate={ closeMenu }
						navRef={ navRef }
					/>
					<main id="lp-main" className="lp-main" tabIndex={ -1 }>
						{ config.shareData ? (
							<ShareInviteBanner shareData={ config.shareData } />
						) : null }
						{ loginExpired ? (
							<Banner
								tone="error"
								actions={
									<a
										className="lp-button"
										href={ logInAgainUrl(
											config.loginUrl
										) }
									>
										{ __(
											'Log in again',
											'library-portal'
										) }
									</a>
								}
							>
								<p data-testid="lp-login-expired">
									{ __(
										'Your login has expired. Please log in again.',
										'library-portal'
									) }
								</p>
							</Banner>
						) : null }
						{ error !== null ? (
							<Banner
								tone="error"
								onClose={ closeError }
								closeLabel={ __(
									'Close error message',
									'library-portal'
								) }
							>
								<p>{ error }</p>
							</Banner>
						) : null }
						<ErrorBoundary key={ location.pathname }>
							<Suspense fallback={ <LoadingIndicator /> }>
								<Outlet />
							</Suspense>
						</ErrorBoundary>
					</main>
				</div>
			</div>
		</PortalContext.Provider>
	);
}
