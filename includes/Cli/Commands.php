<?php
/**
 * WP-CLI commands.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Cli;

use InvalidArgumentException;
use LibraryPortal\Core\Rows\CertificateRepository;
use LibraryPortal\Core\Rows\LibraryCache;
use LibraryPortal\Core\Seats\Grant;
use LibraryPortal\Core\Seats\GrantRepository;
use LibraryPortal\Core\Seats\GrantService;
use LibraryPortal\Core\Seats\LicenseRepository;
use WP_CLI;

/**
 * Manages the library from the command line. Each command is a thin layer over a service: it
 * reads its arguments, calls the service, and turns a refusal (InvalidArgumentException) into
 * WP_CLI::error(). Changes are made as the user of --user (0, "the system", without it).
 */
final class Commands {

	/**
	 * Fields of `export --what=grants`.
	 */
	public const GRANT_FIELDS = array( 'grant_id', 'owner_id', 'owner_login', 'owner_email', 'product_id', 'item', 'quantity', 'available', 'assigned', 'activated', 'expires', 'tag', 'source', 'source_ref', 'created' );

	/**
	 * Fields of `export --what=seats`.
	 */
	public const SEAT_FIELDS = array( 'seat_id', 'grant_id', 'owner_id', 'product_id', 'holder_id', 'holder_login', 'state', 'shared', 'activated_at', 'expires' );

	/**
	 * Grants given, extended and taken back.
	 *
	 * @var GrantService
	 */
	private GrantService $grants;

	/**
	 * Grants and seats (reads of the export).
	 *
	 * @var LicenseRepository
	 */
	private LicenseRepository $licenses;

	/**
	 * Grant rows.
	 *
	 * @var GrantRepository
	 */
	private GrantRepository $grant_rows;

	/**
	 * Certificates.
	 *
	 * @var CertificateRepository
	 */
	private CertificateRepository $certificates;

	/**
	 * Cached library replies.
	 *
	 * @var LibraryCache
	 */
	private LibraryCache $cache;

	/**
	 * Wires the commands (Plugin passes what they use, not the whole graph).
	 *
	 * @param GrantService          $grants       Grants.
	 * @param LicenseRepository     $licenses     Seats.
	 * @param GrantRepository       $grant_rows   Grant rows.
	 * @param CertificateRepository $certificates Certificates.
	 * @param LibraryCache          $cache        Cached library replies.
	 */
	public function __construct( GrantService $grants, LicenseRepository $licenses, GrantRepository $grant_rows, CertificateRepository $certificates, LibraryCache $cache ) {
		$this->grants       = $grants;
		$this->licenses     = $licenses;
		$this->grant_rows   = $grant_rows;
		$this->certificates = $certificates;
		$this->cache        = $cache;
	}

	/**
	 * Manages certificates. Revoking keeps the row: the public verify page then says
	 * "revoked", the holder can no longer download it, and passing again does not issue a new one.
	 *
	 * ## OPTIONS
	 *
	 * <action>
	 * : What to do.
	 * ---
	 * options:
	 *   - revoke
	 * ---
	 *
	 * <code>
	 * : Verification code printed on the certificate.
	 *
	 * ## EXAMPLES
	 *
	 *     wp library-portal certificate revoke K7Q2M9XA4B1C
	 *
	 * @param string[] $args Positional arguments.
	 */
	public function certificate( array $args ): void {
		list( $action, $code ) = array_pad( $args, 2, '' );
		if ( 'revoke' !== $action ) {
			WP_CLI::error( sprintf( 'Unknown action "%s": use revoke.', $action ) );
		}
		$certificate = $this->certificates->find_by_code( strtoupper( trim( $code ) ) );
		if ( null === $certificate ) {
			WP_CLI::error( sprintf( 'No certificate with the code "%s".', $code ) );
		}
		if ( ! $this->certificates->revoke( $certificate, time() ) ) {
			WP_CLI::error( sprintf( 'Certificate %s was already revoked.', $certificate->code ) );
		}
		WP_CLI::success( sprintf( 'Certificate %s revoked.', $certificate->code ) );
	}


