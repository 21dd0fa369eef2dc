/**
 * The route table. Each screen lives in a lazy island chunk.
 */

/**
 * External dependencies
 */
import { Navigate, Route, Routes } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { lazy } from '@wordpress/element';

/**
 * Internal dependencies
 */
import { NotFound } from '../../components/not-found';
import { getConfig } from '../../config';
import { libraryRoot } from '../../domain/paths';
import { loadIsland } from '../loaders';
import { Layout } from './layout';

const Dashboard = lazy( () =>
	loadIsland( 'library' ).then( ( m ) => ( { default: m.Dashboard } ) )
);
const LibraryList = lazy( () =>
	loadIsland( 'library' ).then( ( m ) => ( { default: m.LibraryList } ) )
);
const ItemDetail = lazy( () =>
	loadIsland( 'detail' ).then( ( m ) => ( { default: m.ItemDetail } ) )
);
const Quiz = lazy( () =>
	loadIsland( 'quiz' ).then( ( m ) => ( { default: m.Quiz } ) )
);
const TeamList = lazy( () =>
	loadIsland( 'team' ).then( ( m ) => ( { default: m.TeamList } ) )
);
const UserProgress = lazy( () =>
	loadIsland( 'team' ).then( ( m ) => ( { default: m.UserProgress } ) )
);
const Notifications = lazy( () =>
	loadIsland( 'team' ).then( ( m ) => ( { default: m.Notifications } ) )
);
const ShareInvite = lazy( () =>
	loadIsland( 'team' ).then( ( m ) => ( { default: m.ShareInvite } ) )
);

export function PortalRoutes() {
	// A page holding the portal at its own address opens the dashboard (the server names it).
	const { entryPath } = getConfig();
	return (
		<Routes>
			{ entryPath !== '' && (
				<Route
					path={ entryPath }
					element={ <Navigate to={ libraryRoot() } replace /> }
				/>
			) }
			<Route element={ <Layout /> }>
				<Route path={ libraryRoot() } element={ <Dashboard /> } />
				<Route
					path={ `${ libraryRoot() }/videos` }
					element={ <LibraryList /> }
				/>
				<Route
					path={ `${ libraryRoot() }/videos/:productId` }
					element={ <ItemDetail /> }
				/>
				<Route
					path={ `${ libraryRoot() }/users` }
					element={ <TeamList /> }
				/>
				<Route
					path={ `${ libraryRoot() }/users/:userId` }
					element={ <UserProgress /> }
				/>
				<Route
					path={ `${ libraryRoot() }/notifications` }
					element={ <Notifications /> }
				/>
				<Route
					path="/contract/:contractId"
					element={ <LibraryList /> }
				/>
				<Route
					path="/contract/:contractId/users"
					element={ <UserProgress /> }
				/>
				<Route
					path="/contract/:contractId/users/:userId"
					element={ <UserProgress /> }
				/>
				<Route
					path="/contract/:contractId/:productId"
					element={ <ItemDetail /> }
				/>
				<Route path="/quiz/:productId" element={ <Quiz /> } />
				<Route
					path="/shareseats/:encoded"
					element={ <ShareInvite /> }
				/>
				<Route path="*" element={ <NotFound /> } />
			</Route>
		</Routes>
	);
}
