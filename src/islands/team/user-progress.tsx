/**
 * Single user progress (/users/{id}, /contract/{id}/users[/{id}]).
 * - The own page, 'Your Progress', reads the own library: Take Test opens the test.
 * - A team member's page reads GET shareduserscontent/: their e-mail, name, licenses and
 *   completions, no test link, and 'Remove Team Member': a confirmation that says it hides them in
 *   this browser only, and offers to take back the seats they have not started (the server's list
 *   and the server's revoke).
 */

/**
 * External dependencies
 */
import { Link, useNavigate, useParams } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { ApiError } from '../../api/client';
import { revokeShare } from '../../api/share';
import { ConfirmDialog } from '../../components/confirm-dialog';
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
import { useHiddenUsers, type RemovedMember } from './team-list';

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
	const ownId = getConfig().currentUser.id;
	const member = team.value.find( ( candidate ) => candidate.id === userId );
	const title = member
		? sprintf(
				/* translators: %s: team member's name. */
				__( 'Progress of %s', 'library-portal' ),
				member.name
			)
		: __( 'Team Member Progress', 'library-portal' );

	const { reloadItems } = usePortal();
	const [ confirming, setConfirming ] = useState( false );
	const [ takeBack, setTakeBack ] = useState( false );
	const [ removing, setRemoving ] = useState( false );

	const remove = async () => {
		if ( ! member ) {
			return;
		}
		setRemoving( true );
		// The seats to take back are the server's list; each goes through the server's revoke.
		let takenBack = 0;
		let refusal = '';
		for ( const shareId of takeBack ? member.revocable_share_ids : [] ) {
			try {
				await revokeShare( shareId );
				takenBack++;
			} catch ( error: unknown ) {
				refusal ||=
					error instanceof ApiError && error.fromBody
						? error.message
						: __(
								'An unexpected error occurred while revoking access.',
								'library-portal'
							);
			}
		}
		if ( takenBack > 0 ) {
			reloadItems();
		}
		if ( ! hidden.includes( userId ) ) {
			setHidden( [ ...hidden, userId ] );
		}
		const shownIds = team.value
			.filter(
				( candidate ) =>
					candidate.id !== ownId && ! hidden.includes( candidate.id )
			)
			.map( ( candidate ) => candidate.id );
		const removed: RemovedMember = {
			id: userId,
			after: shownIds.slice( shownIds.indexOf( userId ) + 1 ),
			message: removalMessage( member.name, takenBack, refusal ),
			refused: refusal !== '',
		};
		navigate( paths.users(), { state: { removed } } );
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
							onClick={ () => {
								setTakeBack( false );
								setConfirming( true );
							} }
						>
							{ __( 'Remove Team Member', 'library-portal' ) }
						</button>
					</div>
					{ confirming ? (
						<ConfirmDialog
							title={ __(
								'Remove this team member?',
								'library-portal'
							) }
							message={ sprintf(
								/* translators: %s: team member's name. */
								__(
									'This hides %s from your team list in this browser. Trainings they have started stay theirs.',
									'library-portal'
								),
								member.name
							) }
							confirmLabel={ __(
								'Remove from list',
								'library-portal'
							) }
							busy={ removing }
							onConfirm={ () => void remove() }
							onCancel={ () => setConfirming( false ) }
						>
							{ member.revocable_share_ids.length > 0 ? (
								<label
									className="lp-check"
									htmlFor={ `lp-take-back-${ member.id }` }
								>
									<input
										id={ `lp-take-back-${ member.id }` }
										type="checkbox"
										checked={ takeBack }
										onChange={ ( event ) =>
											setTakeBack(
												event.currentTarget.checked
											)
										}
									/>
									{ sprintf(
										/* translators: %d: number of licenses the member has not started. */
										_n(
											'Also take back %d unstarted license (it becomes available to share again)',
											'Also take back %d unstarted licenses (they become available to share again)',
											member.revocable_share_ids.length,
											'library-portal'
										),
										member.revocable_share_ids.length
									) }
								</label>
							) : (
								<p className="lp-help">
									{ __(
										'They have no unstarted licenses to take back.',
										'library-portal'
									) }
								</p>
							) }
						</ConfirmDialog>
					) : null }
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

/**
 * What Remove Team Member says it did: hidden here, the seats taken back, the server's refusal.
 *
 * @param name      Member's name.
 * @param takenBack Seats the server took back.
 * @param refusal   The first refusal's text, '' when none.
 */
function removalMessage(
	name: string,
	takenBack: number,
	refusal: string
): string {
	const parts: string[] = [
		sprintf(
			/* translators: %s: team member's name. */
			__( '%s is hidden from your team list.', 'library-portal' ),
			name
		),
	];
	if ( takenBack > 0 ) {
		parts.push(
			sprintf(
				/* translators: %d: number of licenses taken back. */
				_n(
					'%d unstarted license was taken back.',
					'%d unstarted licenses were taken back.',
					takenBack,
					'library-portal'
				),
				takenBack
			)
		);
	}
	if ( refusal !== '' ) {
		parts.push( refusal );
	}
	return parts.join( ' ' );
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
				// Below 600 px each row is a card (docs/frontend.md, "Tables on phones"): the five
				// columns do not fit a phone, and a sideways scroll hid Status and Certificates.
				<div className="lp-table-wrap lp-table-wrap--cards">
					<table className="lp-table lp-table--cards">
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
									<td
										data-label={ __(
											'Type',
											'library-portal'
										) }
									>
										{ row.typeLabel }
									</td>
									<td
										data-label={ __(
											'Completed On',
											'library-portal'
										) }
									>
										{ row.completedDate !== ''
											? row.completedDate
											: '—' }
									</td>
									<td
										data-status={ row.status }
										data-label={ __(
											'Status',
											'library-portal'
										) }
									>
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
									<td
										data-label={ __(
											'Certificates',
											'library-portal'
										) }
									>
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
