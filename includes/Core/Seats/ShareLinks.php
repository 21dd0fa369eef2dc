<?php
/**
 * Share links: issue, resolve, revoke.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Events;
use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\SiteDate;
use LibraryPortal\Platform\Database\SelectPart;

/**
 * The one place that decides whether a share link works: signed payload (ShareLinkCodec), age
 * (the setting link_lifetime_days), and a stored link that matches it, was not withdrawn and,
 * when it was e-mailed, not used yet. An owner has one copied link per item at a time
 * (docs/rules/seats-and-sharing.md, "Sharing seats").
 */
final class ShareLinks {

	public const INVALID = ShareLinkCodec::INVALID;
	public const EXPIRED = ShareLinkCodec::EXPIRED;
	public const REVOKED = 'revoked_link';
	public const USED    = 'used_link';

	public const NOT_FOUND   = 'invitation_not_found';
	public const NOT_PENDING = 'invitation_not_pending';

	/**
	 * Payload codec.
	 *
	 * @var ShareLinkCodec
	 */
	private ShareLinkCodec $codec;

	/**
	 * Stored links.
	 *
	 * @var ShareLinkRepository
	 */
	private ShareLinkRepository $links;

	/**
	 * Settings (link lifetime).
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * The audit trail.
	 *
	 * @var SeatAuditRepository
	 */
	private SeatAuditRepository $audit;

	/**
	 * Time slots (the renewal gate is one per user).
	 *
	 * @var LicenseRequestRepository
	 */
	private LicenseRequestRepository $slots;

	/**
	 * The audit trail's action of a new copied link (docs/rules/seats-and-sharing.md, "Grants and audit trail (wp-admin, WP-CLI)").
	 */
	public const AUDIT_ACTION = 'share_link';

	/**
	 * Seconds between two renewals of one user's copied links, whatever the item: a person asks
	 * for a new link now and then, a script thousands of times.
	 */
	public const RENEW_SECONDS = 10;

	/**
	 * New copied links of one owner and item within this many seconds share one audit row (its
	 * `links` counts them), so the trail keeps what people did readable.
	 */
	public const AUDIT_COALESCE_SECONDS = HOUR_IN_SECONDS;

	/**
	 * The renewal gate's slot in the license request slots: no sharer has ID 0, so the row
	 * (user, 0, 0) is never a request and goes with the user like their requests.
	 */
	private const RENEW_SLOT = 0;

	/**
	 * Creates the service.
	 *
	 * @param ShareLinkCodec      $codec    Payload codec.
	 * @param ShareLinkRepository $links    Stored links.
	 * @param Settings            $settings Settings.
	 * @param SeatAuditRepository      $audit    The audit trail (new copied links).
	 * @param LicenseRequestRepository $slots    Time slots (the renewal gate).
	 */
	public function __construct( ShareLinkCodec $codec, ShareLinkRepository $links, Settings $settings, SeatAuditRepository $audit, LicenseRequestRepository $slots ) {
		$this->codec    = $codec;
		$this->links    = $links;
		$this->settings = $settings;
		$this->audit    = $audit;
		$this->slots    = $slots;
	}

	/**
	 * Takes the owner's renewal gate: 0 when a renewal may go on now, else the seconds to wait.
	 * One conditional UPDATE (or the first INSERT), so of parallel renewals one goes on.
	 *
	 * @param int $owner_id Sharer.
	 * @param int $now      Unix seconds.
	 */
	public function take_renewal( int $owner_id, int $now ): int {
		return $this->slots->take( $owner_id, self::RENEW_SLOT, self::RENEW_SLOT, $now, self::RENEW_SECONDS );
	}

	/**
	 * A new link for a sharer's item, or '' when it could not be stored.
	 *
	 * @param int    $owner_id        Sharer.
	 * @param int    $product_id      Item.
	 * @param int    $now             Unix seconds.
	 * @param string $recipient_email Address the link is e-mailed to ('' for a copied link).
	 */
	public function issue( int $owner_id, int $product_id, int $now, string $recipient_email = '' ): string {
		$link_id = $this->links->create( $owner_id, $product_id, $now, $recipient_email );
		return $link_id > 0 ? $this->codec->encode( $link_id, $owner_id, $product_id, $now ) : '';
	}

	/**
	 * The owner's working copied link of an item, or a new one when there is none (or when
	 * $renew, which withdraws the old one first); null when a new link could not be stored.
	 *
	 * @param int  $owner_id   Sharer.
	 * @param int  $product_id Item.
	 * @param int  $now        Unix seconds.
	 * @param bool $renew      Withdraw the working link and make a new one.
	 * @return array{code: string, expires_at: int}|null
	 */
	public function copy_link( int $owner_id, int $product_id, int $now, bool $renew ): ?array {
		if ( $renew ) {
			$this->links->withdraw_live( $owner_id, $product_id, $this->made_since( $now ), $now, true );
		} else {
			$live = $this->links->live_copy_link( $owner_id, $product_id, $this->made_since( $now ) );
			if ( $live ) {
				return array(
					'code'       => $this->codec->encode( $live->id, $owner_id, $product_id, $live->created_at ),
					'expires_at' => $this->expires_at( $live->created_at ),
				);
			}
		}
		$code = $this->issue( $owner_id, $product_id, $now );
		if ( '' !== $code ) {
			$this->audit->record_coalesced( $owner_id, self::AUDIT_ACTION, $owner_id, $product_id, array( 'renewed' => $renew ), $now, self::AUDIT_COALESCE_SECONDS );
			Events::share_link_made( $owner_id, $product_id, $renew );
		}
		return '' === $code ? null : array(
			'code'       => $code,
			'expires_at' => $this->expires_at( $now ),
		);
	}

