<?php
/**
 * Base of the repositories.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Database;

use LibraryPortal\Platform\Database\CombinedRead;
use LibraryPortal\Platform\Database\SelectPart;
use LibraryPortal\Platform\Database\WriteFailed;
use wpdb;

/**
 * Gives a repository its connection and table names.
 *
 * All SQL of the plugin lives in the subclasses, and every statement goes through
 * $wpdb->prepare() with %i for table names.
 */
abstract class Repository {

	/**
	 * Action fired with the IDs of the users whose library a write changed.
	 */
	public const LIBRARY_CHANGED = 'library_portal_library_changed';

	/**
	 * LIBRARY_CHANGED's second argument when the change is only progress raised (or a part's
	 * first row): the library cache checks a user's own reply against the progress itself, so
	 * only the teams that show the user need telling (Library\LibraryCache).
	 */
	public const PROGRESS_ONLY = 'progress';

	/**
	 * Database connection.
	 *
	 * @var wpdb
	 */
	protected wpdb $db;

	/**
	 * Table names.
	 *
	 * @var Schema
	 */
	protected Schema $schema;

	/**
	 * Creates the repository for a connection.
	 *
	 * @param wpdb $db Database connection.
	 */
	public function __construct( wpdb $db ) {
		$this->db     = $db;
		$this->schema = new Schema( $db );
	}

	/**
	 * Full name of a table.
	 *
	 * @param string $name Short name from Schema::TABLES.
	 */
	protected function table( string $name ): string {
		return $this->schema->table( $name );
	}

	/**
	 * IDs as distinct integers, in order: the values of an IN list.
	 *
	 * @param array<int, int|string> $ids IDs.
	 * @return int[]
	 */
	protected static function ids( array $ids ): array {
		return array_values( array_unique( array_map( 'intval', $ids ) ) );
	}

	/**
	 * The placeholders of an IN list for these values: '%d, %d, …'.
	 *
	 * @param array<int, mixed> $values      Values.
	 * @param literal-string    $placeholder Placeholder of one value.
	 * @return literal-string
	 */
	protected static function placeholders( array $values, string $placeholder = '%d' ): string {
		return implode( ', ', array_fill( 0, count( $values ), $placeholder ) );
	}

	/**
	 * A read given as parts (SelectPart), run alone: the value of its first part's name.
	 *
	 * @param SelectPart ...$parts Parts of one read.
	 */
	protected function read( SelectPart ...$parts ): mixed {
		return ( new CombinedRead( $this->db ) )->read( ...$parts )[ $parts[0]->name ];
	}

	/**
	 * Checks a statement's result: $wpdb answers false when the database refused it.
	 *
	 * @param int|bool $result What $wpdb->query(), insert() or update() returned.
	 * @param string   $what   The write, for the log.
	 * @return int Rows affected (or true as 1).
	 * @throws WriteFailed When the statement failed.
	 */
	protected function must( $result, string $what ): int {
		if ( false === $result ) {
			throw new WriteFailed( esc_html( "Library Portal could not $what: " . $this->db->last_error ) );
		}
		return (int) $result;
	}

	/**
	 * Announces that the libraries of some users changed (the library cache listens).
	 *
	 * @param int ...$user_ids Users.
	 */
	protected function changed( int ...$user_ids ): void {
		self::announce_changed( $user_ids );
	}

	/**
	 * Announces that a user's progress rose (or a part got its first row), and nothing else of
	 * their library changed.
	 *
	 * @param int $user_id User.
	 */
	protected function progressed( int $user_id ): void {
		self::announce_changed( array( $user_id ), self::PROGRESS_ONLY );
	}

	/**
	 * Fires LIBRARY_CHANGED for these users: the one place that does, with the hook's name written
	 * out so a reader (and the prefix sniff) sees it.
	 *
	 * @param int[]  $user_ids Users.
	 * @param string $change   What changed: '' (anything) or PROGRESS_ONLY.
	 */
	public static function announce_changed( array $user_ids, string $change = '' ): void {
		do_action( 'library_portal_library_changed', $user_ids, $change );
	}
}
