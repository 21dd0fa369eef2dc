<?php
/**
 * The documented list of the portal's own error codes.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Rest;

use LibraryPortal\Core\Seats\ShareInvites;
use LibraryPortal\Tests\Fixtures\LearningMedia;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * includes/Core/error-codes.json lists exactly the codes the plugin makes (the browser's progress
 * queue treats a 4xx with one of them as final and retries everything else: docs/rules/learning-and-progress.md,
 * "Watching: progress, activation, subtitles, media"), and the progress route's refusals carry codes from it while WordPress's own
 * refusals (logged out, bad nonce) do not.
 */
final class ErrorCodesTest extends TestCase {

	use ServesRequests;

	/**
	 * The documented list.
	 *
	 * @return list<string>
	 */
	private static function documented(): array {
		$file = dirname( __DIR__, 3 ) . '/includes/Core/error-codes.json';
		$list = json_decode( (string) file_get_contents( $file ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the repository.
		self::assertIsArray( $list );
		self::assertIsArray( $list['codes'] ?? null );
		return array_values( array_map( 'strval', $list['codes'] ) );
	}

	/**
	 * Every code given to `ErrorReply::error()`, `new WP_Error()`, a service's `new Refusal()` or ShareMailer's `too_many()` in
	 * includes/, as a literal or a class constant, plus the share-link reasons and a refused test
	 * submission's codes, passed on as variables.
	 * WordPress's own `rest_*` codes are left out.
	 *
	 * @return list<string>
	 */
	private static function made_in_includes(): array {
		$root  = dirname( __DIR__, 3 ) . '/includes';
		$codes = array_merge(
			array_values( ( new \ReflectionClass( ShareInvites::class ) )->getConstants( \ReflectionClassConstant::IS_PUBLIC ) ), // Its public constants are its refusals' codes.
			array_values( ( new \ReflectionClass( \LibraryPortal\Core\Quizzes\AttemptRefused::class ) )->getConstants() ) // A refused test submission's codes.
		);
		$files = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $root, \FilesystemIterator::SKIP_DOTS ) );
		foreach ( $files as $file ) {
			if ( ! $file instanceof \SplFileInfo || 'php' !== $file->getExtension() ) {
				continue;
			}
			$source = (string) file_get_contents( $file->getPathname() ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a source file of the repository.
			preg_match_all( '/(?:ErrorReply::error|new\s+WP_Error|new\s+Refusal|self::too_many)\(\s*(?:\'([a-z_]+)\'|([A-Za-z_\\\\]+)::([A-Z_]+)|\$)/', $source, $calls, PREG_SET_ORDER );
			foreach ( $calls as $call ) {
				if ( '' !== ( $call[1] ?? '' ) ) {
					$codes[] = $call[1];
				} elseif ( '' !== ( $call[2] ?? '' ) ) {
					$codes[] = (string) constant( self::class_name( $call[2], $source ) . '::' . $call[3] );
				}
			}
		}
		$codes = array_filter( array_unique( $codes ), static fn( string $code ): bool => ! str_starts_with( $code, 'rest_' ) );
		sort( $codes );
		return array_values( $codes );
	}

	/**
	 * The full name of a class named in a source file (its `use` lines, else its own namespace).
	 *
	 * @param string $name   Name as written.
	 * @param string $source The file.
	 */
	private static function class_name( string $name, string $source ): string {
		if ( 'self' === $name && preg_match( '/^(?:final\s+)?class\s+(\w+)/m', $source, $own ) ) {
			$name = $own[1];
		}
		if ( preg_match( '/^use\s+([A-Za-z_\\\\]+\\\\' . preg_quote( $name, '/' ) . ');$/m', $source, $use ) ) {
			return $use[1];
		}
		preg_match( '/^namespace\s+([A-Za-z_\\\\]+);$/m', $source, $space );
		return ( $space[1] ?? '' ) . '\\' . $name;
	}

	public function test_the_list_is_exactly_the_codes_the_plugin_makes(): void {
		$documented = self::documented();
		$sorted     = $documented;
		sort( $sorted );
		$this->assertSame( $sorted, $documented, 'The list is sorted.' );
		$this->assertSame( self::made_in_includes(), $documented );
	}

	public function test_the_progress_routes_refusals_are_listed_and_wordpress_login_refusals_are_not(): void {
		$user     = $this->make_user();
		$stranger = $this->make_user();
		$item     = LearningMedia::item( 'Workshop ' . wp_generate_password( 4, false ) );
		Library::grant( $user, $item );
		Library::activate_own( $user, $item );
		$route = '/library/v2/video/progress/' . $item;
		$codes = self::documented();

		$refusals = array(
			$this->send( 'POST', $route, $stranger, array( 'progress' => 5 ) ),
			$this->send( 'POST', $route, $user, array( 'progress' => 7 ) ),
			$this->send( 'POST', $route, $user, array( 'progress' => 60 ) ),
		);
		foreach ( $refusals as $refusal ) {
			$this->assertGreaterThanOrEqual( 400, $refusal->get_status() );
			$this->assertLessThan( 500, $refusal->get_status() );
			$this->assertContains( $refusal->get_data()['code'], $codes );
		}
		$this->assertSame( array( 'item_not_found', 'invalid_progress', 'progress_too_fast' ), array_map( static fn( $reply ) => $reply->get_data()['code'], $refusals ) );

		// Logged out and a bad nonce: the report was not judged, so the browser keeps it.
		$logged_out = $this->send( 'POST', $route, 0, array( 'progress' => 5 ) );
		$bad_nonce  = $this->rest_as_browser( 'POST', $route, $user, 'not-a-nonce', array( 'progress' => 5 ) );
		$this->assertSame( 401, $logged_out->get_status() );
		$this->assertSame( 403, $bad_nonce->get_status() );
		$this->assertNotContains( $logged_out->get_data()['code'], $codes );
		$this->assertNotContains( $bad_nonce->get_data()['code'], $codes );
	}
}
