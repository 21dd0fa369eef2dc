/**
 * Notifications page (/notifications). Placeholder until built.
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { NotAvailable } from '../../components/not-available';
import { paths } from '../../domain/paths';

export function Notifications() {
	return (
		<NotAvailable
			title={ __( 'Notifications', 'library-portal' ) }
			backTo={ paths.list() }
		/>
	);
}
