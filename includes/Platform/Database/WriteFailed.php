<?php
/**
 * A database write that did not happen.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Database;

use RuntimeException;

/**
 * Thrown by a repository when $wpdb reports a failed statement, so a refused write is never
 * mistaken for a lost race (false) or a success. Nothing is announced for it, so no cache is
 * cleared for a change that did not happen. Uncaught, it ends the request with WordPress's 500.
 */
final class WriteFailed extends RuntimeException {
}
