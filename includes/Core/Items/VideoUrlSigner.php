<?php
/**
 * Signs a playlist address per learner with an expiry.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Items;

use LibraryPortal\Core\Settings;

/**
 * The built-in signers of Settings → Library Portal → "Video addresses": none (the stored address, as
 * before), nginx `secure_link`, Bunny CDN token authentication and Amazon CloudFront signed URLs
 * (canned policy). docs/rules/learning-and-progress.md "Signed video addresses" says which to choose and how to set up
 * the server or CDN. An address that cannot be signed (a secret missing or a key that no longer
 * loads) is handed out as '' rather than unsigned: the media stays closed.
 */
final class VideoUrlSigner {

	public const NONE       = 'none';
	public const NGINX      = 'nginx';
	public const BUNNY      = 'bunny';
	public const CLOUDFRONT = 'cloudfront';

	public const METHODS = array( self::NONE, self::NGINX, self::BUNNY, self::CLOUDFRONT );

	/**
	 * Path prefix under which nginx answers signed addresses (the nginx side rewrites it away).
	 */
	public const NGINX_PREFIX = '/protected';

	/**
	 * How long a signed address works by default: a long session of watching (minutes).
	 */
	public const DEFAULT_MINUTES = 240;

	public const MIN_MINUTES = 5;

	public const MAX_MINUTES = 1440;

	/**
	 * Query parameter naming the learner in Bunny and CloudFront addresses (inside the signature).
	 */
	public const LEARNER_PARAM = 'lp_learner';

	/**
	 * One of self::METHODS.
	 *
	 * @var string
	 */
	private string $method;

	/**
	 * Seconds an address works.
	 *
	 * @var int
	 */
	private int $lifetime;

	/**
	 * The chosen method's secrets: secret, key, key_pair_id, private_key.
	 *
	 * @var array<string, string>
	 */
	private array $secrets;

	/**
	 * A signer.
	 *
	 * @param string                $method   One of self::METHODS.
	 * @param int                   $lifetime Seconds an address works.
	 * @param array<string, string> $secrets  secret (nginx), key (Bunny), key_pair_id and private_key (CloudFront).
	 */
	public function __construct( string $method, int $lifetime, array $secrets ) {
		$this->method   = in_array( $method, self::METHODS, true ) ? $method : self::NONE;
		$this->lifetime = max( 60, $lifetime );
		$this->secrets  = $secrets;
	}

	/**
	 * The signer the site's settings choose.
	 *
	 * @param Settings $settings Settings.
	 */
	public static function from_settings( Settings $settings ): self {
		$values = $settings->all();
		return new self(
			(string) $values['video_signing'],
			60 * (int) $values['video_link_minutes'],
			array(
				'secret'      => (string) $values['nginx_link_secret'],
				'key'         => (string) $values['bunny_token_key'],
				'key_pair_id' => (string) $values['cloudfront_key_id'],
				'private_key' => (string) $values['cloudfront_pem'],
			)
		);
	}

	/**
	 * Whether addresses are signed at all.
	 */
	public function signs(): bool {
		return self::NONE !== $this->method;
	}

	/**
	 * The address a learner gets now for a stored playlist address.
	 *
	 * @param string $url     Stored playlist address.
	 * @param int    $user_id Learner.
	 * @param int    $now     Unix seconds.
	 */
	public function sign( string $url, int $user_id, int $now ): string {
		$expires = $now + $this->lifetime;
		switch ( $this->method ) {
			case self::NGINX:
				return self::nginx( $url, $this->secrets['secret'] ?? '', $expires, $user_id );
			case self::BUNNY:
				return self::bunny( $url, $this->secrets['key'] ?? '', $expires, $user_id );
			case self::CLOUDFRONT:
				return self::cloudfront( $url, $this->secrets['key_pair_id'] ?? '', $this->secrets['private_key'] ?? '', $expires, $user_id );
			default:
				return $url;
		}
	}

	/**
	 * Nginx `secure_link`: the token, expiry and learner go into the PATH before the playlist's
	 * directory, so the segments the playlist names relatively inherit them (a query string would
	 * not carry over). Token: base64url(MD5("{expires}{directory}{learner} {secret}")), unpadded,
	 * as `secure_link_md5 "$expires$dir$learner $secret"` computes it.
	 *
	 * @param string $url     Playlist address.
	 * @param string $secret  Shared secret of the nginx configuration.
	 * @param int    $expires Unix seconds.
	 * @param int    $user_id Learner.
	 */
	public static function nginx( string $url, string $secret, int $expires, int $user_id ): string {
		$parts = self::parts( $url );
		if ( null === $parts || '' === $secret ) {
			return '';
		}
		$token = self::base64url( md5( $expires . $parts['dir'] . $user_id . ' ' . $secret, true ) );
		return $parts['origin'] . self::NGINX_PREFIX . '/' . $token . '/' . $expires . '/' . $user_id . $parts['path'];
	}

