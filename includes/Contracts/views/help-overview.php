<?php
/**
 * The contracts screen's Help tab "Overview".
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prints the view (it takes no arguments).
 */
return static function (): void {
	?>
<p><?php esc_html_e( 'A contract gives its members a library of its own at /contract/{id}, headed by the organizer\'s card (picture, name, title, phone and e-mail). Members see its items from the start date until the end date (both days included); an item may end earlier. An inactive contract gives its members nothing until it is made active again.', 'library-portal' ); ?></p>
	<?php
};
