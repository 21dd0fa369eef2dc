/**
 * A modal confirmation (role="dialog", aria-modal): focus moves to its first button, Tab stays
 * inside, Escape or Cancel closes, and focus returns to where it was when the dialog opened.
 */

/**
 * WordPress dependencies
 */
import { useEffect, useId, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

export interface ConfirmDialogProps {
	title: string;
	message: string;
	confirmLabel: string;
	cancelLabel?: string;
	/** Disables the buttons while the confirmed action runs. */
	busy?: boolean;
	onConfirm: () => void;
	onCancel: () => void;
}

const FOCUSABLE =
	'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function ConfirmDialog( {
	title,
	message,
	confirmLabel,
	cancelLabel = __( 'Cancel', 'library-portal' ),
	busy = false,
	onConfirm,
	onCancel,
}: ConfirmDialogProps ) {
	const id = useId();
	const ref = useRef< HTMLDivElement >( null );

	useEffect( () => {
		const dialog = ref.current;
		const opener = dialog?.ownerDocument.activeElement as
			HTMLElement | null | undefined;
		dialog?.querySelector< HTMLElement >( FOCUSABLE )?.focus();
		return () => {
			// Back to the control that opened the dialog.
			if ( opener && opener.isConnected ) {
				opener.focus();
			}
		};
	}, [] );

	const onKeyDown = ( event: KeyboardEvent ) => {
		if ( event.key === 'Escape' ) {
			event.preventDefault();
			if ( ! busy ) {
				onCancel();
			}
			return;
		}
		if ( event.key !== 'Tab' || ! ref.current ) {
			return;
		}
		const focusable = [
			...ref.current.querySelectorAll< HTMLElement >( FOCUSABLE ),
		];
		const first = focusable[ 0 ];
		const last = focusable[ focusable.length - 1 ];
		const active = ref.current.ownerDocument.activeElement;
		if ( ! first || ! last ) {
			event.preventDefault();
		} else if ( event.shiftKey && active === first ) {
			event.preventDefault();
			last.focus();
		} else if ( ! event.shiftKey && active === last ) {
			event.preventDefault();
			first.focus();
		}
	};

	// A native listener: the dialog element is not itself interactive.
	const keyHandler = useRef( onKeyDown );
	keyHandler.current = onKeyDown;
	useEffect( () => {
		const dialog = ref.current;
		const listener = ( event: KeyboardEvent ) =>
			keyHandler.current( event );
		dialog?.addEventListener( 'keydown', listener );
		return () => dialog?.removeEventListener( 'keydown', listener );
	}, [] );

	return (
		<div className="lp-dialog__backdrop">
			<div
				ref={ ref }
				className="lp-dialog"
				role="dialog"
				aria-modal="true"
				aria-labelledby={ `${ id }-title` }
				aria-describedby={ `${ id }-message` }
			>
				<h2 id={ `${ id }-title` } className="lp-dialog__title">
					{ title }
				</h2>
				<p id={ `${ id }-message` }>{ message }</p>
				<div className="lp-dialog__actions">
					<button
						type="button"
						className="lp-button lp-button--secondary"
						onClick={ onCancel }
						disabled={ busy }
					>
						{ cancelLabel }
					</button>
					<button
						type="button"
						className="lp-button"
						onClick={ onConfirm }
						disabled={ busy }
					>
						{ confirmLabel }
					</button>
				</div>
			</div>
		</div>
	);
}
