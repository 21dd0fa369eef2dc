/**
 * The share-invite page (/shareseats/{encoded}).
 */

/**
 * External dependencies
 */
import { Link } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { ScreenTitle } from '../../components/screen-title';
import { getConfig } from '../../config';
import { paths } from '../../domain/paths';

/**
 * The page under the share-invite banner (/shareseats/{encoded}): the banner holds the
 * actions; this says what the invitation is, as the server described it in the page config.
 */
export function ShareInvite() {
	const share = getConfig().shareData;
	let text: string = __(
		'This invitation cannot be used. The message above says why.',
		'library-portal'
	);
	if ( share?.held ) {
		text = sprintf(
			/* translators: %s: training title. */
			__(
				'"%s" is already in your library, so there is nothing to accept. Use Open in the message above to go to it.',
				'library-portal'
			),
			share.product_title
		);
	} else if ( share?.own ) {
		text = __(
			'This is the link you share with your team. Team members who open it can add the training to their library.',
			'library-portal'
		);
	} else if ( share && ! share.error && share.available_licenses <= 0 ) {
		text = sprintf(
			/* translators: 1: sharer's name, 2: training title. */
			__(
				'%1$s shared "%2$s" with you, and every license has been taken. Use Notify in the message above to ask %1$s for one.',
				'library-portal'
			),
			share.sharer_name,
			share.product_title
		);
	} else if ( share && ! share.error ) {
		text = sprintf(
			/* translators: 1: sharer's name, 2: training title. */
			__(
				'%1$s shared "%2$s" with you. Use the buttons in the message above to add it to your library or to dismiss it.',
				'library-portal'
			),
			share.sharer_name,
			share.product_title
		);
	}
	return (
		<section
			className="lp-card lp-not-available"
			aria-labelledby="lp-share-invite-title"
		>
			<ScreenTitle
				id="lp-share-invite-title"
				title={ __( 'Shared training', 'library-portal' ) }
			/>
			<p>{ text }</p>
			<p>
				<Link
					className="lp-button lp-button--secondary"
					to={ paths.list() }
				>
					{ __( 'Go to your library', 'library-portal' ) }
				</Link>
			</p>
		</section>
	);
}
