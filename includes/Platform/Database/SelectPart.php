<?php
/**
 * One SELECT of a combined read.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Database;

use Closure;

/**
 * A repository's read, given as parts instead of run (CombinedRead): its columns, its
 * `FROM … WHERE` with placeholders and their values, and what makes its rows into a value. A
 * caller that needs several reads at once sends them as one statement; a repository that needs
 * its own runs it alone. Either way the SQL is written once, in its repository.
 */
final class SelectPart {

	/**
	 * Parts of one name are one read (two selects of the seats, say): their rows are mapped
	 * together, by the first part's map.
	 *
	 * @param string                        $name    The read's name: the key of its value in CombinedRead::read().
	 * @param array<string, literal-string> $columns Column name => SQL expression (no placeholders).
	 * @param literal-string                $from    `FROM … WHERE …`, with placeholders.
	 * @param array<int, mixed>             $args    Values of $from's placeholders.
	 * @param Closure                       $map     Rows (column name => value, as $wpdb gives them) => the read's value.
	 * @param bool                          $known   True when the value is already known (map( [] ) gives it) and nothing is read.
	 */
	private function __construct(
		public readonly string $name,
		public readonly array $columns,
		public readonly string $from,
		public readonly array $args,
		private readonly Closure $map,
		public readonly bool $known
	) {}

	/**
	 * A read from the database.
	 *
	 * @param string                        $name    The read's name.
	 * @param array<string, literal-string> $columns Column name => SQL expression.
	 * @param literal-string                $from    `FROM … WHERE …`, with placeholders.
	 * @param array<int, mixed>             $args    Values of $from's placeholders.
	 * @param Closure                       $map     Rows => value.
	 */
	public static function of( string $name, array $columns, string $from, array $args, Closure $map ): self {
		return new self( $name, $columns, $from, $args, $map, false );
	}

	/**
	 * A read already answered (by WordPress's caches, say): no SQL.
	 *
	 * @param string $name  The read's name.
	 * @param mixed  $value Its value.
	 */
	public static function known( string $name, mixed $value ): self {
		return new self( $name, array(), '', array(), static fn(): mixed => $value, true );
	}

	/**
	 * The same read, its value passed through $then.
	 *
	 * @param Closure $then Value => new value.
	 */
	public function then( Closure $then ): self {
		$map = $this->map;
		return new self( $this->name, $this->columns, $this->from, $this->args, static fn( array $rows ): mixed => $then( $map( $rows ) ), $this->known );
	}

	/**
	 * The read's value from its rows.
	 *
	 * @param array<int, array<string, string|null>> $rows Rows by column name.
	 */
	public function map( array $rows ): mixed {
		return ( $this->map )( $rows );
	}
}
