<?php
/**
 * Training Library → Certificates: a form per brand (logo, signature image, signer's name and
 * title, accreditation statement) beside the real PDF with sample data.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over.
 *
 * @param array{notice: array{type?: string, message?: string, fields?: array<string, mixed>}, brands: array<string, string>, current: string, designs: array<string, array{logo: int, signature: int, signer_name: string, signer_title: string, statement: string}>, action: string, preview: string, post_to: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	$notice = $args['notice'];
	?>
<div class="wrap lp-admin" id="lp-admin">
<h1><?php esc_html_e( 'Certificates', 'library-portal' ); ?></h1>
<p><?php esc_html_e( 'What each brand\'s certificates carry besides the learner, the training and the date. The colours are the brand\'s own; credits and course codes are set on each item.', 'library-portal' ); ?></p>
	<?php if ( ! empty( $notice['message'] ) ) : ?>
		<?php $notice_type = 'error' === ( $notice['type'] ?? '' ) ? 'error' : 'success'; ?>
<div class="notice notice-<?php echo esc_attr( $notice_type ); ?>" role="<?php echo 'error' === $notice_type ? 'alert' : 'status'; ?>"><p><?php echo esc_html( (string) $notice['message'] ); ?></p></div>
	<?php endif; ?>
	<?php
	foreach ( $args['brands'] as $brand => $brand_name ) :
		$design = $args['designs'][ $brand ];
		$typed  = (array) ( $notice['fields'][ $brand ] ?? array() );
		$value  = static fn( string $key ): string => (string) ( $typed[ $key ] ?? $design[ $key ] );
		$id     = static fn( string $key ): string => 'lp-certificate-' . $brand . '-' . $key;
		$frame  = 'lp-certificate-preview-' . $brand;
		$shown  = \LibraryPortal\Certificates\CertificateDesignPage::preview_url( $brand );
		?>
<section id="lp-certificate-<?php echo esc_attr( $brand ); ?>" aria-labelledby="lp-certificate-<?php echo esc_attr( $brand ); ?>-heading" style="margin-top:2em">
<h2 id="lp-certificate-<?php echo esc_attr( $brand ); ?>-heading">
		<?php
		/* translators: %s: brand name. */
		echo esc_html( sprintf( __( '%s certificate', 'library-portal' ), $brand_name ) );
		if ( $brand === $args['current'] ) {
			echo ' <span class="description">' . esc_html__( '(this site\'s brand)', 'library-portal' ) . '</span>';
		}
		?>
