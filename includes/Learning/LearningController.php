<?php
/**
 * The learner's routes of one item: video, progress, activation, contract item.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

use LibraryPortal\Core\Contracts\ContractRepository;
use LibraryPortal\Core\Items\ContentType;
use LibraryPortal\Core\Items\ItemMedia;
use LibraryPortal\Core\Items\VideoUrlSigner;
use LibraryPortal\Core\Rows\Access;
use LibraryPortal\Core\Rows\CertificateLinks;
use LibraryPortal\Core\Rows\CertificateRepository;
use LibraryPortal\Core\Rows\ItemLookup;
use LibraryPortal\Core\Rows\LearnerRow;
use LibraryPortal\Core\Rows\ProgressRules;
use LibraryPortal\Core\Rows\RowSchema;
use LibraryPortal\Core\Rows\RowStatus;
use LibraryPortal\Core\Rows\TestReadiness;
use LibraryPortal\Core\Settings;
use LibraryPortal\Platform\Rest\ArgSchemas;
use LibraryPortal\Platform\Rest\Controller;
use LibraryPortal\Platform\Rest\ErrorReply;
use LibraryPortal\Platform\Rest\Refusal;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * GET video/{id}, POST video/progress/{product_id}, POST activate-manual-license/{id} and
 * GET contract/{contractid}/item/{id} (docs/contract.md). Access is decided on the server from
 * the user's library row (Domain/Access); a user without it gets no address of any file.
 */
final class LearningController extends Controller {

	/**
	 * Row lookup shared with the other `/{id}` routes.
	 *
	 * @var ItemLookup
	 */
	private ItemLookup $lookup;

	/**
	 * The report request report_row() last looked up (permission check and handler get the same
	 * request object; a test may dispatch many through one controller).
	 *
	 * @var WP_REST_Request|null
	 */
	private ?WP_REST_Request $steady_request = null;

	/**
	 * For that request: the short path's seat row, or null when the report takes the whole row.
	 *
	 * @var array<string, mixed>|null
	 */
	private ?array $steady_row = null;

	/**
	 * Progress rule.
	 *
	 * @var ProgressRecorder
	 */
	private ProgressRecorder $recorder;

	/**
	 * Seat activation.
	 *
	 * @var SeatActivation
	 */
	private SeatActivation $activation;

	/**
	 * Contract memberships (the contract item route is for members only).
	 *
	 * @var ContractRepository
	 */
	private ContractRepository $contracts;

	/**
	 * Certificates (the video reply's completed state).
	 *
	 * @var CertificateRepository
	 */
	private CertificateRepository $certificates;

