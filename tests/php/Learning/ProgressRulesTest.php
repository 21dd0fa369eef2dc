<?php
/**
 * One set of progress rules on both sides.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Core\Rows\ProgressRules;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The browser's copy of the rules (src/domain/learning-rules.ts) equals the server's.
 */
final class ProgressRulesTest extends TestCase {

	/**
	 * `export const NAME = number;` lines of the TypeScript module.
	 *
	 * @return array<string, int>
	 */
	private static function typescript_rules(): array {
		$file = dirname( __DIR__, 3 ) . '/src/domain/learning-rules.ts';
		self::assertFileExists( $file );
		preg_match_all( '/^export const ([A-Z_]+) = (\d+);$/m', (string) file_get_contents( $file ), $matches, PREG_SET_ORDER ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a source file of the repository.
		$rules = array();
		foreach ( $matches as $match ) {
			$rules[ $match[1] ] = (int) $match[2];
		}
		return $rules;
	}

	public function test_the_typescript_rules_equal_the_php_rules(): void {
		$this->assertSame( ProgressRules::all(), self::typescript_rules() );
	}

	public function test_the_status_uses_the_shared_threshold(): void {
		$row   = array(
			'content_type'       => 'on-demand',
			'tag'                => '',
			'share_user_id'      => 0,
			'activated'          => true,
			'total_licenses'     => 1,
			'available_licenses' => 0,
			'expired_licenses'   => 0,
			'has_certificate'    => false,
			'progress'           => 50,
		);
		$ready = static fn( int $percent ): bool => \LibraryPortal\Core\Rows\TestReadiness::all_parts_ready( array( $percent, 100 ) );

		$this->assertSame( 'take-test', \LibraryPortal\Core\Rows\ItemStatus::of( $row + array( 'test_ready' => $ready( ProgressRules::TAKE_TEST_PERCENT ) ) ) );
		$this->assertSame( 'in-progress', \LibraryPortal\Core\Rows\ItemStatus::of( $row + array( 'test_ready' => $ready( ProgressRules::TAKE_TEST_PERCENT - 1 ) ) ) );
	}
}
