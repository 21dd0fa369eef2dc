/**
 * Item detail: the item from the library list (member version with tag=member,
 * else the non-member one first) or, in a contract, from GET contract/{cid}/item/{id}; the header;
 * the Training Details / Share Details tabs; `?tab=share-details` opens the share tab and is then
 * removed from the address. Video details are fetched once the item is there and has access.
 */

/**
 * External dependencies
 */
import { Navigate, useParams, useSearchParams } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { ApiError, INVALID_NONCE } from '../../api/client';
import { fetchContractItem, fetchVideo, type ItemScope } from '../../api/video';
import { LicenseLines } from '../../components/license-lines';
import { LoadError } from '../../components/load-error';
import { LoadingIndicator } from '../../components/loading-indicator';
import { ScreenTitle } from '../../components/screen-title';
import { useResource } from '../../data/use-resource';
import {
	detailTabs,
	hasAccess,
	hasVideo,
	noticeSaysAccessEnded,
	replaceItem,
	showsWatchedBadge,
	testDurationText,
	type DetailTab,
} from '../../domain/detail';
import { findLibraryItem } from '../../domain/items';
import { paths } from '../../domain/paths';
import { watchedPercent } from '../../domain/status';
import type {
	LibraryItem,
	ProgressReply,
	VideoDetails,
} from '../../types/library';
import { usePortal } from '../shell/portal-context';
import { DetailTabs, type TabDefinition } from './detail-tabs';
import { ManualDownload } from './manual-download';
import { PrimaryActionButton } from './primary-action';
import { ShareDetails } from './share-details';
import { PlayerPlaceholder, TrainingDetails } from './training-details';

type VideoState =
	| { status: 'pending' }
	| { status: 'ok'; video: VideoDetails }
	| { status: 'failed'; message: string; retriable: boolean };

const NO_VIDEO: VideoState = { status: 'pending' };

export function ItemDetail() {
	const { productId = '' } = useParams();
	const [ params ] = useSearchParams();
	// A new item (or its member version) is a fresh screen: state, resources and tracker.
	return (
		<ItemDetailScreen
			key={ `${ productId }-${ params.get( 'tag' ) ?? '' }` }
		/>
	);
}

