/**
 * Training Library → Edit library item: the Add part, Add subtitles and Add question buttons.
 * Each table or list of rows is followed by a <template> of one more row, printed by the same
 * PHP as the rows with a placeholder row number (data-row, 0-based; the next number 1-based),
 * and its button. Plain script, loaded on this screen only; without it the one blank row the
 * server prints still adds a row per save.
 */
( function () {
	document
		.querySelectorAll( 'template.library-portal-row-template' )
		.forEach( ( template ) => {
			const rows = template.previousElementSibling;
			const button =
				template.nextElementSibling &&
				template.nextElementSibling.querySelector(
					'button.library-portal-add-row'
				);
			if ( ! rows || ! button ) {
				return;
			}
			const container = rows.tBodies ? rows.tBodies[ 0 ] : rows;
			const index = template.dataset.row || '';
			const number = String( Number( index ) + 1 );
			button.hidden = false;
			button.addEventListener( 'click', () => {
				const count = container.children.length;
				container.insertAdjacentHTML(
					'beforeend',
					template.innerHTML
						.split( index )
						.join( String( count ) )
						.split( number )
						.join( String( count + 1 ) )
				);
				const added = container.lastElementChild;
				const field =
					added &&
					added.querySelector( 'input[type="text"], textarea' );
				if ( field ) {
					field.focus();
				}
			} );
		} );
} )();
