<?php
/**
 * Training Library → Webhooks.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Webhooks;

use InvalidArgumentException;
use LibraryPortal\Core\Events;
use LibraryPortal\Core\Site\AdminScreens;
use LibraryPortal\Core\Site\SiteDate;
use LibraryPortal\Platform\Admin\AdminNotice;
use LibraryPortal\Platform\Admin\AdminPostHandler;
use LibraryPortal\Platform\Admin\AdminPostRoutes;
use LibraryPortal\Platform\View;

/**
 * The site owner adds an address, picks events and gets the secret deliveries are signed with;
 * pauses, resumes and deletes; reads each webhook's delivery log. Site admins only
 * (`manage_options`): a webhook sends learners' IDs and e-mail addresses to another system.
 * Its forms post to admin-post.php (one handler per action, each with its nonce).
 */
final class WebhooksPage implements AdminPostHandler {

	public const SLUG       = 'library-portal-webhooks';
	public const CAPABILITY = 'manage_options';
	public const ACTION     = 'library_portal_webhook';

	/** Attempts shown per webhook. */
	public const LOG_SHOWN = 10;

	/**
	 * Webhooks.
	 *
	 * @var WebhookStore
	 */
	private WebhookStore $store;

	/**
	 * The delivery log.
	 *
	 * @var DeliveryLog
	 */
	private DeliveryLog $log;

	/**
	 * The screen's notice.
	 *
	 * @var AdminNotice
	 */
	private AdminNotice $notice;

	/**
	 * Wires the screen.
	 *
	 * @param WebhookStore $store Webhooks.
	 * @param DeliveryLog  $log   The delivery log.
	 */
	public function __construct( WebhookStore $store, DeliveryLog $log ) {
		$this->store  = $store;
		$this->log    = $log;
		$this->notice = new AdminNotice( 'library_portal_webhooks_notice_' );
	}

	/**
	 * Hooks the menu and the form handler.
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		( new AdminPostRoutes( $this ) )->register();
	}

	/**
	 * The submenu page.
	 */
	public function add_page(): void {
		add_submenu_page( AdminScreens::PARENT, __( 'Webhooks', 'library-portal' ), __( 'Webhooks', 'library-portal' ), self::CAPABILITY, self::SLUG, array( $this, 'render' ) );
	}

	/**
	 * The screen's address.
	 */
	public static function url(): string {
		return add_query_arg( 'page', self::SLUG, admin_url( AdminScreens::PARENT ) );
	}

