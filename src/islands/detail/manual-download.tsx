/**
 * E-manual download: a seat that is not yet activated is activated first, after
 * the spec's confirmation (POST activate-manual-license/{id}); then the file from the updated
 * item's download_link. Without a license: the spec's no-license text.
 */

/**
 * WordPress dependencies
 */
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	activateManualLicense,
	activationErrorText,
} from '../../api/activation';
import type { ItemScope } from '../../api/video';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { hasAccess, needsActivation } from '../../domain/detail';
import { startDownload } from '../../lib/download';
import type { LibraryItem } from '../../types/library';

export interface ManualDownloadProps {
	item: LibraryItem;
	scope: ItemScope;
	/** The server's updated row after an activation. */
	onItem: ( item: LibraryItem ) => void;
}

export function ManualDownload( { item, scope, onItem }: ManualDownloadProps ) {
	const [ confirming, setConfirming ] = useState( false );
	const [ busy, setBusy ] = useState( false );
	const [ error, setError ] = useState( '' );

	if ( ! hasAccess( item ) ) {
		return (
			<p className="lp-notice lp-notice--warning" role="note">
				{ sprintf(
					/* translators: %s: item title. */
					__(
						'You don\'t have an active license for "%s". Purchase a license to download this manual.',
						'library-portal'
					),
					item.title
				) }
			</p>
		);
	}

	const activateAndDownload = async () => {
		setBusy( true );
		setError( '' );
		try {
			const reply = await activateManualLicense( item.product_id, scope );
			onItem( reply.item );
			setConfirming( false );
			if ( reply.item.download_link !== '' ) {
				startDownload( reply.item.download_link );
			}
		} catch ( failure: unknown ) {
			setConfirming( false );
			setError(
				activationErrorText( failure ) ||
					__(
						'There was an error activating your license. Please try again.',
						'library-portal'
					)
			);
		} finally {
			setBusy( false );
		}
	};

	const onDownload = () => {
		if ( needsActivation( item ) ) {
			setConfirming( true );
		} else if ( item.download_link !== '' ) {
			startDownload( item.download_link );
		} else {
			// Already activated (or member/contract) without a link in the list: the server
			// answers 'already_active' with the link, spending nothing.
			void activateAndDownload();
		}
	};

	return (
		<div className="lp-manual-download">
			<button
				type="button"
				className="lp-button"
				onClick={ onDownload }
				disabled={ busy }
				aria-describedby={ error ? 'lp-manual-error' : undefined }
			>
				{ __( 'Download', 'library-portal' ) }
			</button>
			{ error ? (
				<p
					id="lp-manual-error"
					className="lp-notice lp-notice--error"
					role="alert"
				>
					{ error }
				</p>
			) : null }
			{ confirming ? (
				<ConfirmDialog
					title={ __( 'Activate a license?', 'library-portal' ) }
					message={ sprintf(
						/* translators: %s: item title. */
						__(
							'Downloading this manual will activate one of your licenses for "%s". This action cannot be undone. Do you want to continue?',
							'library-portal'
						),
						item.title
					) }
					confirmLabel={ __(
						'Activate and download',
						'library-portal'
					) }
					busy={ busy }
					onConfirm={ () => void activateAndDownload() }
					onCancel={ () => setConfirming( false ) }
				/>
			) : null }
		</div>
	);
}
