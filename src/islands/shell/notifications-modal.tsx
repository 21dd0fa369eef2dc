/**
 * The bell's modal: 'Notifications', the newest 6, 'No new notifications',
 * 'View Previous Notifications' (only when the server's reply has more pages: older ones exist)
 * and Hide. Escape, a press outside and the close button close
 * it, and closing marks every notification read on the server; the bell then shows the
 * server's count.
 */

/**
 * External dependencies
 */
import { useNavigate } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	fetchNotifications,
	hideNotification,
	logNotificationsError,
	markAllNotificationsRead,
	MODAL_SIZE,
} from '../../api/notifications';
import { Dialog } from '../../components/dialog';
import { LoadingIndicator } from '../../components/loading-indicator';
import {
	NotificationEntry,
	SamplesNotice,
} from '../../components/notification-entry';
import { nowInSeconds } from '../../domain/dates';
import { sampleNotifications } from '../../domain/notifications';
import { paths } from '../../domain/paths';
import type { PortalNotification } from '../../types/library';

export interface NotificationsModalProps {
	unreadCount: number;
	onUnreadChange: ( unread: number ) => void;
	onClose: () => void;
}

interface ModalState {
	loading: boolean;
	/** The call failed: the spec's two samples show, with Retry. */
	failed: boolean;
	list: PortalNotification[];
	/**
	 * Older notifications exist beyond this list: the server's reply has more than one page. Unknown
	 * after a failure, so the way to the page stays.
	 */
	older: boolean;
}

export function NotificationsModal( {
	unreadCount,
	onUnreadChange,
	onClose,
}: NotificationsModalProps ) {
	const navigate = useNavigate();
	const [ state, setState ] = useState< ModalState >( {
		loading: true,
		failed: false,
		list: [],
		older: false,
	} );
	const [ attempt, setAttempt ] = useState( 0 );
	const [ hideError, setHideError ] = useState( '' );
	const listRef = useRef< HTMLUListElement >( null );
	const viewAllRef = useRef< HTMLButtonElement >( null );
	const closeRef = useRef< HTMLButtonElement >( null );
	const focusIndex = useRef< number | null >( null );

	useEffect( () => {
		let current = true;
		setState( ( previous ) => ( { ...previous, loading: true } ) );
		fetchNotifications( 1, MODAL_SIZE ).then(
			( page ) => {
				if ( current ) {
					setState( {
						loading: false,
						failed: false,
						list: page.notifications,
						older: page.total_pages > 1,
					} );
					onUnreadChange( page.unread );
				}
			},
			( error: unknown ) => {
				logNotificationsError( error );
				if ( current ) {
					setState( {
						loading: false,
						failed: true,
						list: sampleNotifications( nowInSeconds() ),
						older: true,
					} );
				}
			}
		);
		return () => {
			current = false;
		};
		// onUnreadChange is the shell's stable setter.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ attempt ] );

	// After a hide, focus goes to the next Hide button (or the last one), else to the way out
	// (the older notifications, or Close when there are none).
	useEffect( () => {
		if ( focusIndex.current === null || state.loading ) {
			return;
		}
		const buttons =
			listRef.current?.querySelectorAll< HTMLButtonElement >(
				'.lp-notification__hide'
			) ?? [];
		const target =
			buttons[ Math.min( focusIndex.current, buttons.length - 1 ) ];
		focusIndex.current = null;
		( target ?? viewAllRef.current ?? closeRef.current )?.focus();
	}, [ state ] );

	const close = () => {
		onClose();
		if ( unreadCount > 0 || state.list.some( ( n ) => ! n.read_status ) ) {
			markAllNotificationsRead().then(
				onUnreadChange,
				logNotificationsError
			);
		}
	};

	const hide = ( id: number, index: number ) => {
		setHideError( '' );
		hideNotification( id ).then(
			( unread ) => {
				onUnreadChange( unread );
				focusIndex.current = index;
				const rest = state.list.filter( ( n ) => n.id !== id );
				if ( rest.length === 0 ) {
					// Hiding the last one reloads the list.
					setAttempt( ( n ) => n + 1 );
				}
				setState( ( previous ) => ( { ...previous, list: rest } ) );
			},
			( error: unknown ) => {
				logNotificationsError( error );
				setHideError(
					__(
						'The notification could not be hidden. Please try again.',
						'library-portal'
					)
				);
			}
		);
	};

	const viewPrevious = () => {
		close();
		navigate( paths.notifications() );
	};

	return (
		<Dialog
			title={ __( 'Notifications', 'library-portal' ) }
			onClose={ close }
			closeOnOutsideClick
			className="lp-notifications-modal"
		>
			<button
				ref={ closeRef }
				type="button"
				className="lp-dialog__close"
				onClick={ close }
				aria-label={ __( 'Close', 'library-portal' ) }
			>
				×
			</button>
			{ state.loading ? (
				<LoadingIndicator
					label={ __( 'Loading notifications…', 'library-portal' ) }
				/>
			) : null }
			{ ! state.loading && state.failed ? (
				<SamplesNotice onRetry={ () => setAttempt( ( n ) => n + 1 ) } />
			) : null }
			{ ! state.loading && state.list.length === 0 ? (
				<p className="lp-empty" role="status">
					{ __( 'No new notifications', 'library-portal' ) }
				</p>
			) : null }
			{ ! state.loading && state.list.length > 0 ? (
				<ul ref={ listRef } className="lp-notification-list">
					{ state.list.map( ( notification, index ) => (
						<NotificationEntry
							key={ `${ notification.id }-${ index }` }
							notification={ notification }
							onHide={
								state.failed
									? undefined
									: () => hide( notification.id, index )
							}
						/>
					) ) }
				</ul>
			) : null }
			{ hideError !== '' ? (
				<p className="lp-notice lp-notice--error" role="alert">
					{ hideError }
				</p>
			) : null }
			{ ! state.loading && state.older ? (
				<div className="lp-dialog__actions">
					<button
						ref={ viewAllRef }
						type="button"
						className="lp-button"
						onClick={ viewPrevious }
					>
						{ __(
							'View Previous Notifications',
							'library-portal'
						) }
					</button>
				</div>
			) : null }
		</Dialog>
	);
}
