/**
 * The share-invite banner: accept, dismiss, or — when no licenses are
 * left — notify the sharer. Shown when the page config carries share data (/shareseats/{encoded}).
 * A visitor who already holds the item (the server says so) gets Open instead of a claim; after
 * an accept the page goes to the item the reply names (docs/frontend.md, "Invite").
 */

/**
 * WordPress dependencies
 */
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { ApiError } from '../../api/client';
import {
	acceptShare,
	acceptedItemUrl,
	dismissShare,
	requestLicense,
} from '../../api/share';
import { Banner } from '../../components/banner';
import type { ShareData } from '../../config';
import { externalNavigation } from './external';

export const RESULT_CLEAR_MS = 10000;
export const RELOAD_AFTER_ACCEPT_MS = 2000;
export const REQUEST_TOO_SOON_DEFAULT_HOURS = 24;

type Tone = 'success' | 'error' | 'warning';

interface Result {
	tone: Tone;
	text: string;
}

/**
 * Hours to wait from a request_too_soon message (the first number in it), else 24.
 *
 * @param message Reply message.
 */
export function hoursFromMessage( message: string | undefined ): number {
	const match = /(\d+)/.exec( message ?? '' );
	return match?.[ 1 ] ? Number( match[ 1 ] ) : REQUEST_TOO_SOON_DEFAULT_HOURS;
}

const replyMessage = ( error: unknown ): string | undefined =>
	error instanceof ApiError && error.fromBody ? error.message : undefined;

export function ShareInviteBanner( { shareData }: { shareData: ShareData } ) {
	const [ visible, setVisible ] = useState( true );
	const [ busy, setBusy ] = useState( false );
	const [ result, setResult ] = useState< Result | null >( null );

	useEffect( () => {
		if ( ! result || result.tone === 'success' ) {
			return undefined;
		}
		const timer = window.setTimeout(
			() => setResult( null ),
			RESULT_CLEAR_MS
		);
		return () => window.clearTimeout( timer );
	}, [ result ] );

	if ( ! visible ) {
		return null;
	}

	const close = () => setVisible( false );

	if ( shareData.error ) {
		return (
			<Banner
				tone="error"
				onClose={ close }
				closeLabel={ __( 'Dismiss', 'library-portal' ) }
			>
				<p>{ shareData.error }</p>
			</Banner>
		);
	}

	if ( shareData.own ) {
		return (
			<Banner
				tone="info"
				onClose={ close }
				closeLabel={ __( 'Dismiss', 'library-portal' ) }
			>
				<p>
					{ __(
						'This is your own share link. Send it to a team member; they accept it in their library.',
						'library-portal'
					) }
				</p>
			</Banner>
		);
	}

	if ( shareData.held && shareData.item_url ) {
		return (
			<Banner
				tone="info"
				onClose={ close }
				closeLabel={ __( 'Dismiss', 'library-portal' ) }
				actions={
					<a className="lp-button" href={ shareData.item_url }>
						{ __( 'Open', 'library-portal' ) }
					</a>
				}
			>
				<p>
					<strong>
						{ __( 'Already in your library', 'library-portal' ) }
					</strong>
					{ shareData.product_title
						? ` ${ sprintf(
								/* translators: %s: training title. */
								__(
									'"%s" is yours to open.',
									'library-portal'
								),
								shareData.product_title
							) }`
						: null }
				</p>
			</Banner>
		);
	}

	const accept = async () => {
		setBusy( true );
		try {
			const reply = await acceptShare( shareData.encoded );
			if ( reply.success ) {
				setResult( {
					tone: 'success',
					text: __(
						'Successfully added to your library!',
						'library-portal'
					),
				} );
				// To the item itself: reloading the invite would show the seat just taken as claimed.
				const itemUrl = acceptedItemUrl( reply );
				window.setTimeout(
					() =>
						itemUrl
							? externalNavigation.go( itemUrl )
							: externalNavigation.reload(),
					RELOAD_AFTER_ACCEPT_MS
				);
				return;
			}
			setResult( {
				tone: 'error',
				text:
					reply.message ||
					__(
						'Something went wrong. Please try again later.',
						'library-portal'
					),
			} );
		} catch ( error: unknown ) {
			setResult( {
				tone: 'error',
				text:
					error instanceof ApiError
						? ( replyMessage( error ) ??
							__(
								'Something went wrong. Please try again later.',
								'library-portal'
							) )
						: __(
								'Unable to process your request at this time.',
								'library-portal'
							),
			} );
		} finally {
			setBusy( false );
		}
	};

	const dismiss = async () => {
		setVisible( false );
		try {
			await dismissShare( shareData.encoded );
		} catch ( error: unknown ) {
			// eslint-disable-next-line no-console
			console.error(
				'library-portal: could not dismiss the share',
				error
			);
		}
	};

	const tooSoon = ( message: string | undefined ): Result => ( {
		tone: 'warning',
		text: sprintf(
			/* translators: %d: hours to wait. */
			__(
				"You've already sent a request. Please try again in %d hours.",
				'library-portal'
			),
			hoursFromMessage( message )
		),
	} );

	const notify = async () => {
		setBusy( true );
		try {
			const reply = await requestLicense( shareData.encoded );
			if ( reply.success ) {
				setResult( {
					tone: 'success',
					text: sprintf(
						/* translators: %s: name of the person who shared the training. */
						__( 'Notification sent to %s', 'library-portal' ),
						shareData.sharer_name
					),
				} );
			} else if ( reply.error_code === 'request_too_soon' ) {
				setResult( tooSoon( reply.message ) );
			} else {
				setResult( {
					tone: 'error',
					text:
						reply.message ||
						__(
							'Unable to send notification at this time. Please try again later.',
							'library-portal'
						),
				} );
			}
		} catch ( error: unknown ) {
			if (
				error instanceof ApiError &&
				error.code === 'request_too_soon'
			) {
				setResult( tooSoon( error.message ) );
			} else {
				setResult( {
					tone: 'error',
					text: __(
						'Unable to send notification at this time. Please try again later.',
						'library-portal'
					),
				} );
			}
		} finally {
			setBusy( false );
		}
	};

	const noneLeft = shareData.available_licenses <= 0;
	const actions = (
		<>
			<button
				type="button"
				className="lp-button"
				onClick={ noneLeft ? notify : accept }
				disabled={ busy }
			>
				{ noneLeft
					? __( 'Notify', 'library-portal' )
					: __( 'Accept', 'library-portal' ) }
			</button>
			<button
				type="button"
				className="lp-button lp-button--secondary"
				onClick={ dismiss }
				disabled={ busy }
			>
				{ shareData.addressed
					? __( 'Not now', 'library-portal' )
					: __( 'Dismiss', 'library-portal' ) }
			</button>
		</>
	);

	return (
		<Banner
			tone="info"
			actions={ result?.tone === 'success' ? undefined : actions }
		>
			<p>
				{ noneLeft
					? __(
							'Sorry, all licenses have been claimed for this training.',
							'library-portal'
						)
					: sprintf(
							/* translators: 1: sharer's name, 2: training title. */
							__(
								'%1$s shared "%2$s" with you.',
								'library-portal'
							),
							shareData.sharer_name,
							shareData.product_title
						) }
			</p>
			{ result ? (
				<p
					className={ `lp-banner__result lp-banner__result--${ result.tone }` }
				>
					{ result.text }
				</p>
			) : null }
		</Banner>
	);
}
