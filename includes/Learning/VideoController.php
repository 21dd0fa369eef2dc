<?php
/**
 * The learner's reads of one item: its video and its contract row.
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
use LibraryPortal\Core\Rows\ProgressRules;
use LibraryPortal\Core\Rows\RowSchema;
use LibraryPortal\Core\Settings;
use LibraryPortal\Platform\Rest\ArgSchemas;
use LibraryPortal\Platform\Rest\Controller;
use LibraryPortal\Platform\Rest\ErrorReply;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * GET video/{id} and GET contract/{contractid}/item/{id} (docs/contract.md): what the item's page
 * reads. Access is decided on the server from the user's library row (Domain/Access); a user
 * without it gets no address of any file.
 */
final class VideoController extends Controller {

	/**
	 * Row lookup shared with the other `/{id}` routes.
	 *
	 * @var ItemLookup
	 */
	private ItemLookup $lookup;

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
	 * @param ContractRepository    $contracts    Contract memberships.
	 * @param CertificateRepository $certificates Certificates.
	 * @param Settings              $settings     Settings (how video addresses are signed).
	 */
	public function __construct( ItemLookup $lookup, ContractRepository $contracts, CertificateRepository $certificates, Settings $settings ) {
		$this->lookup       = $lookup;
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
		$row = LearningReplies::row( $this->lookup, $request );
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
		$row = LearningReplies::row( $this->lookup, $request );
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
	 * GET contract/{contractid}/item/{id}: the spec's "success and item".
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_contract_item( $request ) {
		$row = LearningReplies::row( $this->lookup, $request );
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
			'progress'          => LearningReplies::progress( $row ),
			'test'              => LearningReplies::test( $row, $media ),
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
					'progress'          => ProgressController::progress_schema(),
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
