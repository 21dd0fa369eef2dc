<?php
/**
 * The site owner's REST API: learners' progress and certificates.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\AdminApi;

use LibraryPortal\Core\People\SiteMembers;
use LibraryPortal\Core\Rows\Certificate;
use LibraryPortal\Core\Rows\CertificateLinks;
use LibraryPortal\Core\Rows\CertificateRepository;
use LibraryPortal\Core\Rows\LibraryService;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `library-admin/v1/learners/{id}/progress`, `…/learners/{id}/certificates` and
 * `library-admin/v1/certificates` (the certificates of a period): what a CRM or a report asks of
 * the site about its learners. The rows are the portal's own (LibraryService), so the API and the
 * learner's library never disagree. Same access as the grants (AdminAccess).
 */
final class LearnersController {

	/**
	 * The learner's library rows.
	 *
	 * @var LibraryService
	 */
	private LibraryService $library;

	/**
	 * Certificates.
	 *
	 * @var CertificateRepository
	 */
	private CertificateRepository $certificates;

	/**
	 * Wires the controller.
	 *
	 * @param LibraryService        $library      Library rows.
	 * @param CertificateRepository $certificates Certificates.
	 */
	public function __construct( LibraryService $library, CertificateRepository $certificates ) {
		$this->library      = $library;
		$this->certificates = $certificates;
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$learner = array(
			'id' => array(
				'description' => __( 'The learner (user ID).', 'library-portal' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'required'    => true,
			),
		);
		register_rest_route(
			GrantsController::NAMESPACE,
			'/learners/(?P<id>\d+)/progress',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'progress' ),
					'permission_callback' => array( AdminAccess::class, 'check' ),
					'args'                => $learner,
				),
				'schema' => array( $this, 'progress_schema' ),
			)
		);
		register_rest_route(
			GrantsController::NAMESPACE,
			'/learners/(?P<id>\d+)/certificates',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'learner_certificates' ),
					'permission_callback' => array( AdminAccess::class, 'check' ),
					'args'                => $learner,
				),
				'schema' => array( $this, 'certificates_schema' ),
			)
		);
		register_rest_route(
			GrantsController::NAMESPACE,
			'/certificates',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'certificates_of_period' ),
					'permission_callback' => array( AdminAccess::class, 'check' ),
					'args'                => array(
						'after'    => array(
							'description' => __( 'First day of the period (YYYY-MM-DD, site time, included).', 'library-portal' ),
							'type'        => 'string',
							'format'      => 'date',
							'required'    => true,
						),
						'before'   => array(
							'description' => __( 'Last day of the period (YYYY-MM-DD, site time, included).', 'library-portal' ),
							'type'        => 'string',
							'format'      => 'date',
							'required'    => true,
						),
						'page'     => array(
							'type'    => 'integer',
							'minimum' => 1,
							'default' => 1,
						),
						'per_page' => array(
							'type'    => 'integer',
							'minimum' => 1,
							'maximum' => 100,
							'default' => 10,
						),
					),
				),
				'schema' => array( $this, 'certificates_schema' ),
			)
		);
	}

	/**
	 * GET learners/{id}/progress: each item of the learner's library with its status and progress.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function progress( $request ) {
		$user = self::learner( (int) $request['id'] );
		if ( null === $user ) {
			return self::no_learner();
		}
		$rows = array();
		foreach ( $this->library->items_for( $user->ID, time() ) as $row ) {
			$progress = $row['video_data']['progress'];
			$rows[]   = array(
				'product_id'   => (int) $row['product_id'],
				'title'        => html_entity_decode( (string) $row['title'], ENT_QUOTES, 'UTF-8' ),
				'content_type' => (string) $row['content_type'],
				'tag'          => (string) $row['tag'],
				'contract_id'  => (int) $row['contract_id'],
				'status'       => (string) $row['status'],
				'percent'      => (int) $progress['count'],
				'parts'        => array_map( static fn( array $part ): int => (int) $part['count'], $progress['parts'] ),
				'last_watched' => AdminAccess::time( (int) $progress['time'] ),
				'completed_at' => AdminAccess::time( (int) $row['video_data']['completed_at'] ),
			);
		}
		return rest_ensure_response( $rows );
	}

	/**
	 * GET learners/{id}/certificates: every certificate of the learner, revoked ones too.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function learner_certificates( $request ) {
		$user = self::learner( (int) $request['id'] );
		if ( null === $user ) {
			return self::no_learner();
		}
		$count = $this->certificates->count_for_user( $user->ID );
		return rest_ensure_response( array_map( array( self::class, 'certificate' ), $this->certificates->export_page( $user->ID, max( 1, $count ), 0 ) ) );
	}

	/**
	 * GET certificates?after=&before=: the valid certificates issued in a period, newest first.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function certificates_of_period( $request ) {
		$after  = \DateTimeImmutable::createFromFormat( '!Y-m-d', (string) $request['after'], wp_timezone() );
		$before = \DateTimeImmutable::createFromFormat( '!Y-m-d', (string) $request['before'], wp_timezone() );
		if ( ! $after || ! $before || $before < $after ) {
			return new WP_Error( 'rest_invalid_param', __( 'The period must run from after to before, both real dates (YYYY-MM-DD).', 'library-portal' ), array( 'status' => 400 ) );
		}
		$from     = $after->getTimestamp();
		$to       = $before->modify( '+1 day' )->getTimestamp();
		$per_page = (int) $request['per_page'];
		$total    = $this->certificates->count_issued_between( $from, $to );
		$response = rest_ensure_response( array_map( array( self::class, 'certificate' ), $this->certificates->issued_between( $from, $to, $per_page, ( (int) $request['page'] - 1 ) * $per_page ) ) );
		$response->header( 'X-WP-Total', (string) $total );
		$response->header( 'X-WP-TotalPages', (string) max( 1, (int) ceil( $total / $per_page ) ) );
		return $response;
	}

	/**
	 * Schema of the progress reply.
	 *
	 * @return array<string, mixed>
	 */
	public function progress_schema(): array {
		$time = array(
			'type'   => array( 'string', 'null' ),
			'format' => 'date-time',
		);
		return array(
			'$schema' => 'http://json-schema.org/draft-04/schema#',
			'title'   => 'library-learner-progress',
			'type'    => 'array',
			'items'   => array(
				'type'                 => 'object',
				'additionalProperties' => false,
				'properties'           => array(
					'product_id'   => array( 'type' => 'integer' ),
					'title'        => array( 'type' => 'string' ),
					'content_type' => array( 'type' => 'string' ),
					'tag'          => array( 'type' => 'string' ),
					'contract_id'  => array( 'type' => 'integer' ),
					'status'       => array( 'type' => 'string' ),
					'percent'      => array(
						'type'        => 'integer',
						'description' => __( "The item's watched percent (the parts' average).", 'library-portal' ),
					),
					'parts'        => array(
						'type'  => 'array',
						'items' => array( 'type' => 'integer' ),
					),
					'last_watched' => $time,
					'completed_at' => $time + array( 'description' => __( 'When its certificate was earned; null without one.', 'library-portal' ) ),
				),
			),
		);
	}

	/**
	 * Schema of a list of certificates.
	 *
	 * @return array<string, mixed>
	 */
	public function certificates_schema(): array {
		return array(
			'$schema' => 'http://json-schema.org/draft-04/schema#',
			'title'   => 'library-certificates',
			'type'    => 'array',
			'items'   => array(
				'type'                 => 'object',
				'additionalProperties' => false,
				'properties'           => array(
					'code'       => array( 'type' => 'string' ),
					'user_id'    => array( 'type' => 'integer' ),
					'product_id' => array( 'type' => 'integer' ),
					'title'      => array( 'type' => 'string' ),
					'score'      => array( 'type' => 'integer' ),
					'issued_at'  => array(
						'type'   => 'string',
						'format' => 'date-time',
					),
					'revoked_at' => array(
						'type'   => array( 'string', 'null' ),
						'format' => 'date-time',
					),
					'verify_url' => array(
						'type'   => 'string',
						'format' => 'uri',
					),
				),
			),
		);
	}

	/**
	 * A certificate as the API sends it.
	 *
	 * @param Certificate $certificate Certificate.
	 * @return array<string, mixed>
	 */
	private static function certificate( Certificate $certificate ): array {
		return array(
			'code'       => $certificate->code,
			'user_id'    => $certificate->user_id,
			'product_id' => $certificate->product_id,
			'title'      => html_entity_decode( get_the_title( $certificate->product_id ), ENT_QUOTES, 'UTF-8' ),
			'score'      => $certificate->score,
			'issued_at'  => (string) AdminAccess::time( $certificate->issued_at ),
			'revoked_at' => AdminAccess::time( $certificate->revoked_at ),
			'verify_url' => CertificateLinks::verify_url( $certificate->code ),
		);
	}

	/**
	 * A user of this site, or null.
	 *
	 * @param int $user_id User ID.
	 */
	private static function learner( int $user_id ): ?\WP_User {
		$user = get_userdata( $user_id );
		return SiteMembers::on_this_site()->visible( $user ? $user : null );
	}

	/**
	 * The refusal of an unknown learner.
	 */
	private static function no_learner(): WP_Error {
		return new WP_Error( 'learner_not_found', __( 'There is no such user on this site.', 'library-portal' ), array( 'status' => 404 ) );
	}
}
