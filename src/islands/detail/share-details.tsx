/**
 * Share Details tab: the item's shares with each holder's progress,
 * the e-mail history, the share button and ADD LICENSES, and revoke. What may be shared or
 * revoked, and every count, comes from the server's reply (videosharedata/{id}).
 */

/**
 * WordPress dependencies
 */
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { ApiError } from '../../api/client';
import { fetchItems } from '../../api/items';
import {
	fetchShareData,
	revokeShare,
	type MailHistoryEntry,
	type ShareDetailsData,
	type ShareRecord,
} from '../../api/share';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { isNeverExpiring } from '../../domain/dates';
import {
	hasAccess,
	noAccessNotice,
	showsShareProgress,
} from '../../domain/detail';
import type { LibraryItem } from '../../types/library';
import { usePortal } from '../shell/portal-context';
import { PendingInvitations } from './pending-invitations';
import { ShareModal } from './share-modal';

type Notice = { tone: 'success' | 'error'; text: string } | null;

export const NOTICE_CLEAR_MS = 10000;

function expiryText( record: ShareRecord ): string {
	return isNeverExpiring( record.expiry )
		? __( 'Never', 'library-portal' )
		: record.expiry_date;
}

/**
 * A sent message's status: 'Sent', 'Failed', or, when the owner canceled the invitation it
 * carried, 'Sent, then canceled' (it did reach the person, whose link no longer works).
 *
 * @param entry History entry, as the server marked it.
 */
function historyStatus( entry: MailHistoryEntry ): string {
	if ( ! entry.accepted ) {
		return __( 'Failed', 'library-portal' );
	}
	return entry.canceled
		? __( 'Sent, then canceled', 'library-portal' )
		: __( 'Sent', 'library-portal' );
}

function HistoryTable( { history }: { history: MailHistoryEntry[] } ) {
	if ( history.length === 0 ) {
		return (
			<p className="lp-empty">
				{ __( 'No email history found', 'library-portal' ) }
			</p>
		);
	}
	return (
		// Where the table is wider than its frame it scrolls sideways and holds no control of its
		// own, so the frame itself takes focus for keyboard scrolling (WCAG 2.1.1). Below 600 px its
		// rows are cards (docs/frontend.md).

		<div
			className="lp-table-wrap lp-table-wrap--cards"
			role="region"
			aria-label={ __( 'Email Send History', 'library-portal' ) }
			tabIndex={ 0 }
		>
			<table className="lp-table lp-table--cards">
				<thead>
					<tr>
						<th scope="col">{ __( 'Email', 'library-portal' ) }</th>
						<th scope="col">
							{ __( 'Timestamp', 'library-portal' ) }
						</th>
						<th scope="col">
							{ __( 'Status', 'library-portal' ) }
						</th>
					</tr>
				</thead>
				<tbody>
					{ history.map( ( entry, index ) => (
						<tr
							key={ `${ entry.email }-${ entry.timestamp }-${ index }` }
						>
							<td data-label={ __( 'Email', 'library-portal' ) }>
								{ entry.email }
							</td>
							<td
								data-label={ __(
									'Timestamp',
									'library-portal'
								) }
							>
								{ entry.date }
							</td>
							<td data-label={ __( 'Status', 'library-portal' ) }>
								{ historyStatus( entry ) }
							</td>
						</tr>
					) ) }
				</tbody>
			</table>
		</div>
	);
}

