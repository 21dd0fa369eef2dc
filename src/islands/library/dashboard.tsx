/**
 * Dashboard: loading animation, team completions, welcome card, 'Your Team at a
 * Glance', 'Your Library at a Glance' and 'Expiring Licenses This Month'. Every figure is the
 * server's (GET dashboard/); a click on one opens the list filtered to exactly what it counts.
 */

/**
 * External dependencies
 */
import { Link } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { useEffect } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { LoadError } from '../../components/load-error';
import { LoadingIndicator } from '../../components/loading-indicator';
import { ScreenTitle } from '../../components/screen-title';
import { WalkthroughVideo } from '../../components/walkthrough-video';
import { getConfig } from '../../config';
import {
	figurePath,
	showsExpiring,
	showsTeam,
	showsTeamCompletions,
} from '../../domain/dashboard';
import { paths } from '../../domain/paths';
import { useDashboard } from '../../data/use-dashboard';
import type { DashboardStats } from '../../types/library';
import { externalNavigation } from '../shell/external';
import { usePortal } from '../shell/portal-context';

interface Figure {
	label: string;
	value: string;
	/** Where a click on the figure goes; none: the card's own link. */
	to?: string;
}

function Figures( { figures }: { figures: Figure[] } ) {
	return (
		<dl className="lp-stats">
			{ figures.map( ( { label, value, to } ) => (
				<div className="lp-stats__item" key={ label }>
					<dt>{ label }</dt>
					<dd>
						{ to ? (
							<Link
								className="lp-stats__link"
								to={ to }
								aria-label={ `${ label }: ${ value }` }
							>
								{ value }
							</Link>
						) : (
							value
						) }
					</dd>
				</div>
			) ) }
		</dl>
	);
}

function libraryFigures( stats: DashboardStats ): Figure[] {
	return [
		{
			label: __( 'On-Demand Workshops', 'library-portal' ),
			value: String( stats.onDemandWorkshops ),
			to: figurePath( stats, 'onDemandWorkshops' ),
		},
		{
			label: __( 'Webinars', 'library-portal' ),
			value: String( stats.webinars ),
			to: figurePath( stats, 'webinars' ),
		},
		{
			label: __( 'E-Manuals', 'library-portal' ),
			value: String( stats.eManuals ),
			to: figurePath( stats, 'eManuals' ),
		},
		{
			label: __( 'Trainings Completed', 'library-portal' ),
			value: String( stats.completedTrainings ),
			to: figurePath( stats, 'completedTrainings' ),
		},
		{
			label: __( 'Membership Expiry', 'library-portal' ),
			value:
				stats.membershipExpiry === null
					? __( 'N/A', 'library-portal' )
					: stats.membershipExpiryDate,
		},
	];
}

function teamFigures( stats: DashboardStats ): Figure[] {
	return [
		{
			label: __( 'Active Team Members', 'library-portal' ),
			value: String( stats.totalSharedUsers ),
		},
		{
			label: __( 'Remaining Licenses', 'library-portal' ),
			value: String( stats.remainingLicenses ),
		},
		{
			label: __( 'Completion Rate', 'library-portal' ),
			value: sprintf(
				/* translators: %d: percent of shared trainings completed. */
				__( '%d%%', 'library-portal' ),
				stats.completionRate
			),
		},
	];
}

/**
 * Opens the contract library with a full page load (replacing the dashboard in the history):
 * the server prints the contract's organizer card into that page's configuration only.
 *
 * @param props            Props.
 * @param props.contractId Contract to open.
 */
function ContractHome( { contractId }: { contractId: number } ) {
	useEffect( () => {
		externalNavigation.replace(
			`${ getConfig().basePath }${ paths.contract( contractId ) }`
		);
	}, [ contractId ] );
	return (
		<LoadingIndicator
			label={ __( 'Opening your contract library…', 'library-portal' ) }
		/>
	);
}

