/**
 * The Share modal ('Share Licenses'): a copyable signed link with
 * a sample message, or e-mails to up to 20 people. The server enforces the cooldown and the
 * daily quota; the modal shows what its replies say (retry_after, daily_remaining) and counts
 * the cooldown down. The link is the owner's working link for the item, with the expiry the
 * server gives; 'New link' (after a confirmation) withdraws it and shows the new one.
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
import { isRecord } from '../../api/coerce';
import { createShareLink, sendShareEmails } from '../../api/share';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { LicenseLines } from '../../components/license-lines';
import type { LibraryItem } from '../../types/library';

export const COPIED_MS = 2000;
export const COOLDOWN_MESSAGE_MS = 3000;
export const RESULT_MS = 10000;
export const ERROR_MS = 20000;
export const MAX_RECIPIENTS = 20;

interface Limits {
	dailyRemaining: number;
	retryAfter: number;
}

type Result = { tone: 'success' | 'error' | 'warning'; text: string } | null;

/**
 * The addresses of the text field: comma-separated or one per line.
 *
 * @param text What was typed.
 */
export const splitEmails = ( text: string ): string[] =>
	text
		.split( /[,;\n]+/ )
		.map( ( part ) => part.trim() )
		.filter( ( part ) => part !== '' );

const retryAfterOf = ( error: ApiError ): number => {
	const data = isRecord( error.body ) ? error.body.data : undefined;
	return isRecord( data ) && typeof data.retry_after === 'number'
		? data.retry_after
		: 0;
};

