<?php
/**
 * The contracts screen's Help tab "CSV import".
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prints the view (it takes no arguments).
 */
return static function (): void {
	?>
<p><?php esc_html_e( 'The file\'s first line is a header naming an "email" column; "first_name" and "last_name" may follow and other columns are ignored. Commas or semicolons separate the values. Each address must belong to an existing account: rows without one are listed with their line number, unless "Create accounts for new addresses" is ticked, which gives each of them an account and WordPress\'s new-user e-mail. An address repeated in the file counts once; accounts already in the contract stay as they are.', 'library-portal' ); ?></p>
	<?php
};
