/**
 * One user's progress (/users/{id}); 'Your Progress' for the own id. Placeholder until built.
 */

/**
 * External dependencies
 */
import { useParams } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { NotAvailable } from '../../components/not-available';
import { getConfig } from '../../config';
import { paths } from '../../domain/paths';
import { usePortal } from '../shell/portal-context';

export function UserProgress() {
	const { userId } = useParams();
	const { contractMode, contractId } = usePortal();
	const own =
		userId === undefined || Number( userId ) === getConfig().currentUser.id;
	return (
		<NotAvailable
			title={
				own
					? __( 'Your Progress', 'library-portal' )
					: __( 'Team Member Progress', 'library-portal' )
			}
			backTo={
				contractMode && contractId !== null
					? paths.contract( contractId )
					: paths.list()
			}
		/>
	);
}