	/**
	 * Withdraws every working link of the owner's item, copied and e-mailed; the number withdrawn.
	 *
	 * @param int $owner_id   Sharer.
	 * @param int $product_id Item.
	 * @param int $now        Unix seconds.
	 */
	public function withdraw_all( int $owner_id, int $product_id, int $now ): int {
		$withdrawn = $this->links->withdraw_live( $owner_id, $product_id, $this->made_since( $now ), $now, false );
		if ( $withdrawn > 0 ) {
			self::invitations_changed( $owner_id ); // E-mailed ones among them were pending.
		}
		return $withdrawn;
	}

	/**
	 * The owner's library shows how many invitations of each item are pending (the items reply's
	 * `pending_invites`): a send, a cancel or a withdrawal changes that number, so their kept
	 * reply goes (an accept already changes their seats, which does the same).
	 *
	 * @param int $owner_id Sharer.
	 */
	public static function invitations_changed( int $owner_id ): void {
		Repository::announce_changed( array( $owner_id ) );
	}

	/**
	 * The owner's pending invitations per item as a part of a combined read (the items reply).
	 *
	 * @param int $owner_id   Sharer.
	 * @param int $product_id Only this item (0 = all).
	 * @param int $now        Unix seconds.
	 * @return SelectPart Named 'pending': product ID => array{count: int, expires_at: int} (when the oldest stops working).
	 */
	public function pending_counts_read( int $owner_id, int $product_id, int $now ): SelectPart {
		return $this->links->pending_counts_read( $owner_id, $product_id, $this->made_since( $now ) )->then(
			fn( array $pending ): array => array_map(
				fn( array $one ): array => array(
					'count'      => $one['count'],
					'expires_at' => $this->expires_at( $one['oldest'] ),
				),
				$pending
			)
		);
	}

	/**
	 * Withdraws the owner's link of a code this request just issued (its mail was refused).
	 *
	 * @param int    $owner_id Sharer.
	 * @param string $code     The link's code.
	 * @param int    $now      Unix seconds.
	 */
	public function withdraw_code( int $owner_id, string $code, int $now ): void {
		$payload = $this->codec->decode( $code, $now, $this->lifetime() );
		if ( is_array( $payload ) ) {
			$this->links->revoke( $payload['link_id'], $owner_id, $now );
		}
	}

	/**
	 * Uses up an e-mailed link for one accept; false when another accept used it first.
	 *
	 * @param int $link_id Link ID.
	 * @param int $now     Unix seconds.
	 */
	public function use_once( int $link_id, int $now ): bool {
		return $this->links->claim_use( $link_id, $now );
	}

	/**
	 * Gives an e-mailed link back after an accept that took no seat.
	 *
	 * @param int $link_id Link ID.
	 * @param int $claimed The time use_once() was called with.
	 */
	public function give_back( int $link_id, int $claimed ): void {
		$this->links->release_use( $link_id, $claimed );
	}

	/**
	 * Deletes the rows of withdrawn and expired links (the daily job); the number deleted.
	 *
	 * @param int $now Unix seconds.
	 */
	public function purge( int $now ): int {
		return $this->links->purge( $this->made_since( $now ) );
	}

	/**
	 * What a link shares, or INVALID, EXPIRED, REVOKED or USED. A well-signed link whose row is
	 * gone was withdrawn and purged (or its sharer was deleted): REVOKED.
	 *
	 * @param string $encoded Link payload.
	 * @param int    $now     Unix seconds.
	 * @return array{link_id: int, user_id: int, product_id: int, timestamp: int, recipient_email: string}|string
	 */
	public function resolve( string $encoded, int $now ) {
		$payload = $this->codec->decode( $encoded, $now, $this->lifetime() );
		if ( ! is_array( $payload ) ) {
			return $payload;
		}
		$stored = $this->links->find( $payload['link_id'] );
		if ( ! $stored ) {
			return self::REVOKED;
		}
		if ( $stored->owner_id !== $payload['user_id'] || $stored->product_id !== $payload['product_id'] || $stored->created_at !== $payload['timestamp'] ) {
			return self::INVALID;
		}
		if ( $stored->is_revoked() ) {
			return self::REVOKED;
		}
		if ( $stored->is_used() ) {
			return self::USED;
		}
		$payload['recipient_email'] = $stored->recipient_email;
		return $payload;
	}

