<?php
/**
 * What every admin-post action of the grant screens does first.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use LibraryPortal\Core\Seats\GrantService;
use LibraryPortal\Platform\Admin\AdminNotice;
use LibraryPortal\Platform\Admin\AdminPostHandler;

/**
 * One form per subclass, named by its ACTION: the capability, then the nonce bound to the action
 * and to the IDs the form posts in BOUND_TO (a nonce of one grant's form cannot act on another),
 * then run(), which asks a service and keeps a notice
 * (docs/rules/platform.md, "How admin screens are built"). The contracts screen's actions share ContractAction the same way.
 */
abstract class GrantAction implements AdminPostHandler {

	/**
	 * The form's action field (the hook is admin_post_{ACTION}); each handler names its own.
	 */
	public const ACTION = '';

	/**
	 * The posted fields whose IDs the nonce is bound to, in order (none: the nonce is the action).
	 *
	 * @var string[]
	 */
	protected const BOUND_TO = array();

	/**
	 * Grants.
	 *
	 * @var GrantService
	 */
	protected GrantService $grants;

	/**
	 * The screens' one-time notice.
	 *
	 * @var AdminNotice
	 */
	protected AdminNotice $notice;

	/**
	 * The handler.
	 *
	 * @param GrantService $grants Grants.
	 * @param AdminNotice  $notice The screens' notice.
	 */
	public function __construct( GrantService $grants, AdminNotice $notice ) {
		$this->grants = $grants;
		$this->notice = $notice;
	}

	/**
	 * Acts on a form whose capability and nonce were checked; returns where to go next.
	 *
	 * @param array<string, int> $bound The posted IDs of BOUND_TO, by field.
	 */
	abstract protected function run( array $bound ): string;

	/**
	 * The form's action field.
	 */
	public function action(): string {
		return static::ACTION;
	}

	/**
	 * The nonce action of a form bound to these IDs (the values of BOUND_TO's fields, in order).
	 *
	 * @param int ...$ids IDs.
	 */
	public static function nonce_action( int ...$ids ): string {
		return implode( '_', array( static::ACTION, ...$ids ) );
	}

	/**
	 * Runs the action and returns where to go next. Without the capability or the nonce, WordPress
	 * stops the request (wp_die) before anything changes.
	 */
	final public function handle(): string {
		GrantRequest::require_cap();
		$bound = array();
		foreach ( static::BOUND_TO as $field ) {
			$bound[ $field ] = absint( GrantRequest::posted( $field ) );
		}
		check_admin_referer( static::nonce_action( ...array_values( $bound ) ) );
		return $this->run( $bound );
	}
}
