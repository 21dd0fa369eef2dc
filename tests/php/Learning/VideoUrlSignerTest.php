<?php
/**
 * The built-in signers of playlist addresses.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Core\Items\VideoUrlSigner;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Each signature is checked by a computation of its own: the openssl command line for nginx's
 * MD5 and CloudFront's RSA-SHA1 (with a key pair made here), Bunny's documented formula for its
 * SHA-256 token. The providers' documented example values are used where they give them.
 */
final class VideoUrlSignerTest extends TestCase {

	private const PLAYLIST = 'https://media.example.com/courses/cbt/part-1/index.m3u8';

	/**
	 * Expiry of CloudFront's documented canned-policy example.
	 */
	private const EXPIRES = 1767290400;

	/**
	 * Files this test made.
	 *
	 * @var string[]
	 */
	private array $files = array();

	/**
	 * Removes the files.
	 */
	public function tear_down(): void {
		foreach ( $this->files as $file ) {
			if ( file_exists( $file ) ) {
				unlink( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink -- the test's own temporary files.
			}
		}
		parent::tear_down();
	}

	/**
	 * A temporary file holding the given bytes.
	 *
	 * @param string $bytes Contents.
	 */
	private function file( string $bytes ): string {
		$file          = (string) tempnam( sys_get_temp_dir(), 'lp-sign-' );
		$this->files[] = $file;
		file_put_contents( $file, $bytes ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- a temporary file for the openssl command.
		return $file;
	}

	/**
	 * Runs a shell command; returns its standard output.
	 *
	 * @param string $command Command.
	 */
	private static function shell( string $command ): string {
		$output = array();
		$status = 0;
		exec( $command . ' 2>&1', $output, $status ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec -- the independent check is the openssl command line.
		return trim( implode( "\n", $output ) ) . ( 0 === $status ? '' : " (exit $status)" );
	}

	public function test_nginx_puts_token_expiry_and_learner_before_the_directory(): void {
		$url = VideoUrlSigner::nginx( self::PLAYLIST, 'secret-of-sixteen', 2000000000, 7 );

		$this->assertSame( 1, preg_match( '#^https://media\.example\.com/protected/([A-Za-z0-9_-]{22})/2000000000/7/courses/cbt/part-1/index\.m3u8$#', $url, $match ), $url );
		// The recipe of nginx's secure_link documentation, on the command line.
		$expected = self::shell( 'printf %s ' . escapeshellarg( '2000000000/courses/cbt/part-1/7 secret-of-sixteen' ) . ' | openssl md5 -binary | openssl base64 | tr +/ -_ | tr -d =' );
		$this->assertSame( $expected, $match[1] );
	}

	public function test_nginx_signs_the_directory_so_every_file_in_it_shares_the_prefix(): void {
		$playlist = VideoUrlSigner::nginx( self::PLAYLIST, 'secret-of-sixteen', 2000000000, 7 );
		$other    = VideoUrlSigner::nginx( 'https://media.example.com/courses/cbt/part-1/segment00.ts', 'secret-of-sixteen', 2000000000, 7 );

		$this->assertSame( dirname( $playlist ), dirname( $other ), 'A relatively named segment resolves under the same signed prefix.' );
		$this->assertNotSame( dirname( $playlist ), dirname( VideoUrlSigner::nginx( self::PLAYLIST, 'secret-of-sixteen', 2000000000, 8 ) ), 'Another learner, another token.' );
		$this->assertNotSame( $playlist, VideoUrlSigner::nginx( self::PLAYLIST, 'secret-of-sixteen', 2000000001, 7 ) );
		$this->assertSame( '', VideoUrlSigner::nginx( self::PLAYLIST, '', 2000000000, 7 ), 'No secret: no address rather than an unsigned one.' );
		$this->assertSame( '', VideoUrlSigner::nginx( 'ftp://media.example.com/a/index.m3u8', 'secret-of-sixteen', 2000000000, 7 ) );
	}

	public function test_bunny_uses_the_documented_directory_token_form(): void {
		$url = VideoUrlSigner::bunny( 'https://test.b-cdn.net/my-partial/url/video.mp4', 'bunny-key-123', 1598024587, 7 );

		// The shape of Bunny's documented path example:
		// https://test.b-cdn.net/bcdn_token=…&expires=1598024587&token_path=%2Fmy-partial%2Furl%2F/my-partial/url/video.mp4
		$this->assertSame( 1, preg_match( '#^https://test\.b-cdn\.net/bcdn_token=([A-Za-z0-9_-]{43})&expires=1598024587&lp_learner=7&token_path=%2Fmy-partial%2Furl%2F/my-partial/url/video\.mp4$#', $url, $match ), $url );
		// Documented formula: Base64url(SHA256_RAW(key + signature path + expires + sorted parameters)), unpadded.
		$hashable = implode( '', array( 'bunny-key-123', '/my-partial/url/', '1598024587', 'lp_learner=7&token_path=/my-partial/url/' ) );
		$expected = self::shell( 'printf %s ' . escapeshellarg( $hashable ) . ' | openssl dgst -sha256 -binary | openssl base64 -A | tr +/ -_ | tr -d =' );
		$this->assertSame( $expected, $match[1] );
		$this->assertSame( '', VideoUrlSigner::bunny( 'https://test.b-cdn.net/my-partial/url/video.mp4', '', 1598024587, 7 ) );
	}

	public function test_cloudfront_signature_verifies_with_the_public_key(): void {
		$private = $this->file( '' );
		$public  = $this->file( '' );
		self::shell( 'openssl genrsa -out ' . escapeshellarg( $private ) . ' 2048 && openssl rsa -in ' . escapeshellarg( $private ) . ' -pubout -out ' . escapeshellarg( $public ) );
		$this->assertStringContainsString( 'BEGIN PUBLIC KEY', (string) file_get_contents( $public ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- the key just made.
		$pem = (string) file_get_contents( $private ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- the key just made.

		$url = VideoUrlSigner::cloudfront( self::PLAYLIST, 'K2JCJMDEHXQW5F', $pem, self::EXPIRES, 7 );

		// The shape of CloudFront's documented example (…?Expires=1767290400&Signature=…&Key-Pair-Id=K2JCJMDEHXQW5F).
		$this->assertSame( 1, preg_match( '#^(https://media\.example\.com/courses/cbt/part-1/index\.m3u8\?lp_learner=7)&Expires=1767290400&Signature=([A-Za-z0-9~_-]+)&Key-Pair-Id=K2JCJMDEHXQW5F$#', $url, $match ), $url );
		// The canned policy as CloudFront's documentation writes it, without white space.
		$policy    = '{"Statement":[{"Resource":"' . $match[1] . '","Condition":{"DateLessThan":{"AWS:EpochTime":1767290400}}}]}';
		$signature = $this->file( (string) base64_decode( strtr( $match[2], '-_~', '+=/' ), true ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- CloudFront's signature, decoded to check it.
		$this->assertSame( 'Verified OK', self::shell( 'openssl dgst -sha1 -verify ' . escapeshellarg( $public ) . ' -signature ' . escapeshellarg( $signature ) . ' ' . escapeshellarg( $this->file( $policy ) ) ) );
		// Another learner's or another expiry's policy is not what was signed.
		$other = str_replace( 'lp_learner=7', 'lp_learner=8', $policy );
		$this->assertStringContainsString( 'Verification failure', self::shell( 'openssl dgst -sha1 -verify ' . escapeshellarg( $public ) . ' -signature ' . escapeshellarg( $signature ) . ' ' . escapeshellarg( $this->file( $other ) ) ) );
	}

	public function test_cloudfront_without_a_usable_key_hands_out_nothing(): void {
		$this->assertSame( '', VideoUrlSigner::cloudfront( self::PLAYLIST, 'K2JCJMDEHXQW5F', "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----", self::EXPIRES, 7 ) );
		$this->assertSame( '', VideoUrlSigner::cloudfront( self::PLAYLIST, '', '', self::EXPIRES, 7 ) );
	}

	public function test_nginx_and_bunny_without_their_secret_hand_out_nothing(): void {
		// An address signed with an empty secret is one anyone can compute: fail closed.
		$this->assertSame( '', VideoUrlSigner::nginx( self::PLAYLIST, '', self::EXPIRES, 7 ) );
		$this->assertSame( '', VideoUrlSigner::bunny( self::PLAYLIST, '', self::EXPIRES, 7 ) );
		$this->assertSame( '', VideoUrlSigner::nginx( 'ftp://media.example.com/part-1/index.m3u8', 'a-long-enough-secret', self::EXPIRES, 7 ), 'Not an http(s) address with a file name.' );
	}

	public function test_the_signer_adds_its_lifetime_and_none_keeps_the_address(): void {
		$this->assertSame( self::PLAYLIST, ( new VideoUrlSigner( VideoUrlSigner::NONE, 3600, array() ) )->sign( self::PLAYLIST, 7, 1000 ) );
		$signer = new VideoUrlSigner( VideoUrlSigner::NGINX, 4 * HOUR_IN_SECONDS, array( 'secret' => 'secret-of-sixteen' ) );
		$this->assertSame( VideoUrlSigner::nginx( self::PLAYLIST, 'secret-of-sixteen', 1000 + 4 * HOUR_IN_SECONDS, 7 ), $signer->sign( self::PLAYLIST, 7, 1000 ) );
	}
}
