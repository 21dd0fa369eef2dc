<?php
/**
 * The REST replies a portal page carries for its first screen.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

use LibraryPortal\Platform\Rest\RawJsonResponse;
use WP_REST_Request;

/**
 * Answers the first screen's GET calls inside the page (docs/rules/library-and-catalogue.md, "First screen on a phone"), so a
 * phone does not wait for a second round trip after the scripts: the items (every portal page
 * loads them), the dashboard's figures on the dashboard, the video details on an item page and
 * the opened page of notifications on the notifications page.
 *
 * Each reply is made by dispatching the REST route itself for the current user, never by a copy
 * of its code, so the printed reply and the route's cannot differ. A reply that is not a success
 * (no access, no video) is left out: the client asks the route and shows its answer.
 */
final class InitialReplies {

	/**
	 * Key of each reply: the path the client asks for, below the REST root (src/api).
	 */
	public const ITEMS     = 'library/v2/items/';
	public const DASHBOARD = 'library/v2/dashboard/';

	/**
	 * The notifications page's page size (src/api/notifications.ts, PAGE_SIZE).
	 */
	public const NOTIFICATIONS_PER_PAGE = 10;

	/**
	 * A library larger than this (encoded) is not printed: the client loads it as before, and
	 * the page stays small for the libraries of organisations.
	 */
	public const MAX_BYTES = 400000;

	/**
	 * The replies for a portal screen.
	 *
	 * @param PortalScreen $screen Screen the page opens.
	 * @param bool         $member The address asks for the member version of an item (?tag=member).
	 * @param int          $page   The notifications page's page (?page=), from 1.
	 * @return array<string, mixed> Reply body keyed by REST path.
	 */
	public function for_screen( PortalScreen $screen, bool $member = false, int $page = 1 ): array {
		if ( ! is_user_logged_in() ) {
			return array();
		}
		$replies = array();
		$items   = $this->reply( '/library/v2/items', array(), self::MAX_BYTES );
		if ( null !== $items ) {
			$replies[ self::ITEMS ] = $items;
		}
		if ( PortalScreen::DASHBOARD === $screen->kind ) {
			$dashboard = $this->reply( '/library/v2/dashboard' );
			if ( null !== $dashboard ) {
				$replies[ self::DASHBOARD ] = $dashboard;
			}
		}
		if ( PortalScreen::ITEM === $screen->kind ) {
			$video = $this->reply( '/library/v2/video/' . $screen->product_id, $member ? array( 'tag' => 'member' ) : array() );
			if ( null !== $video ) {
				$replies[ self::video_key( $screen->product_id, $member ) ] = $video;
			}
		}
		if ( PortalScreen::NOTIFICATIONS === $screen->kind ) {
			$page          = max( 1, $page );
			$notifications = $this->reply(
				'/library/v2/notifications',
				array(
					'page'     => $page,
					'per_page' => self::NOTIFICATIONS_PER_PAGE,
				)
			);
			if ( null !== $notifications ) {
				$replies[ self::notifications_key( $page ) ] = $notifications;
			}
		}
		return $replies;
	}

	/**
	 * Key of a page of the notifications page, as src/api/notifications.ts builds its path.
	 *
	 * @param int $page Page, from 1.
	 */
	public static function notifications_key( int $page ): string {
		return 'library/v2/notifications/?page=' . $page . '&per_page=' . self::NOTIFICATIONS_PER_PAGE;
	}

	/**
	 * Key of an item's video reply, as src/api/video.ts builds its path.
	 *
	 * @param int  $product_id Item.
	 * @param bool $member     The member version (?tag=member).
	 */
	public static function video_key( int $product_id, bool $member ): string {
		return 'library/v2/video/' . $product_id . ( $member ? '?tag=member' : '' );
	}

	/**
	 * The body of a successful GET of a library/v2 route for the current user, as the route
	 * sends it, or null.
	 *
	 * @param string               $route     Route, e.g. '/library/v2/items'.
	 * @param array<string, mixed> $params    Query parameters.
	 * @param int                  $max_bytes Longest encoded body printed (0: any).
	 * @return \stdClass|null The body decoded into objects, so it encodes as the route's does.
	 */
	private function reply( string $route, array $params = array(), int $max_bytes = 0 ): ?\stdClass {
		$request = new WP_REST_Request( 'GET', $route );
		$request->set_query_params( $params );
		$response = rest_do_request( $request );
		if ( $response->is_error() || 200 !== $response->get_status() ) {
			return null;
		}
		$json = $response instanceof RawJsonResponse
			? $response->encoded()
			: (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) );
		if ( $max_bytes > 0 && strlen( $json ) > $max_bytes ) {
			return null;
		}
		$body = json_decode( $json );
		return $body instanceof \stdClass && true === ( $body->success ?? null ) ? $body : null;
	}
}
