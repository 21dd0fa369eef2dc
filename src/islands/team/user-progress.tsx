/**
 * Single user progress (spec point 2; /users/{id}, /contract/{id}/users[/{id}]).
 * - The own page, 'Your Progress', reads the own library: Take Test opens the test.
 * - A team member's page reads GET shareduserscontent/: their e-mail, name, licenses and
 *   completions, no test link, and 'Remove Team Member', which only hides them in this browser.
 */

/**
 * External dependencies
 */
import { Link, useNavigate, useParams } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { LoadError } from '../../components/load-error';
import { LoadingIndicator } from '../../components/loading-indicator';
import { ScreenTitle } from '../../components/screen-title';
import { SearchField } from '../../components/search-field';
import { getConfig } from '../../config';
import { useTeam } from '../../data/use-team';
import { paths } from '../../domain/paths';
import {
	courseName,
	matchesCourse,
	memberProgressRows,
	ownProgressRows,
	playbackStatusLabel,
	takeTestClickable,
	type ProgressRow,
} from '../../domain/progress';
import { usePortal } from '../shell/portal-context';
import { useHiddenUsers } from './team-list';

export function UserProgress() {
	const { userId } = useParams();
	const ownId = getConfig().currentUser.id;
	const viewed = userId === undefined ? undefined : Number( userId );
	return viewed === undefined || viewed === ownId ? (
		<OwnProgress />
	) : (
		<MemberProgress userId={ viewed } />
	);
}

function OwnProgress() {
	const { items, itemsLoading, itemsError, reloadItems, contractId } =
		usePortal();
	const scope = contractId === null ? null : Number( contractId );
	const rows = ownProgressRows( items, scope );
	return (
		<div className="lp-team lp-progress">
			<div className="lp-page-header">
				<ScreenTitle
					title={ __( 'Your Progress', 'library-portal' ) }
				/>
			</div>
			{ itemsLoading ? (
				<LoadingIndicator
					label={ __( 'Loading your progress…', 'library-portal' ) }
				/>
			) : null }
			{ ! itemsLoading && itemsError ? (
				<LoadError onRetry={ reloadItems } />
			) : null }
			{ ! itemsLoading && ! itemsError ? (
				<ProgressTable
					rows={ rows }
					courseLink={ ( row ) =>
						scope === null
							? paths.item( row.productId, row.tag )
							: paths.contractItem( scope, row.productId )
					}
				/>
			) : null }
		</div>
	);
}

function MemberProgress( { userId }: { userId: number } ) {
	const team = useTeam();
	const navigate = useNavigate();
	const [ hidden, setHidden ] = useHiddenUsers();
	const member = team.value.find( ( candidate ) => candidate.id === userId );
	const title = member
		? sprintf(
				/* translators: %s: team member's name. */
				__( 'Progress of %s', 'library-portal' ),
				member.name
			)
		: __( 'Team Member Progress', 'library-portal' );

	const remove = () => {
		if ( ! hidden.includes( userId ) ) {
			setHidden( [ ...hidden, userId ] );
		}
		navigate( paths.users() );
	};

	return (
		<div className="lp-team lp-progress">
			<div className="lp-page-header">
				<ScreenTitle title={ title } />
			</div>
			{ team.loading ? (
				<LoadingIndicator
					label={ __( 'Loading progress…', 'library-portal' ) }
				/>
			) : null }
			{ ! team.loading && team.error ? (
				<LoadError
					onRetry={ team.reload }
					message={ __(
						'Failed to load shared user data.',
						'library-portal'
					) }
				/>
			) : null }
			{ ! team.loading && ! team.error && ! member ? (
				<div className="lp-card" role="alert">
					<p>
						{ __(
							'This user is not on your team: you have shared no training with them.',
							'library-portal'
						) }
					</p>
					<Link className="lp-button" to={ paths.users() }>
						{ __(
							'Back to Team Member Progress',
							'library-portal'
						) }
					</Link>
				</div>
			) : null }
			{ member ? (
				<>
					<div className="lp-card lp-progress__member">
						<dl className="lp-progress__facts">
							<div>
								<dt>{ __( 'Name', 'library-portal' ) }</dt>
								<dd>{ member.name }</dd>
							</div>
							<div>
								<dt>{ __( 'Email', 'library-portal' ) }</dt>
								<dd>{ member.email }</dd>
							</div>
							<div>
								<dt>{ __( 'Licenses', 'library-portal' ) }</dt>
								<dd>{ member.shared_licenses }</dd>
							</div>
							<div>
								<dt>{ __( 'Completed', 'library-portal' ) }</dt>
								<dd>
									{ sprintf(
										/* translators: 1: completed trainings, 2: trainings shared. */
										__( '%1$d/%2$d', 'library-portal' ),
										member.completed_count,
										member.total_count
									) }
								</dd>
							</div>
						</dl>
						<button
							type="button"
							className="lp-button lp-button--secondary"
							onClick={ remove }
						>
							{ __( 'Remove Team Member', 'library-portal' ) }
						</button>
					</div>
					<ProgressTable
						rows={ memberProgressRows( member ) }
						viewedUserId={ userId }
						courseLink={ ( row ) => paths.item( row.productId ) }
					/>
				</>
			) : null }
		</div>
	);
}