	/**
	 * Gives a user licenses of an item.
	 *
	 * ## OPTIONS
	 *
	 * <user>
	 * : User ID, login or e-mail.
	 *
	 * <product_id>
	 * : Catalogue item ID (a published library item).
	 *
	 * [--quantity=<n>]
	 * : Number of licenses (1 to 1000).
	 * ---
	 * default: 1
	 * ---
	 *
	 * [--expires=<date>]
	 * : Expiry date (anything strtotime() reads, in the future); never when left out.
	 *
	 * [--tag=<tag>]
	 * : Grant tag: none or member.
	 * ---
	 * default: none
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp library-portal grant alice@example.com 42 --quantity=5 --expires=2027-12-31
	 *
	 * @param string[]              $args       Positional arguments.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function grant( array $args, array $assoc_args ): void {
		list( $who, $product_id ) = array_pad( $args, 2, '' );
		$user                     = self::user( $who );
		$tag                      = (string) ( $assoc_args['tag'] ?? 'none' );
		try {
			$grant_id = $this->grants->grant(
				$user->ID,
				(int) $product_id,
				self::whole_number( (string) ( $assoc_args['quantity'] ?? '1' ), 'quantity' ),
				isset( $assoc_args['expires'] ) ? self::date( $assoc_args['expires'] ) : 0,
				'none' === $tag ? '' : $tag,
				'cli',
				'',
				get_current_user_id()
			);
		} catch ( InvalidArgumentException $refused ) {
			WP_CLI::error( $refused->getMessage() );
		}
		WP_CLI::success( sprintf( 'Grant %d created.', $grant_id ) );
	}

	/**
	 * Takes back the licenses of a grant that nobody started: available ones and ones shared to
	 * someone who has not started them (they are told why). Started licenses stay with who
	 * started them. Without --count the grant ends (a refund or cancellation by hand).
	 *
	 * ## OPTIONS
	 *
	 * <grant_id>
	 * : Grant ID (see `wp library-portal export`).
	 *
	 * [--count=<n>]
	 * : How many to take back; every one not started when left out (and the grant ends).
	 *
	 * [--dry-run]
	 * : Say what would be taken back, change nothing.
	 *
	 * ## EXAMPLES
	 *
	 *     wp library-portal revoke 12 --count=2 --dry-run
	 *
	 * @param string[]                   $args       Positional arguments.
	 * @param array<string, string|bool> $assoc_args Options.
	 */
	public function revoke( array $args, array $assoc_args ): void {
		$grant_id = self::whole_number( (string) ( $args[0] ?? '' ), 'grant_id' );
		$count    = isset( $assoc_args['count'] ) ? self::whole_number( (string) $assoc_args['count'], 'count' ) : null;
		try {
			if ( ! empty( $assoc_args['dry-run'] ) ) {
				$preview = $this->grants->preview_take_back( $grant_id, $count );
				WP_CLI::success( sprintf( 'Dry run: %d license(s) of grant %d would be taken back, %d could not be (started).', $preview['taken'], $grant_id, $preview['kept'] ) );
				return;
			}
			$result = $this->grants->take_back( $grant_id, $count, get_current_user_id() );
		} catch ( InvalidArgumentException $refused ) {
			WP_CLI::error( $refused->getMessage() );
		}
		if ( $result->kept > 0 ) {
			WP_CLI::warning( sprintf( '%d license(s) could not be taken back: started.', $result->kept ) );
		}
		WP_CLI::success( sprintf( '%d license(s) of grant %d taken back.', $result->taken(), $grant_id ) );
	}

	/**
	 * Moves a grant's expiry later (its licenses follow).
	 *
	 * ## OPTIONS
	 *
	 * <grant_id>
	 * : Grant ID.
	 *
	 * [--expires=<date>]
	 * : New expiry date (anything strtotime() reads), later than the current one.
	 *
	 * [--never]
	 * : The grant no longer expires.
	 *
	 * ## EXAMPLES
	 *
	 *     wp library-portal extend 12 --expires=2028-06-30
	 *
	 * @param string[]                   $args       Positional arguments.
	 * @param array<string, string|bool> $assoc_args Options.
	 */
	public function extend( array $args, array $assoc_args ): void {
		$grant_id = self::whole_number( (string) ( $args[0] ?? '' ), 'grant_id' );
		if ( empty( $assoc_args['never'] ) === ! isset( $assoc_args['expires'] ) ) {
			WP_CLI::error( 'Give either --expires=<date> or --never.' );
		}
		$expires = empty( $assoc_args['never'] ) ? self::date( (string) $assoc_args['expires'] ) : 0;
		try {
			$grant = $this->grants->extend( $grant_id, $expires, get_current_user_id() );
		} catch ( InvalidArgumentException $refused ) {
			WP_CLI::error( $refused->getMessage() );
		}
		WP_CLI::success( sprintf( 'Grant %d now expires %s.', $grant->id, self::when( $grant->expires_at ) ) );
	}