export function ShareModal( {
	item,
	limits,
	onClose,
	onSent,
}: {
	item: LibraryItem;
	limits: Limits;
	onClose: () => void;
	onSent: () => void;
} ) {
	const id = useId();
	const [ link, setLink ] = useState( '' );
	const [ linkExpiresDate, setLinkExpiresDate ] = useState( '' );
	const [ confirmingRenew, setConfirmingRenew ] = useState( false );
	const [ renewing, setRenewing ] = useState( false );
	const [ copied, setCopied ] = useState( false );
	const [ emails, setEmails ] = useState( '' );
	const [ sending, setSending ] = useState( false );
	const [ cooldownEnds, setCooldownEnds ] = useState(
		limits.retryAfter > 0 ? Date.now() + limits.retryAfter * 1000 : 0
	);
	const [ secondsLeft, setSecondsLeft ] = useState( limits.retryAfter );
	const [ remaining, setRemaining ] = useState( limits.dailyRemaining );
	const [ result, setResult ] = useState< Result >( null );
	const [ cooldownNote, setCooldownNote ] = useState( '' );
	// The browser refused the clipboard write (phones often do after a server call): the message is
	// selected for the person to copy, and they are told how, instead of a "COPIED!" that lies.
	const [ copyRefused, setCopyRefused ] = useState( false );
	const messageRef = useRef< HTMLTextAreaElement >( null );
	const copiedTimer = useRef< number >();
	// The send button disables itself while sending: focus goes to what the send said instead of the page.
	const outcomeRef = useRef< HTMLDivElement >( null );

	// The countdown of the server's cooldown, a tick a second.
	useEffect( () => {
		if ( cooldownEnds <= Date.now() ) {
			setSecondsLeft( 0 );
			return undefined;
		}
		const tick = () =>
			setSecondsLeft(
				Math.max( 0, Math.ceil( ( cooldownEnds - Date.now() ) / 1000 ) )
			);
		tick();
		const timer = window.setInterval( tick, 1000 );
		return () => window.clearInterval( timer );
	}, [ cooldownEnds ] );

	useEffect( () => {
		if ( ! result ) {
			return undefined;
		}
		const timer = window.setTimeout(
			() => setResult( null ),
			result.tone === 'error' ? ERROR_MS : RESULT_MS
		);
		return () => window.clearTimeout( timer );
	}, [ result ] );

	useEffect( () => {
		if ( ! cooldownNote ) {
			return undefined;
		}
		const timer = window.setTimeout(
			() => setCooldownNote( '' ),
			COOLDOWN_MESSAGE_MS
		);
		return () => window.clearTimeout( timer );
	}, [ cooldownNote ] );

	useEffect( () => () => window.clearTimeout( copiedTimer.current ), [] );

	// Once the refused copy's message is on the screen, focus it with its text selected.
	useEffect( () => {
		if ( copyRefused && messageRef.current ) {
			messageRef.current.focus();
			messageRef.current.select();
		}
	}, [ copyRefused, link ] );

	const sampleMessage = ( url: string ) =>
		sprintf(
			/* translators: 1: training title, 2: invite link. */
			__(
				'I have shared a license of "%1$s" with you. Open this link to add it to your library: %2$s',
				'library-portal'
			),
			item.title,
			url
		);

	const linkError = ( error: unknown ) =>
		setResult( {
			tone: 'error',
			text:
				error instanceof ApiError && error.fromBody
					? error.message
					: __(
							'The link could not be made. Please try again.',
							'library-portal'
						),
		} );

	const copyLink = async () => {
		try {
			let url = link;
			if ( ! url ) {
				const made = await createShareLink( item.product_id );
				url = made.link;
				setLinkExpiresDate( made.expiresDate );
			}
			setLink( url );
			window.clearTimeout( copiedTimer.current );
			try {
				// Throws where there is no clipboard (an insecure page, an old browser) or the
				// browser refuses the write (no user gesture left after the server's reply).
				await window.navigator.clipboard.writeText(
					sampleMessage( url )
				);
			} catch {
				setCopied( false );
				setCopyRefused( true );
				return;
			}
			setCopyRefused( false );
			setCopied( true );
			copiedTimer.current = window.setTimeout(
				() => setCopied( false ),
				COPIED_MS
			);
		} catch ( error: unknown ) {
			linkError( error );
		}
	};

	const renewLink = async () => {
		setRenewing( true );
		try {
			const made = await createShareLink( item.product_id, true );
			setLink( made.link );
			setLinkExpiresDate( made.expiresDate );
			setCopied( false );
			setResult( {
				tone: 'success',
				text: __(
					'A new link was made. The old link no longer works.',
					'library-portal'
				),
			} );
		} catch ( error: unknown ) {
			linkError( error );
		} finally {
			setRenewing( false );
			setConfirmingRenew( false );
		}
	};

	const coolingDown = secondsLeft > 0;

	const send = async () => {
		const addresses = splitEmails( emails );
		if ( addresses.length === 0 ) {
			setResult( {
				tone: 'error',
				text: __(
					'Please enter at least one valid email address',
					'library-portal'
				),
			} );
			return;
		}
		if ( addresses.length > MAX_RECIPIENTS ) {
			setResult( {
				tone: 'error',
				text: __(
					'You can only send to 20 recipients at once',
					'library-portal'
				),
			} );
			return;
		}
		setSending( true );
		outcomeRef.current?.focus();
		try {
			const sent = await sendShareEmails( emails, item.product_id );
			setResult( { tone: 'success', text: sent.message } );
			setRemaining( sent.dailyRemaining );
			setCooldownEnds( Date.now() + sent.retryAfter * 1000 );
			setEmails( '' );
			onSent();
		} catch ( error: unknown ) {
			if ( error instanceof ApiError ) {
				const wait = retryAfterOf( error );
				if ( wait > 0 ) {
					setCooldownEnds( Date.now() + wait * 1000 );
				}
				if ( error.code === 'share_cooldown' ) {
					setCooldownNote(
						sprintf(
							/* translators: %d: seconds. */
							__(
								'Please wait %d seconds before sending more emails',
								'library-portal'
							),
							wait
						)
					);
				} else {
					setResult( {
						tone: 'error',
						text: error.fromBody
							? error.message
							: __(
									'An error occurred while sending emails',
									'library-portal'
								),
					} );
				}
				onSent();
			} else {
				setResult( {
					tone: 'error',
					text: __(
						'An error occurred while sending emails',
						'library-portal'
					),
				} );
			}
		} finally {
			setSending( false );
			outcomeRef.current?.focus();
		}
	};

	let sendLabel: string = __( 'Share', 'library-portal' );
	if ( sending ) {
		// eslint-disable-next-line @wordpress/i18n-ellipsis -- the spec's text, as written.
		sendLabel = __( 'Sending...', 'library-portal' );
	} else if ( coolingDown ) {
		sendLabel = sprintf(
			/* translators: %d: seconds left. */
			__( 'Wait (%ds)', 'library-portal' ),
			secondsLeft
		);
	}

	return (
		<>
			<Dialog
				title={ __( 'Share Licenses', 'library-portal' ) }
				describedBy={ `${ id }-note` }
				busy={ sending || renewing }
				onClose={ onClose }
				className="lp-share-modal"
			>
				<button
					type="button"
					className="lp-dialog__close"
					onClick={ onClose }
					aria-label={ __( 'Close', 'library-portal' ) }
				>
					×
				</button>
				<p className="lp-share-modal__course">{ item.title }</p>
				<div className="lp-share-modal__licenses">
					<LicenseLines item={ item } />
					{ item.product_link ? (
						<a className="lp-link" href={ item.product_link }>
							{ __( 'ADD LICENSES', 'library-portal' ) }
						</a>
					) : null }
				</div>
				<p id={ `${ id }-note` } className="lp-share-modal__note">
					{ __(
						'Licenses will be filled automatically once share is accepted.',
						'library-portal'
					) }
				</p>

				<h3 className="lp-subsection-title">
					{ __( 'Share a link', 'library-portal' ) }
				</h3>
				<div className="lp-share-modal__row">
					<button
						type="button"
						className="lp-button lp-button--secondary"
						onClick={ () => void copyLink() }
						data-autofocus
					>
						{ copied
							? __( 'COPIED!', 'library-portal' )
							: __( 'Copy link with message', 'library-portal' ) }
					</button>
				</div>
				{ link ? (
					<label className="lp-field" htmlFor={ `${ id }-message` }>
						<span>
							{ __( 'Message to send', 'library-portal' ) }
						</span>
						<textarea
							ref={ messageRef }
							id={ `${ id }-message` }
							aria-describedby={
								copyRefused ? `${ id }-copy-refused` : undefined
							}
							readOnly
							rows={ 3 }
							value={ sampleMessage( link ) }
							data-testid="lp-share-link-message"
							onFocus={ ( event ) =>
								event.currentTarget.select()
							}
						/>
					</label>
				) : null }
				{ link && copyRefused ? (
					<p
						id={ `${ id }-copy-refused` }
						className="lp-help"
						role="status"
					>
						{ __(
							'Your browser did not let the page copy. The message is selected above: copy it with Ctrl+C (⌘C on a Mac), or press and hold it on a phone and choose Copy.',
							'library-portal'
						) }
					</p>
				) : null }
				{ link ? (
					<div className="lp-share-modal__link-facts">
						<p
							className="lp-help"
							data-testid="lp-share-link-expiry"
						>
							{ sprintf(
								/* translators: %s: date the link stops working. */
								__(
									'This link works until %s.',
									'library-portal'
								),
								linkExpiresDate
							) }
						</p>
						<button
							type="button"
							className="lp-button lp-button--secondary"
							onClick={ () => setConfirmingRenew( true ) }
							disabled={ renewing }
						>
							{ __( 'New link', 'library-portal' ) }
						</button>
					</div>
				) : null }

				<h3 className="lp-subsection-title">
					{ __( 'Share by email', 'library-portal' ) }
				</h3>
				<label className="lp-field" htmlFor={ `${ id }-emails` }>
					<span>{ __( 'Email addresses', 'library-portal' ) }</span>
					<textarea
						id={ `${ id }-emails` }
						className="lp-field__input"
						rows={ 4 }
						value={ emails }
						aria-describedby={ `${ id }-help` }
						onChange={ ( event ) =>
							setEmails( event.currentTarget.value )
						}
					/>
				</label>
				<p id={ `${ id }-help` } className="lp-help">
					{ sprintf(
						/* translators: 1: recipients per send, 2: recipients left today. */
						__(
							'Separate addresses with commas, or put one per line. Up to %1$d at once; %2$d left today.',
							'library-portal'
						),
						MAX_RECIPIENTS,
						remaining
					) }
				</p>
				<div className="lp-dialog__actions">
					<button
						type="button"
						className="lp-button"
						onClick={ () => void send() }
						disabled={
							emails.trim() === '' || sending || coolingDown
						}
					>
						{ sendLabel }
					</button>
				</div>
				<div
					ref={ outcomeRef }
					tabIndex={ -1 }
					className="lp-share-modal__outcome"
					data-testid="lp-share-outcome"
				>
					<div
						role="status"
						aria-live="polite"
						className="lp-share-modal__status"
					>
						{ cooldownNote ? (
							<p className="lp-notice">{ cooldownNote }</p>
						) : null }
						{ result && result.tone !== 'error' ? (
							<p className="lp-notice lp-notice--success">
								{ result.text }
							</p>
						) : null }
					</div>
					<div role="alert" className="lp-share-modal__errors">
						{ result && result.tone === 'error' ? (
							<p className="lp-notice lp-notice--error">
								{ result.text }
							</p>
						) : null }
					</div>
				</div>
			</Dialog>
			{ confirmingRenew ? (
				<ConfirmDialog
					title={ __( 'Make a new link?', 'library-portal' ) }
					message={ __(
						'The current link stops working: anyone who has it and has not accepted yet will need the new one. Seats already taken stay with their holders.',
						'library-portal'
					) }
					confirmLabel={ __( 'Make new link', 'library-portal' ) }
					busy={ renewing }
					onConfirm={ () => void renewLink() }
					onCancel={ () => setConfirmingRenew( false ) }
				/>
			) : null }
		</>
	);
}