export function ShareDetails( { item }: { item: LibraryItem } ) {
	const portal = usePortal();
	const [ data, setData ] = useState< ShareDetailsData | null >( null );
	const [ loadFailed, setLoadFailed ] = useState( false );
	const [ modalOpen, setModalOpen ] = useState( false );
	const [ revoking, setRevoking ] = useState< ShareRecord | null >( null );
	const [ busy, setBusy ] = useState( false );
	const [ notice, setNotice ] = useState< Notice >( null );
	const isOwner = item.share_user_id === 0;

	// The header's license count and pending invitations come from the items reply: after a send or
	// a cancel it is fetched again and swapped in quietly (reloadItems() would show the loading
	// screen, closing the modal and losing focus). A failure keeps the old count; the list below is current.
	const { replaceItems } = portal;
	const refreshCounts = useCallback( () => {
		fetchItems().then( replaceItems, () => undefined );
	}, [ replaceItems ] );

	const load = useCallback( async () => {
		try {
			setData( await fetchShareData( item.product_id ) );
			setLoadFailed( false );
		} catch ( error: unknown ) {
			// eslint-disable-next-line no-console
			console.error( 'library-portal: share data', error );
			setLoadFailed( true );
		}
	}, [ item.product_id ] );

	useEffect( () => {
		if ( isOwner ) {
			void load();
		}
	}, [ isOwner, load ] );

	useEffect( () => {
		if ( ! notice ) {
			return undefined;
		}
		const timer = window.setTimeout(
			() => setNotice( null ),
			NOTICE_CLEAR_MS
		);
		return () => window.clearTimeout( timer );
	}, [ notice ] );

	const revoke = async () => {
		if ( ! revoking ) {
			return;
		}
		setBusy( true );
		try {
			const result = await revokeShare( revoking.share_id );
			setNotice( { tone: 'success', text: result.message } );
			portal.reloadItems();
			await load();
		} catch ( error: unknown ) {
			setNotice( {
				tone: 'error',
				text:
					error instanceof ApiError &&
					error.code === 'license_activated'
						? __(
								'Cannot revoke an activated license. The user must complete the content first.',
								'library-portal'
							)
						: ( error instanceof ApiError && error.fromBody
								? error.message
								: '' ) ||
							__(
								'An unexpected error occurred while revoking access.',
								'library-portal'
							),
			} );
			await load();
		} finally {
			setBusy( false );
			setRevoking( null );
		}
	};

	const withProgress = showsShareProgress( item );
	const records = data?.records ?? [];

	return (
		<div className="lp-share-details" data-testid="lp-share-details">
			{ ! hasAccess( item ) ? (
				<p className="lp-notice lp-notice--warning">
					{ noAccessNotice( item ) }
				</p>
			) : null }
			<div className="lp-share-details__head">
				<h2 className="lp-section-title">
					{ __( 'Share Details', 'library-portal' ) }
				</h2>
				<div className="lp-share-details__actions">
					{ item.can_share && data?.canShare ? (
						<button
							type="button"
							className="lp-button"
							onClick={ () => setModalOpen( true ) }
						>
							{ __( 'Share', 'library-portal' ) }
						</button>
					) : null }
					{ item.product_link ? (
						<a
							className="lp-button lp-button--secondary"
							href={ item.product_link }
						>
							{ __( 'ADD LICENSES', 'library-portal' ) }
						</a>
					) : null }
				</div>
			</div>
			<div role="status" className="lp-share-details__notice">
				{ notice ? (
					<p
						className={ `lp-notice lp-notice--${
							notice.tone === 'success' ? 'success' : 'error'
						}` }
					>
						{ notice.text }
					</p>
				) : null }
			</div>
			{ ! isOwner ? (
				<p className="lp-empty">
					{ __( 'No shares found for this item', 'library-portal' ) }
				</p>
			) : null }
			{ isOwner && loadFailed ? (
				<p className="lp-notice lp-notice--error" role="alert">
					{ __(
						'Failed to load shared user data.',
						'library-portal'
					) }{ ' ' }
					<button
						type="button"
						className="lp-link-button"
						onClick={ () => void load() }
					>
						{ __( 'Retry', 'library-portal' ) }
					</button>
				</p>
			) : null }
			{ isOwner && ! data && ! loadFailed ? (
				<p className="lp-empty" aria-busy="true">
					{
						// eslint-disable-next-line @wordpress/i18n-ellipsis -- the spec's text, as written.
						__( 'Loading share data...', 'library-portal' )
					}
				</p>
			) : null }
			{ data && records.length === 0 ? (
				<p className="lp-empty">
					{ __( 'No shares found for this item', 'library-portal' ) }
				</p>
			) : null }
			{ data && records.length > 0 ? (
				<div className="lp-table-wrap lp-table-wrap--cards">
					<table
						className="lp-table lp-table--cards"
						data-testid="lp-share-table"
					>
						<caption className="lp-visually-hidden">
							{ __( 'Shared licenses', 'library-portal' ) }
						</caption>
						<thead>
							<tr>
								<th scope="col">
									{ __( 'Name', 'library-portal' ) }
								</th>
								<th scope="col">
									{ __( 'Email', 'library-portal' ) }
								</th>
								{ withProgress ? (
									<>
										<th scope="col">
											{ __(
												'Progress',
												'library-portal'
											) }
										</th>
										<th scope="col">
											{ __(
												'Completion Date',
												'library-portal'
											) }
										</th>
									</>
								) : null }
								<th scope="col">
									{ __( 'License Expiry', 'library-portal' ) }
								</th>
								{ withProgress ? (
									<th scope="col">
										{ __(
											'Certificate',
											'library-portal'
										) }
									</th>
								) : null }
								<th scope="col">
									{ __( 'Actions', 'library-portal' ) }
								</th>
							</tr>
						</thead>
						<tbody>
							{ records.map( ( record ) => (
								<tr key={ record.share_id }>
									<td
										data-label={ __(
											'Name',
											'library-portal'
										) }
									>
										{ record.name }
									</td>
									<td
										data-label={ __(
											'Email',
											'library-portal'
										) }
									>
										{ record.email }
									</td>
									{ withProgress ? (
										<>
											<td
												data-label={ __(
													'Progress',
													'library-portal'
												) }
											>
												{ `${ record.progress }%` }
											</td>
											<td
												data-label={ __(
													'Completion Date',
													'library-portal'
												) }
											>
												{ record.completed_date !== ''
													? record.completed_date
													: '—' }
											</td>
										</>
									) : null }
									<td
										data-label={ __(
											'License Expiry',
											'library-portal'
										) }
									>
										{ record.expired
											? sprintf(
													/* translators: %s: date. */
													__(
														'Expired: %s',
														'library-portal'
													),
													expiryText( record )
												)
											: expiryText( record ) }
									</td>
									{ withProgress ? (
										<td
											data-label={ __(
												'Certificate',
												'library-portal'
											) }
										>
											{ record.pdf ? (
												<a href={ record.pdf }>
													{ __(
														'Download',
														'library-portal'
													) }
													<span className="lp-visually-hidden">
														{ ` ${ record.name }` }
													</span>
												</a>
											) : (
												'—'
											) }
										</td>
									) : null }
									<td
										data-label={ __(
											'Actions',
											'library-portal'
										) }
									>
										{ record.can_revoke ? (
											<button
												type="button"
												className="lp-link-button"
												onClick={ () =>
													setRevoking( record )
												}
											>
												{ __(
													'Revoke',
													'library-portal'
												) }
												<span className="lp-visually-hidden">
													{ ` ${ record.email }` }
												</span>
											</button>
										) : null }
										{ record.activated
											? __( 'Started', 'library-portal' )
											: null }
									</td>
								</tr>
							) ) }
						</tbody>
					</table>
				</div>
			) : null }
			{ data ? (
				<PendingInvitations
					pending={ data.pending }
					retryAfter={ data.retryAfter }
					onChanged={ () => {
						void load();
						refreshCounts();
					} }
				/>
			) : null }
			{ data ? (
				<>
					<h3 className="lp-subsection-title">
						{ __( 'Email Send History', 'library-portal' ) }
					</h3>
					<HistoryTable history={ data.mailHistory } />
				</>
			) : null }
			{ modalOpen && data ? (
				<ShareModal
					item={ item }
					limits={ data }
					onClose={ () => setModalOpen( false ) }
					onSent={ () => {
						void load();
						refreshCounts();
					} }
				/>
			) : null }
			{ revoking ? (
				<ConfirmDialog
					title={ __( 'Revoke access', 'library-portal' ) }
					message={ sprintf(
						/* translators: %s: team member's e-mail. */
						__(
							'Are you sure you want to revoke access for %s?',
							'library-portal'
						),
						revoking.email
					) }
					confirmLabel={ __( 'Revoke', 'library-portal' ) }
					busy={ busy }
					onConfirm={ () => void revoke() }
					onCancel={ () => setRevoking( null ) }
				/>
			) : null }
		</div>
	);
}
