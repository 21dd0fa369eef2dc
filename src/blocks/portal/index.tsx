/**
 * The portal block in the editor: a placeholder that says what the block is. The portal itself is
 * printed by the server (the shortcode's PHP, docs/rules/library-and-catalogue.md "The portal as a block").
 */

/**
 * WordPress dependencies
 */
import { registerBlockType } from '@wordpress/blocks';
import { useBlockProps } from '@wordpress/block-editor';
import { Placeholder } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import metadata from './block.json';

function Edit() {
	return (
		<div { ...useBlockProps() }>
			<Placeholder
				icon="welcome-learn-more"
				label={ __( 'Library Portal', 'library-portal' ) }
				instructions={ __(
					'The members’ training library appears here for logged-in customers: their dashboard, library, progress, team and notifications. Nothing to set up in the editor.',
					'library-portal'
				) }
			/>
		</div>
	);
}

registerBlockType( metadata.name, {
	edit: Edit,
	save: () => null,
} );
