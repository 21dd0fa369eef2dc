/**
 * Notifications page (/notifications): 10 per page, numbered pagination with
 * ellipsis and Previous/Next in ?page=, text without markup, times as the spec says, Hide,
 * and Mark all as read. The spec's two sample notifications show only when the call fails.
 */

/**
 * External dependencies
 */
import { Link, useSearchParams } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import {
	startTransition,
	useEffect,
	useRef,
	useState,
} from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	fetchNotifications,
	hideNotification,
	logNotificationsError,
	markAllNotificationsRead,
	PAGE_SIZE,
} from '../../api/notifications';
import { LoadingIndicator } from '../../components/loading-indicator';
import {
	NotificationEntry,
	SamplesNotice,
} from '../../components/notification-entry';
import { ScreenTitle } from '../../components/screen-title';
import { nowInSeconds } from '../../domain/dates';
import { sampleNotifications } from '../../domain/notifications';
import { pageTokens, parsePage } from '../../domain/pagination';
import type { NotificationsPage } from '../../types/library';
import { usePortal } from '../shell/portal-context';

interface PageState {
	loading: boolean;
	failed: boolean;
	reply: NotificationsPage | null;
}

export function Notifications() {
	const [ params, setParams ] = useSearchParams();
	const page = parsePage( params.get( 'page' ) );
	const { setUnreadCount } = usePortal();
	const [ state, setState ] = useState< PageState >( {
		loading: true,
		failed: false,
		reply: null,
	} );
	const [ attempt, setAttempt ] = useState( 0 );
	const [ message, setMessage ] = useState( '' );
	const summaryRef = useRef< HTMLHeadingElement >( null );
	const moved = useRef( false );

	useEffect( () => {
		let current = true;
		setState( ( previous ) => ( { ...previous, loading: true } ) );
		fetchNotifications( page, PAGE_SIZE ).then(
			( reply ) => {
				if ( ! current ) {
					return;
				}
				setUnreadCount( reply.unread );
				if ( reply.total_pages > 0 && page > reply.total_pages ) {
					// Past the end (the last ones were hidden): the last page instead.
					setParams(
						{ page: String( reply.total_pages ) },
						{
							replace: true,
						}
					);
					return;
				}
				// Drawn as a transition: in slices, the page free between them.
				startTransition( () =>
					setState( { loading: false, failed: false, reply } )
				);
			},
			( error: unknown ) => {
				logNotificationsError( error );
				if ( current ) {
					setState( { loading: false, failed: true, reply: null } );
				}
			}
		);
		return () => {
			current = false;
		};
		// setUnreadCount and setParams are stable; a new page or attempt reloads.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ page, attempt ] );

	// After Previous, Next, a number, Hide or Mark all as read (each removes or replaces the
	// control), focus goes to the list's heading, not back to the top of the document.
	useEffect( () => {
		if ( moved.current && ! state.loading ) {
			moved.current = false;
			summaryRef.current?.focus();
		}
	}, [ state.loading ] );

	const list = state.failed
		? sampleNotifications( nowInSeconds() )
		: ( state.reply?.notifications ?? [] );
	const totalPages = state.reply?.total_pages ?? 0;
	// The page on screen: until the next one arrives, the one before stays (aria-busy).
	const shown = state.reply?.page ?? page;

	const hide = ( id: number ) => {
		setMessage( '' );
		hideNotification( id ).then(
			( unread ) => {
				setUnreadCount( unread );
				// The list reloads (with the next one moving up onto this page).
				moved.current = true;
				setAttempt( ( n ) => n + 1 );
				setMessage( __( 'Notification hidden.', 'library-portal' ) );
			},
			( error: unknown ) => {
				logNotificationsError( error );
				setMessage(
					__(
						'The notification could not be hidden. Please try again.',
						'library-portal'
					)
				);
			}
		);
	};

	const markAllRead = () => {
		markAllNotificationsRead().then(
			( unread ) => {
				setUnreadCount( unread );
				moved.current = true;
				setAttempt( ( n ) => n + 1 );
				setMessage(
					__( 'All notifications are marked read.', 'library-portal' )
				);
			},
			( error: unknown ) => {
				logNotificationsError( error );
				setMessage(
					__(
						'The notifications could not be marked read. Please try again.',
						'library-portal'
					)
				);
			}
		);
	};

	const pageLink = ( n: number ) => `?page=${ n }`;
	const onPageLink = () => {
		moved.current = true;
	};

	return (
		<div className="lp-notifications">
			<div className="lp-page-header">
				<ScreenTitle
					title={ __( 'Notifications', 'library-portal' ) }
				/>
				{ ( state.reply?.unread ?? 0 ) > 0 ? (
					<button
						type="button"
						className="lp-button lp-button--secondary"
						onClick={ markAllRead }
					>
						{ __( 'Mark all as read', 'library-portal' ) }
					</button>
				) : null }
			</div>
			<p className="lp-visually-hidden" role="status">
				{ message }
			</p>
			{ state.loading && state.reply === null ? (
				<LoadingIndicator
					label={ __( 'Loading notifications…', 'library-portal' ) }
				/>
			) : null }
			{ ! state.loading && state.failed ? (
				<SamplesNotice onRetry={ () => setAttempt( ( n ) => n + 1 ) } />
			) : null }
			{ state.reply !== null || state.failed ? (
				<section
					className="lp-card lp-notifications__panel"
					aria-busy={ state.loading }
					aria-labelledby="lp-notifications-summary"
				>
					<h2
						id="lp-notifications-summary"
						ref={ summaryRef }
						tabIndex={ -1 }
						className="lp-notifications__summary"
					>
						{ totalPages > 1
							? sprintf(
									/* translators: 1: current page, 2: number of pages. */
									__( 'Page %1$d of %2$d', 'library-portal' ),
									shown,
									totalPages
								)
							: __( 'All notifications', 'library-portal' ) }
					</h2>
					{ list.length === 0 ? (
						<p className="lp-empty">
							{ __(
								'You have no notifications.',
								'library-portal'
							) }
						</p>
					) : (
						<ul className="lp-notification-list">
							{ list.map( ( notification, index ) => (
								<NotificationEntry
									key={ `${ notification.id }-${ index }` }
									notification={ notification }
									onHide={
										state.failed
											? undefined
											: () => hide( notification.id )
									}
								/>
							) ) }
						</ul>
					) }
				</section>
			) : null }
			{ totalPages > 1 ? (
				<nav
					className="lp-pagination"
					aria-label={ __( 'Notification pages', 'library-portal' ) }
				>
					<ul>
						<li>
							{ shown > 1 ? (
								<Link
									to={ pageLink( shown - 1 ) }
									onClick={ onPageLink }
									rel="prev"
								>
									{ __( 'Previous', 'library-portal' ) }
								</Link>
							) : (
								<span aria-disabled="true">
									{ __( 'Previous', 'library-portal' ) }
								</span>
							) }
						</li>
						{ pageTokens( shown, totalPages ).map(
							( token, index ) =>
								token === 'ellipsis' ? (
									<li
										key={ `gap-${ index }` }
										className="lp-pagination__gap"
										aria-hidden="true"
									>
										…
									</li>
								) : (
									<li key={ token }>
										<Link
											to={ pageLink( token ) }
											onClick={ onPageLink }
											aria-current={
												token === page
													? 'page'
													: undefined
											}
											aria-label={ sprintf(
												/* translators: %d: page number. */
												__(
													'Page %d',
													'library-portal'
												),
												token
											) }
										>
											{ token }
										</Link>
									</li>
								)
						) }
						<li>
							{ shown < totalPages ? (
								<Link
									to={ pageLink( shown + 1 ) }
									onClick={ onPageLink }
									rel="next"
								>
									{ __( 'Next', 'library-portal' ) }
								</Link>
							) : (
								<span aria-disabled="true">
									{ __( 'Next', 'library-portal' ) }
								</span>
							) }
						</li>
					</ul>
				</nav>
			) : null }
		</div>
	);
}
