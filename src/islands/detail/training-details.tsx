/**
 * Training Details tab: the part's title, the player (its poster and controls at
 * once; hls.js, the lazy `player` chunk, only when the learner presses Play), part buttons 'Part n/total', the Take Test button or the server's readiness message, the attachment
 * download, the 5% share notice and the description.
 */

/**
 * WordPress dependencies
 */
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { ItemScope } from '../../api/video';
import { CertificateLinks } from '../../components/certificate-links';
import { downloadLabel, showsShareNotice } from '../../domain/detail';
import { initialPart } from '../../domain/playback';
import { VideoPlayer } from '../player';
import type {
	Certificate,
	LibraryItem,
	ProgressReply,
	VideoDetails,
} from '../../types/library';

/**
 * The player's reserved 16:9 box with the loading text, while the item's video details load (no
 * jump when the player arrives).
 */
export function PlayerPlaceholder() {
	return (
		<div className="lp-player">
			<div className="lp-player__frame">
				<p className="lp-player__overlay" role="status">
					{
						// eslint-disable-next-line @wordpress/i18n-ellipsis -- the spec's exact text.
						__( 'Loading video...', 'library-portal' )
					}
				</p>
			</div>
		</div>
	);
}

export interface TrainingDetailsProps {
	item: LibraryItem;
	video: VideoDetails;
	/** The test's sentence for this type (how long, in one sitting); shown only with a test to take. */
	testText: string;
	scope: ItemScope;
	onReply: ( reply: ProgressReply ) => void;
	/** Asks the server for the video reply again (the player's Retry: signed addresses expire). */
	onFreshAddresses?: () => Promise< unknown >;
}

export function TrainingDetails( {
	item,
	video,
	testText,
	scope,
	onReply,
	onFreshAddresses,
}: TrainingDetailsProps ) {
	const counts = video.progress.parts.map( ( part ) => part.count );
	const [ part, setPart ] = useState( () =>
		initialPart( counts, video.parts.length )
	);
	const current = video.parts[ part ];
	const total = video.parts.length;
	const { test, certificate } = video;
	// The server says whether there is a test and whether it was passed (its certificate).
	const testToTake = video.has_test && certificate === null;

	return (
		<div className="lp-training">
			<h2 className="lp-section-title" id="lp-training-title">
				{ current?.title || item.title }
			</h2>
			{ current ? (
				<VideoPlayer
					video={ video }
					part={ part }
					saved={ counts[ current.index ] ?? 0 }
					scope={ scope }
					onReply={ onReply }
					onFreshAddresses={ onFreshAddresses }
					onPartEnded={ () =>
						setPart( ( now ) =>
							now === part && now < total - 1 ? now + 1 : now
						)
					}
				/>
			) : (
				<p className="lp-notice lp-notice--error" role="alert">
					{ __(
						'Unable to load video. Please try again or contact support.',
						'library-portal'
					) }
				</p>
			) }
			{ total > 1 ? (
				<div
					className="lp-parts"
					role="group"
					aria-label={ __( 'Video parts', 'library-portal' ) }
				>
					{ video.parts.map( ( entry, position ) => (
						<button
							key={ entry.index }
							type="button"
							className="lp-button lp-button--secondary lp-parts__button"
							aria-pressed={ position === part }
							title={ entry.title || undefined }
							onClick={ () => setPart( position ) }
						>
							{ sprintf(
								/* translators: 1: part number, 2: number of parts. */
								__( 'Part %1$d/%2$d', 'library-portal' ),
								position + 1,
								total
							) }
						</button>
					) ) }
				</div>
			) : null }
			{ certificate ? (
				<CompletedState certificate={ certificate } />
			) : null }
			{ testToTake && testText !== '' ? (
				<p className="lp-detail__test-duration">{ testText }</p>
			) : null }
			<div className="lp-training__actions">
				{ testToTake && video.quiz_link !== '' ? (
					<TakeTest
						link={ video.quiz_link }
						ready={ test.ready }
						message={ test.message }
					/>
				) : null }
				{ video.attachment !== '' ? (
					<a
						className="lp-button lp-button--secondary"
						href={ video.attachment }
						download
					>
						{ downloadLabel( item.content_type ) }
					</a>
				) : null }
			</div>
			{ showsShareNotice( item ) ? (
				<p className="lp-notice" data-testid="lp-share-notice">
					{ __(
						'Once you watch 5% of this training, one license becomes yours and can no longer be shared.',
						'library-portal'
					) }
				</p>
			) : null }
			{ item.description !== '' ? (
				<p className="lp-training__description">{ item.description }</p>
			) : null }
		</div>
	);
}

interface TakeTestProps {
	link: string;
	ready: boolean;
	message: string;
}

function TakeTest( { link, ready, message }: TakeTestProps ) {
	if ( ready ) {
		return (
			<a
				className="lp-button"
				href={ link }
				target="_blank"
				rel="noopener noreferrer"
			>
				{ __( 'Take Test', 'library-portal' ) }
				<span className="lp-visually-hidden">
					{ ' ' }
					{ __( '(opens in a new tab)', 'library-portal' ) }
				</span>
			</a>
		);
	}
	return (
		<div className="lp-take-test">
			<button
				type="button"
				className="lp-button"
				disabled
				aria-describedby="lp-test-message"
			>
				{ __( 'Take Test', 'library-portal' ) }
			</button>
			<p
				id="lp-test-message"
				className="lp-take-test__message"
				data-testid="lp-test-message"
				aria-live="polite"
			>
				{ message }
			</p>
		</div>
	);
}

/**
 * A passed test: when, the certificate's download and its public verify page.
 *
 * @param props             Props.
 * @param props.certificate The server's certificate of this learner and item.
 */
function CompletedState( { certificate }: { certificate: Certificate } ) {
	return (
		<div className="lp-detail__completed" data-testid="lp-completed">
			<p className="lp-detail__completed-on">
				<span className="lp-status lp-status--completed">
					{ sprintf(
						/* translators: %s: date the test was passed. */
						__( 'Completed on %s', 'library-portal' ),
						certificate.issued_date
					) }
				</span>
			</p>
			<CertificateLinks
				certificate={ certificate }
				className="lp-detail__certificate"
			/>
		</div>
	);
}
