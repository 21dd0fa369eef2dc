/**
 * An HTTP proxy in front of the e2e site that plays the platform's outage for progress reports:
 * while `answer` is set, each `POST …/library/v2/video/progress/{id}` gets that answer (a status
 * with a body, as WordPress without its database or a failing proxy sends it, or no reply at all)
 * and everything else goes through to the site. It works at the network level, so it also
 * answers the `fetch` keepalive reports a page sends while it ends, which `page.route` does not
 * see once the page is gone. It listens on 127.0.0.1 and forwards only to the site's own host.
 */
import {
	createServer,
	request as forward,
	type IncomingMessage,
	type Server,
	type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the platform answers a report during the outage. */
export type OutageAnswer =
	| { status: number; headers?: Record< string, string >; body: string }
	| 'no-reply';

const isReport = ( method: string | undefined, path: string ) =>
	method === 'POST' && /\/library\/v2\/video\/progress\/\d+/.test( path );

export class OutageProxy {
	/** Answers the n-th report of the outage; null: the site answers (no outage). */
	answer: ( ( attempt: number ) => OutageAnswer ) | null = null;
	/** Progress of each report the outage answered, in order. */
	readonly refused: number[] = [];
	private server: Server | null = null;

	/**
	 * @param siteHost The site's host and port, e.g. '127.0.0.1:8889'.
	 */
	constructor( private readonly siteHost: string ) {}

	/** Starts listening on a free port; returns the proxy's address for the browser. */
	async start(): Promise< string > {
		const server = createServer( ( request, response ) =>
			this.handle( request, response )
		);
		this.server = server;
		await new Promise< void >( ( resolve ) =>
			server.listen( 0, '127.0.0.1', resolve )
		);
		return `http://127.0.0.1:${ ( server.address() as AddressInfo ).port }`;
	}

	async stop(): Promise< void > {
		const server = this.server;
		this.server = null;
		if ( server ) {
			server.closeAllConnections();
			await new Promise< void >( ( resolve ) =>
				server.close( () => resolve() )
			);
		}
	}

	private handle( request: IncomingMessage, response: ServerResponse ) {
		// A proxy request names the whole address: http://host:port/path.
		const target = new URL(
			request.url ?? '/',
			`http://${ this.siteHost }`
		);
		if ( target.host !== this.siteHost ) {
			response.writeHead( 502 ).end();
			return;
		}
		const answer = this.answer;
		if ( answer && isReport( request.method, target.pathname ) ) {
			const chunks: Buffer[] = [];
			request.on( 'data', ( chunk: Buffer ) => chunks.push( chunk ) );
			request.on( 'end', () => {
				const sent = JSON.parse(
					Buffer.concat( chunks ).toString( 'utf8' ) || '{}'
				) as { progress?: number };
				this.refused.push( sent.progress ?? -1 );
				const reply = answer( this.refused.length - 1 );
				if ( reply === 'no-reply' ) {
					request.socket.destroy();
					return;
				}
				response.writeHead( reply.status, reply.headers ?? {} );
				response.end( reply.body );
			} );
			return;
		}
		const headers = { ...request.headers };
		delete headers[ 'proxy-connection' ];
		const upstream = forward(
			{
				host: target.hostname,
				port: target.port,
				method: request.method,
				path: target.pathname + target.search,
				headers,
			},
			( reply ) => {
				response.writeHead( reply.statusCode ?? 502, reply.headers );
				reply.pipe( response );
			}
		);
		upstream.on( 'error', () => response.destroy() );
		request.pipe( upstream );
	}
}