	/**
	 * Bunny CDN token authentication, the path form with a directory token: token =
	 * base64url(SHA-256(key . token_path . expires . sorted parameters)), unpadded, where the
	 * parameters are `lp_learner` and `token_path` (the playlist's directory); the address is
	 * `/bcdn_token={token}&expires=…&lp_learner=…&token_path={encoded dir}{path}`, so relative
	 * segments inherit the token. The stored address's own query string is not kept.
	 *
	 * @param string $url     Playlist address on the pull zone.
	 * @param string $key     The pull zone's URL token authentication key.
	 * @param int    $expires Unix seconds.
	 * @param int    $user_id Learner.
	 */
	public static function bunny( string $url, string $key, int $expires, int $user_id ): string {
		$parts = self::parts( $url );
		if ( null === $parts || '' === $key ) {
			return '';
		}
		// Sorted by name, as Bunny's check sorts them.
		$parameters = array(
			self::LEARNER_PARAM => (string) $user_id,
			'token_path'        => $parts['dir'],
		);
		ksort( $parameters );
		$signed  = array();
		$in_path = '';
		foreach ( $parameters as $name => $value ) {
			$signed[] = $name . '=' . $value;
			$in_path .= '&' . $name . '=' . rawurlencode( $value );
		}
		$token = self::base64url( hash( 'sha256', $key . $parts['dir'] . $expires . implode( '&', $signed ), true ) );
		return $parts['origin'] . '/bcdn_token=' . $token . '&expires=' . $expires . $in_path . $parts['path'];
	}

	/**
	 * Amazon CloudFront signed URL with a canned policy: RSA-SHA1 over
	 * `{"Statement":[{"Resource":URL,"Condition":{"DateLessThan":{"AWS:EpochTime":expires}}}]}`,
	 * base64 with + = / replaced by - _ ~. The learner is a query parameter of the signed
	 * resource. A canned policy covers this one address: docs/rules/README.md says how the segments are
	 * served.
	 *
	 * @param string $url         Playlist address on the distribution.
	 * @param string $key_pair_id The public key's ID in CloudFront.
	 * @param string $pem         RSA private key, PEM.
	 * @param int    $expires     Unix seconds.
	 * @param int    $user_id     Learner.
	 */
	public static function cloudfront( string $url, string $key_pair_id, string $pem, int $expires, int $user_id ): string {
		if ( null === self::parts( $url ) || '' === $key_pair_id ) {
			return '';
		}
		$key = self::private_key( $pem );
		if ( null === $key ) {
			return '';
		}
		$resource  = $url . ( str_contains( $url, '?' ) ? '&' : '?' ) . self::LEARNER_PARAM . '=' . $user_id;
		$policy    = self::canned_policy( $resource, $expires );
		$signature = '';
		if ( ! openssl_sign( $policy, $signature, $key, OPENSSL_ALGO_SHA1 ) ) {
			return '';
		}
		return $resource . '&Expires=' . $expires . '&Signature=' . strtr( base64_encode( $signature ), '+=/', '-_~' ) . '&Key-Pair-Id=' . rawurlencode( $key_pair_id ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- CloudFront's signature format.
	}

	/**
	 * The canned policy statement CloudFront rebuilds from a request (no white space).
	 *
	 * @param string $resource Signed address without the signature parameters.
	 * @param int    $expires  Unix seconds.
	 */
	public static function canned_policy( string $resource, int $expires ): string {
		return (string) wp_json_encode(
			array(
				'Statement' => array(
					array(
						'Resource'  => $resource,
						'Condition' => array( 'DateLessThan' => array( 'AWS:EpochTime' => $expires ) ),
					),
				),
			),
			JSON_UNESCAPED_SLASHES
		);
	}

	/**
	 * An RSA private key that openssl can sign with, or null.
	 *
	 * @param string $pem PEM text.
	 * @return \OpenSSLAsymmetricKey|null
	 */
	public static function private_key( string $pem ) {
		if ( '' === trim( $pem ) ) {
			return null;
		}
		$key = openssl_pkey_get_private( $pem );
		if ( false === $key ) {
			return null;
		}
		$details = openssl_pkey_get_details( $key );
		return is_array( $details ) && OPENSSL_KEYTYPE_RSA === ( $details['type'] ?? null ) ? $key : null;
	}

	/**
	 * Origin, path and directory of an http(s) address with a file name, or null.
	 *
	 * @param string $url Address.
	 * @return array{origin: string, path: string, dir: string}|null
	 */
	private static function parts( string $url ): ?array {
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || ! in_array( $parts['scheme'] ?? '', array( 'http', 'https' ), true ) || empty( $parts['host'] ) ) {
			return null;
		}
		$path  = (string) ( $parts['path'] ?? '' );
		$slash = strrpos( $path, '/' );
		if ( false === $slash || strlen( $path ) - 1 === $slash ) {
			return null;
		}
		$origin = $parts['scheme'] . '://' . $parts['host'] . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' );
		return array(
			'origin' => $origin,
			'path'   => $path,
			'dir'    => substr( $path, 0, $slash + 1 ),
		);
	}

	/**
	 * Base64url without padding (RFC 4648 §5), as nginx and Bunny read tokens.
	 *
	 * @param string $bytes Raw bytes.
	 */
	private static function base64url( string $bytes ): string {
		return rtrim( strtr( base64_encode( $bytes ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- the token format of nginx and Bunny.
	}
}
