/**
 * The item's one primary action (docs/rules/library-and-catalogue.md, "Primary actions"): which one and where it
 * goes are the server's (`primary_action`); this only shows it. An e-manual's download is the
 * ManualDownload button (it may activate a seat first), so it is not repeated here.
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { PrimaryAction } from '../../types/library';

export interface PrimaryActionButtonProps {
	/** The row's primary action. */
	action: PrimaryAction;
	/** Plays the video on this page (kind `play`). */
	onPlay: () => void;
}

/**
 * The words of each action that is a link.
 *
 * @param kind Action kind.
 */
function linkLabel( kind: PrimaryAction[ 'kind' ] ): string {
	switch ( kind ) {
		case 'renew':
			return __( 'Renew', 'library-portal' );
		case 'open_course':
			return __( 'Open course', 'library-portal' );
		case 'open_program':
			return __( 'Open certificate program', 'library-portal' );
		case 'browse':
			return __( 'Browse member trainings', 'library-portal' );
		default:
			return '';
	}
}

export function PrimaryActionButton( {
	action,
	onPlay,
}: PrimaryActionButtonProps ) {
	if ( action.kind === 'play' ) {
		return (
			<p className="lp-detail__primary">
				<button type="button" className="lp-button" onClick={ onPlay }>
					{ __( 'Play', 'library-portal' ) }
				</button>
			</p>
		);
	}
	const label = linkLabel( action.kind );
	if ( label === '' || action.url === '' ) {
		return null;
	}
	return (
		<p className="lp-detail__primary">
			<a
				className="lp-button"
				href={ action.url }
				data-action={ action.kind }
			>
				{ label }
			</a>
		</p>
	);
}