</h2>
<div style="display:flex;flex-wrap:wrap;gap:2em;align-items:flex-start">
<form method="post" action="<?php echo esc_url( $args['post_to'] ); ?>" enctype="multipart/form-data" style="flex:1 1 24em;max-width:40em">
	<input type="hidden" name="brand" value="<?php echo esc_attr( $brand ); ?>">
		<?php wp_nonce_field( \LibraryPortal\Certificates\CertificateDesignPage::nonce_action( $brand ) ); ?>
	<table class="form-table" role="presentation">
		<?php
		foreach ( array(
			'logo'      => array( __( 'Logo', 'library-portal' ), __( 'Top left of the certificate. PNG or JPEG, at most 1 MB and 3,000 pixels a side.', 'library-portal' ) ),
			'signature' => array( __( 'Signature image', 'library-portal' ), __( 'Above the signer\'s name: a scan on a white or clear background. PNG or JPEG, at most 1 MB and 3,000 pixels a side.', 'library-portal' ) ),
		) as $field => list( $label, $help ) ) :
			$image = (int) $design[ $field ];
			?>
		<tr>
			<th scope="row"><label for="<?php echo esc_attr( $id( $field ) ); ?>"><?php echo esc_html( $label ); ?></label></th>
			<td>
				<?php if ( $image > 0 && wp_attachment_is_image( $image ) ) : ?>
					<?php
					/* translators: %s: field label, e.g. "Logo". */
					echo wp_get_attachment_image( $image, 'medium', false, array( 'alt' => sprintf( __( 'The %s now', 'library-portal' ), mb_strtolower( $label ) ), 'style' => 'display:block;max-height:64px;width:auto;margin-bottom:.5em' ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one image's attributes.
					?>
				<label style="display:block;margin-bottom:.5em"><input type="checkbox" name="remove_<?php echo esc_attr( $field ); ?>" value="1"> <?php esc_html_e( 'Remove it', 'library-portal' ); ?></label>
				<?php endif; ?>
				<input type="file" id="<?php echo esc_attr( $id( $field ) ); ?>" name="<?php echo esc_attr( $field ); ?>" accept="image/png,image/jpeg" aria-describedby="<?php echo esc_attr( $id( $field ) . '-help' ); ?>">
				<p class="description" id="<?php echo esc_attr( $id( $field ) . '-help' ); ?>"><?php echo esc_html( $help ); ?></p>
			</td>
		</tr>
		<?php endforeach; ?>
		<tr>
			<th scope="row"><label for="<?php echo esc_attr( $id( 'signer_name' ) ); ?>"><?php esc_html_e( 'Signer name', 'library-portal' ); ?></label></th>
			<td><input type="text" class="regular-text" id="<?php echo esc_attr( $id( 'signer_name' ) ); ?>" name="signer_name" maxlength="<?php echo esc_attr( (string) \LibraryPortal\Certificates\CertificateDesign::MAX_SIGNER ); ?>" value="<?php echo esc_attr( $value( 'signer_name' ) ); ?>" autocomplete="off"></td>
		</tr>
		<tr>
			<th scope="row"><label for="<?php echo esc_attr( $id( 'signer_title' ) ); ?>"><?php esc_html_e( 'Signer title', 'library-portal' ); ?></label></th>
			<td><input type="text" class="regular-text" id="<?php echo esc_attr( $id( 'signer_title' ) ); ?>" name="signer_title" maxlength="<?php echo esc_attr( (string) \LibraryPortal\Certificates\CertificateDesign::MAX_SIGNER ); ?>" value="<?php echo esc_attr( $value( 'signer_title' ) ); ?>" autocomplete="off"></td>
		</tr>
		<tr>
			<th scope="row"><label for="<?php echo esc_attr( $id( 'statement' ) ); ?>"><?php esc_html_e( 'Accreditation statement', 'library-portal' ); ?></label></th>
			<td>
				<textarea class="large-text" rows="3" id="<?php echo esc_attr( $id( 'statement' ) ); ?>" name="statement" maxlength="<?php echo esc_attr( (string) \LibraryPortal\Certificates\CertificateDesign::MAX_STATEMENT ); ?>" aria-describedby="<?php echo esc_attr( $id( 'statement' ) . '-help' ); ?>"><?php echo esc_textarea( $value( 'statement' ) ); ?></textarea>
				<p class="description" id="<?php echo esc_attr( $id( 'statement' ) . '-help' ); ?>"><?php esc_html_e( 'The words your accreditor asks for, printed small under the credits, e.g. "This activity is approved for 3.0 contact hours by …".', 'library-portal' ); ?></p>
			</td>
		</tr>
	</table>
	<p class="submit">
		<?php // Each button names its own admin-post action (Enter in a field presses the first: Save). ?>
		<button type="submit" class="button button-primary" name="action" value="<?php echo esc_attr( $args['action'] ); ?>"><?php esc_html_e( 'Save certificate', 'library-portal' ); ?></button>
		<button type="submit" class="button" name="action" value="<?php echo esc_attr( $args['preview'] ); ?>" formtarget="<?php echo esc_attr( $frame ); ?>" formenctype="application/x-www-form-urlencoded"><?php esc_html_e( 'Preview what is typed', 'library-portal' ); ?></button>
	</p>
</form>
<div style="flex:1 1 28em;min-width:0;max-width:48em">
<iframe name="<?php echo esc_attr( $frame ); ?>" id="<?php echo esc_attr( $frame ); ?>" src="<?php echo esc_url( $shown ); ?>" title="<?php /* translators: %s: brand name. */ echo esc_attr( sprintf( __( '%s certificate preview (PDF with sample data)', 'library-portal' ), $brand_name ) ); ?>" style="display:block;width:100%;aspect-ratio:297/210;border:1px solid #c3c4c7;background:#fff" loading="lazy"></iframe>
<p><a href="<?php echo esc_url( $shown ); ?>" target="_blank" rel="noopener">
		<?php
		/* translators: %s: brand name. */
		echo esc_html( sprintf( __( 'Open the %s preview (PDF) in a new tab', 'library-portal' ), $brand_name ) );
		?>
</a></p>
</div>
</div>
</section>
	<?php endforeach; ?>
</div>
	<?php
};
