/**
 * A learner of their own for tests that play the demo workshop ("Trauma-Informed Care", parts of
 * 16 s), and what the server holds for them, read from its database (bin/wp-php).
 */
import type { Page } from '@playwright/test';
import { wpPhp } from './site';

export const WORKSHOP = 'Trauma-Informed Care';
export const WORKSHOP_PART_SECONDS = 16;
export const PROGRESS_STEP = 5;
/** The player's progress queue in localStorage (src/api/progress-queue.ts). */
export const PROGRESS_QUEUE_KEY = 'library-portal:pending-progress';

/**
 * A new learner holding an activated seat of the workshop; returns the login and the item.
 *
 * @param name     Login prefix.
 * @param password Password.
 */
export function newWorkshopLearner(
	name: string,
	password: string
): {
	login: string;
	user: number;
	item: number;
} {
	const login = `${ name }-${ Date.now() }`;
	const out = wpPhp( `
		$user = wp_insert_user( array( 'user_login' => '${ login }', 'user_pass' => '${ password }', 'user_email' => '${ login }@example.test', 'role' => 'subscriber' ) );
		$item = get_posts( array( 'post_type' => 'library_item', 'title' => '${ WORKSHOP }', 'fields' => 'ids', 'numberposts' => 1 ) )[0];
		$licenses = \\LibraryPortal\\Services::on( $GLOBALS['wpdb'] )->licenses;
		$licenses->create_grant( array( 'owner_id' => $user, 'product_id' => $item, 'quantity' => 1, 'expires_at' => 0, 'tag' => '', 'source' => 'test' ), time() );
		$licenses->activate_seat( $licenses->find_available_seat( $user, $item, '', time() ), $user, time() );
		echo $user, ' ', $item;
	` );
	const [ user, item ] = out.trim().split( ' ' ).map( Number );
	return { login, user: user ?? 0, item: item ?? 0 };
}

/**
 * What the server holds for the workshop's first part, read from its database.
 *
 * @param user Learner.
 * @param item Workshop.
 */
export function storedFirstPartPercent( user: number, item: number ): number {
	return Number(
		wpPhp( `
			$parts = \\LibraryPortal\\Services::on( $GLOBALS['wpdb'] )->progress->for_item( ${ user }, ${ item } );
			echo isset( $parts[0] ) ? $parts[0]->percent : 0;
		` ).trim()
	);
}

/**
 * The step the playhead is on, as the player measures it.
 *
 * @param seconds Playhead in a workshop part.
 */
export const workshopStepOf = ( seconds: number ) =>
	Math.floor(
		( seconds / WORKSHOP_PART_SECONDS ) * ( 100 / PROGRESS_STEP )
	) * PROGRESS_STEP;

/**
 * The step the player reports for a paused playhead: its own measure, with the media's real
 * duration (a segment list may run a little past the part's nominal 16 s).
 *
 * @param state             The video's state.
 * @param state.currentTime Playhead.
 * @param state.duration    The media's duration.
 */
export const playerStepOf = ( state: {
	currentTime: number;
	duration: number;
} ) =>
	Math.floor(
		( state.currentTime / state.duration ) * ( 100 / PROGRESS_STEP )
	) * PROGRESS_STEP;

/**
 * The first raise of the first part the server accepts, once it comes: the step it carried.
 * Which step that is depends on the machine: the player reports at once when playing starts (0)
 * and sends its first step when that reply is in, so on a busy machine the playhead may be past
 * 5% by then and the first step is 10% or more. Waiting for exactly 5% would then match the next
 * part's first step, after the first part was complete.
 *
 * @param page The portal page (call before pressing Play).
 */
export function firstAcceptedStep( page: Page ): Promise< number > {
	return page
		.waitForResponse( ( response ) => {
			if (
				! /\/library\/v2\/video\/progress\/\d+/.test(
					new URL( response.url() ).pathname
				) ||
				response.request().method() !== 'POST' ||
				! response.ok()
			) {
				return false;
			}
			const report = response.request().postDataJSON() as {
				part: number;
				progress: number;
			};
			return report.part === 0 && report.progress > 0;
		} )
		.then(
			( response ) =>
				(
					response.request().postDataJSON() as {
						progress: number;
					}
				 ).progress
		);
}
