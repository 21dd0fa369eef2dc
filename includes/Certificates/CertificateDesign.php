<?php
/**
 * The certificate's design per brand.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Certificates;

use InvalidArgumentException;
use LibraryPortal\Core\Site\BrandPalette;

/**
 * What a brand's certificates carry besides the learner, the training and the date: the brand's
 * logo, a signature image with the signer's name and title, and the accreditation statement.
 * Kept per brand in one option (`library_portal_certificate_design`), so a site that switches
 * brand prints that brand's design; the colours are the brand's own (BrandPalette). Images are
 * attachments of this site's media library, checked when they are uploaded (upload()).
 */
final class CertificateDesign {

	public const OPTION = 'library_portal_certificate_design';

	/** Longest signer name and title: one line each under the signature. */
	public const MAX_SIGNER = 80;

	/** Longest statement: two lines at the bottom of the certificate. */
	public const MAX_STATEMENT = 300;

	/** Largest image accepted, in bytes. */
	public const MAX_IMAGE_BYTES = 1048576;

	/** Largest side of an image accepted, in pixels. */
	public const MAX_IMAGE_SIDE = 3000;

	/** The image types TCPDF draws without help: PNG and JPEG. */
	public const IMAGE_TYPES = array(
		'png'      => 'image/png',
		'jpg|jpeg' => 'image/jpeg',
	);

	/**
	 * A brand's design, as stored: logo and signature attachment IDs (0: none), texts ('' : none).
	 *
	 * @param string $brand Brand key.
	 * @return array{logo: int, signature: int, signer_name: string, signer_title: string, statement: string}
	 */
	public static function of( string $brand ): array {
		$all  = get_option( self::OPTION, array() );
		$mine = is_array( $all ) && is_array( $all[ $brand ] ?? null ) ? $all[ $brand ] : array();
		return array(
			'logo'         => absint( $mine['logo'] ?? 0 ),
			'signature'    => absint( $mine['signature'] ?? 0 ),
			'signer_name'  => (string) ( $mine['signer_name'] ?? '' ),
			'signer_title' => (string) ( $mine['signer_title'] ?? '' ),
			'statement'    => (string) ( $mine['statement'] ?? '' ),
		);
	}

	/**
	 * A brand's design for one item's certificates: the item's own statement, when it has one,
	 * in place of the brand's (the item's edit screen).
	 *
	 * @param string $brand      Brand key.
	 * @param int    $product_id Item.
	 * @return array{logo: int, signature: int, signer_name: string, signer_title: string, statement: string}
	 */
	public static function for_item( string $brand, int $product_id ): array {
		$design = self::of( $brand );
		$own    = (string) get_post_meta( $product_id, '_lp_statement', true );
		if ( '' !== $own ) {
			$design['statement'] = $own;
		}
		return $design;
	}

	/**
	 * What the PDF draws for a brand (CertificatePdf::render()): the image files, the texts and
	 * the brand's colours.
	 *
	 * @param string                                                                                        $brand  Brand key.
	 * @param array{logo: int, signature: int, signer_name: string, signer_title: string, statement: string} $design The design (of(), or a form's texts over it for a preview).
	 * @return array{logo: string, signature: string, signer_name: string, signer_title: string, statement: string, heading: string, accent: string}
	 */
	public static function printable( string $brand, array $design ): array {
		$palette = BrandPalette::of( $brand );
		return array(
			'logo'         => self::image_file( $design['logo'] ),
			'signature'    => self::image_file( $design['signature'] ),
			'signer_name'  => $design['signer_name'],
			'signer_title' => $design['signer_title'],
			'statement'    => $design['statement'],
			'heading'      => $palette['heading'],
			'accent'       => $palette['accent'],
		);
	}

