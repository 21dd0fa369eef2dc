<?php
/**
 * The owner's encoded team reply, kept until something it shows changes.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Team;

use LibraryPortal\Library\LibraryCache;
use LibraryPortal\Repositories\LicenseRepository;
use LibraryPortal\Repositories\TeamSeat;

/**
 * `GET shareduserscontent/` for a team of 1,000 reads five lists of a thousand rows. What it shows
 * changes only when the owner's shared seats change or a member's own library does (progress,
 * certificates, name: LibraryCache's per-user version already moves on each), when the catalogue
 * changes (the site version) or when the language does. So each request reads the seats and the
 * members' versions (two queries) and serves the stored copy while that key holds; the copy is a
 * transient (the object cache where a site has one), kept a day at most.
 */
final class TeamReplyCache {

	/**
	 * Bumped whenever the reply's shape changes, so no copy of an older shape is served.
	 */
	public const FORMAT = 1;

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
	 * The owner's team keyed by user ID, encoded (`{}` without a team).
	 *
	 * @param int $owner_id Owner.
	 */
	public function json( int $owner_id ): string {
		$seats = $this->licenses->team_seats( $owner_id );
		if ( ! $seats ) {
			return '{}';
		}
		$key    = $this->key( $seats );
		$stored = get_transient( self::TRANSIENT . $owner_id );
		if ( is_array( $stored ) && ( $stored['key'] ?? '' ) === $key && is_string( $stored['json'] ?? null ) ) {
			return $stored['json'];
		}
		$team = $this->team->for_seats( $seats );
		$json = (string) wp_json_encode( $team ? $team : new \stdClass() );
		set_transient(
			self::TRANSIENT . $owner_id,
			array(
				'key'  => $key,
				'json' => $json,
			),
			DAY_IN_SECONDS
		);
		return $json;
	}

	/**
	 * What the reply depends on: the seats themselves, every member's library version, the
	 * catalogue's version and the language.
	 *
	 * @param TeamSeat[] $seats The owner's shared seats.
	 */
	private function key( array $seats ): string {
		$rows = '';
		foreach ( $seats as $seat ) {
			$rows .= $seat->id . ':' . $seat->product_id . ':' . $seat->holder_id . ';';
		}
		$holders = array_values( array_unique( array_column( $seats, 'holder_id' ) ) );
		return md5(
			implode(
				'|',
				array(
					LIBRARY_PORTAL_VERSION,
					self::FORMAT,
					(string) get_option( LibraryCache::SITE_OPTION, '' ),
					determine_locale(),
					md5( $rows ),
					md5( (string) wp_json_encode( $this->library->versions_of( $holders ) ) ),
				)
			)
		);
	}
}
