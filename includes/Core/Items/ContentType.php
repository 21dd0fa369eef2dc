<?php
/**
 * Content types of catalogue items.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Items;

/**
 * The content types, with their labels.
 */
final class ContentType {

	public const E_COURSE                = 'e-course';
	public const E_MANUAL                = 'e-manual';
	public const CERTIFICATE_SELF_GUIDED = 'certificate-self-guided';
	public const MEMBERSHIP              = 'membership';
	public const WORKSHOP                = 'workshop';
	public const ON_DEMAND               = 'on-demand';
	public const WEBINAR                 = 'webinar';
	public const ON_DEMAND_WORKSHOP      = 'on-demand-workshop';
	public const ON_DEMAND_WEBINAR       = 'on-demand-webinar';

	/**
	 * The dashboard's 'On-Demand Workshops' (see docs/rules/library-and-catalogue.md, "Dashboard figures").
	 */
	public const WORKSHOPS = array( self::WORKSHOP, self::ON_DEMAND, self::ON_DEMAND_WORKSHOP );

	/**
	 * The dashboard's 'Webinars'.
	 */
	public const WEBINARS = array( self::WEBINAR, self::ON_DEMAND_WEBINAR );

	/**
	 * Types that have no video tab: the detail opens on Share Details.
	 */
	private const WITHOUT_VIDEO = array( self::E_MANUAL, self::E_COURSE, self::MEMBERSHIP, self::CERTIFICATE_SELF_GUIDED );

	/**
	 * All known types.
	 *
	 * @return string[]
	 */
	public static function all(): array {
		return array( self::E_COURSE, self::E_MANUAL, self::CERTIFICATE_SELF_GUIDED, self::MEMBERSHIP, self::WORKSHOP, self::ON_DEMAND, self::WEBINAR, self::ON_DEMAND_WORKSHOP, self::ON_DEMAND_WEBINAR );
	}

	/**
	 * Labels translated once per locale (the library labels hundreds of items a request).
	 *
	 * @var array<string, array<string, string>>
	 */
	private static array $labels = array();

	/**
	 * Human labels by type.
	 *
	 * @return array<string, string>
	 */
	public static function labels(): array {
		return self::$labels[ determine_locale() ] ??= array(
			self::E_COURSE                => __( 'E-Course', 'library-portal' ),
			self::E_MANUAL                => __( 'E-Manual', 'library-portal' ),
			self::CERTIFICATE_SELF_GUIDED => __( 'Self-Guided Certificate Program', 'library-portal' ),
			self::MEMBERSHIP              => __( 'Membership', 'library-portal' ),
			self::WORKSHOP                => __( 'Workshop', 'library-portal' ),
			self::ON_DEMAND               => __( 'On-Demand', 'library-portal' ),
			self::WEBINAR                 => __( 'Webinar', 'library-portal' ),
			self::ON_DEMAND_WORKSHOP      => __( 'On-Demand Workshop', 'library-portal' ),
			self::ON_DEMAND_WEBINAR       => __( 'On-Demand Webinar', 'library-portal' ),
		);
	}

	/**
	 * Label of one type ('' for an unknown one).
	 *
	 * @param string $type Content type.
	 */
	public static function label( string $type ): string {
		return self::labels()[ $type ] ?? '';
	}

	/**
	 * A known type, or on-demand for anything else (the most common kind of item).
	 *
	 * @param string $type Raw value.
	 */
	public static function normalize( string $type ): string {
		$type = strtolower( trim( $type ) );
		return in_array( $type, self::all(), true ) ? $type : self::ON_DEMAND;
	}

	/**
	 * Whether items of this type are watched as video.
	 *
	 * @param string $type Content type.
	 */
	public static function has_video( string $type ): bool {
		return ! in_array( $type, self::WITHOUT_VIDEO, true );
	}
}
