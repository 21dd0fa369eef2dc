/**
 * Pending invitations (Share Details): the e-mailed invitations nobody accepted yet, with
 * Resend and Cancel, and a warning when they outnumber the licenses left. The list, whether
 * Resend is allowed and the warning all come from the server's share data (videosharedata/{id});
 * this block only shows them and reports the server's answers (docs/frontend.md, "Share Details").
 */

/**
 * WordPress dependencies
 */
import { useEffect, useId, useState } from '@wordpress/element';
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
	/** Loads the share data again after a change (the list, quota and history follow). */
	onChanged: () => void;
}

const serverMessage = ( error: unknown, fallback: string ): string =>
	error instanceof ApiError && error.fromBody && error.message
		? error.message
		: fallback;

export function PendingInvitations( {
	pending,
	onChanged,
}: PendingInvitationsProps ) {
	const titleId = useId();
	const [ busy, setBusy ] = useState( false );
	const [ result, setResult ] = useState< Result >( null );
	const [ canceling, setCanceling ] = useState< PendingInvitation | null >(
		null
	);

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

	if ( pending.invitations.length === 0 && ! result ) {
		return null;
	}

	// Resend and Cancel alike: the server's message, or the fallback when none came; then the
	// tab loads the share data again.
	const act = async (
		call: () => Promise< { message: string } >,
		fallback: string
	) => {
		setBusy( true );
		try {
			const reply = await call();
			setResult( { tone: 'success', text: reply.message } );
		} catch ( error: unknown ) {
			setResult( {
				tone: 'error',
				text: serverMessage( error, fallback ),
			} );
		} finally {
			setBusy( false );
			setCanceling( null );
			onChanged();
		}
	};

	const resend = ( invitation: PendingInvitation ) =>
		act(
			() => resendInvitation( invitation.id ),
			__( 'An error occurred while sending emails', 'library-portal' )
		);

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
			<div role="status" className="lp-pending-invitations__result">
				{ result ? (
					<p className={ `lp-notice lp-notice--${ result.tone }` }>
						{ result.text }
					</p>
				) : null }
			</div>
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
										disabled={ busy }
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
