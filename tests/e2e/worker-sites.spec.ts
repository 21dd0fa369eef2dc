/**
 * The harness itself: each Playwright worker tests a site of its own (support/worker-site.ts,
 * bin/e2e-sites). What a test writes through wpPhp must be what the browser of the same worker sees,
 * and never what another worker's site holds, or tests running side by side would meet each other's data.
 */
import { expect, test } from '@playwright/test';
import { credentials, E2E_SITE, wpPhp } from './support';
import { portOfSlot, workerSlot } from './support/worker-site';

test( 'a worker writes and reads its own site, at its own port', async ( {
	request,
	baseURL,
} ) => {
	expect( new URL( baseURL ?? '' ).port ).toBe(
		String( portOfSlot( workerSlot() ) )
	);
	const marker = `worker ${ E2E_SITE } ${ Date.now() }`;
	const before = wpPhp( "echo get_option( 'blogdescription' );" );
	wpPhp(
		`update_option( 'blogdescription', ${ JSON.stringify( marker ) } );`
	);
	try {
		const index = await request.get( '/wp-json/' );
		expect( index.ok() ).toBe( true );
		expect(
			( ( await index.json() ) as { description: string } ).description
		).toBe( marker );
	} finally {
		wpPhp(
			`update_option( 'blogdescription', ${ JSON.stringify( before ) } );`
		);
	}
	// The logins this worker's tests use are the ones its own site's seeder wrote (each install
	// makes new passwords, so another site's file would not let them in).
	const { login, password } = credentials( 'demo-owner' );
	expect(
		wpPhp(
			`echo is_wp_error( wp_authenticate( ${ JSON.stringify( login ) }, ${ JSON.stringify( password ) } ) ) ? 'refused' : 'accepted';`
		)
	).toBe( 'accepted' );
} );
