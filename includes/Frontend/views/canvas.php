<?php
/**
 * The clean canvas of the portal's routes: the document with the portal page's content and
 * nothing of the theme's header, menu or footer (PortalCanvas::portal_canvas). wp_head() and
 * wp_footer() still run, so the portal's assets, the theme's fonts and global styles, and
 * plugins that hook there keep working.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;
?>
<!DOCTYPE html>
<html <?php language_attributes(); ?>>
<head>
<meta charset="<?php bloginfo( 'charset' ); ?>">
<meta name="viewport" content="width=device-width, initial-scale=1">
<?php if ( ! current_theme_supports( 'title-tag' ) ) : ?>
<title><?php echo esc_html( wp_get_document_title() ); ?></title>
<?php endif; ?>
<?php wp_head(); ?>
</head>
<body <?php body_class(); ?>>
<?php
wp_body_open();
while ( have_posts() ) {
	the_post();
	the_content();
}
wp_footer();
?>
</body>
</html>