	/**
	 * Prints the screen.
	 */
	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage webhooks.', 'library-portal' ), 403 );
		}
		$hooks = $this->store->all();
		$logs  = array();
		foreach ( $hooks as $hook ) {
			$logs[ $hook->id ] = $this->log->recent( $hook->id, self::LOG_SHOWN );
		}
		View::render(
			__DIR__ . '/views/webhooks.php',
			array(
				'notice'  => $this->notice->take(),
				'hooks'   => $hooks,
				'logs'    => $logs,
				'events'  => self::event_labels(),
				'action'  => self::ACTION,
				'post_to' => admin_url( 'admin-post.php' ),
				'date'    => static fn( int $at ): string => SiteDate::date_time( $at ),
			)
		);
	}

	/**
	 * The admin-post action of the screen's forms.
	 */
	public function action(): string {
		return self::ACTION;
	}

	/**
	 * Handles a form (add, pause, resume, delete); returns where to go next.
	 */
	public function handle(): string {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage webhooks.', 'library-portal' ), 403 );
		}
		// The nonce is bound to the operation and the webhook, so those two are read first.
		$operation = isset( $_POST['operation'] ) ? sanitize_key( wp_unslash( $_POST['operation'] ) ) : '';
		$id        = isset( $_POST['webhook'] ) ? sanitize_key( wp_unslash( $_POST['webhook'] ) ) : '';
		check_admin_referer( self::nonce_action( $operation, $id ) );
		$url    = isset( $_POST['url'] ) ? trim( sanitize_text_field( wp_unslash( $_POST['url'] ) ) ) : '';
		$events = isset( $_POST['events'] ) && is_array( $_POST['events'] ) ? array_map( 'sanitize_text_field', wp_unslash( $_POST['events'] ) ) : array();
		try {
			$this->run( $operation, $id, $url, $events );
		} catch ( InvalidArgumentException $refused ) {
			$this->notice->keep(
				'error',
				$refused->getMessage(),
				array(
					'url'    => $url,
					'events' => $events,
				)
			);
		}
		return self::url();
	}

	/**
	 * The nonce action of a form.
	 *
	 * @param string $operation add, pause, resume or delete.
	 * @param string $id        The webhook ('' for add).
	 */
	public static function nonce_action( string $operation, string $id = '' ): string {
		return self::ACTION . '_' . $operation . '_' . $id;
	}

	/**
	 * Every event with its words, for the checkboxes and the log.
	 *
	 * @return array<string, string>
	 */
	public static function event_labels(): array {
		$labels = array(
			Events::PROGRESS_STEP           => __( 'Progress step (every 5% of a part)', 'library-portal' ),
			Events::PART_COMPLETED          => __( 'Part completed', 'library-portal' ),
			Events::ITEM_COMPLETED          => __( 'Training completed', 'library-portal' ),
			Events::TEST_PASSED             => __( 'Test passed', 'library-portal' ),
			Events::TEST_FAILED             => __( 'Test failed', 'library-portal' ),
			Events::CERTIFICATE_ISSUED      => __( 'Certificate issued', 'library-portal' ),
			Events::CERTIFICATE_REVOKED     => __( 'Certificate revoked', 'library-portal' ),
			Events::SEAT_ACTIVATED          => __( 'License activated', 'library-portal' ),
			Events::SHARE_LINK_MADE         => __( 'Share link made', 'library-portal' ),
			Events::INVITATIONS_SENT        => __( 'Invitations sent', 'library-portal' ),
			Events::SEAT_ACCEPTED           => __( 'Shared license accepted', 'library-portal' ),
			Events::SEAT_REVOKED            => __( 'Shared license revoked', 'library-portal' ),
			Events::SEATS_TAKEN_BACK        => __( 'Licenses taken back', 'library-portal' ),
			Events::CONTRACT_MEMBER_ADDED   => __( 'Contract member added', 'library-portal' ),
			Events::CONTRACT_MEMBER_REMOVED => __( 'Contract member removed', 'library-portal' ),
		);
		return array_intersect_key( $labels, array_flip( WebhookStore::events() ) );
	}

	/**
	 * Does one operation and keeps its notice.
	 *
	 * @param string   $operation add, pause, resume or delete.
	 * @param string   $id        Webhook.
	 * @param string   $url       Address (add).
	 * @param string[] $events    Events (add).
	 * @throws InvalidArgumentException When the operation is refused.
	 */
	private function run( string $operation, string $id, string $url, array $events ): void {
		if ( 'add' === $operation ) {
			$hook = $this->store->add( $url, $events );
			/* translators: %s: the webhook's address. */
			$this->notice->keep( 'success', sprintf( __( 'Webhook added: %s. Its secret is shown below; use it to check the signature of each delivery.', 'library-portal' ), $hook->url ) );
			return;
		}
		$hook = $this->store->find( $id );
		if ( null === $hook ) {
			throw new InvalidArgumentException( esc_html__( 'There is no such webhook.', 'library-portal' ) );
		}
		if ( 'pause' === $operation || 'resume' === $operation ) {
			$this->store->set_status( $id, 'pause' === $operation ? Webhook::PAUSED : Webhook::ACTIVE );
			$this->notice->keep(
				'success',
				'pause' === $operation
					/* translators: %s: the webhook's address. */
					? sprintf( __( 'Webhook paused: %s. Events are not sent to it until it is resumed.', 'library-portal' ), $hook->url )
					/* translators: %s: the webhook's address. */
					: sprintf( __( 'Webhook resumed: %s.', 'library-portal' ), $hook->url )
			);
			return;
		}
		if ( 'delete' === $operation ) {
			$this->store->delete( $id );
			$this->log->forget( $id );
			/* translators: %s: the webhook's address. */
			$this->notice->keep( 'success', sprintf( __( 'Webhook deleted: %s.', 'library-portal' ), $hook->url ) );
			return;
		}
		throw new InvalidArgumentException( esc_html__( 'Unknown operation.', 'library-portal' ) );
	}
}