	/**
	 * Drops the cached library replies, of one user or of everyone: the next request builds them
	 * again. Nothing else changes.
	 *
	 * ## OPTIONS
	 *
	 * [<user>]
	 * : User ID, login or e-mail.
	 *
	 * [--all]
	 * : Every user.
	 *
	 * [--dry-run]
	 * : Say how many replies would be dropped, change nothing.
	 *
	 * ## EXAMPLES
	 *
	 *     wp library-portal recompute alice@example.com
	 *     wp library-portal recompute --all
	 *
	 * @param string[]                   $args       Positional arguments.
	 * @param array<string, string|bool> $assoc_args Options.
	 */
	public function recompute( array $args, array $assoc_args ): void {
		$all = ! empty( $assoc_args['all'] );
		if ( isset( $args[0] ) === $all ) {
			WP_CLI::error( 'Give either a user or --all.' );
		}
		$dry_run = ! empty( $assoc_args['dry-run'] );
		if ( ! $all ) {
			$user = self::user( (string) $args[0] );
			if ( ! $dry_run ) {
				$this->cache->forget_users( array( $user->ID ) );
			}
			WP_CLI::success( sprintf( '%s the library of %s.', $dry_run ? 'Dry run: would drop' : 'Dropped', $user->user_login ) );
			return;
		}

		$total = (int) ( new \WP_User_Query(
			array(
				'fields'      => 'ID',
				'number'      => 1,
				'count_total' => true,
			)
		) )->get_total();
		if ( $dry_run ) {
			WP_CLI::success( sprintf( 'Dry run: would drop the libraries of %d user(s).', $total ) );
			return;
		}
		$progress = function_exists( 'WP_CLI\Utils\make_progress_bar' ) ? \WP_CLI\Utils\make_progress_bar( 'Dropping cached libraries', $total ) : null;
		$page     = 1;
		do {
			$ids = get_users(
				array(
					'fields'  => 'ID',
					'number'  => 500,
					'paged'   => $page++,
					'orderby' => 'ID',
				)
			);
			foreach ( $ids as $id ) {
				$this->cache->forget_users( array( (int) $id ) );
				if ( $progress ) {
					$progress->tick();
				}
			}
			$more = 500 === count( $ids );
		} while ( $more );
		// Entries of users added meanwhile go too: the site's version moves.
		$this->cache->forget_all();
		if ( $progress ) {
			$progress->finish();
		}
		WP_CLI::success( sprintf( 'Dropped the libraries of %d user(s).', $total ) );
	}

	/**
	 * Lists grants or seats.
	 *
	 * ## OPTIONS
	 *
	 * [--what=<what>]
	 * : What to list.
	 * ---
	 * default: grants
	 * options:
	 *   - grants
	 *   - seats
	 * ---
	 *
	 * [--search=<text>]
	 * : Only the grants of users whose e-mail or login contains the text.
	 *
	 * [--format=<format>]
	 * : Output format.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - csv
	 *   - json
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp library-portal export --format=csv > grants.csv
	 *     wp library-portal export --what=seats --search=alice --format=json
	 *
	 * @param string[]              $args       Positional arguments.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function export( array $args, array $assoc_args ): void {
		$what   = (string) ( $assoc_args['what'] ?? 'grants' );
		$format = (string) ( $assoc_args['format'] ?? 'table' );
		if ( ! in_array( $what, array( 'grants', 'seats' ), true ) || ! in_array( $format, array( 'table', 'csv', 'json' ), true ) ) {
			WP_CLI::error( 'Use --what=grants|seats and --format=table|csv|json.' );
		}
		$rows = 'grants' === $what ? $this->grant_rows( (string) ( $assoc_args['search'] ?? '' ) ) : $this->seat_rows( (string) ( $assoc_args['search'] ?? '' ) );
		\WP_CLI\Utils\format_items( $format, $rows, 'grants' === $what ? self::GRANT_FIELDS : self::SEAT_FIELDS );
	}

	/**
	 * Every grant matching a search, as export rows.
	 *
	 * @param string $search Part of an e-mail or login.
	 * @return array<int, array<string, int|string>>
	 */
	private function grant_rows( string $search ): array {
		$rows = array();
		foreach ( $this->all_grants( $search ) as $batch ) {
			$counts = $this->grant_rows->grant_seat_counts( array_map( static fn( Grant $grant ) => $grant->id, $batch ) );
			foreach ( $batch as $grant ) {
				$owner  = get_userdata( $grant->owner_id );
				$rows[] = array(
					'grant_id'    => $grant->id,
					'owner_id'    => $grant->owner_id,
					'owner_login' => $owner ? $owner->user_login : '',
					'owner_email' => $owner ? $owner->user_email : '',
					'product_id'  => $grant->product_id,
					'item'        => get_the_title( $grant->product_id ),
					'quantity'    => $grant->quantity,
					'available'   => $counts[ $grant->id ]['available'],
					'assigned'    => $counts[ $grant->id ]['assigned'],
					'activated'   => $counts[ $grant->id ]['activated'],
					'expires'     => self::when( $grant->expires_at ),
					'tag'         => $grant->tag,
					'source'      => $grant->source,
					'source_ref'  => $grant->source_ref,
					'created'     => gmdate( 'Y-m-d H:i:s', $grant->created_at ),
				);
			}
		}
		return $rows;
	}

