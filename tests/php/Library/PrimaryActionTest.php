<?php
/**
 * The primary action of each library row, over real REST dispatch.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Library;

use LibraryPortal\Catalogue\ItemFields;
use LibraryPortal\Core\Rows\PrimaryAction;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Every item a person holds has one primary action, decided by the server (docs/rules/library-and-catalogue.md,
 * "Primary actions").
 */
final class PrimaryActionTest extends TestCase {

	private const ROUTE = '/library/v2/items';

	/**
	 * The site's my-account page: WooCommerce's own where it is active, else a new one.
	 */
	private function account_page(): int {
		$page = get_page_by_path( 'my-account' );
		return $page ? (int) $page->ID : (int) wp_insert_post( array( 'post_type' => 'page', 'post_status' => 'publish', 'post_name' => 'my-account', 'post_title' => 'My Account' ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound
	}

	/**
	 * The rows of a user's library by item.
	 *
	 * @param int $user_id User.
	 * @return array<int, array<string, mixed>>
	 */
	private function rows( int $user_id ): array {
		return Library::by_product( $this->rest( 'GET', self::ROUTE, array(), $user_id )->get_data()['data'] );
	}

	public function test_each_kind_has_its_action(): void {
		$owner   = $this->make_user();
		$course  = Library::item( 'Ethics Online', 'e-course' );
		$program = Library::item( 'Trauma Professional', 'certificate-self-guided' );
		$manual  = Library::item( 'Workbook', 'e-manual' );
		$video   = Library::item( 'Anxiety Webinar', 'on-demand-webinar' );
		$members = Library::item( 'Membership', 'membership' );
		$old     = Library::item( 'Old Workshop', 'workshop' );
		update_post_meta( $course, '_lp_course_url', 'https://courses.example.com/ethics/' );
		foreach ( array( $course, $program, $manual, $video, $members ) as $item ) {
			Library::grant( $owner, $item, 2, time() + DAY_IN_SECONDS );
		}
		Library::grant( $owner, $old, 1, time() - 10 );
		$old_course = Library::item( 'Old Course', 'e-course' );
		Library::grant( $owner, $old_course, 1, time() - 10 );
		$account = $this->account_page();
		wp_insert_post( array( 'post_type' => 'page', 'post_status' => 'publish', 'post_name' => 'certificate-program', 'post_title' => 'Certificate Program', 'post_parent' => $account ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound

		$rows = $this->rows( $owner );

		$this->assertSame( array( 'kind' => PrimaryAction::OPEN_COURSE, 'url' => 'https://courses.example.com/ethics/' ), $rows[ $course ]['primary_action'] ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound
		$this->assertSame( array( 'kind' => PrimaryAction::OPEN_PROGRAM, 'url' => home_url( '/my-account/certificate-program/' ) ), $rows[ $program ]['primary_action'] ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound
		$this->assertSame( PrimaryAction::DOWNLOAD, $rows[ $manual ]['primary_action']['kind'] );
		$this->assertSame( '', $rows[ $manual ]['primary_action']['url'], 'A seat not yet activated gets no file address: the download route activates first.' );
		$this->assertSame( array( 'kind' => PrimaryAction::PLAY, 'url' => home_url( '/my-account/library/videos/' . $video ) ), $rows[ $video ]['primary_action'] ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound
		$this->assertSame( PrimaryAction::BROWSE, $rows[ $members ]['primary_action']['kind'] );
		$this->assertSame( array( 'kind' => PrimaryAction::RENEW, 'url' => home_url( '/shop/old-workshop/' ) ), $rows[ $old ]['primary_action'] ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound

		$this->assertSame( PrimaryAction::RENEW, $rows[ $old_course ]['primary_action']['kind'], 'An expired e-course (listed as Purchased) renews too.' );

		Library::activate_own( $owner, $manual );
		$this->assertSame( get_post_meta( $manual, '_lp_download_link', true ), $this->rows( $owner )[ $manual ]['primary_action']['url'], 'An activated e-manual downloads its file.' );
	}

	public function test_no_action_without_access_or_address(): void {
		$owner   = $this->make_user();
		$member  = $this->make_user();
		$course  = Library::item( 'Course Without Address', 'e-course' );
		$program = Library::item( 'Program Without Page', 'certificate-self-guided' );
		$given   = Library::item( 'All Given Away' );
		update_post_meta( $course, '_lp_course_url', '' );
		Library::grant( $owner, $course, 1 );
		Library::grant( $owner, $program, 1 );
		Library::grant( $owner, $given, 1 );
		Library::share( $owner, $member, $given );

		$rows = $this->rows( $owner );

		foreach ( array( $course, $program, $given ) as $item ) {
			$this->assertSame( array( 'kind' => PrimaryAction::NONE, 'url' => '' ), $rows[ $item ]['primary_action'] ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound
		}
		$this->assertSame( PrimaryAction::PLAY, $this->rows( $member )[ $given ]['primary_action']['kind'], 'The team member holding the seat plays it.' );
	}

	public function test_a_new_certificate_program_page_reaches_a_cached_library(): void {
		$owner   = $this->make_user();
		$program = Library::item( 'Program', 'certificate-self-guided' );
		Library::grant( $owner, $program, 1 );
		$this->assertSame( PrimaryAction::NONE, $this->rows( $owner )[ $program ]['primary_action']['kind'] );

		$account = $this->account_page();
		wp_insert_post( array( 'post_type' => 'page', 'post_status' => 'publish', 'post_name' => 'certificate-program', 'post_title' => 'Certificate Program', 'post_parent' => $account ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound

		$this->assertSame( PrimaryAction::OPEN_PROGRAM, $this->rows( $owner )[ $program ]['primary_action']['kind'] );
	}

	/**
	 * @return array<string, array{0: string, 1: bool}>
	 */
	public static function course_addresses(): array {
		return array(
			'https'               => array( 'https://courses.example.com/ethics/', true ),
			'http with a query'   => array( 'http://lms.example.org/course?id=7', true ),
			'a path on this site' => array( '/courses/ethics/', false ),
			'javascript'          => array( 'javascript:alert(1)', false ),
			'ftp'                 => array( 'ftp://example.com/course', false ),
			'credentials'         => array( 'https://user:pw@example.com/course', false ),
			'protocol-relative'   => array( '//evil.example/course', false ),
			'a space'             => array( 'https://example.com/a course', false ),
			'a quote'             => array( 'https://example.com/"onmouseover', false ),
			'no host'             => array( 'https:///course', false ),
		);
	}

	/**
	 * @dataProvider course_addresses
	 *
	 * @param string $url Typed address.
	 * @param bool   $ok  Whether it is saved.
	 */
	public function test_course_address_is_a_full_http_address( string $url, bool $ok ): void {
		$fields = ItemFields::check(
			array(
				'content_type' => 'e-course',
				'course_url'   => $url,
			),
			null
		);

		$this->assertSame( $ok, $fields->ok(), $url );
		if ( $ok ) {
			$this->assertSame( esc_url_raw( $url, array( 'http', 'https' ) ), $fields->meta['_lp_course_url'] );
		} else {
			$this->assertArrayHasKey( 'library-portal-course-url', $fields->errors );
		}
		$this->assertSame( $ok, array() === ItemFields::check_meta( array( '_lp_course_url' => $url ) ), 'wp/v2 follows the same rule.' );
	}

	public function test_course_address_is_sent_only_with_access(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$course = Library::item( 'Shared Course', 'e-course' );
		update_post_meta( $course, '_lp_course_url', 'https://courses.example.com/secret-course/' );
		Library::grant( $owner, $course, 1 );
		Library::share( $owner, $member, $course );

		$this->assertStringNotContainsString( 'secret-course', (string) wp_json_encode( $this->rows( $owner ) ), 'The owner gave the only seat away.' );
		$this->assertSame( 'https://courses.example.com/secret-course/', $this->rows( $member )[ $course ]['primary_action']['url'] );
	}
}