	/**
	 * Settings (the video address signer is read from them on each reply).
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Wires the controller.
	 *
	 * @param ItemLookup            $lookup       Row lookup.
	 * @param ProgressRecorder      $recorder     Progress rule.
	 * @param SeatActivation        $activation   Seat activation.
	 * @param ContractRepository    $contracts    Contract memberships.
	 * @param CertificateRepository $certificates Certificates.
	 * @param Settings              $settings     Settings (how video addresses are signed).
	 */
	public function __construct( ItemLookup $lookup, ProgressRecorder $recorder, SeatActivation $activation, ContractRepository $contracts, CertificateRepository $certificates, Settings $settings ) {
		$this->lookup       = $lookup;
		$this->recorder     = $recorder;
		$this->activation   = $activation;
		$this->contracts    = $contracts;
		$this->certificates = $certificates;
		$this->settings     = $settings;
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$id       = self::item_id_arg();
		$tag      = ArgSchemas::item_tag();
		$contract = ArgSchemas::contract_scope();

		register_rest_route(
			$this->namespace,
			'/video/(?P<id>\d+)',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_video' ),
					'permission_callback' => array( $this, 'item_permissions_check' ),
					'args'                => array(
						'id'       => $id,
						'tag'      => $tag,
						'contract' => $contract,
					),
				),
				'schema' => array( $this, 'get_video_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/video/progress/(?P<product_id>\d+)',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'post_progress' ),
					'permission_callback' => array( $this, 'report_permissions_check' ),
					'args'                => array(
						'product_id' => $id,
						'tag'        => $tag,
						'contract'   => $contract,
						// Wide bounds: the progress rule answers its own 400 invalid_progress / invalid_part.
						'progress'   => array(
							'description' => __( 'Watched percent of the part, a whole 5% step.', 'library-portal' ),
							'type'        => 'integer',
							'required'    => true,
							'minimum'     => -1000,
							'maximum'     => 1000,
						),
						'part'       => array(
							'description' => __( '0-based part index.', 'library-portal' ),
							'type'        => 'integer',
							'default'     => 0,
							'minimum'     => 0,
							'maximum'     => 1000,
						),
					),
				),
				'schema' => array( $this, 'get_progress_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/activate-manual-license/(?P<id>\d+)',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'post_activation' ),
					'permission_callback' => array( $this, 'item_permissions_check' ),
					'args'                => array(
						'id'       => $id,
						'tag'      => $tag,
						'contract' => $contract,
					),
				),
				'schema' => array( $this, 'get_activation_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/contract/(?P<contractid>\d+)/item/(?P<id>\d+)',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_contract_item' ),
					'permission_callback' => array( $this, 'contract_item_permissions_check' ),
					'args'                => array(
						'contractid' => array_merge( $id, array( 'description' => __( 'Contract ID.', 'library-portal' ) ) ),
						'id'         => $id,
						'tag'        => $tag,
					),
				),
				'schema' => array( $this, 'get_contract_item_schema' ),
			)
		);
	}

	/**
	 * Logged in, and the item (in the contract, when one is named) is in the user's library.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function item_permissions_check( $request ) {
		$login = $this->require_login();
		if ( true !== $login ) {
			return $login;
		}
		$row = $this->row( $request );
		return is_wp_error( $row ) ? $row : true;
	}

	/**
	 * Logged in, and the item is in the user's library: item_permissions_check() on the report's
	 * own lookup (report_row()).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function report_permissions_check( $request ) {
		$login = $this->require_login();
		if ( true !== $login ) {
			return $login;
		}
		$row = $this->report_row( $request );
		return is_wp_error( $row ) ? $row : true;
	}

	/**
	 * Logged in, a member of the contract (403 otherwise, whether the contract exists or not), and
	 * the item is in that contract's library (404 otherwise).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function contract_item_permissions_check( $request ) {
		$login = $this->require_login();
		if ( true !== $login ) {
			return $login;
		}
		if ( ! $this->contracts->is_member( (int) $request['contractid'], get_current_user_id() ) ) {
			return ErrorReply::error( 'not_contract_member', __( 'You do not have access to this contract library.', 'library-portal' ), 403 );
		}
		return $this->item_permissions_check( $request );
	}

	/**
	 * GET video/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_video( $request ) {
		$row = $this->row( $request );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		if ( ! Access::granted( (string) $row['access'] ) ) {
			return self::no_access();
		}
		if ( ! ContentType::has_video( (string) $row['content_type'] ) ) {
			return ErrorReply::error( 'no_video', __( "This content type doesn't have video details available.", 'library-portal' ), 404 );
		}
		$media = ItemMedia::of( (int) $row['product_id'], (string) $row['title'] );
		return $this->success( $this->video( $row, $media ) );
	}

	/**
	 * POST video/progress/{product_id}.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function post_progress( $request ) {
		$row = $this->report_row( $request );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		if ( ! Access::granted( (string) $row['access'] ) ) {
			return self::no_access();
		}
		$user_id    = get_current_user_id();
		$product_id = (int) $row['product_id'];
		$media      = ItemMedia::of( $product_id, (string) ( $row['title'] ?? '' ) );
		$before     = $this->lookup->progress( $user_id, $product_id );
		$result     = $this->recorder->report( $user_id, $row, $before, $media, (int) $request['part'], (int) $request['progress'], time() );
		if ( $result instanceof Refusal ) {
			return ErrorReply::refused( $result );
		}
		$after = $result['progress'] ?? $before;
		$fresh = RowStatus::with_progress( $row, $after );
		// The short path's seat row is not a whole row: the reply then carries only the progress,
		// unless the status may have moved (docs/rules/learning-and-progress.md, "Watching: progress, activation, subtitles, media": what a report answers).
		$steady = null !== $this->steady_row;
		$whole  = ! $steady;
		if ( $result['activation'] || ( $steady && RowStatus::moves_status( $row, $before, $after ) ) ) {
			// A seat may have been spent (here or by a parallel request), or the status moved:
			// the row read again (counts, access, certificate).
			$fresh = $this->fresh_row( $user_id, $row );
			$whole = true;
		}
		if ( is_wp_error( $fresh ) ) {
			return $fresh;
		}
		return $this->success(
			array(
				'product_id' => $product_id,
				'item'       => $whole ? $fresh : null,
				'progress'   => self::progress( $fresh ),
				'test'       => self::test( $fresh, $media ),
				'activated'  => $result['activated'],
			)
		);
	}

	/**
	 * POST activate-manual-license/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function post_activation( $request ) {
		$row = $this->row( $request );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$user_id = get_current_user_id();
		$title   = (string) $row['title'];
		$outcome = $this->activation->activate( $user_id, $row, time() );
		if ( SeatActivation::NO_SEAT === $outcome ) {
			/* translators: %s: item title. */
			$message = sprintf( __( 'You don\'t have an active license for "%s". Purchase a license to download this manual.', 'library-portal' ), $title );
			return new WP_Error(
				Access::NO_LICENSE,
				$message,
				array(
					'status' => 409,
					'error'  => $message,
				)
			);
		}
		$fresh = $this->fresh_row( $user_id, $row );
		if ( is_wp_error( $fresh ) ) {
			return $fresh;
		}
		$activated = SeatActivation::ACTIVATED === $outcome;
		return $this->success(
			array(
				'item'    => $fresh,
				'status'  => $activated ? 'activated' : 'already_active',
				'message' => $activated
					/* translators: %s: item title. */
					? sprintf( __( 'Your license for "%s" is now active.', 'library-portal' ), $title )
					/* translators: %s: item title. */
					: sprintf( __( 'Your license for "%s" is already active.', 'library-portal' ), $title ),
			)
		);
	}

	/**
	 * GET contract/{contractid}/item/{id}: the spec's "success and item".
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_contract_item( $request ) {
		$row = $this->row( $request );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$response = new WP_REST_Response(
			array(
				'success' => true,
				'item'    => $row,
			)
		);
		$response->header( 'Cache-Control', 'no-store, private' );
		return $response;
	}

	/**
	 * The library row a request acts on, or the 404 (same for missing, not yours, not in that contract).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>|WP_Error
	 */
	private function row( WP_REST_Request $request ) {
		$product_id = (int) ( $request['id'] ?? $request['product_id'] );
		$rows       = $this->lookup->rows( get_current_user_id(), $product_id );
		if ( is_wp_error( $rows ) ) {
			return $rows;
		}
		$contract_id = (int) ( $request['contractid'] ?? $request['contract'] ?? 0 );
		$row         = LearnerRow::pick( $rows, self::tag( $request ), $contract_id );
		if ( null === $row ) {
			return ErrorReply::error(
				ItemLookup::NOT_FOUND,
				__( 'This training is not in your library.', 'library-portal' ),
				404
			);
		}
		return $row;
	}

	/**
	 * The request's `tag`, '' when it is not a string. The permission checks also run for a
	 * request the schema refused (WordPress's rest_send_allow_header() asks every handler of the
	 * route while building the 400's Allow header), so they see the raw value: an array there must
	 * not be cast ("Array to string conversion" in the PHP log).
	 *
	 * @param WP_REST_Request $request Request.
	 */
	private static function tag( WP_REST_Request $request ): string {
		$tag = $request['tag'] ?? '';
		return is_string( $tag ) ? $tag : '';
	}

	/**
	 * The row a progress report acts on: the seat row of the short path when a seat already opens
	 * the item (ItemLookup::steady_row()), the whole row otherwise (row()). The permission check
	 * and the handler ask alike; the lookup is made once.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>|WP_Error
	 */
	private function report_row( WP_REST_Request $request ) {
		if ( $this->steady_request !== $request ) {
			$this->steady_request = $request;
			$this->steady_row     = $this->lookup->steady_row( get_current_user_id(), (int) $request['product_id'], self::tag( $request ), (int) ( $request['contract'] ?? 0 ) );
		}
		return $this->steady_row ?? $this->row( $request );
	}

	/**
	 * The same row read again after a write of this request (counts, access, progress as stored).
	 *
	 * @param int                  $user_id User.
	 * @param array<string, mixed> $row     Row before the write.
	 * @return array<string, mixed>|WP_Error
	 */
	private function fresh_row( int $user_id, array $row ) {
		$rows = $this->lookup->fresh_rows( $user_id, (int) $row['product_id'] );
		if ( is_wp_error( $rows ) ) {
			return $rows;
		}
		foreach ( $rows as $candidate ) {
			if ( $candidate['tag'] === $row['tag'] && $candidate['share_user_id'] === $row['share_user_id'] && $candidate['contract_id'] === $row['contract_id'] ) {
				return $candidate;
			}
		}
		return $rows[0];
	}

	/**
	 * The video reply of the contract.
	 *
	 * @param array<string, mixed> $row   Library row with access granted.
	 * @param ItemMedia            $media Item media.
	 * @return array<string, mixed>
	 */
	private function video( array $row, ItemMedia $media ): array {
		$product_id = (int) $row['product_id'];
		$user_id    = get_current_user_id();
		$signer     = VideoUrlSigner::from_settings( $this->settings );
		$now        = time();
		/**
		 * Filters a playlist address before it is sent to a learner with access. It runs after the
		 * built-in signer of Settings (docs/rules/learning-and-progress.md, "Signed video addresses"), so a site can
		 * still sign or rewrite the address its own way.
		 *
		 * @param string $url        Playlist address, signed when Settings choose a signer.
		 * @param int    $product_id Item.
		 * @param int    $part       0-based part.
		 * @param int    $user_id    Learner.
		 */
		$sign  = static fn( string $url, int $part ): string => '' === $url ? '' : (string) apply_filters( 'library_portal_video_url', $signer->sign( $url, $user_id, $now ), $product_id, $part, $user_id );
		$parts = array();
		foreach ( $media->parts as $index => $part ) {
			$parts[] = array(
				'index'    => $index,
				'title'    => $part['title'],
				'url'      => $sign( $part['url'], $index ),
				'thumb'    => $part['thumb'],
				'duration' => $part['duration'],
			);
		}
		$subtitles = array();
		foreach ( array_keys( $media->subtitles ) as $n ) {
			$entry = $media->subtitle( $n );
			if ( null !== $entry && $entry['part'] < $media->part_count() ) {
				$subtitles[] = array(
					'part'     => $entry['part'],
					'url'      => rest_url( sprintf( '%s/subtitles/%d/%d', $this->namespace, $product_id, $n ) ),
					'language' => ItemMedia::language( $entry['language'] ),
				);
			}
		}
		$thumb = '' !== $media->parts[0]['thumb'] ? $media->parts[0]['thumb'] : (string) $row['img'];

		return array(
			'product_id'        => $product_id,
			'hss_video_id'      => $media->video_id,
			'type'              => (string) $row['content_type'],
			'title'             => (string) $row['title'],
			'subtitle'          => (string) $row['subtitle'],
			'url'               => '' === $media->url ? '' : $parts[0]['url'],
			'thumb'             => $thumb,
			'parts'             => $parts,
			'subtitles'         => $subtitles,
			'has_test'          => $media->has_questions,
			'quiz_link'         => $media->has_questions ? home_url( '/quiz/' . $product_id ) : '',
			// The row already knows whether there is one: its code is read only then.
			'certificate'       => false === $row['video_data']['pdf'] ? null : $this->certificate( $user_id, $product_id ),
			'attachment'        => Access::opens_files( (string) $row['access'] ) ? $media->attachment : '',
			'progress'          => self::progress( $row ),
			'test'              => self::test( $row, $media ),
			'access'            => (string) $row['access'],
			'max_playback_rate' => ProgressRules::MAX_PLAYBACK_RATE,
		);
	}

	/**
	 * The learner's valid certificate of the item (the completed state: date, download, verify),
	 * or null when none was earned or it was revoked, as the quiz reply says.
	 *
	 * @param int $user_id    Learner.
	 * @param int $product_id Item.
	 * @return array{code: string, issued_at: int, download_url: string, verify_url: string}|null
	 */
	private function certificate( int $user_id, int $product_id ): ?array {
		$certificate = $this->certificates->for_user_item( $user_id, $product_id );
		return null === $certificate || $certificate->is_revoked() ? null : CertificateLinks::reply( $certificate );
	}

	/**
	 * `progress` of the replies: the row's own figures (overall as the items reply computes it).
	 *
	 * @param array<string, mixed> $row Library row.
	 * @return array{count: int, time: int, parts: array<int, array{count: int, time: int}>}
	 */
	private static function progress( array $row ): array {
		return array(
			'count' => (int) $row['video_data']['progress']['count'],
			'time'  => (int) $row['video_data']['progress']['time'],
			'parts' => array_values( $row['video_data']['progress']['parts'] ),
		);
	}

	/**
	 * `test` of the replies.
	 *
	 * @param array<string, mixed> $row   Library row.
	 * @param ItemMedia            $media Item media.
	 * @return array<string, mixed>
	 */
	private static function test( array $row, ItemMedia $media ): array {
		return TestReadiness::for( $media->parts, array_column( $row['video_data']['progress']['parts'], 'count' ), $media->has_questions );
	}

	/**
	 * The refusal for a user without access.
	 */
	private static function no_access(): WP_Error {
		return ErrorReply::error( Access::NO_LICENSE, __( "You don't have access to view this video. Purchase or activate a license to gain access.", 'library-portal' ), 403 );
	}

	/**
	 * Schema of one library item, as GET items/ sends it.
	 *
	 * @return array<string, mixed>
	 */
	private function item_schema(): array {
		return RowSchema::row();
	}

	/**
	 * Schema of the `progress` object.
	 *
	 * @return array<string, mixed>
	 */
	private static function progress_schema(): array {
		$int = array( 'type' => 'integer' );
		return self::closed_object(
			array(
				'count' => $int,
				'time'  => $int,
				'parts' => array(
					'type'  => 'array',
					'items' => self::closed_object(
						array(
							'count' => $int,
							'time'  => $int,
						)
					),
				),
			)
		);
	}

	/**
	 * Schema of GET video/{id}.
	 *
	 * @return array<string, mixed>
	 */
	public function get_video_schema(): array {
		$int    = array( 'type' => 'integer' );
		$string = array( 'type' => 'string' );
		return $this->envelope_schema(
			'library-video',
			self::closed_object(
				array(
					'product_id'        => $int,
					'hss_video_id'      => $string,
					'type'              => array(
						'type' => 'string',
						'enum' => ContentType::all(),
					),
					'title'             => $string,
					'subtitle'          => $string,
					'url'               => $string,
					'thumb'             => $string,
					'parts'             => array(
						'type'     => 'array',
						'minItems' => 1,
						'items'    => self::closed_object(
							array(
								'index'    => $int,
								'title'    => $string,
								'url'      => $string,
								'thumb'    => $string,
								'duration' => $int,
							)
						),
					),
					'subtitles'         => array(
						'type'  => 'array',
						'items' => self::closed_object(
							array(
								'part'     => $int,
								'url'      => $string,
								'language' => $string,
							)
						),
					),
					'has_test'          => array( 'type' => 'boolean' ),
					'quiz_link'         => $string,
					'certificate'       => self::closed_object(
						array(
							'code'         => $string,
							'issued_at'    => $int,
							'issued_date'  => array( 'type' => 'string' ),
							'download_url' => $string,
							'verify_url'   => $string,
						),
						array( 'object', 'null' )
					),
					'attachment'        => $string,
					'progress'          => self::progress_schema(),
					'test'              => RowSchema::test(),
					'access'            => array(
						'type' => 'string',
						'enum' => Access::all(),
					),
					'max_playback_rate' => $int,
				)
			)
		);
	}

	/**
	 * Schema of POST video/progress/{product_id}.
	 *
	 * @return array<string, mixed>
	 */
	public function get_progress_schema(): array {
		return $this->envelope_schema(
			'library-progress',
			self::closed_object(
				array(
					'product_id' => array( 'type' => 'integer' ),
					'item'       => array_merge( $this->item_schema(), array( 'type' => array( 'object', 'null' ) ) ),
					'progress'   => self::progress_schema(),
					'test'       => RowSchema::test(),
					'activated'  => array( 'type' => 'boolean' ),
				)
			)
		);
	}

	/**
	 * Schema of POST activate-manual-license/{id}.
	 *
	 * @return array<string, mixed>
	 */
	public function get_activation_schema(): array {
		return $this->envelope_schema(
			'library-activation',
			self::closed_object(
				array(
					'item'    => $this->item_schema(),
					'status'  => array(
						'type' => 'string',
						'enum' => array( 'activated', 'already_active' ),
					),
					'message' => array( 'type' => 'string' ),
				)
			)
		);
	}

	/**
	 * Schema of GET contract/{contractid}/item/{id} (no `data`: the spec's "success and item").
	 *
	 * @return array<string, mixed>
	 */
	public function get_contract_item_schema(): array {
		return array(
			'$schema'              => 'http://json-schema.org/draft-04/schema#',
			'title'                => 'library-contract-item',
			'type'                 => 'object',
			'properties'           => array(
				'success' => array( 'type' => 'boolean' ),
				'item'    => $this->item_schema(),
			),
			'required'             => array( 'success', 'item' ),
			'additionalProperties' => false,
		);
	}
}
