<?php
/**
 * The site owner's webhooks, kept in an option.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Webhooks;

use InvalidArgumentException;
use LibraryPortal\Core\Events;

/**
 * A site has a handful of webhooks, changed by its admins: one autoloaded option holds them (every
 * public action reads it; the installer creates it empty, so a site without webhooks pays no
 * query). Validation is here, so the screen and any other caller refuse alike.
 */
final class WebhookStore {

	public const OPTION = 'library_portal_webhooks';

	/** At most this many webhooks: each event is sent to each. */
	public const MAX = 20;

	/**
	 * Every webhook, by ID.
	 *
	 * @return array<string, Webhook>
	 */
	public function all(): array {
		$hooks = array();
		foreach ( (array) get_option( self::OPTION, array() ) as $row ) {
			if ( is_array( $row ) ) {
				$hook               = Webhook::from_array( $row );
				$hooks[ $hook->id ] = $hook;
			}
		}
		return $hooks;
	}

	/**
	 * One webhook, or null.
	 *
	 * @param string $id ID.
	 */
	public function find( string $id ): ?Webhook {
		return $this->all()[ $id ] ?? null;
	}

	/**
	 * Adds a webhook with a new secret; returns it.
	 *
	 * @param string   $url    Address (http or https).
	 * @param string[] $events Action names (Events' constants).
	 * @throws InvalidArgumentException When the address or the events are not acceptable (nothing is stored).
	 */
	public function add( string $url, array $events ): Webhook {
		$url    = trim( $url );
		$events = array_values( array_unique( array_intersect( array_map( 'strval', $events ), self::events() ) ) );
		if ( ! self::reachable( $url ) ) {
			throw new InvalidArgumentException( esc_html__( 'The address must be a full http:// or https:// URL of a host the site can reach.', 'library-portal' ) );
		}
		if ( ! $events ) {
			throw new InvalidArgumentException( esc_html__( 'Choose at least one event.', 'library-portal' ) );
		}
		$hooks = $this->all();
		if ( count( $hooks ) >= self::MAX ) {
			/* translators: %d: the largest number of webhooks. */
			throw new InvalidArgumentException( esc_html( sprintf( __( 'A site can have at most %d webhooks.', 'library-portal' ), self::MAX ) ) );
		}
		$hook               = new Webhook( strtolower( wp_generate_password( 12, false ) ), esc_url_raw( $url ), $events, wp_generate_password( 40, false ), Webhook::ACTIVE, '', time() );
		$hooks[ $hook->id ] = $hook;
		$this->save( $hooks );
		return $hook;
	}

	/**
	 * Pauses or resumes a webhook; false when there is none.
	 *
	 * @param string $id     ID.
	 * @param string $status Webhook::ACTIVE or Webhook::PAUSED.
	 * @param string $why    Why it was paused ('' by hand).
	 */
	public function set_status( string $id, string $status, string $why = '' ): bool {
		$hooks = $this->all();
		if ( ! isset( $hooks[ $id ] ) ) {
			return false;
		}
		$row               = $hooks[ $id ]->to_array();
		$row['status']     = $status;
		$row['paused_why'] = Webhook::PAUSED === $status ? $why : '';
		$hooks[ $id ]      = Webhook::from_array( $row );
		$this->save( $hooks );
		return true;
	}

	/**
	 * Deletes a webhook; false when there is none.
	 *
	 * @param string $id ID.
	 */
	public function delete( string $id ): bool {
		$hooks = $this->all();
		if ( ! isset( $hooks[ $id ] ) ) {
			return false;
		}
		unset( $hooks[ $id ] );
		$this->save( $hooks );
		return true;
	}

	/**
	 * Whether an address may be a webhook's: http or https with a host, and an IP address given
	 * as such is not private or loopback unless the site allows it (`http_request_host_is_external`).
	 * A host name is not looked up here (its address may change, and a site may not resolve it at
	 * the moment the form is saved): every delivery goes through wp_safe_remote_post, which does.
	 *
	 * @param string $url Address.
	 */
	private static function reachable( string $url ): bool {
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || ! in_array( $parts['scheme'] ?? '', array( 'http', 'https' ), true ) || '' === ( $parts['host'] ?? '' ) || esc_url_raw( $url ) !== $url ) {
			return false;
		}
		return ! filter_var( $parts['host'], FILTER_VALIDATE_IP ) || false !== wp_http_validate_url( $url );
	}

	/**
	 * The events a webhook may receive: every public action (docs/actions.md).
	 *
	 * @return string[]
	 */
	public static function events(): array {
		return array_values( ( new \ReflectionClass( Events::class ) )->getConstants() );
	}

	/**
	 * Stores the list.
	 *
	 * @param array<string, Webhook> $hooks Webhooks.
	 */
	private function save( array $hooks ): void {
		update_option( self::OPTION, array_values( array_map( static fn( Webhook $hook ): array => $hook->to_array(), $hooks ) ), true );
	}
}
