/**
 * The site owner's REST API from outside (docs/admin-api.md): a real client, `curl`, holding an
 * admin's Application Password, gives a new customer two licenses of a demo item; the customer
 * logs in and finds the item in their library with its two licenses. Without the password, or
 * with a customer's, the same call is refused and nothing is given.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { libraryItems, logIn, wpPhp } from './support';

const ITEM_TITLE = 'Trauma-Informed Care';
const PASSWORD = 'api-customer-password-1';

interface Reply {
	status: number;
	body: Record< string, unknown >;
}

/**
 * POSTs JSON with curl, as an outside tool would; returns the status and the decoded body.
 *
 * @param url  Address.
 * @param body JSON body.
 * @param auth `login:password` for HTTP Basic (an Application Password), or null for none.
 */
function curlPost(
	url: string,
	body: Record< string, unknown >,
	auth: string | null
): Reply {
	const out = execFileSync(
		'curl',
		[
			'--silent',
			'--show-error',
			'--max-time',
			'60',
			'--write-out',
			'\n%{http_code}',
			'--header',
			'Content-Type: application/json',
			'--data',
			JSON.stringify( body ),
			...( auth ? [ '--user', auth ] : [] ),
			url,
		],
		{ encoding: 'utf8' }
	);
	const at = out.lastIndexOf( '\n' );
	return {
		status: Number( out.slice( at + 1 ) ),
		body: JSON.parse( out.slice( 0, at ) ) as Record< string, unknown >,
	};
}

/**
 * A new Application Password of a user, made as WordPress makes one (its Profile screen).
 *
 * @param login User login.
 */
function applicationPassword( login: string ): string {
	return wpPhp( `
		$user = get_user_by( 'login', '${ login }' );
		$made = WP_Application_Passwords::create_new_application_password( $user->ID, array( 'name' => 'e2e curl ' . wp_generate_password( 6, false ) ) );
		echo is_wp_error( $made ) ? 'ERROR ' . $made->get_error_message() : $made[0];
	` ).trim();
}

test( 'curl with an Application Password gives a customer licenses they then see in their library; no password or a customer’s is refused', async ( {
	page,
	baseURL,
} ) => {
	const login = `api-customer-${ Date.now() }`;
	const ids = wpPhp( `
		$user = wp_insert_user( array( 'user_login' => '${ login }', 'user_pass' => '${ PASSWORD }', 'user_email' => '${ login }@example.test', 'role' => 'subscriber' ) );
		$item = get_posts( array( 'post_type' => 'library_item', 'title' => '${ ITEM_TITLE }', 'fields' => 'ids', 'numberposts' => 1 ) )[0];
		echo $user, ' ', $item;
	` )
		.trim()
		.split( ' ' )
		.map( Number );
	const [ user, item ] = ids;
	const grants = `${ baseURL }/wp-json/library-admin/v1/grants`;
	const body = { owner: login, product: item, quantity: 2 };

	const adminPassword = applicationPassword( 'admin' );
	expect( adminPassword ).toMatch( /^[A-Za-z0-9]{24}$/ );
	const customerPassword = applicationPassword( login );

	const anonymous = curlPost( grants, body, null );
	expect( anonymous.status ).toBe( 401 );
	const customer = curlPost(
		grants,
		body,
		`${ login }:${ customerPassword }`
	);
	expect( customer.status ).toBe( 403 );
	expect( customer.body.code ).toBe( 'rest_forbidden' );
	const wrong = curlPost( grants, body, 'admin:aaaabbbbccccddddeeeeffff' );
	expect( wrong.status ).toBe( 401 );

	const given = curlPost( grants, body, `admin:${ adminPassword }` );
	expect( given.status, JSON.stringify( given.body ) ).toBe( 201 );
	expect( given.body ).toMatchObject( {
		owner: { id: user },
		product: { id: item, title: ITEM_TITLE },
		quantity: 2,
		source: 'api',
		state: 'active',
		seats: { available: 2, assigned: 0, activated: 0 },
	} );

	await logIn( page, login, PASSWORD, '/my-account/library/videos' );
	const rows = await libraryItems< {
		product_id: number;
		title: string;
		total_licenses: number;
	} >( page );
	expect(
		rows
			.filter( ( row ) => row.product_id === item )
			.map( ( row ) => [ row.title, row.total_licenses ] )
	).toEqual( [ [ ITEM_TITLE, 2 ] ] );
	await expect(
		page.getByRole( 'heading', { name: ITEM_TITLE } )
	).toBeVisible();
} );
