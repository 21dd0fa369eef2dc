<?php
/**
 * The owner's sharing routes.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Sharing;

use LibraryPortal\Core\Rows\ItemLookup;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Seats\ShareInvites;
use LibraryPortal\Core\Seats\ShareLinks;
use LibraryPortal\Core\Seats\ShareRule;
use LibraryPortal\Core\Site\SiteDate;
use LibraryPortal\Platform\Rest\Controller;
use LibraryPortal\Platform\Rest\ErrorReply;
use LibraryPortal\Platform\Rest\Limits;
use LibraryPortal\Platform\Rest\Refusal;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * GET videosharedata/{id}, POST and DELETE share-link/{id}, send-share-emails, revoke-share/{id},
 * POST share-invitations/{id}/resend and DELETE share-invitations/{id}: what the owner of seats
 * does with them (docs/contract.md). Every route needs a login and the REST nonce; they answer
 * 404 for an item or share that is not the caller's, and change nothing.
 */
final class ShareOwnerController extends ShareRoutes {

	/**
	 * Wires the controller.
	 *
	 * @param ItemLookup        $lookup   Row lookup (who may share an item).
	 * @param LicenseRepository $licenses Seats (who owns an item).
	 * @param ShareLinks        $links    Share links.
	 * @param ShareRecords      $records  The Share Details data.
	 * @param ShareMailer       $mailer   E-mail sharing.
	 * @param SeatSharing       $sharing  Seat changes (revoke).
	 */
	public function __construct(
		private readonly ItemLookup $lookup,
		private readonly LicenseRepository $licenses,
		private readonly ShareLinks $links,
		private readonly ShareRecords $records,
		private readonly ShareMailer $mailer,
		private readonly SeatSharing $sharing
	) {}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$id    = self::item_id_arg();
		$login = array( $this, 'require_login' );

