/**
 * A modal dialog (role="dialog", aria-modal): focus moves to its first control (or the one
 * marked data-autofocus), Tab stays inside, Escape (and, if asked, a press outside) closes
 * unless busy, and focus returns to where it was when the dialog opened.
 */

/**
 * WordPress dependencies
 */
import { useEffect, useId, useRef } from '@wordpress/element';
import type { ReactNode } from 'react';

export interface DialogProps {
	title: string;
	/** Id of the element that describes the dialog (aria-describedby), if any. */
	describedBy?: string;
	/** Escape does nothing while busy. */
	busy?: boolean;
	/** A press outside the dialog closes it too (not while busy). */
	closeOnOutsideClick?: boolean;
	onClose: () => void;
	className?: string;
	children: ReactNode;
}

const FOCUSABLE =
	'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog( {
	title,
	describedBy,
	busy = false,
	closeOnOutsideClick = false,
	onClose,
	className = '',
	children,
}: DialogProps ) {
	const id = useId();
	const ref = useRef< HTMLDivElement >( null );

	useEffect( () => {
		const dialog = ref.current;
		const opener = dialog?.ownerDocument.activeElement as
			HTMLElement | null | undefined;
		(
			dialog?.querySelector< HTMLElement >( '[data-autofocus]' ) ??
			dialog?.querySelector< HTMLElement >( FOCUSABLE )
		)?.focus();
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
				onClose();
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
		// The backdrop is not a control: Escape and the dialog's own buttons close it by keyboard.
		// eslint-disable-next-line jsx-a11y/no-static-element-interactions
		<div
			className="lp-dialog__backdrop"
			onMouseDown={ ( event ) => {
				if (
					closeOnOutsideClick &&
					! busy &&
					event.target === event.currentTarget
				) {
					onClose();
				}
			} }
		>
			<div
				ref={ ref }
				className={ `lp-dialog ${ className }`.trim() }
				role="dialog"
				aria-modal="true"
				aria-labelledby={ `${ id }-title` }
				aria-describedby={ describedBy }
			>
				<h2 id={ `${ id }-title` } className="lp-dialog__title">
					{ title }
				</h2>
				{ children }
			</div>
		</div>
	);
}
