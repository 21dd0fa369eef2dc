/**
 * Team list 'Team Member Progress' (/users): everyone holding a seat the user
 * shared, with the counts the server decided. Hidden users stay in this browser only.
 */

/**
 * External dependencies
 */
import { Link, useLocation, useNavigate } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { useEffect, useMemo, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { teamExportUrl } from '../../api/team';
import { LoadError } from '../../components/load-error';
import { LoadingIndicator } from '../../components/loading-indicator';
import { ScreenTitle } from '../../components/screen-title';
import { SearchField } from '../../components/search-field';
import { getConfig } from '../../config';
import { useTeam } from '../../data/use-team';
import { paths } from '../../domain/paths';
import {
	matchesMember,
	readHiddenUsers,
	writeHiddenUsers,
} from '../../domain/team';

/**
 * localStorage, or null where the browser refuses it.
 */
export function browserStorage(): Storage | null {
	try {
		return window.localStorage;
	} catch {
		return null;
	}
}

/**
 * The hidden users of this browser, and a setter that stores them.
 */
export function useHiddenUsers(): [ number[], ( ids: number[] ) => void ] {
	const [ hidden, setHidden ] = useState< number[] >( () =>
		readHiddenUsers( browserStorage() )
	);
	const update = ( ids: number[] ) => {
		writeHiddenUsers( browserStorage(), ids );
		setHidden( ids );
	};
	return [ hidden, update ];
}

/** What Remove Team Member hands to the team list (router state): the result to announce, where focus goes. */
export interface RemovedMember {
	id: number;
	/** The members shown after the removed one, in order: the first still shown takes focus. */
	after: number[];
	message: string;
	/** A take-back the server refused: the message says why and reads as an error. */
	refused: boolean;
}

function removedFrom( state: unknown ): RemovedMember | null {
	if (
		typeof state !== 'object' ||
		state === null ||
		! ( 'removed' in state )
	) {
		return null;
	}
	const removed = ( state as { removed: unknown } ).removed;
	return typeof removed === 'object' && removed !== null
		? ( removed as RemovedMember )
		: null;
}

export function TeamList() {
	const team = useTeam();
	const [ hidden, setHidden ] = useHiddenUsers();
	const [ showAll, setShowAll ] = useState( false );
	const [ query, setQuery ] = useState( '' );
	const ownId = getConfig().currentUser.id;
	const location = useLocation();
	const navigate = useNavigate();
	// Remove Team Member's result, kept here once read (the router state is cleared, so a reload does not repeat it).
	const [ removed ] = useState( () => removedFrom( location.state ) );
	useEffect( () => {
		if ( removed ) {
			navigate( location.pathname + location.search, {
				replace: true,
				state: null,
			} );
		}
		// Once, on arrival.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [] );
	// A row that disappears hands focus to the next row's Hide, else to Show All Users (docs/frontend.md).
	const [ focusAfter, setFocusAfter ] = useState< number[] | null >( () =>
		removed ? removed.after : null
	);
	const table = useRef< HTMLTableSectionElement >( null );
	const showAllButton = useRef< HTMLButtonElement >( null );

	const members = useMemo(
		() => team.value.filter( ( member ) => member.id !== ownId ),
		[ team.value, ownId ]
	);
	const hiddenCount = members.filter( ( m ) =>
		hidden.includes( m.id )
	).length;
	const shown = members.filter(
		( member ) =>
			( showAll || ! hidden.includes( member.id ) ) &&
			matchesMember( member, query )
	);

	useEffect( () => {
		if ( focusAfter === null || team.loading ) {
			return;
		}
		const next = focusAfter.find( ( id ) =>
			shown.some( ( member ) => member.id === id )
		);
		const target =
			next === undefined
				? showAllButton.current
				: table.current?.querySelector< HTMLElement >(
						`tr[data-member="${ next }"] .lp-team__hide`
					);
		target?.focus();
		setFocusAfter( null );
	}, [ focusAfter, team.loading, shown ] );

	const toggleHidden = ( memberId: number, isHidden: boolean ) => {
		if ( isHidden ) {
			setHidden( hidden.filter( ( id ) => id !== memberId ) );
			return;
		}
		if ( ! showAll ) {
			const ids = shown.map( ( member ) => member.id );
			setFocusAfter( ids.slice( ids.indexOf( memberId ) + 1 ) );
		}
		setHidden( [ ...hidden, memberId ] );
	};

	return (
		<div className="lp-team">
			<div className="lp-page-header">
				<ScreenTitle
					title={ __( 'Team Member Progress', 'library-portal' ) }
				/>
			</div>
			{ team.loading ? (
				<LoadingIndicator
					label={ __( 'Loading your team…', 'library-portal' ) }
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
			<div role="status" className="lp-team__result">
				{ removed ? (
					<p
						className={ `lp-notice lp-notice--${
							removed.refused ? 'error' : 'success'
						}` }
					>
						{ removed.message }
					</p>
				) : null }
			</div>
			{ ! team.loading && ! team.error && members.length === 0 ? (
				<p className="lp-empty" role="status">
					{ __(
						"You haven't shared any content with other users yet.",
						'library-portal'
					) }
				</p>
			) : null }
			{ ! team.loading && ! team.error && members.length > 0 ? (
				<>
					<div className="lp-team__controls">
						<SearchField
							id="lp-team-search"
							label={ __(
								'Search team members',
								'library-portal'
							) }
							placeholder={
								// eslint-disable-next-line @wordpress/i18n-ellipsis -- the spec's text, as written.
								__( 'Search users...', 'library-portal' )
							}
							value={ query }
							onChange={ setQuery }
						/>
						{ hiddenCount > 0 ? (
							<button
								type="button"
								ref={ showAllButton }
								className="lp-button lp-button--secondary"
								aria-pressed={ showAll }
								onClick={ () => setShowAll( ! showAll ) }
							>
								{ showAll
									? __(
											'Hide Hidden Users',
											'library-portal'
										)
									: sprintf(
											/* translators: %d: number of hidden users. */
											__(
												'Show All Users (%d hidden)',
												'library-portal'
											),
											hiddenCount
										) }
							</button>
						) : null }
						<a
							className="lp-button lp-button--secondary"
							href={ teamExportUrl() }
							download
						>
							{ __( 'Export CSV', 'library-portal' ) }
						</a>
					</div>
					<div className="lp-table-wrap lp-table-wrap--cards">
						<table className="lp-table lp-table--cards">
							<caption className="lp-visually-hidden">
								{ __( 'Team members', 'library-portal' ) }
							</caption>
							<thead>
								<tr>
									<th scope="col">
										{ __( 'Name', 'library-portal' ) }
									</th>
									<th scope="col">
										{ __( 'Email', 'library-portal' ) }
									</th>
									<th scope="col">
										{ __( 'Completed', 'library-portal' ) }
									</th>
									<th scope="col">
										{ __(
											'Shared Licenses',
											'library-portal'
										) }
									</th>
									<th scope="col">
										<span className="lp-visually-hidden">
											{ __(
												'Actions',
												'library-portal'
											) }
										</span>
									</th>
								</tr>
							</thead>
							<tbody ref={ table }>
								{ shown.map( ( member ) => {
									const isHidden = hidden.includes(
										member.id
									);
									return (
										<tr
											key={ member.id }
											data-member={ member.id }
										>
											<th scope="row">{ member.name }</th>
											<td
												data-label={ __(
													'Email',
													'library-portal'
												) }
											>
												{ member.email }
											</td>
											<td
												data-label={ __(
													'Completed',
													'library-portal'
												) }
											>
												{ sprintf(
													/* translators: 1: completed trainings, 2: trainings shared. */
													__(
														'%1$d/%2$d',
														'library-portal'
													),
													member.completed_count,
													member.total_count
												) }
											</td>
											<td
												data-label={ __(
													'Shared Licenses',
													'library-portal'
												) }
											>
												{ member.shared_licenses }
											</td>
											<td className="lp-team__actions">
												<Link
													className="lp-button lp-button--primary"
													to={ paths.user(
														member.id
													) }
													aria-label={ sprintf(
														/* translators: %s: team member's name. */
														__(
															'View Progress of %s',
															'library-portal'
														),
														member.name
													) }
												>
													{ __(
														'View Progress',
														'library-portal'
													) }
												</Link>
												<button
													type="button"
													className="lp-link-button lp-team__hide"
													aria-label={
														isHidden
															? sprintf(
																	/* translators: %s: team member's name. */
																	__(
																		'Unhide %s',
																		'library-portal'
																	),
																	member.name
																)
															: sprintf(
																	/* translators: %s: team member's name. */
																	__(
																		'Hide %s',
																		'library-portal'
																	),
																	member.name
																)
													}
													onClick={ () =>
														toggleHidden(
															member.id,
															isHidden
														)
													}
												>
													{ isHidden
														? __(
																'Unhide',
																'library-portal'
															)
														: __(
																'Hide',
																'library-portal'
															) }
												</button>
											</td>
										</tr>
									);
								} ) }
							</tbody>
						</table>
					</div>
					{ shown.length === 0 ? (
						<p className="lp-empty" role="status">
							{ __( 'No users found', 'library-portal' ) }
						</p>
					) : null }
				</>
			) : null }
		</div>
	);
}
