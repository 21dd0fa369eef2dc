<?php
/**
 * Column widths of the grants list and the audit trail: they are fixed-layout, so numbers get
 * narrow columns and the user, the item and the details get the room.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prints the view (it takes no arguments).
 */
return static function (): void {
	?>
<style>#lp-admin .column-owner{width:16%}#lp-admin .column-item{width:14%}#lp-admin .column-details{width:20%}#lp-admin .column-action{width:11%}#lp-admin :is(.column-actor,.column-holder){width:13%}#lp-admin :is(.column-expires,.column-created,.column-created_at){width:10%}#lp-admin .column-source{width:8%}#lp-admin :is(.column-quantity,.column-available,.column-assigned,.column-activated){width:8%}#lp-admin :is(.column-tag,.column-grant,.column-seat){width:6%}</style>
	<?php
};
