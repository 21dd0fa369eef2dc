/**
 * Team list 'Team Member Progress' (/users). Placeholder until built.
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

export function TeamList() {
	return (
		<NotAvailable
			title={ __( 'Team Member Progress', 'library-portal' ) }
			backTo={ paths.list() }
		/>
	);
}
