<?php
/**
 * The contracts admin says what happened as a person would: no "0 repeated rows",
 * no "(1 items)", no "from the start to open-ended".
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Contracts;

use LibraryPortal\Contracts\ImportReport;
use LibraryPortal\Tests\Support\TestCase;

/**
 * An import's summary names only the counts that are not zero, each in its own number.
 */
final class AdminWordsTest extends TestCase {

	/**
	 * A bad row as the importer records it.
	 *
	 * @param int $line Line of the file.
	 * @return array{line: int, value: string, reason: string}
	 */
	private static function bad( int $line ): array {
		return array(
			'line'   => $line,
			'value'  => 'x',
			'reason' => 'No account with this e-mail.',
		);
	}

	public function test_an_import_summary_names_only_what_happened_in_its_number(): void {
		$this->assertSame( '0 added.', ( new ImportReport() )->summary(), 'an import that added nobody says so' );
		$this->assertSame( '1 added.', ( new ImportReport( 1 ) )->summary() );
		$this->assertSame( '3 added, 1 already a member.', ( new ImportReport( 3, 1 ) )->summary() );
		$this->assertSame( '2 added, 2 already members, 1 repeated row counted once, 1 bad row.', ( new ImportReport( 2, 2, 1, array( self::bad( 4 ) ) ) )->summary() );
		$this->assertSame( '0 added, 2 repeated rows counted once, 2 bad rows.', ( new ImportReport( 0, 0, 2, array( self::bad( 2 ), self::bad( 3 ) ) ) )->summary() );
		$this->assertSame( '1,200 added.', ( new ImportReport( 1200 ) )->summary(), 'numbers in the site language' );
	}

	public function test_a_library_item_saved_in_wp_admin_is_named_so(): void {
		$messages = apply_filters( 'post_updated_messages', array( 'post' => array( 1 => 'Post updated.' ) ) ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, asked as the edit screen asks it.
		$this->assertSame( 'Library item updated.', $messages['library_item'][1] );
		$this->assertSame( 'Library item published.', $messages['library_item'][6] );
		$this->assertSame( 'Post updated.', $messages['post'][1], 'other types keep theirs' );
	}
}
