<?php
/**
 * The one thing an item's page offers first.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

use LibraryPortal\Core\Items\ContentType;

/**
 * Every item a person holds has one primary action (docs/rules/library-and-catalogue.md, "Primary actions"):
 * an expired item renews (its product link), an e-course opens its course address, a
 * certificate program opens the account's certificate program page, an e-manual downloads, a
 * membership lists its member products, a video plays. Without access, or without the address
 * the action needs, there is none. The server decides; the islands only show it.
 */
final class PrimaryAction {

	public const RENEW        = 'renew';
	public const OPEN_COURSE  = 'open_course';
	public const OPEN_PROGRAM = 'open_program';
	public const DOWNLOAD     = 'download';
	public const BROWSE       = 'browse';
	public const PLAY         = 'play';
	public const NONE         = 'none';

	/**
	 * Every kind (the REST schema's enum).
	 *
	 * @return string[]
	 */
	public static function all(): array {
		return array( self::RENEW, self::OPEN_COURSE, self::OPEN_PROGRAM, self::DOWNLOAD, self::BROWSE, self::PLAY, self::NONE );
	}

	/**
	 * The action of one library row.
	 *
	 * @param array{content_type: string, expired: bool, access: string, product_link: string, course_url: string, download_link: string, detail_url: string} $row Row facts.
	 * @param callable(): string                                                                                                                               $program_url The account's certificate program page ('' = none), asked only when needed.
	 * @param string                                                                                                                                           $member_list The list of member products.
	 * @return array{kind: string, url: string}
	 */
	public static function of( array $row, callable $program_url, string $member_list ): array {
		if ( $row['expired'] ) {
			return self::either( self::RENEW, $row['product_link'] );
		}
		if ( ! Access::granted( $row['access'] ) ) {
			return self::none();
		}
		switch ( $row['content_type'] ) {
			case ContentType::E_COURSE:
				return self::either( self::OPEN_COURSE, $row['course_url'] );
			case ContentType::CERTIFICATE_SELF_GUIDED:
				return self::either( self::OPEN_PROGRAM, $program_url() );
			case ContentType::E_MANUAL:
				// The address is sent only once a seat opens the file; before that the download
				// route activates a seat first (docs/rules/platform.md, "Security").
				return array(
					'kind' => self::DOWNLOAD,
					'url'  => $row['download_link'],
				);
			case ContentType::MEMBERSHIP:
				return self::either( self::BROWSE, $member_list );
		}
		return self::either( self::PLAY, $row['detail_url'] );
	}

	/**
	 * An action with its address, or none without one.
	 *
	 * @param string $kind Kind.
	 * @param string $url  Address.
	 * @return array{kind: string, url: string}
	 */
	private static function either( string $kind, string $url ): array {
		return '' === $url ? self::none() : array(
			'kind' => $kind,
			'url'  => $url,
		);
	}

	/**
	 * No action.
	 *
	 * @return array{kind: string, url: string}
	 */
	private static function none(): array {
		return array(
			'kind' => self::NONE,
			'url'  => '',
		);
	}
}
