/**
 * One notification, in the bell's modal and on the notifications page: its text without markup,
 * how long ago, a 'New' mark while unread, and Hide.
 */

/**
 * WordPress dependencies
 */
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { nowInSeconds, pageLocale } from '../../domain/dates';
import { plainText } from '../../domain/notifications';
import { relativeTime } from '../../domain/relative-time';
import type { PortalNotification } from '../../types/library';

/**
 * The alert above the spec's two sample notifications, shown when the call failed.
 *
 * @param props         Props.
 * @param props.onRetry Loads again.
 */
export function SamplesNotice( { onRetry }: { onRetry: () => void } ) {
	return (
		<div className="lp-notice lp-notice--error" role="alert">
			<p>
				{ __(
					'Your notifications could not be loaded. Here are two sample notifications instead.',
					'library-portal'
				) }
			</p>
			<button
				type="button"
				className="lp-link-button"
				onClick={ onRetry }
			>
				{ __( 'Retry', 'library-portal' ) }
			</button>
		</div>
	);
}

export interface NotificationEntryProps {
	notification: PortalNotification;
	/** Absent for the sample notifications, which have nothing to hide. */
	onHide?: ( () => void ) | undefined;
}

export function NotificationEntry( {
	notification,
	onHide,
}: NotificationEntryProps ) {
	const text = plainText( notification.message );
	const unread = ! notification.read_status;
	return (
		<li
			className={ `lp-notification${
				unread ? ' lp-notification--unread' : ''
			}` }
		>
			<div className="lp-notification__body">
				{ unread ? (
					<span className="lp-notification__new">
						{ __( 'New', 'library-portal' ) }
					</span>
				) : null }
				<p className="lp-notification__text">
					{ notification.link !== '' ? (
						<a href={ notification.link }>{ text }</a>
					) : (
						text
					) }
				</p>
				{ notification.type === 'sample' ? (
					<span className="lp-notification__time">
						{ __( 'Sample', 'library-portal' ) }
					</span>
				) : (
					<time
						className="lp-notification__time"
						dateTime={ new Date(
							notification.timestamp * 1000
						).toISOString() }
						title={ notification.date }
					>
						{ relativeTime(
							notification.timestamp,
							nowInSeconds(),
							pageLocale(),
							notification.date
						) }
					</time>
				) }
			</div>
			{ onHide ? (
				<button
					type="button"
					className="lp-link-button lp-notification__hide"
					onClick={ onHide }
					aria-label={ sprintf(
						/* translators: %s: the notification's text. */
						__( 'Hide notification: %s', 'library-portal' ),
						text
					) }
				>
					{ __( 'Hide', 'library-portal' ) }
				</button>
			) : null }
		</li>
	);
}