	/**
	 * The sharer and item a well-signed, unexpired link names, whether or not it still works
	 * (withdrawn, used): enough to tell a visitor who already holds the item so. Null otherwise.
	 *
	 * @param string $encoded Link payload.
	 * @param int    $now     Unix seconds.
	 * @return array{user_id: int, product_id: int}|null
	 */
	public function named_item( string $encoded, int $now ): ?array {
		$payload = $this->codec->decode( $encoded, $now, $this->lifetime() );
		return is_array( $payload ) ? array(
			'user_id'    => $payload['user_id'],
			'product_id' => $payload['product_id'],
		) : null;
	}

	/**
	 * The owner's e-mailed links of an item that still wait for their recipient: not accepted,
	 * not withdrawn, not expired; newest first, at most ShareLinkRepository::PENDING_SHOWN, and
	 * how many there are in all.
	 *
	 * @param int $owner_id   Sharer.
	 * @param int $product_id Item.
	 * @param int $now        Unix seconds.
	 * @return array{invitations: array<int, array{id: int, email: string, sent_at: int, sent_date: string, expires_at: int, expires_date: string}>, total: int}
	 */
	public function pending_invitations( int $owner_id, int $product_id, int $now ): array {
		$found = $this->links->pending( $owner_id, $product_id, $this->made_since( $now ) );
		return array(
			'invitations' => array_map(
				fn( ShareLinkRecord $link ): array => array(
					'id'           => $link->id,
					'email'        => $link->recipient_email,
					'sent_at'      => $link->created_at,
					'sent_date'    => SiteDate::date( $link->created_at ),
					'expires_at'   => $this->expires_at( $link->created_at ),
					'expires_date' => SiteDate::date( $this->expires_at( $link->created_at ) ),
				),
				$found['links']
			),
			'total'       => $found['total'],
		);
	}

	/**
	 * The pending e-mailed invitations to an address, newest first, each with its link's code
	 * (at most $limit).
	 *
	 * @param string $email The recipient's address.
	 * @param int    $now   Unix seconds.
	 * @param int    $limit Invitations at most.
	 * @return array<int, array{link: ShareLinkRecord, code: string}>
	 */
	public function pending_to( string $email, int $now, int $limit ): array {
		return array_map(
			fn( ShareLinkRecord $link ): array => array(
				'link' => $link,
				'code' => $this->codec->encode( $link->id, $link->owner_id, $link->product_id, $link->created_at ),
			),
			$this->links->pending_to( $email, $this->made_since( $now ), $limit )
		);
	}

	/**
	 * One of the owner's pending invitations with its link's code, or why not: NOT_FOUND (no
	 * such link, someone else's, or a copied link) or NOT_PENDING (accepted, withdrawn, expired).
	 *
	 * @param int $owner_id Sharer.
	 * @param int $link_id  Link ID.
	 * @param int $now      Unix seconds.
	 * @return array{link: ShareLinkRecord, code: string, expires_at: int}|string
	 */
	public function pending_invitation( int $owner_id, int $link_id, int $now ) {
		$link = $this->links->find( $link_id );
		if ( ! $link || $link->owner_id !== $owner_id || '' === $link->recipient_email ) {
			return self::NOT_FOUND;
		}
		if ( $link->is_revoked() || $link->is_used() || $link->created_at < $this->made_since( $now ) ) {
			return self::NOT_PENDING;
		}
		return array(
			'link'       => $link,
			'code'       => $this->codec->encode( $link->id, $link->owner_id, $link->product_id, $link->created_at ),
			'expires_at' => $this->expires_at( $link->created_at ),
		);
	}

	/**
	 * Withdraws one pending invitation of the owner; false when it is not pending any more (an
	 * accept may just have used it).
	 *
	 * @param int $owner_id Sharer.
	 * @param int $link_id  Link ID.
	 * @param int $now      Unix seconds.
	 */
	public function cancel_invitation( int $owner_id, int $link_id, int $now ): bool {
		$canceled = $this->links->withdraw_pending( $link_id, $owner_id, $this->made_since( $now ), $now );
		if ( $canceled ) {
			self::invitations_changed( $owner_id );
		}
		return $canceled;
	}

	/**
	 * Revokes one of the sharer's links; false when it is not theirs or already revoked.
	 *
	 * @param int $owner_id Sharer.
	 * @param int $link_id  Link ID.
	 * @param int $now      Unix seconds.
	 */
	public function revoke( int $owner_id, int $link_id, int $now ): bool {
		return $this->links->revoke( $link_id, $owner_id, $now );
	}

	/**
	 * When a link made at $made_at stops working (Unix seconds).
	 *
	 * @param int $made_at Unix seconds.
	 */
	public function expires_at( int $made_at ): int {
		return $made_at + $this->lifetime();
	}

	/**
	 * The oldest creation time of a link that has not expired at $now (as the codec reads it).
	 *
	 * @param int $now Unix seconds.
	 */
	private function made_since( int $now ): int {
		return $now - $this->lifetime();
	}

	/**
	 * Seconds a link stays valid.
	 */
	private function lifetime(): int {
		return max( 1, (int) $this->settings->get( 'link_lifetime_days' ) ) * DAY_IN_SECONDS;
	}
}