export function Dashboard() {
	const { user } = usePortal();
	const dashboard = useDashboard();
	const config = getConfig();
	const stats = dashboard.value;

	if ( dashboard.loading ) {
		return (
			<LoadingIndicator
				label={ __( 'Loading your dashboard…', 'library-portal' ) }
			/>
		);
	}

	if ( dashboard.error || ! stats ) {
		return <LoadError onRetry={ dashboard.reload } />;
	}

	if ( stats.contractHome !== null ) {
		return <ContractHome contractId={ stats.contractHome } />;
	}

	const name = user?.display_name || config.currentUser.display_name;
	// The team cards lead to Manage My Team: only where the sidebar offers it.
	const teamScreens = config.shareUsers || config.isLocal;

	return (
		<div className="lp-dashboard">
			<ScreenTitle title={ __( 'Dashboard', 'library-portal' ) } />
			<div className="lp-dashboard__grid">
				{ teamScreens && showsTeamCompletions( stats ) ? (
					<section
						className="lp-card lp-card--success lp-team-done"
						aria-labelledby="lp-team-done-title"
					>
						<h2 id="lp-team-done-title" className="lp-card__title">
							{ __(
								'Congratulations, your Team Members have completed trainings!',
								'library-portal'
							) }
						</h2>
						<p className="lp-team-done__count">
							{ sprintf(
								/* translators: %d: number of team members. */
								_n(
									'%d team member completed a training this year.',
									'%d team members completed a training this year.',
									stats.completedUsersThisYear,
									'library-portal'
								),
								stats.completedUsersThisYear
							) }
						</p>
						<p>
							<Link
								className="lp-button lp-button--primary"
								to={ paths.users() }
							>
								{ __( 'View Progress', 'library-portal' ) }
							</Link>
						</p>
					</section>
				) : null }

				<section
					className="lp-card lp-welcome"
					aria-labelledby="lp-welcome-title"
				>
					<h2 id="lp-welcome-title" className="lp-card__title">
						{ name
							? sprintf(
									/* translators: %s: user's display name. */
									__( 'Welcome, %s!', 'library-portal' ),
									name
								)
							: __( 'Welcome!', 'library-portal' ) }
					</h2>
					<p>
						{ stats.canShare
							? __(
									'Watch this short walkthrough to see how to watch your trainings, take tests and share licenses with your team.',
									'library-portal'
								)
							: __(
									'Watch this short walkthrough to see how to watch your trainings and take tests to earn your certificates.',
									'library-portal'
								) }
					</p>
					<WalkthroughVideo
						src={ config.walkthroughVideo }
						captions={ config.walkthroughTrack }
						title={ __(
							'Library walkthrough video',
							'library-portal'
						) }
					/>
					{ config.contactUrl !== '' ? (
						<p className="lp-welcome__contact">
							{ __(
								'Questions? We are happy to help.',
								'library-portal'
							) }{ ' ' }
							<a
								className="lp-button lp-button--secondary"
								href={ config.contactUrl }
							>
								{ __( 'Contact Us', 'library-portal' ) }
							</a>
						</p>
					) : null }
				</section>

				{ teamScreens && showsTeam( stats ) ? (
					<section
						className="lp-card lp-card--link lp-team-glance"
						aria-labelledby="lp-team-glance-title"
					>
						<h2
							id="lp-team-glance-title"
							className="lp-card__title"
						>
							<Link
								className="lp-card__link"
								to={ paths.users() }
							>
								{ __(
									'Your Team at a Glance',
									'library-portal'
								) }
							</Link>
						</h2>
						<Figures figures={ teamFigures( stats ) } />
					</section>
				) : null }

				<section
					className="lp-card lp-card--link lp-glance"
					aria-labelledby="lp-glance-title"
				>
					<h2 id="lp-glance-title" className="lp-card__title">
						<Link className="lp-card__link" to={ paths.list() }>
							{ __(
								'Your Library at a Glance',
								'library-portal'
							) }
						</Link>
					</h2>
					<Figures figures={ libraryFigures( stats ) } />
				</section>

				{ showsExpiring( stats ) ? (
					<section
						className="lp-card lp-card--link lp-card--warning lp-expiring"
						aria-labelledby="lp-expiring-title"
					>
						<h2 id="lp-expiring-title" className="lp-card__title">
							<Link
								className="lp-card__link"
								to={ figurePath(
									stats,
									'expiringLicensesThisMonth'
								) }
							>
								{ __(
									'Expiring Licenses This Month',
									'library-portal'
								) }
							</Link>
						</h2>
						<p className="lp-expiring__count">
							{ stats.expiringLicensesThisMonth }
						</p>
						<p>
							{ sprintf(
								/* translators: %d: number of licenses. */
								_n(
									'%d license expires this month.',
									'%d licenses expire this month.',
									stats.expiringLicensesThisMonth,
									'library-portal'
								),
								stats.expiringLicensesThisMonth
							) }
						</p>
					</section>
				) : null }
			</div>
		</div>
	);
}