	/**
	 * Every seat of the grants matching a search, as export rows.
	 *
	 * @param string $search Part of an e-mail or login.
	 * @return array<int, array<string, int|string>>
	 */
	private function seat_rows( string $search ): array {
		$rows = array();
		foreach ( $this->all_grants( $search ) as $batch ) {
			foreach ( $batch as $grant ) {
				foreach ( $this->licenses->seats_of_grant( $grant->id ) as $seat ) {
					$holder = $seat->holder_id ? get_userdata( $seat->holder_id ) : false;
					$rows[] = array(
						'seat_id'      => $seat->id,
						'grant_id'     => $seat->grant_id,
						'owner_id'     => $seat->owner_id,
						'product_id'   => $seat->product_id,
						'holder_id'    => $seat->holder_id,
						'holder_login' => $holder ? $holder->user_login : '',
						'state'        => $seat->state->value,
						'shared'       => $seat->shared ? 1 : 0,
						'activated_at' => $seat->activated_at ? gmdate( 'Y-m-d H:i:s', $seat->activated_at ) : '',
						'expires'      => self::when( $seat->expires_at ),
					);
				}
			}
		}
		return $rows;
	}

	/**
	 * Grants matching a search, oldest first, in batches of 500.
	 *
	 * @param string $search Part of an e-mail or login.
	 * @return \Generator<int, Grant[]>
	 */
	private function all_grants( string $search ): \Generator {
		$pages = (int) ceil( $this->grant_rows->grant_count( $search ) / 500 );
		for ( $page = $pages - 1; $page >= 0; $page-- ) {
			yield array_reverse( $this->grant_rows->grant_page( $search, 500, $page * 500 ) );
		}
	}

	/**
	 * A user by ID, login or e-mail, or the command stops.
	 *
	 * @param string $who ID, login or e-mail.
	 */
	private static function user( string $who ): \WP_User {
		$user = get_user_by( is_numeric( $who ) ? 'id' : ( is_email( $who ) ? 'email' : 'login' ), $who );
		if ( ! $user ) {
			WP_CLI::error( sprintf( 'No user "%s".', $who ) );
		}
		return $user;
	}

	/**
	 * A whole number of at least 1, or the command stops.
	 *
	 * @param string $value Typed value.
	 * @param string $name  Its name, for the error.
	 */
	private static function whole_number( string $value, string $name ): int {
		if ( ! preg_match( '/^[1-9]\d{0,8}$/', trim( $value ) ) ) {
			WP_CLI::error( sprintf( '%s must be a whole number of at least 1, got "%s".', $name, $value ) );
		}
		return (int) $value;
	}

	/**
	 * Unix seconds of a typed date (site time zone), or the command stops.
	 *
	 * @param string $value Anything strtotime() reads.
	 */
	private static function date( string $value ): int {
		try {
			return ( new \DateTimeImmutable( $value, wp_timezone() ) )->getTimestamp();
		} catch ( \Exception $unreadable ) {
			WP_CLI::error( sprintf( 'Cannot read the date "%s".', $value ) );
		}
	}

	/**
	 * An expiry as text: the date in UTC, or never.
	 *
	 * @param int $expires_at Unix seconds (0: never).
	 */
	private static function when( int $expires_at ): string {
		return 0 === $expires_at ? 'never' : gmdate( 'Y-m-d H:i:s', $expires_at ) . ' UTC';
	}
}
