/**
 * The team island (lazy chunk `island-team`): placeholders until the team, progress,
 * notifications and share-invite screens are built.
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

export function TeamList() {
	return (
		<NotAvailable
			title={ __( 'Team Member Progress', 'library-portal' ) }
			backTo={ paths.list() }
		/>
	);
}

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

export function Notifications() {
	return (
		<NotAvailable
			title={ __( 'Notifications', 'library-portal' ) }
			backTo={ paths.list() }
		/>
	);
}

export function ShareInvite() {
	return (
		<NotAvailable
			title={ __( 'Shared training', 'library-portal' ) }
			backTo={ paths.list() }
		/>
	);
}