interface ProgressTableProps {
	rows: ProgressRow[];
	/** The member whose page this is; undefined on the own page (Take Test is a link there only). */
	viewedUserId?: number;
	courseLink: ( row: ProgressRow ) => string;
}

function ProgressTable( {
	rows,
	viewedUserId,
	courseLink,
}: ProgressTableProps ) {
	const [ query, setQuery ] = useState( '' );
	const ownId = getConfig().currentUser.id;
	const shown = rows.filter( ( row ) => matchesCourse( row, query ) );
	return (
		<>
			<div className="lp-team__controls">
				<SearchField
					id="lp-progress-search"
					label={ __( 'Search courses', 'library-portal' ) }
					placeholder={
						// eslint-disable-next-line @wordpress/i18n-ellipsis -- the spec's text, as written.
						__( 'Search courses...', 'library-portal' )
					}
					value={ query }
					onChange={ setQuery }
				/>
			</div>
			{ shown.length === 0 ? (
				<p className="lp-empty" role="status">
					{ __( 'No items found', 'library-portal' ) }
				</p>
			) : (
				<div className="lp-table-wrap">
					<table className="lp-table">
						<caption className="lp-visually-hidden">
							{ __( 'Training progress', 'library-portal' ) }
						</caption>
						<thead>
							<tr>
								<th scope="col">
									{ __( 'Course', 'library-portal' ) }
								</th>
								<th scope="col">
									{ __( 'Type', 'library-portal' ) }
								</th>
								<th scope="col">
									{ __( 'Completed On', 'library-portal' ) }
								</th>
								<th scope="col">
									{ __( 'Status', 'library-portal' ) }
								</th>
								<th scope="col">
									{ __( 'Certificates', 'library-portal' ) }
								</th>
							</tr>
						</thead>
						<tbody>
							{ shown.map( ( row ) => (
								<tr key={ row.key }>
									<th scope="row">
										<Link to={ courseLink( row ) }>
											{ courseName( row ) }
										</Link>
									</th>
									<td>{ row.typeLabel }</td>
									<td>
										{ row.completedDate !== ''
											? row.completedDate
											: '—' }
									</td>
									<td data-status={ row.status }>
										{ takeTestClickable(
											row,
											viewedUserId,
											ownId
										) ? (
											<a
												href={ paths.quizHref(
													row.productId
												) }
												target="_blank"
												rel="noopener noreferrer"
											>
												{ playbackStatusLabel( row ) }
												<span className="lp-visually-hidden">
													{ ' ' }
													{ __(
														'(opens in a new tab)',
														'library-portal'
													) }
												</span>
											</a>
										) : (
											playbackStatusLabel( row )
										) }
									</td>
									<td>
										{ row.certificate !== false ? (
											<a href={ row.certificate }>
												{ __(
													'View Certificate',
													'library-portal'
												) }
												<span className="lp-visually-hidden">
													{ ' ' }
													{ courseName( row ) }
												</span>
											</a>
										) : (
											'—'
										) }
									</td>
								</tr>
							) ) }
						</tbody>
					</table>
				</div>
			) }
		</>
	);
}