	/**
	 * The texts of a form, checked: plain text within their lengths.
	 *
	 * @param array<string, mixed> $form Typed fields (signer_name, signer_title, statement).
	 * @return array{signer_name: string, signer_title: string, statement: string}
	 * @throws InvalidArgumentException When one is refused (its message names the field).
	 */
	public static function texts( array $form ): array {
		$text   = static fn( string $key ): string => trim( (string) preg_replace( '/\s+/u', ' ', is_scalar( $form[ $key ] ?? null ) ? (string) $form[ $key ] : '' ) );
		$texts  = array(
			'signer_name'  => $text( 'signer_name' ),
			'signer_title' => $text( 'signer_title' ),
			'statement'    => $text( 'statement' ),
		);
		$limits = array(
			'signer_name'  => array( self::MAX_SIGNER, __( 'Signer name', 'library-portal' ) ),
			'signer_title' => array( self::MAX_SIGNER, __( 'Signer title', 'library-portal' ) ),
			'statement'    => array( self::MAX_STATEMENT, __( 'Accreditation statement', 'library-portal' ) ),
		);
		foreach ( $limits as $key => list( $max, $label ) ) {
			if ( mb_strlen( $texts[ $key ] ) > $max ) {
				/* translators: 1: field label, 2: maximum number of characters. */
				throw new InvalidArgumentException( esc_html( sprintf( __( '%1$s: at most %2$d characters.', 'library-portal' ), $label, $max ) ) );
			}
			if ( 1 === preg_match( '/[<>]/', $texts[ $key ] ) ) {
				/* translators: %s: field label. */
				throw new InvalidArgumentException( esc_html( sprintf( __( '%s: plain text only, without < or >.', 'library-portal' ), $label ) ) );
			}
		}
		return $texts;
	}

	/**
	 * Stores a brand's design.
	 *
	 * @param string                                                                                        $brand  Brand key.
	 * @param array{logo: int, signature: int, signer_name: string, signer_title: string, statement: string} $design The design.
	 */
	public static function save( string $brand, array $design ): void {
		$all           = get_option( self::OPTION, array() );
		$all           = is_array( $all ) ? $all : array();
		$all[ $brand ] = $design;
		update_option( self::OPTION, $all, false );
	}

	/**
	 * Checks an uploaded image before it goes into the media library: no upload error, at most
	 * MAX_IMAGE_BYTES, a PNG or JPEG by its content and its name, at most MAX_IMAGE_SIDE pixels a side.
	 *
	 * @param array{name: string, tmp_name: string, size: int, error: int} $file  One entry of $_FILES.
	 * @param string                                                       $label The field's label, for the message.
	 * @throws InvalidArgumentException When it is refused (the message says why).
	 */
	public static function check_image( array $file, string $label ): void {
		if ( UPLOAD_ERR_OK !== $file['error'] || ! is_file( $file['tmp_name'] ) ) {
			/* translators: %s: field label. */
			throw new InvalidArgumentException( esc_html( sprintf( __( '%s: the file did not arrive. Please choose it again.', 'library-portal' ), $label ) ) );
		}
		if ( $file['size'] > self::MAX_IMAGE_BYTES || filesize( $file['tmp_name'] ) > self::MAX_IMAGE_BYTES ) {
			/* translators: %s: field label. */
			throw new InvalidArgumentException( esc_html( sprintf( __( '%s: the image is larger than 1 MB.', 'library-portal' ), $label ) ) );
		}
		$type = wp_check_filetype_and_ext( $file['tmp_name'], $file['name'], self::IMAGE_TYPES );
		$size = in_array( $type['type'], self::IMAGE_TYPES, true ) ? wp_getimagesize( $file['tmp_name'] ) : false;
		if ( ! is_array( $size ) || ! in_array( $size['mime'], self::IMAGE_TYPES, true ) ) {
			/* translators: %s: field label. */
			throw new InvalidArgumentException( esc_html( sprintf( __( '%s: choose a PNG or JPEG image.', 'library-portal' ), $label ) ) );
		}
		if ( $size[0] > self::MAX_IMAGE_SIDE || $size[1] > self::MAX_IMAGE_SIDE ) {
			/* translators: 1: field label, 2: largest side in pixels. */
			throw new InvalidArgumentException( esc_html( sprintf( __( '%1$s: at most %2$d pixels wide and high.', 'library-portal' ), $label, self::MAX_IMAGE_SIDE ) ) );
		}
	}

	/**
	 * The file of an image attachment the PDF may draw ('' for none, or one that is not a PNG or
	 * JPEG of this site's uploads any more).
	 *
	 * @param int $attachment_id Attachment.
	 */
	public static function image_file( int $attachment_id ): string {
		$file = $attachment_id > 0 ? get_attached_file( $attachment_id ) : false;
		return is_string( $file ) && is_readable( $file ) && in_array( get_post_mime_type( $attachment_id ), self::IMAGE_TYPES, true ) ? $file : '';
	}
}
