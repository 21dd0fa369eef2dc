<?php
/**
 * The Help tab of the grant screens.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prints the view (it takes no arguments).
 */
return static function (): void {
	?>
<p><?php esc_html_e( 'A grant gives a user a number of licenses (seats) of one item. The user can use one seat and share the others with their team.', 'library-portal' ); ?></p>
<p><?php esc_html_e( 'Extend expiry moves the end date of the grant and of all its seats later. Take back seats not started removes available seats and seats shared with someone who has not started them (they are told why); started seats stay with who started them. Taking back all of them ends the grant, like a refund.', 'library-portal' ); ?></p>
<p><?php esc_html_e( 'View as user shows a library as its user sees it. Every change is written to the audit trail with who made it and when.', 'library-portal' ); ?></p>
	<?php
};