function ItemDetailScreen() {
	const { productId = '' } = useParams();
	const [ params, setParams ] = useSearchParams();
	const portal = usePortal();
	const {
		items,
		itemsLoading,
		itemsError,
		reloadItems,
		replaceItems,
		contractMode,
		contractId,
		showError,
	} = portal;
	const id = Number( productId );
	const member = params.get( 'tag' ) === 'member';
	// Read once: the parameter is removed from the address right away.
	const [ wantShare ] = useState(
		() => params.get( 'tab' ) === 'share-details'
	);
	const scope: ItemScope = {
		tag: member ? 'member' : '',
		contractId: contractMode ? contractId : null,
	};

	const contractItem = useResource< LibraryItem | null >(
		() =>
			contractId === null
				? Promise.resolve( null )
				: fetchContractItem( contractId, id ),
		null,
		contractMode
	);
	const listItem = itemsLoading
		? undefined
		: findLibraryItem( items, id, member );
	const item = contractMode ? ( contractItem.value ?? undefined ) : listItem;
	const loading = contractMode ? contractItem.loading : itemsLoading;
	const listPath =
		contractMode && contractId !== null
			? paths.contract( contractId )
			: paths.list();
	// A library that could not be loaded is not a missing item (the purchase is not gone).
	const failed = ! contractMode && itemsError;
	const missing = ! loading && ! failed && ! item;

	const itemsRef = useRef( items );
	itemsRef.current = items;

	useEffect( () => {
		if ( ! wantShare ) {
			return;
		}
		setParams(
			( previous ) => {
				const next = new URLSearchParams( previous );
				next.delete( 'tab' );
				return next;
			},
			{ replace: true }
		);
		// Once, on arrival.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [] );

	useEffect( () => {
		if ( ! missing ) {
			return;
		}
		showError(
			contractMode
				? __(
						'Could not load this item. Please try again.',
						'library-portal'
					)
				: __(
						'This training is not in your library.',
						'library-portal'
					)
		);
	}, [ missing, contractMode, showError ] );

	const wantVideo = !! item && hasAccess( item ) && hasVideo( item );
	// The player's Retry asks again too (signed addresses expire): a refusal then shows the
	// server's message in place of the player.
	const loadVideo = () =>
		fetchVideo( id, scope ).then(
			( loaded ): VideoState => ( { status: 'ok', video: loaded } ),
			( error: unknown ): VideoState => ( {
				status: 'failed',
				// An expired login is not mended by Retry: the shell offers to log in again.
				retriable: ! (
					error instanceof ApiError && error.code === INVALID_NONCE
				),
				message:
					error instanceof ApiError &&
					( error.fromBody || error.code === INVALID_NONCE )
						? error.message
						: __(
								'Error loading video data. Please try again.',
								'library-portal'
							),
			} )
		);
	const video = useResource< VideoState >( loadVideo, NO_VIDEO, wantVideo );

	const [ chosenTab, setChosenTab ] = useState< DetailTab | null >( null );
	// Play (the primary action of a video) opens Training Details and starts its player as soon as
	// the player is on the page; the press is the user gesture the browser asks for. A player that
	// has loaded nothing yet takes that play() as the learner's ask: it attaches its source and
	// starts once the metadata is in.
	const [ playRequested, setPlayRequested ] = useState( 0 );
	const articleRef = useRef< HTMLElement >( null );
	useEffect( () => {
		const article = articleRef.current;
		if ( playRequested === 0 || ! article ) {
			return;
		}
		const start = (): boolean => {
			const player = article.querySelector< HTMLVideoElement >(
				'[data-testid="lp-player-video"]'
			);
			if ( ! player ) {
				return false;
			}
			player.focus();
			try {
				void Promise.resolve( player.play() ).catch( () => undefined );
			} catch {
				// Refused: the player's own Play is there.
			}
			return true;
		};
		const observer = new MutationObserver( () => {
			if ( start() ) {
				observer.disconnect();
			}
		} );
		if ( ! start() ) {
			observer.observe( article, { childList: true, subtree: true } );
		}
		return () => observer.disconnect();
	}, [ playRequested ] );

	if ( loading ) {
		return (
			<div className="lp-detail lp-detail--loading">
				<LoadingIndicator
					label={ __( 'Loading this item…', 'library-portal' ) }
				/>
			</div>
		);
	}
	if ( failed ) {
		return (
			<div className="lp-detail">
				<LoadError onRetry={ reloadItems } />
			</div>
		);
	}
	if ( ! item ) {
		return <Navigate to={ listPath } replace />;
	}
	const tabs = detailTabs( item, contractMode, wantShare );
	if ( tabs.redirectToContract && contractId !== null ) {
		return <Navigate to={ paths.contract( contractId ) } replace />;
	}

	const onItem = ( updated: LibraryItem ) => {
		if ( contractMode ) {
			contractItem.replace( updated );
		} else {
			replaceItems( replaceItem( itemsRef.current, updated ) );
		}
	};
	const onReply = ( reply: ProgressReply ) => {
		if ( ! item || reply.product_id !== item.product_id ) {
			// A replayed report of another item: the shell loads the items again.
			return;
		}
		// Without a whole row, only the progress moved: the server's figures go into the row as
		// they are; its status stays what the server last said.
		onItem(
			reply.item ?? {
				...item,
				video_data: { ...item.video_data, progress: reply.progress },
			}
		);
		if ( video.value.status === 'ok' ) {
			video.replace( {
				status: 'ok',
				video: {
					...video.value.video,
					progress: reply.progress,
					test: reply.test,
				},
			} );
		}
	};

	let trainingPanel = null;
	if ( tabs.training ) {
		if ( video.loading || video.value.status === 'pending' ) {
			trainingPanel = <PlayerPlaceholder />;
		} else if ( video.value.status === 'ok' ) {
			trainingPanel = (
				<TrainingDetails
					item={ item }
					video={ video.value.video }
					testText={ testDurationText( item ) }
					scope={ scope }
					onReply={ onReply }
					onFreshAddresses={ () => loadVideo().then( video.replace ) }
				/>
			);
		} else if ( video.value.status === 'failed' ) {
			trainingPanel = (
				<div className="lp-notice lp-notice--error" role="alert">
					<p>{ video.value.message }</p>
					{ video.value.retriable ? (
						<button
							type="button"
							className="lp-button lp-button--secondary"
							onClick={ video.reload }
						>
							{ __( 'Retry', 'library-portal' ) }
						</button>
					) : null }
				</div>
			);
		}
	}

	const tabList: TabDefinition[] = [];
	if ( tabs.training ) {
		tabList.push( {
			id: 'training',
			label: __( 'Training Details', 'library-portal' ),
			panel: trainingPanel,
		} );
	}
	if ( tabs.share ) {
		tabList.push( {
			id: 'share',
			label: __( 'Share Details', 'library-portal' ),
			panel: <ShareDetails item={ item } />,
		} );
	}
	const selected =
		chosenTab && tabList.some( ( tab ) => tab.id === chosenTab )
			? chosenTab
			: tabs.initial;

	return (
		<article
			className="lp-detail"
			data-testid="lp-detail"
			ref={ articleRef }
		>
			<header className="lp-detail__header">
				{ item.content_type_label ? (
					<p className="lp-item__type">{ item.content_type_label }</p>
				) : null }
				<ScreenTitle
					title={ item.title }
					className="lp-page-title lp-detail__title"
				/>
				{ item.subtitle ? (
					<p className="lp-detail__subtitle">{ item.subtitle }</p>
				) : null }
				{ showsWatchedBadge( item ) ? (
					<p className="lp-detail__badge">
						<span
							className="lp-status lp-status--in-progress"
							data-testid="lp-watched-badge"
						>
							{ sprintf(
								/* translators: %d: watched percent. */
								__( '%d%% Watched', 'library-portal' ),
								watchedPercent( item )
							) }
						</span>
					</p>
				) : null }
				<LicenseLines
					item={ item }
					withExpiry={
						! ( tabs.share && noticeSaysAccessEnded( item ) )
					}
				/>
				<PrimaryActionButton
					action={ item.primary_action }
					onPlay={ () => {
						setChosenTab( 'training' );
						setPlayRequested( ( count ) => count + 1 );
					} }
				/>
				{ item.content_type === 'e-manual' ? (
					<ManualDownload
						item={ item }
						scope={ scope }
						onItem={ onItem }
					/>
				) : null }
				{ ! tabs.training && item.description !== '' ? (
					<p className="lp-detail__description">
						{ item.description }
					</p>
				) : null }
			</header>
			{ selected !== null ? (
				<DetailTabs
					tabs={ tabList }
					selected={ selected }
					onSelect={ setChosenTab }
				/>
			) : null }
		</article>
	);
}
