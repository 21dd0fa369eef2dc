<?php
/**
 * A REST reply whose body is already encoded.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Rest;

use WP_REST_Response;
use WP_REST_Server;

/**
 * Carries a JSON body that was encoded earlier (the library and team caches), so the server can
 * send it as it is instead of decoding and encoding a large reply again. A body kept gzip-compressed
 * goes out compressed to a client that accepts it
 * (docs/rules/platform.md, "Kept replies go out compressed"). Anything that asks for the data (in-process requests, `_fields`, `_envelope`,
 * `_embed`, filters) gets it decoded.
 */
final class RawJsonResponse extends WP_REST_Response {

	/** Output handlers that compress what PHP prints (zlib.output_compression shows as the second): a compressed body would be compressed twice. */
	private const COMPRESSING_HANDLERS = array( 'ob_gzhandler', 'zlib output compression' );

	/**
	 * The encoded body ('' until it is needed when only the compressed one is kept).
	 *
	 * @var string
	 */
	private string $json;

	/**
	 * The body gzip-compressed, when it was kept that way ('' otherwise).
	 *
	 * @var string
	 */
	private string $gzip = '';

	/**
	 * Whether $this->data holds the decoded body yet.
	 *
	 * @var bool
	 */
	private bool $decoded = false;

	/**
	 * Creates the reply.
	 *
	 * @param string $json Encoded body.
	 */
	public function __construct( string $json ) {
		parent::__construct( null, 200 ); // Calls set_data( null ): the state is set after it.
		$this->json    = $json;
		$this->decoded = false;
	}

	/**
	 * A reply from a body kept gzip-compressed (Rest\ReplyBody::compress()).
	 *
	 * @param string $gzip The compressed body.
	 */
	public static function compressed( string $gzip ): self {
		$response       = new self( '' );
		$response->gzip = $gzip;
		return $response;
	}

	/**
	 * The decoded body.
	 *
	 * @return mixed
	 */
	public function get_data() {
		if ( ! $this->decoded ) {
			$this->data    = json_decode( $this->encoded(), true );
			$this->decoded = true;
		}
		return $this->data;
	}

	/**
	 * Replaces the body (a filter changed it): from now on it is sent encoded as usual.
	 *
	 * @param mixed $data Body.
	 * @return void
	 */
	public function set_data( $data ) {
		$this->data    = $data;
		$this->decoded = true;
		$this->json    = '';
		$this->gzip    = '';
	}

	/**
	 * The body as the server sends it (empty objects stay objects, which the decoded array of
	 * get_data() cannot tell from empty lists).
	 */
	public function encoded(): string {
		if ( '' === $this->json && '' !== $this->gzip ) {
			$this->json = ReplyBody::expand( $this->gzip );
		}
		return '' !== $this->json ? $this->json : (string) wp_json_encode( $this->get_data() );
	}

	/**
	 * Hook: sends the stored JSON when nothing asked to change or reshape it, compressed when it
	 * was kept compressed and the client accepts gzip.
	 *
	 * @param bool             $served  Whether the request was already served.
	 * @param mixed            $result  Reply.
	 * @param \WP_REST_Request $request Request.
	 * @param WP_REST_Server   $server  Server.
	 */
	public static function serve( $served, $result, $request, $server ): bool {
		if ( $served || ! $result instanceof self || ( '' === $result->json && '' === $result->gzip ) ) {
			return (bool) $served;
		}
		foreach ( array( '_fields', '_embed', '_envelope', '_jsonp', '_pretty' ) as $reshaping ) {
			if ( isset( $request[ $reshaping ] ) ) {
				return false;
			}
		}
		if ( '' !== $result->gzip ) {
			// The body depends on Accept-Encoding from now on, whichever way it goes out.
			$server->send_header( 'Vary', 'Accept-Encoding' );
		}
		$compressed = '' !== $result->gzip && self::accepts_gzip( (string) $request->get_header( 'accept_encoding' ) ) && self::can_send_compressed();
		if ( $compressed ) {
			$server->send_header( 'Content-Encoding', 'gzip' );
		}
		if ( 'HEAD' !== $request->get_method() ) {
			// WP_REST_Server already sent its Content-Type: application/json header.
			RawBody::send( $compressed ? $result->gzip : $result->encoded(), 'application/json' );
		}
		return true;
	}

	/**
	 * Whether an Accept-Encoding header allows gzip (RFC 9110 12.5.3: `gzip`, `x-gzip` or `*`,
	 * unless its weight is 0).
	 *
	 * @param string $accept_encoding The header's value.
	 */
	public static function accepts_gzip( string $accept_encoding ): bool {
		$weights = array();
		foreach ( explode( ',', strtolower( $accept_encoding ) ) as $part ) {
			$pieces = array_map( 'trim', explode( ';', $part ) );
			$coding = array_shift( $pieces );
			$weight = 1.0;
			foreach ( $pieces as $parameter ) {
				if ( str_starts_with( $parameter, 'q=' ) ) {
					$weight = (float) substr( $parameter, 2 );
				}
			}
			if ( '' !== $coding ) {
				$weights[ $coding ] = $weight;
			}
		}
		foreach ( array( 'gzip', 'x-gzip' ) as $coding ) {
			if ( isset( $weights[ $coding ] ) ) {
				return $weights[ $coding ] > 0;
			}
		}
		return isset( $weights['*'] ) && $weights['*'] > 0;
	}

	/**
	 * Whether PHP may print compressed bytes as they are: not when it compresses its own output
	 * (zlib.output_compression, ob_gzhandler) or when the headers have gone already.
	 */
	private static function can_send_compressed(): bool {
		return ! headers_sent() && ! array_intersect( ob_list_handlers(), self::COMPRESSING_HANDLERS );
	}
}
