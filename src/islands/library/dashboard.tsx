/**
 * Dashboard (spec point 2): loading animation, welcome card, 'Your Library at a Glance',
 * 'Expiring Licenses This Month' (hidden at 0). Team cards come with the team work.
 */

/**
 * External dependencies
 */
import { Link } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { useMemo } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { LoadError } from '../../components/load-error';
import { LoadingIndicator } from '../../components/loading-indicator';
import { ScreenTitle } from '../../components/screen-title';
import { WalkthroughVideo } from '../../components/walkthrough-video';
import { getConfig } from '../../config';
import { computeLibraryStats } from '../../domain/dashboard';
import { formatDate } from '../../domain/dates';
import { paths } from '../../domain/paths';
import { usePortal } from '../shell/portal-context';

export function Dashboard() {
	const { items, itemsLoading, itemsError, reloadItems, user } = usePortal();
	const config = getConfig();
	const stats = useMemo(
		() => computeLibraryStats( items, user ),
		[ items, user ]
	);

	if ( itemsLoading ) {
		return (
			<LoadingIndicator
				label={ __( 'Loading your dashboard…', 'library-portal' ) }
			/>
		);
	}

	if ( itemsError ) {
		return <LoadError onRetry={ reloadItems } />;
	}

	const name = user?.display_name || config.currentUser.display_name;
	const glance: [ string, string ][] = [
		[
			__( 'On-Demand Workshops', 'library-portal' ),
			String( stats.onDemandWorkshops ),
		],
		[ __( 'Webinars', 'library-portal' ), String( stats.webinars ) ],
		[ __( 'E-Manuals', 'library-portal' ), String( stats.eManuals ) ],
		[
			__( 'Trainings Completed', 'library-portal' ),
			String( stats.completedTrainings ),
		],
		[
			__( 'Membership Expiry', 'library-portal' ),
			stats.membershipExpiry === null
				? __( 'N/A', 'library-portal' )
				: formatDate( stats.membershipExpiry ),
		],
	];

	return (
		<div className="lp-dashboard">
			<ScreenTitle title={ __( 'Dashboard', 'library-portal' ) } />
			<div className="lp-dashboard__grid">
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
						{ __(
							'Watch this short walkthrough to see how to watch your trainings, take tests and share licenses with your team.',
							'library-portal'
						) }
					</p>
					<WalkthroughVideo
						src={ config.walkthroughVideo }
						title={ __(
							'Library walkthrough video',
							'library-portal'
						) }
					/>
					<p className="lp-welcome__contact">
						{ __(
							'Questions? We are happy to help.',
							'library-portal'
						) }{ ' ' }
						<a
							className="lp-button lp-button--secondary"
							href={ `${ config.siteUrl }contact-us/` }
						>
							{ __( 'Contact Us', 'library-portal' ) }
						</a>
					</p>
				</section>

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
					<dl className="lp-stats">
						{ glance.map( ( [ label, value ] ) => (
							<div className="lp-stats__item" key={ label }>
								<dt>{ label }</dt>
								<dd>{ value }</dd>
							</div>
						) ) }
					</dl>
				</section>

				{ stats.expiringLicensesThisMonth > 0 ? (
					<section
						className="lp-card lp-card--link lp-card--warning lp-expiring"
						aria-labelledby="lp-expiring-title"
					>
						<h2 id="lp-expiring-title" className="lp-card__title">
							<Link
								className="lp-card__link"
								to={ paths.list( 'expired' ) }
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
