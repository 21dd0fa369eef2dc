/**
 * Pending invitations (Share Details): the e-mailed invitations nobody accepted yet, with
 * Resend and Cancel, and a warning when they outnumber the licenses left. The list, whether
 * Resend is allowed and the warning all come from the server's share data (videosharedata/{id});
 * this block only shows them and reports the server's answers (docs/frontend.md, "Share Details tab").
 */

/**
 * WordPress dependencies
 */
import { useEffect, useId, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { ApiError } from '../../api/client';
import {
	cancelInvitation,
	resendInvitation,
	type PendingInvitation,
	type PendingInvitations as PendingInvitationsData,
} from '../../api/share';
import { ConfirmDialog } from '../../components/confirm-dialog';

export const RESULT_CLEAR_MS = 10000;

type Result = { tone: 'success' | 'error'; text: string } | null;

export interface PendingInvitationsProps {
	pending: PendingInvitationsData;
	/** Seconds until the server takes the next send (the share data's retry_after). */
	retryAfter: number;
	/** Loads the share data again after a change (the list, quota and history follow). */
	onChanged: () => void;
}

const serverMessage = ( error: unknown, fallback: string ): string =>
	error instanceof ApiError && error.fromBody && error.message
		? error.message
		: fallback;

/**
 * The seconds a refusal's body says to wait (its data.retry_after), 0 without.
 *
 * @param error The refusal.
 */
const refusalWait = ( error: ApiError ): number => {
	const body = error.body as { data?: { retry_after?: unknown } } | null;
	const wait = body?.data?.retry_after;
	return typeof wait === 'number' && wait > 0 ? wait : 0;
};

/**
 * Seconds left of a cooldown that ends at `endsAt` (ms), counted down once a second: the browser
 * counts only what the server said.
 *
 * @param endsAt When the server's cooldown ends, in milliseconds; 0 for none.
 */
function useSecondsLeft( endsAt: number ): number {
	const left = () =>
		Math.max( 0, Math.ceil( ( endsAt - Date.now() ) / 1000 ) );
	const [ seconds, setSeconds ] = useState( left );
	useEffect( () => {
		setSeconds( left() );
		if ( endsAt <= Date.now() ) {
			return undefined;
		}
		const timer = window.setInterval( () => setSeconds( left() ), 1000 );
		return () => window.clearInterval( timer );
		// `left` reads only endsAt.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ endsAt ] );
	return seconds;
}

export function PendingInvitations( {
	pending,
	retryAfter,
	onChanged,
}: PendingInvitationsProps ) {
	const titleId = useId();
	const [ busy, setBusy ] = useState( false );
	const [ result, setResult ] = useState< Result >( null );
	const [ canceling, setCanceling ] = useState< PendingInvitation | null >(
		null
	);
	// The server's cooldown: from the share data, a resend's reply or a 429's retry_after.
	const [ cooldownEndsAt, setCooldownEndsAt ] = useState( () =>
		retryAfter > 0 ? Date.now() + retryAfter * 1000 : 0
	);
	const secondsLeft = useSecondsLeft( cooldownEndsAt );
	// Resend's button disables itself and Cancel's dialog closes: focus goes to what the action
	// said, below the list, so no row moves under the pointer (docs/frontend.md).
	const outcomeRef = useRef< HTMLDivElement >( null );
	const [ outcomeShown, setOutcomeShown ] = useState( 0 );

	useEffect( () => {
		setCooldownEndsAt(
			retryAfter > 0 ? Date.now() + retryAfter * 1000 : 0
		);
	}, [ retryAfter, pending ] );

	// After the dialog's own clean-up has put focus back on its opener (passive clean-ups run
	// before this effect in the same commit).
	// Without scrolling: a scroll would move the rows under the pointer too (the status line is
	// announced wherever the box is).
	useEffect( () => {
		if ( outcomeShown > 0 ) {
			outcomeRef.current?.focus( { preventScroll: true } );
		}
	}, [ outcomeShown ] );

	useEffect( () => {
		if ( ! result ) {
			return undefined;
		}
		const timer = window.setTimeout(
			() => setResult( null ),
			RESULT_CLEAR_MS
		);
		return () => window.clearTimeout( timer );
	}, [ result ] );

	// Resend and Cancel alike: the server's message, or the fallback when none came; then the
	// tab loads the share data again.
	const act = async (
		call: () => Promise< { message: string; retryAfter?: number } >,
		fallback: string
	) => {
		setBusy( true );
		try {
			const reply = await call();
			setResult( { tone: 'success', text: reply.message } );
			if ( reply.retryAfter !== undefined ) {
				setCooldownEndsAt(
					reply.retryAfter > 0
						? Date.now() + reply.retryAfter * 1000
						: 0
				);
			}
		} catch ( error: unknown ) {
			const wait = error instanceof ApiError ? refusalWait( error ) : 0;
			if (
				error instanceof ApiError &&
				error.code === 'share_cooldown' &&
				wait > 0
			) {
				// The countdown below says it, a second at a time.
				setResult( null );
				setCooldownEndsAt( Date.now() + wait * 1000 );
			} else {
				setResult( {
					tone: 'error',
					text: serverMessage( error, fallback ),
				} );
			}
		} finally {
			setBusy( false );
			setCanceling( null );
			setOutcomeShown( ( n ) => n + 1 );
			onChanged();
		}
	};

	const resend = ( invitation: PendingInvitation ) => {
		// The pressed button disables itself: focus waits on the outcome, not on the page.
		outcomeRef.current?.focus( { preventScroll: true } );
		return act(
			() => resendInvitation( invitation.id ),
			__( 'An error occurred while sending emails', 'library-portal' )
		);
	};
	const coolingDown = secondsLeft > 0;

	const cancel = async () => {
		if ( ! canceling ) {
			return;
		}
		await act(
			() => cancelInvitation( canceling.id ),
			__(
				'The invitation could not be canceled. Please try again.',
				'library-portal'
			)
		);
	};

	if ( pending.invitations.length === 0 && ! result ) {
		return null;
	}

	return (
		<section
			className="lp-pending-invitations"
			aria-labelledby={ titleId }
			data-testid="lp-pending-invitations"
		>
			<h3 className="lp-subsection-title" id={ titleId }>
				{ __( 'Pending invitations', 'library-portal' ) }
			</h3>
			{ pending.moreThanAvailable ? (
				<p
					className="lp-notice lp-notice--warning"
					data-testid="lp-pending-warning"
				>
					{ __(
						'More invitations are pending than licenses are left. Whoever accepts after the last license is taken gets none: add licenses or cancel invitations you no longer need.',
						'library-portal'
					) }
				</p>
			) : null }
			{ pending.invitations.length > 0 ? (
				<ul className="lp-pending-invitations__list">
					{ pending.invitations.map( ( invitation ) => (
						<li
							key={ invitation.id }
							className="lp-pending-invitations__item"
						>
							<div className="lp-pending-invitations__who">
								<span className="lp-pending-invitations__email">
									{ invitation.email }
								</span>
								<span className="lp-pending-invitations__dates">
									{ sprintf(
										/* translators: 1: date the invitation was sent, 2: date its link stops working. */
										__(
											'Sent %1$s, works until %2$s',
											'library-portal'
										),
										invitation.sentDate,
										invitation.expiresDate
									) }
								</span>
							</div>
							<div className="lp-pending-invitations__actions">
								{ pending.canResend ? (
									<button
										type="button"
										className="lp-button lp-button--secondary"
										onClick={ () =>
											void resend( invitation )
										}
										disabled={ busy || coolingDown }
									>
										{ __( 'Resend', 'library-portal' ) }
										<span className="lp-visually-hidden">
											{ ` ${ invitation.email }` }
										</span>
									</button>
								) : null }
								<button
									type="button"
									className="lp-button lp-button--secondary"
									onClick={ () => setCanceling( invitation ) }
									disabled={ busy }
								>
									{ __( 'Cancel', 'library-portal' ) }
									<span className="lp-visually-hidden">
										{ ` ${ invitation.email }` }
									</span>
								</button>
							</div>
						</li>
					) ) }
				</ul>
			) : null }
			<div
				ref={ outcomeRef }
				tabIndex={ -1 }
				className="lp-pending-invitations__outcome"
				data-testid="lp-pending-outcome"
			>
				<div role="status">
					{ result ? (
						<p
							className={ `lp-notice lp-notice--${ result.tone }` }
						>
							{ result.text }
						</p>
					) : null }
					{ coolingDown &&
					pending.canResend &&
					pending.invitations.length > 0 ? (
						<p className="lp-notice lp-pending-invitations__wait">
							{ sprintf(
								/* translators: %d: seconds. */
								__(
									'Please wait %d seconds before sending more emails',
									'library-portal'
								),
								secondsLeft
							) }
						</p>
					) : null }
				</div>
			</div>
			{ canceling ? (
				<ConfirmDialog
					title={ __( 'Cancel the invitation?', 'library-portal' ) }
					message={ sprintf(
						/* translators: %s: the invited e-mail address. */
						__(
							'The link e-mailed to %s stops working. Licenses already taken stay with their holders.',
							'library-portal'
						),
						canceling.email
					) }
					cancelLabel={ __( 'Keep it', 'library-portal' ) }
					confirmLabel={ __( 'Cancel invitation', 'library-portal' ) }
					busy={ busy }
					onConfirm={ () => void cancel() }
					onCancel={ () => setCanceling( null ) }
				/>
			) : null }
		</section>
	);
}
