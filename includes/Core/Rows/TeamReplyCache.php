<?php
/**
 * The owner's encoded team reply, kept until something it shows changes.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Seats\TeamSeat;
use LibraryPortal\Platform\Rest\ReplyBody;

/**
 * `GET shareduserscontent/` for a team of 1,000 reads five lists of a thousand rows. What it shows
 * changes only when the owner's shared seats change or a member's own library does (progress,
 * certificates, name: each write that moves a member's library version moves the owner's team
 * version too, LibraryCache::team_version_of()), when the catalogue changes (the site version) or
 * when the language does. So each request reads the seats (one query) and the owner's own meta
 * (loaded already) and serves the stored copy while that key holds; the copy, the reply's body
 * gzip-compressed, is a transient (the object cache where a site has one), kept a day at most.
 * (Reading the 500 members' versions instead cost a team's request 1 to 3 ms of one query:
 * docs/scaling.md.)
 */
final class TeamReplyCache {

	/**
	 * Bumped whenever the reply's shape changes, so no copy of an older shape is served.
	 */
	public const FORMAT = 5;

	/**
	 * Transient name before the owner's ID.
	 */
	public const TRANSIENT = 'library_portal_team_';

	/**
	 * Wires the cache.
	 *
	 * @param TeamProgress      $team     Builds the reply.
	 * @param LicenseRepository $licenses The owner's shared seats.
	 * @param LibraryCache      $library  Per-user versions.
	 */
	public function __construct(
		private readonly TeamProgress $team,
		private readonly LicenseRepository $licenses,
		private readonly LibraryCache $library
	) {}

	/**
	 * The reply's body (the owner's team keyed by user ID; `{}` without a team), gzip-compressed
	 * (Rest\ReplyBody).
	 *
	 * @param int $owner_id Owner.
	 */
	public function reply( int $owner_id ): string {
		return (string) hex2bin( $this->kept( $owner_id )['reply'] );
	}

	/**
	 * The dashboard's team figures (TeamProgress::summary_of()), from the same kept reply.
	 *
	 * @param int $owner_id Owner.
	 * @param int $since    Unix seconds: completions from then on count as "this year".
	 * @return array{members: int, completed: int, assigned: int, completed_since: int}
	 */
	public function summary( int $owner_id, int $since ): array {
		return TeamProgress::summary_of( $this->kept( $owner_id )['figures'], $since );
	}

	/**
	 * The kept reply and its figures, built again when its key no longer holds.
	 *
	 * @param int $owner_id Owner.
	 * @return array{reply: string, figures: array{members: int, completed: int, assigned: int, latest: array<int, int>}} The
	 *         reply's compressed body in hexadecimal (a transient without an object cache is a text column), and the figures.
	 */
	private function kept( int $owner_id ): array {
		$seats = $this->licenses->team_seats( $owner_id );
		if ( ! $seats ) {
			// Everyone without a team gets the same reply: compressed once per process.
			static $no_team = null;
			$no_team      ??= bin2hex( ReplyBody::compress( ReplyBody::wrap( '{}' ) ) );
			return array(
				'reply'   => $no_team,
				'figures' => TeamProgress::figures( array() ),
			);
		}
		$now    = time();
		$key    = $this->key( $owner_id, $seats, $now );
		$stored = get_transient( self::TRANSIENT . $owner_id );
		if ( is_array( $stored ) && ( $stored['key'] ?? '' ) === $key && is_string( $stored['reply'] ?? null ) && ctype_xdigit( $stored['reply'] ) && is_array( $stored['figures'] ?? null ) ) {
			$figures = $stored['figures'];
			return array(
				'reply'   => $stored['reply'],
				'figures' => array(
					'members'   => (int) ( $figures['members'] ?? 0 ),
					'completed' => (int) ( $figures['completed'] ?? 0 ),
					'assigned'  => (int) ( $figures['assigned'] ?? 0 ),
					'latest'    => array_map( 'intval', (array) ( $figures['latest'] ?? array() ) ),
				),
			);
		}
		$team = $this->team->for_seats( $seats, $now );
		$kept = array(
			'reply'   => bin2hex( ReplyBody::compress( ReplyBody::wrap( (string) wp_json_encode( $team ? $team : new \stdClass() ) ) ) ),
			'figures' => TeamProgress::figures( $team ),
		);
		set_transient( self::TRANSIENT . $owner_id, array( 'key' => $key ) + $kept, DAY_IN_SECONDS );
		return $kept;
	}

	/**
	 * What the reply depends on: the seats themselves, the owner's team version (it moves with
	 * every member's library), the catalogue's version and the language.
	 *
	 * @param int        $owner_id Owner.
	 * @param TeamSeat[] $seats    The owner's shared seats.
	 * @param int        $now      Unix seconds (a seat stops being revocable when it starts or expires).
	 */
	private function key( int $owner_id, array $seats, int $now ): string {
		$rows = '';
		foreach ( $seats as $seat ) {
			$rows .= $seat->id . ':' . $seat->product_id . ':' . $seat->holder_id . ':' . (int) $seat->revocable( $now ) . ';';
		}
		return md5(
			implode(
				'|',
				array(
					LIBRARY_PORTAL_VERSION,
					self::FORMAT,
					(string) get_option( LibraryCache::SITE_OPTION, '' ),
					determine_locale(),
					md5( $rows ),
					$this->library->team_version_of( $owner_id ),
				)
			)
		);
	}
}
