<?php
/**
 * Training Library → Webhooks.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Webhooks;

use LibraryPortal\Core\Events;
use LibraryPortal\Tests\Support\AdminScreens;
use LibraryPortal\Tests\Support\TestCase;
use LibraryPortal\Webhooks\Webhook;
use LibraryPortal\Webhooks\WebhooksPage;
use LibraryPortal\Webhooks\WebhookStore;
use RuntimeException;

/**
 * Site admins add, pause, resume and delete webhooks; anyone else, or a form without its nonce,
 * changes nothing. The screen shows each webhook's secret and its newest deliveries.
 */
final class WebhooksPageTest extends TestCase {

	use AdminScreens;

	/**
	 * Posts the screen's form as a browser would, with or without its nonce; returns where it
	 * sends the browser next.
	 *
	 * @param array<string, mixed> $fields    Form fields.
	 * @param bool                 $with_nonce Send the form's nonce.
	 */
	private function post( array $fields, bool $with_nonce = true ): string {
		// phpcs:disable WordPress.Security.NonceVerification -- a test posting a form, with the nonce it made or without one.
		$_POST = $fields;
		if ( $with_nonce ) {
			$_POST['_wpnonce']    = wp_create_nonce( WebhooksPage::nonce_action( (string) $fields['operation'], (string) ( $fields['webhook'] ?? '' ) ) );
			$_REQUEST['_wpnonce'] = $_POST['_wpnonce'];
		} else {
			unset( $_REQUEST['_wpnonce'] );
		}
		try {
			return ( new WebhooksPage( new WebhookStore(), $this->services()->webhook_deliveries ) )->handle();
		} finally {
			$_POST = array();
		}
		// phpcs:enable WordPress.Security.NonceVerification
	}

	/**
	 * The screen as printed for the current user.
	 */
	private function screen(): string {
		ob_start();
		try {
			( new WebhooksPage( new WebhookStore(), $this->services()->webhook_deliveries ) )->render();
		} finally {
			$printed = (string) ob_get_clean();
		}
		return $printed;
	}

	public function test_an_admin_adds_pauses_resumes_and_deletes_a_webhook_and_sees_its_secret_and_log(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );

		$this->post(
			array(
				'operation' => 'add',
				'url'       => 'https://crm.example.com/hooks/library',
				'events'    => array( Events::ITEM_COMPLETED, Events::CERTIFICATE_ISSUED, 'not_an_event' ),
			)
		);
		$hooks = ( new WebhookStore() )->all();
		$this->assertCount( 1, $hooks );
		$hook = array_values( $hooks )[0];
		$this->assertSame( array( 'https://crm.example.com/hooks/library', array( Events::ITEM_COMPLETED, Events::CERTIFICATE_ISSUED ), Webhook::ACTIVE ), array( $hook->url, $hook->events, $hook->status ) );
		$this->assertSame( 40, strlen( $hook->secret ) );
		$this->services()->webhook_deliveries->record( $hook->id, 'd-1', Events::ITEM_COMPLETED, 2, 0, 10012, 'cURL error 28: Operation timed out', time() );

		$screen = $this->screen();
		$this->assertStringContainsString( 'Webhook added: https://crm.example.com/hooks/library.', $screen );
		$this->assertStringContainsString( 'value="' . $hook->secret . '"', $screen );
		$this->assertStringContainsString( 'Training completed, Certificate issued', $screen );
		$this->assertStringContainsString( 'cURL error 28: Operation timed out', $screen );
		$this->assertStringContainsString( '<label for="lp-webhook-secret-' . $hook->id . '">', $screen );

		$this->post(
			array(
				'operation' => 'pause',
				'webhook'   => $hook->id,
			)
		);
		$this->assertSame( Webhook::PAUSED, ( new WebhookStore() )->find( $hook->id )->status );
		$this->assertStringContainsString( '>Resume</button>', $this->screen() );
		$this->post(
			array(
				'operation' => 'resume',
				'webhook'   => $hook->id,
			)
		);
		$this->assertSame( Webhook::ACTIVE, ( new WebhookStore() )->find( $hook->id )->status );
		$this->post(
			array(
				'operation' => 'delete',
				'webhook'   => $hook->id,
			)
		);
		$this->assertNull( ( new WebhookStore() )->find( $hook->id ) );
		$this->assertSame( array(), $this->services()->webhook_deliveries->recent( $hook->id, 5 ), 'its log goes with it' );
	}

	public function test_a_refused_form_keeps_what_was_typed_and_adds_nothing(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );

		$this->post(
			array(
				'operation' => 'add',
				'url'       => 'https://crm.example.com/hooks',
				'events'    => array(),
			)
		);

		$this->assertSame( array(), ( new WebhookStore() )->all() );
		$screen = $this->screen();
		$this->assertStringContainsString( 'role="alert"><p>Choose at least one event.</p>', $screen );
		$this->assertStringContainsString( 'value="https://crm.example.com/hooks"', $screen );
	}

	public function test_no_nonce_a_shop_manager_or_a_customer_changes_nothing(): void {
		$admin = $this->make_user( 'administrator' );
		wp_set_current_user( $admin );
		$hook = ( new WebhookStore() )->add( 'https://crm.example.com/hook', array( Events::ITEM_COMPLETED ) );

		try {
			$this->post(
				array(
					'operation' => 'delete',
					'webhook'   => $hook->id,
				),
				false
			);
			$this->fail( 'a form without its nonce went through' );
		} catch ( RuntimeException $refused ) {
			$this->assertStringStartsWith( 'wp_die', $refused->getMessage() );
		}
		foreach ( array( 'editor', 'subscriber' ) as $role ) {
			wp_set_current_user( $this->make_user( $role ) );
			foreach ( array( fn() => $this->post( array( 'operation' => 'delete', 'webhook' => $hook->id ) ), fn() => $this->screen() ) as $attempt ) { // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- two short forms.
				try {
					$attempt();
					$this->fail( "$role got through" );
				} catch ( RuntimeException $refused ) {
					$this->assertSame( 'wp_die 403', $refused->getMessage(), $role );
				}
			}
		}
		$this->assertNotNull( ( new WebhookStore() )->find( $hook->id ) );
	}
}
