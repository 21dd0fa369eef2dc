/**
 * A certificate's two links: the PDF download and the public verify page (in a new tab, said to
 * assistive technology). Shown on the item's completed state and after a passed test.
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { Certificate } from '../../types/library';

export function CertificateLinks( {
	certificate,
	className,
	testId,
}: {
	certificate: Certificate;
	className: string;
	testId?: string;
} ) {
	return (
		<p className={ className } data-testid={ testId }>
			<a className="lp-button" href={ certificate.download_url }>
				{ __( 'Download certificate', 'library-portal' ) }
			</a>{ ' ' }
			<a
				href={ certificate.verify_url }
				target="_blank"
				rel="noopener noreferrer"
			>
				{ __( 'Verify certificate', 'library-portal' ) }
				<span className="lp-visually-hidden">
					{ ' ' }
					{ __( '(opens in a new tab)', 'library-portal' ) }
				</span>
			</a>
		</p>
	);
}
