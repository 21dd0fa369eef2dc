<?php
/**
 * The local sites' and tests' "sendmail".
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Dev;

use LibraryPortal\Tests\Support\TestCase;

/**
 * Local PHP runs with a sendmail that drops the message (bin/lib/common.sh). It must read the
 * message first: /bin/true exited before PHP had written it, and about one mail() in 60 failed,
 * so tests that send invitations failed now and then on a loaded machine.
 */
final class LocalMailTest extends TestCase {

	public function test_the_local_sendmail_takes_every_message(): void {
		$this->assertStringStartsWith( 'cat ', (string) ini_get( 'sendmail_path' ) );
		$failed = 0;
		for ( $i = 0; $i < 300; $i++ ) {
			// phpcs:ignore WordPress.WP.AlternativeFunctions.mail_mail -- PHP's own mail(), the transport wp_mail() uses here.
			$failed += mail( 'nobody@example.com', 'Local mail', str_repeat( 'x', 2000 ) ) ? 0 : 1;
		}
		$this->assertSame( 0, $failed );
	}
}
