<?php
/**
 * Where the sidebar's account links go.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Frontend;

use LibraryPortal\Admin\SettingsPage;
use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\AccountLinks;
use LibraryPortal\Frontend\PortalConfig;
use LibraryPortal\Tests\Support\TestCase;

/**
 * A link goes where the settings say, else to the shop's page, else to the spec's path when a page
 * is there; with nowhere to go it is hidden (''), so no sidebar entry leads to a 404.
 */
final class AccountLinksTest extends TestCase {

	/**
	 * The settings form's functions, as wp-admin loads them.
	 */
	public static function set_up_before_class(): void {
		parent::set_up_before_class();
		require_once ABSPATH . 'wp-admin/includes/template.php';
	}

	/**
	 * Without a shop plugin answering (WooCommerce's answer is tested with WooCommerce).
	 */
	protected function set_up() {
		parent::set_up();
		remove_all_filters( 'library_portal_account_link' );
	}

	/**
	 * A published page at a path (its parents made as needed).
	 *
	 * @param string $path Path, e.g. my-account/orders.
	 */
	private static function page_at( string $path ): int {
		$parent = 0;
		$id     = 0;
		$walked = '';
		foreach ( explode( '/', $path ) as $slug ) {
			$walked .= ( '' === $walked ? '' : '/' ) . $slug;
			$page    = get_page_by_path( $walked );
			$id      = $page ? (int) $page->ID : (int) wp_insert_post(
				array(
					'post_type'   => 'page',
					'post_status' => 'publish',
					'post_title'  => $slug,
					'post_name'   => $slug,
					'post_parent' => $parent,
				)
			);
			$parent  = $id;
		}
		return $id;
	}

	public function test_without_a_page_or_a_shop_every_link_is_hidden(): void {
		foreach ( array_keys( AccountLinks::PATHS ) as $key ) {
			$page = get_page_by_path( AccountLinks::PATHS[ $key ] );
			if ( $page ) {
				wp_delete_post( $page->ID, true );
			}
		}
		$links = ( new AccountLinks( $this->services()->settings ) )->urls();
		$this->assertSame( array_keys( AccountLinks::PATHS ), array_keys( $links ) );
		$this->assertSame( array(), array_filter( $links ), 'all hidden' );
	}

	public function test_a_page_at_the_spec_path_shows_the_link_and_the_settings_win(): void {
		self::page_at( 'my-account/certificate-program' );
		$settings = $this->services()->settings;
		$links    = new AccountLinks( $settings );
		$this->assertSame( home_url( '/my-account/certificate-program/' ), $links->urls()['certificate-program'] );

		$settings->update(
			array(
				'account_links' => array(
					'certificate-program' => 'hide',
					'wallet'              => 'https://wallet.example.com/balance',
					'member-promos'       => '/deals/',
				),
			)
		);
		$urls = $links->urls();
		$this->assertSame( '', $urls['certificate-program'], 'hidden although its page exists' );
		$this->assertSame( 'https://wallet.example.com/balance', $urls['wallet'] );
		$this->assertSame( '/deals/', $urls['member-promos'] );
	}

	/**
	 * @group queries
	 */
	public function test_one_query_finds_the_pages_and_only_at_their_full_path(): void {
		self::page_at( 'my-account/orders' );
		self::page_at( 'edit-address' ); // The right slug under the wrong parent.
		$links = new AccountLinks( $this->services()->settings );
		$urls  = array();

		$queries = $this->count_queries(
			function () use ( $links, &$urls ) {
				$urls = $links->urls();
			}
		);

		$this->assertSame( 1, $queries );
		$this->assertSame( home_url( '/my-account/orders/' ), $urls['orders'] );
		$this->assertSame( '', $urls['addresses'] );
	}

	public function test_a_shop_page_comes_first_when_automatic(): void {
		add_filter(
			'library_portal_account_link',
			static fn( $url, $key ) => 'orders' === $key ? 'https://shop.example.com/account/orders/' : $url,
			10,
			2
		);
		$urls = ( new AccountLinks( $this->services()->settings ) )->urls();
		$this->assertSame( 'https://shop.example.com/account/orders/', $urls['orders'] );
	}

	public function test_the_page_configuration_carries_the_links(): void {
		wp_set_current_user( $this->make_user() );
		$services = $this->services();
		$services->settings->update( array( 'account_links' => array( 'orders' => 'https://shop.example.com/orders/' ) ) );
		$config = ( new PortalConfig( $services->settings, $services->contracts, $services->share_invites ) )->build();
		$this->assertSame( ( new AccountLinks( $services->settings ) )->urls(), $config['accountLinks'] );
		$this->assertSame( 'https://shop.example.com/orders/', $config['accountLinks']['orders'] );
	}

	public function test_stored_values_are_cleaned(): void {
		$clean = Settings::sanitize(
			array(
				'account_links' => array(
					'orders'        => 'javascript:alert(1)',
					'wallet'        => 'hide',
					'addresses'     => '//evil.example.com/x',
					'subscriptions' => array( 'nested' ),
					'unknown'       => 'https://example.com/',
					'member-promos' => 'https://example.com/promos/',
				),
			)
		);
		$this->assertSame(
			array(
				'wallet'        => 'hide',
				'member-promos' => 'https://example.com/promos/',
			),
			$clean['account_links']
		);
	}

	public function test_the_settings_form_refuses_a_bad_address_says_why_and_keeps_the_old_one(): void {
		$settings = $this->services()->settings;
		$settings->update( array( 'account_links' => array( 'orders' => 'https://shop.example.com/orders/' ) ) );
		$page = new SettingsPage( $settings );

		$saved = $page->sanitize(
			array(
				'account_links' => array(
					'orders'    => array(
						'mode' => 'url',
						'url'  => 'not an address',
					),
					'wallet'    => array( 'mode' => 'hide' ),
					'addresses' => array(
						'mode' => 'url',
						'url'  => 'https://shop.example.com/addresses/',
					),
				),
			)
		);

		$this->assertSame( 'https://shop.example.com/orders/', $saved['account_links']['orders'] );
		$this->assertSame( 'hide', $saved['account_links']['wallet'] );
		$this->assertSame( 'https://shop.example.com/addresses/', $saved['account_links']['addresses'] );
		$this->assertArrayNotHasKey( 'subscriptions', $saved['account_links'], 'automatic is not stored' );
		$errors = get_settings_errors( Settings::OPTION );
		$this->assertSame( 'Orders: enter an address starting with https://, http:// or /. The link was left as it was.', end( $errors )['message'] );
	}
}
