/**
 * Library → Contracts: the media library picker for the organizer picture, and the member
 * import's batches with their progress bar. Plain script, loaded on that screen only; the
 * screen works without it (the picture takes an ID or address, the import has a Continue
 * button), so this only makes both quicker.
 */
( function () {
	/**
	 * Opens the media library for an input and puts the chosen image's ID in it.
	 *
	 * @param {HTMLButtonElement} button The picker's button (data-library-portal-media = input ID).
	 */
	function mediaPicker( button ) {
		const input = document.getElementById(
			button.dataset.libraryPortalMedia || ''
		);
		const media = window.wp && window.wp.media;
		if ( ! input || ! media ) {
			return;
		}
		let frame = null;
		button.hidden = false;
		button.addEventListener( 'click', () => {
			if ( ! frame ) {
				frame = media( {
					title: button.dataset.title,
					button: { text: button.dataset.button },
					library: { type: 'image' },
					multiple: false,
				} );
				frame.on( 'select', () => {
					const chosen = frame.state().get( 'selection' ).first();
					if ( chosen ) {
						input.value = String( chosen.get( 'id' ) );
						input.focus();
					}
				} );
			}
			frame.open();
		} );
	}

	/**
	 * Runs an import's batches one after another, moving the progress bar, then reloads the
	 * page, which shows the report.
	 *
	 * @param {HTMLElement} box The import's container (data-library-portal-import).
	 */
	async function runImport( box ) {
		const progress = box.querySelector( 'progress' );
		const status = box.querySelector( '[role="status"]' );
		if ( ! progress || ! status || box.hasAttribute( 'data-done' ) ) {
			return;
		}
		const fallback = box.querySelector( '[data-library-portal-continue]' );
		if ( fallback ) {
			fallback.hidden = true;
		}
		const text = ( processed, total ) =>
			( box.dataset.progressText || '' )
				.replace( '%1$s', processed.toLocaleString() )
				.replace( '%2$s', total.toLocaleString() );
		for (;;) {
			const body = new FormData();
			body.append( 'action', 'library_portal_contract_import_batch' );
			body.append( '_ajax_nonce', box.dataset.nonce || '' );
			body.append( 'token', box.dataset.token || '' );
			body.append( 'contract', box.dataset.contract || '' );
			let reply;
			try {
				const response = await fetch( box.dataset.ajax || '', {
					method: 'POST',
					credentials: 'same-origin',
					body,
				} );
				reply = await response.json();
			} catch ( error ) {
				reply = { success: false, data: { message: String( error ) } };
			}
			if ( ! reply || ! reply.success ) {
				status.textContent = `${ box.dataset.errorText } ${
					( reply && reply.data && reply.data.message ) || ''
				}`;
				if ( fallback ) {
					fallback.hidden = false;
				}
				return;
			}
			const { processed, total, done } = reply.data;
			progress.max = Math.max( 1, total );
			progress.value = total ? processed : 1;
			status.textContent = text( processed, total );
			if ( done ) {
				window.location.reload();
				return;
			}
		}
	}

	document
		.querySelectorAll( '[data-library-portal-media]' )
		.forEach( mediaPicker );
	document
		.querySelectorAll( '[data-library-portal-import]' )
		.forEach( runImport );
} )();