		register_rest_route(
			$this->namespace,
			'/videosharedata/(?P<id>\d+)',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'get_share_data' ),
				'permission_callback' => $login,
				'args'                => array( 'id' => $id ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/share-link/(?P<id>\d+)',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_link' ),
					'permission_callback' => $login,
					'args'                => array(
						'id'    => array_merge( $id, array( 'required' => true ) ),
						'renew' => array(
							'description' => __( 'Withdraw the working link and make a new one.', 'library-portal' ),
							'type'        => 'boolean',
							'default'     => false,
						),
					),
				),
				array(
					'methods'             => WP_REST_Server::DELETABLE,
					'callback'            => array( $this, 'withdraw_links' ),
					'permission_callback' => $login,
					'args'                => array( 'id' => array_merge( $id, array( 'required' => true ) ) ),
				),
			)
		);
		$invitation = array(
			'id' => array(
				'description' => __( 'The invitation (its e-mailed link).', 'library-portal' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => Limits::MAX_ID,
				'required'    => true,
			),
		);
		register_rest_route(
			$this->namespace,
			'/share-invitations/(?P<id>\d+)',
			array(
				'methods'             => WP_REST_Server::DELETABLE,
				'callback'            => array( $this, 'cancel_invitation' ),
				'permission_callback' => $login,
				'args'                => $invitation,
			)
		);
		register_rest_route(
			$this->namespace,
			'/share-invitations/(?P<id>\d+)/resend',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'resend_invitation' ),
				'permission_callback' => $login,
				'args'                => $invitation,
			)
		);
		register_rest_route(
			$this->namespace,
			'/send-share-emails',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'send_emails' ),
				'permission_callback' => $login,
				// Not `required`: a missing one answers the spec's own 'Missing required parameters'.
				'args'                => array(
					'emails'     => array(
						'description' => __( 'Addresses, comma-separated or one per line.', 'library-portal' ),
						'type'        => 'string',
						'maxLength'   => 10000,
					),
					'product_id' => array_merge( $id, array( 'minimum' => 0 ) ),
				),
			)
		);
		register_rest_route(
			$this->namespace,
			'/revoke-share(?:/(?P<id>\d+))?',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'revoke' ),
				'permission_callback' => $login,
				'args'                => array(
					'id' => array(
						'description' => __( 'Share ID.', 'library-portal' ),
						'type'        => 'integer',
						'minimum'     => 0,
						'maximum'     => Limits::MAX_ID,
						'default'     => 0,
					),
				),
			)
		);
	}

	/**
	 * GET videosharedata/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_share_data( WP_REST_Request $request ) {
		$user_id    = get_current_user_id();
		$product_id = (int) $request['id'];
		if ( ! $this->licenses->owns_item( $user_id, $product_id ) ) {
			return self::not_found();
		}
		return $this->success( $this->records->for_owner( $user_id, $product_id, time() ) );
	}

	/**
	 * POST share-link/{id} { renew? }: the owner's working link to copy (the same code and expiry
	 * on every call), or a new one when there is none or `renew` withdraws it.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_link( WP_REST_Request $request ) {
		$user_id    = get_current_user_id();
		$product_id = (int) $request['id'];
		$row        = $this->shareable_row( $user_id, $product_id );
		if ( $row instanceof WP_Error ) {
			return $row;
		}
		$now = time();
		if ( $request['renew'] ) {
			$wait = $this->links->take_renewal( $user_id, $now );
			if ( $wait > 0 ) {
				return $this->reply(
					new Refusal(
						'renew_too_soon',
						/* translators: %d: seconds until another new link may be made. */
						sprintf( _n( 'You made a new link a moment ago. Please try again in %d second.', 'You made a new link a moment ago. Please try again in %d seconds.', $wait, 'library-portal' ), $wait ),
						429,
						array( 'retry_after' => $wait )
					)
				);
			}
		}
		$link = $this->links->copy_link( $user_id, $product_id, $now, (bool) $request['renew'] );
		if ( null === $link ) {
			return ErrorReply::error( 'link_failed', __( 'The link could not be made. Please try again.', 'library-portal' ), 500 );
		}
		return $this->success(
			array(
				'link'         => ShareInvites::invite_url( $link['code'] ),
				'expires_at'   => $link['expires_at'],
				'expires_date' => SiteDate::date( $link['expires_at'] ),
			)
		);
	}

	/**
	 * DELETE share-link/{id}: withdraws the owner's working links of the item (copied and
	 * e-mailed); seats already taken stay with their holders.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function withdraw_links( WP_REST_Request $request ) {
		$user_id    = get_current_user_id();
		$product_id = (int) $request['id'];
		if ( ! $this->licenses->owns_item( $user_id, $product_id ) ) {
			return self::not_found();
		}
		$withdrawn = $this->links->withdraw_all( $user_id, $product_id, time() );
		return $this->success(
			array(
				'message'   => __( 'The share links of this training no longer work.', 'library-portal' ),
				'withdrawn' => $withdrawn,
			)
		);
	}

	/**
	 * POST send-share-emails.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function send_emails( WP_REST_Request $request ) {
		$emails     = (string) $request['emails'];
		$product_id = (int) $request['product_id'];
		if ( ! $request->has_param( 'emails' ) || $product_id < 1 ) {
			return ErrorReply::error( 'missing_parameters', __( 'Missing required parameters', 'library-portal' ), 400 );
		}
		$sender     = wp_get_current_user();
		$recipients = ShareMailer::parse( $emails, (string) $sender->user_email );
		if ( $recipients instanceof Refusal ) {
			return ErrorReply::refused( $recipients );
		}
		$row = $this->shareable_row( (int) $sender->ID, $product_id );
		if ( $row instanceof WP_Error ) {
			return $row;
		}
		return $this->reply( $this->mailer->send( $sender, $product_id, (string) $row['title'], $recipients, time() ) );
	}

	/**
	 * POST share-invitations/{id}/resend: mails a pending invitation again with its own link,
	 * under the same cooldown and daily quota as a send.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function resend_invitation( WP_REST_Request $request ) {
		$sender     = wp_get_current_user();
		$invitation = $this->pending_invitation( (int) $sender->ID, (int) $request['id'] );
		if ( $invitation instanceof WP_Error ) {
			return $invitation;
		}
		$link = $invitation['link'];
		$row  = $this->shareable_row( (int) $sender->ID, $link->product_id );
		if ( $row instanceof WP_Error ) {
			return $row;
		}
		return $this->reply( $this->mailer->resend( $sender, $link->product_id, (string) $row['title'], $link->recipient_email, $invitation['code'], $invitation['expires_at'], time() ) );
	}

	/**
	 * DELETE share-invitations/{id}: withdraws a pending invitation's link (an accept with it then
	 * answers 410 revoked_link).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function cancel_invitation( WP_REST_Request $request ) {
		$user_id    = get_current_user_id();
		$invitation = $this->pending_invitation( $user_id, (int) $request['id'] );
		if ( $invitation instanceof WP_Error ) {
			return $invitation;
		}
		$now = time();
		if ( ! $this->links->cancel_invitation( $user_id, $invitation['link']->id, $now ) ) {
			return self::not_pending(); // Accepted or canceled a moment ago.
		}
		$this->mailer->canceled( $invitation['link'], $now );
		return $this->success(
			array(
				/* translators: %s: the invited e-mail address. */
				'message' => sprintf( __( 'The invitation to %s was canceled. Its link no longer works.', 'library-portal' ), $invitation['link']->recipient_email ),
			)
		);
	}

	/**
	 * POST revoke-share/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function revoke( WP_REST_Request $request ) {
		$share_id = (int) $request['id'];
		if ( $share_id < 1 ) {
			return ErrorReply::error( 'missing_share_id', __( 'Missing share ID', 'library-portal' ), 400 );
		}
		return $this->reply( $this->sharing->revoke( get_current_user_id(), $share_id, time() ) );
	}

	/**
	 * The user's own row of an item if its seats can be shared now (ShareRule), else the error.
	 *
	 * @param int $user_id    Owner.
	 * @param int $product_id Item.
	 * @return array<string, mixed>|WP_Error
	 */
	private function shareable_row( int $user_id, int $product_id ) {
		$rows = $this->lookup->fresh_rows( $user_id, $product_id );
		if ( $rows instanceof WP_Error ) {
			return $rows;
		}
		foreach ( $rows as $row ) {
			if ( ShareRule::allows( $row ) && 0 === (int) $row['share_user_id'] ) { // @phpstan-ignore argument.type (a LibraryService row carries ShareRule's keys, typed loosely as array<string, mixed>.)
				return $row;
			}
		}
		return ErrorReply::error( 'cannot_share', __( 'You have no licenses of this training left to share.', 'library-portal' ), 409 );
	}

	/**
	 * One of the caller's pending invitations, or the 404 (no such link, someone else's, a copied
	 * link: the same reply) or 409 (accepted, canceled or expired).
	 *
	 * @param int $user_id Caller.
	 * @param int $link_id Link ID.
	 * @return array{link: \LibraryPortal\Core\Seats\ShareLinkRecord, code: string, expires_at: int}|WP_Error
	 */
	private function pending_invitation( int $user_id, int $link_id ) {
		$invitation = $this->links->pending_invitation( $user_id, $link_id, time() );
		if ( ShareLinks::NOT_FOUND === $invitation ) {
			return ErrorReply::error( ShareLinks::NOT_FOUND, __( 'This invitation was not found.', 'library-portal' ), 404 );
		}
		if ( ! is_array( $invitation ) ) {
			return self::not_pending();
		}
		return $invitation;
	}

	/**
	 * The 409 of an invitation that no longer waits for its recipient.
	 */
	private static function not_pending(): WP_Error {
		return ErrorReply::error( ShareLinks::NOT_PENDING, __( 'This invitation was already accepted, canceled or has expired.', 'library-portal' ), 409 );
	}

	/**
	 * The 404 of an item that is not the user's (the same words as every `/{id}` route).
	 */
	private static function not_found(): WP_Error {
		return ErrorReply::error( ItemLookup::NOT_FOUND, __( 'This training is not in your library.', 'library-portal' ), 404 );
	}
}
