/**
 * A modal confirmation on Dialog: focus moves to its first button (Cancel), Tab stays inside,
 * Escape or Cancel closes, and focus returns to where it was when the dialog opened.
 */

/**
 * WordPress dependencies
 */
import { useId } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';

/**
 * Internal dependencies
 */
import { Dialog } from '../dialog';

export interface ConfirmDialogProps {
	title: string;
	message: string;
	confirmLabel: string;
	cancelLabel?: string;
	/** Disables the buttons while the confirmed action runs. */
	busy?: boolean;
	onConfirm: () => void;
	onCancel: () => void;
	/** Choices that go with the confirmation (e.g. a checkbox), between the message and the buttons. */
	children?: ReactNode;
}

export function ConfirmDialog( {
	title,
	message,
	confirmLabel,
	cancelLabel = __( 'Cancel', 'library-portal' ),
	busy = false,
	onConfirm,
	onCancel,
	children = null,
}: ConfirmDialogProps ) {
	const id = useId();
	return (
		<Dialog
			title={ title }
			describedBy={ `${ id }-message` }
			busy={ busy }
			onClose={ onCancel }
		>
			<p id={ `${ id }-message` }>{ message }</p>
			{ children }
			<div className="lp-dialog__actions">
				<button
					type="button"
					className="lp-button lp-button--secondary"
					onClick={ onCancel }
					disabled={ busy }
					data-autofocus
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
		</Dialog>
	);
}
