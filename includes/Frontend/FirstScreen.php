<?php
/**
 * The portal's first screen as the server prints it.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Platform\View;

/**
 * Prints the shell (top bar, menu) and the opened screen's heading and first content into the
 * page, with the islands' own class names and texts, so a phone shows the screen before the
 * scripts have run (docs/rules/library-and-catalogue.md, "First screen on a phone"). The data is the page configuration's,
 * including the inlined replies, so the island that replaces this markup shows the same.
 *
 * Every text here is the same translatable string as the island's (src/islands/shell,
 * src/islands/library, src/islands/detail, src/components/item-card).
 */
final class FirstScreen {

	/**
	 * Cards printed on the list: the ones a phone or a desktop shows above the fold.
	 */
	public const LIST_CARDS = 4;

	/**
	 * Cards whose image loads first (`fetchpriority="high"`), as src/islands/library does.
	 */
	public const PRIORITY_CARDS = 2;

	/**
	 * The page configuration (PortalConfig::build()).
	 *
	 * @var array<string, mixed>
	 */
	private array $config;

	/**
	 * The screen opened.
	 *
	 * @var PortalScreen
	 */
	private PortalScreen $screen;

	/**
	 * The address's query arguments (filters, tab, tag).
	 *
	 * @var array<string, string>
	 */
	private array $query;

	/**
	 * Creates the printer for one page.
	 *
	 * @param array<string, mixed>  $config Page configuration.
	 * @param PortalScreen          $screen Screen opened.
	 * @param array<string, string> $query  Query arguments of the address.
	 */
	public function __construct( array $config, PortalScreen $screen, array $query = array() ) {
		$this->config = $config;
		$this->screen = $screen;
		$this->query  = $query;
	}

	/**
	 * The shell with the screen (replaced by the shell island once its screen is drawn), printed
	 * by views/first-screen.php.
	 */
	public function render(): string {
		$contract = $this->contract_id();
		return View::html(
			__DIR__ . '/views/first-screen.php',
			array(
				'contract' => (bool) $contract,
				'topbar'   => array(
					'site'       => (string) $this->config['siteUrl'],
					'logo'       => (string) $this->config['logo'],
					'brand_name' => (string) $this->config['brandName'],
					'lists'      => $this->list_url(),
					'bell'       => ! $contract,
				),
				'nav'      => $this->nav(),
				'screen'   => $this->screen(),
			)
		);
	}

	/**
	 * The address of the library list (the contract's on a contract page).
	 */
	private function list_url(): string {
		return $this->contract_id() ? home_url( '/contract/' . $this->contract_id() ) : home_url( '/' . Routes::PORTAL_PATH . '/videos' );
	}

	/**
	 * The menu with the island's entries (src/domain/navigation.ts): plain links until it mounts.
	 *
	 * @return array{main: array<int, array{0: string, 1: string, 2: bool}>, account: array<int, array{0: string, 1: string, 2: bool}>}
	 */
	private function nav(): array {
		$contract = $this->contract_id();
		$user_id  = (int) ( $this->config['currentUser']['id'] ?? 0 );
		$base     = '/' . Routes::PORTAL_PATH;
		$main     = array();
		if ( ! $contract ) {
			$main[] = array( __( 'Dashboard', 'library-portal' ), home_url( $base ), PortalScreen::DASHBOARD === $this->screen->kind );
		}
		$main[] = array( __( 'Library', 'library-portal' ), home_url( $contract ? '/contract/' . $contract : $base . '/videos' ), PortalScreen::LIST === $this->screen->kind );
		$main[] = array( __( 'My Progress', 'library-portal' ), home_url( $contract ? '/contract/' . $contract . '/users' : $base . '/users/' . $user_id ), false );
		if ( ! $contract && ( ! empty( $this->config['shareUsers'] ) || ! empty( $this->config['isLocal'] ) ) ) {
			$main[] = array( __( 'Manage My Team', 'library-portal' ), home_url( $base . '/users' ), PortalScreen::TEAM === $this->screen->kind );
		}

		$links   = (array) ( $this->config['accountLinks'] ?? array() );
		$labels  = array(
			'certificate-program' => __( 'Certificate Program', 'library-portal' ),
			'orders'              => __( 'Orders', 'library-portal' ),
			'subscriptions'       => __( 'Subscriptions', 'library-portal' ),
			'addresses'           => __( 'Addresses', 'library-portal' ),
			'payment-methods'     => __( 'Payment Methods', 'library-portal' ),
			'wallet'              => __( 'Wallet Balance', 'library-portal' ),
		);
		$account = array();
		foreach ( $labels as $key => $label ) {
			if ( '' !== (string) ( $links[ $key ] ?? '' ) ) {
				$account[] = array( $label, (string) $links[ $key ], false );
			}
		}
		$account[] = array( __( 'Logout', 'library-portal' ), (string) $this->config['logoutUrl'], false );

		return array(
			'main'    => $main,
			'account' => $account,
		);
	}

	/**
	 * The opened screen's first content, or the loading indicator where the server has none.
	 *
	 * @return array<string, mixed>
	 */
	private function screen(): array {
		switch ( $this->screen->kind ) {
			case PortalScreen::DASHBOARD:
				return $this->dashboard();
			case PortalScreen::LIST:
				return $this->library_list();
			case PortalScreen::ITEM:
				return $this->item();
			case PortalScreen::TEAM:
				// The rows wait for the island: which members a manager hid is kept in their browser.
				return array(
					'kind'    => 'team',
					'title'   => __( 'Team Member Progress', 'library-portal' ),
					'loading' => __( 'Loading your team…', 'library-portal' ),
				);
			case PortalScreen::NOTIFICATIONS:
				return $this->notifications();
		}
		return self::loading( __( 'Loading your library…', 'library-portal' ) );
	}

	/**
	 * The loading indicator's screen (src/components/loading-indicator).
	 *
	 * @param string $label Hidden label.
	 * @return array{kind: string, label: string}
	 */
	private static function loading( string $label ): array {
		return array(
			'kind'  => 'loading',
			'label' => $label,
		);
	}

	/**
	 * Dashboard: its title and the welcome card (src/islands/library/dashboard.tsx).
	 *
	 * @return array<string, mixed>
	 */
	private function dashboard(): array {
		$stats = $this->reply( InitialReplies::DASHBOARD );
		if ( ! is_array( $stats ) || null !== ( $stats['contractHome'] ?? null ) ) {
			return self::loading( __( 'Loading your dashboard…', 'library-portal' ) );
		}
		$name    = (string) ( $this->config['currentUser']['display_name'] ?? '' );
		$welcome = '' !== $name
			/* translators: %s: user's display name. */
			? sprintf( __( 'Welcome, %s!', 'library-portal' ), $name )
			: __( 'Welcome!', 'library-portal' );
		$text = ! empty( $stats['canShare'] )
			? __( 'Watch this short walkthrough to see how to watch your trainings, take tests and share licenses with your team.', 'library-portal' )
			: __( 'Watch this short walkthrough to see how to watch your trainings and take tests to earn your certificates.', 'library-portal' );

		return array(
			'kind'    => 'dashboard',
			'welcome' => $welcome,
			'text'    => $text,
		);
	}

	/**
	 * Library list: title, description, the filter row (a plain form until the island mounts)
	 * and the first cards of the active list (src/islands/library/library-list.tsx).
	 *
	 * @return array<string, mixed>
	 */
	private function library_list(): array {
		$contract = $this->config['contractData'] ?? null;
		if ( $this->contract_id() && ! is_array( $contract ) ) {
			return self::loading( __( 'Loading your library…', 'library-portal' ) );
		}
		$title = is_array( $contract ) && '' !== (string) ( $contract['title'] ?? '' ) ? (string) $contract['title'] : __( 'Library', 'library-portal' );
		$items = $this->reply( InitialReplies::ITEMS );
		return array(
			'kind'     => 'list',
			'title'    => $title,
			'intro'    => (string) ( $this->config['libraryIntro'] ?? '' ),
			'search'   => $this->query['search'] ?? '',
			'statuses' => array(
				'all'            => __( 'All Statuses', 'library-portal' ),
				'purchased'      => __( 'Purchased', 'library-portal' ),
				'in-progress'    => __( 'In Progress', 'library-portal' ),
				'completed'      => __( 'Completed', 'library-portal' ),
				'not-started'    => __( 'Not Started', 'library-portal' ),
				'expired'        => __( 'Expired', 'library-portal' ),
				'member-product' => __( 'Member Product', 'library-portal' ),
			),
			'status'   => $this->query['status'] ?? 'all',
			'reset'    => $this->list_url(),
			'loading'  => is_array( $items ) ? '' : __( 'Loading your library…', 'library-portal' ),
			// The island filters; the server prints no cards for a filtered address.
			'cards'    => is_array( $items ) && ! $this->filtered() ? $this->cards( $items ) : array(),
		);
	}

	/**
	 * The first cards of the active list (the island's order: the reply's, expired rows in their
	 * own section, contract rows only in their contract's library).
	 *
	 * @param array<int|string, mixed> $reply The items reply.
	 * @return array<int, array<string, mixed>>
	 */
	private function cards( array $reply ): array {
		$contract = $this->contract_id();
		$cards    = array();
		$count    = 0;
		foreach ( (array) ( $reply['data'] ?? array() ) as $row ) {
			if ( ! is_array( $row ) || 'expired' === ( $row['status'] ?? '' ) ) {
				continue;
			}
			$in_scope = $contract ? (int) ( $row['contract_id'] ?? 0 ) === $contract : 'contract' !== ( $row['tag'] ?? '' );
			if ( ! $in_scope ) {
				continue;
			}
			$cards[] = $this->card( $row, $count < self::PRIORITY_CARDS );
			if ( ++$count >= self::LIST_CARDS ) {
				break;
			}
		}
		return $cards;
	}

	/**
	 * One card (src/components/item-card): image, kind, title link, subtitle, status.
	 *
	 * @param array<string, mixed> $row      Items reply row.
	 * @param bool                 $priority Above the fold: loads at once, first.
	 * @return array<string, mixed>
	 */
	private function card( array $row, bool $priority ): array {
		$status = (string) ( $row['status'] ?? 'not-started' );
		$member = 'member' === ( $row['tag'] ?? '' ) ? '?tag=member' : '';
		return array(
			'status'       => $status,
			'img'          => (string) ( $row['img'] ?? '' ),
			'priority'     => $priority,
			'kind'         => 'e-manual' === ( $row['content_type'] ?? '' ) ? 'manual' : 'video',
			'type_label'   => (string) ( $row['content_type_label'] ?? '' ),
			'link'         => $this->contract_id()
				? home_url( '/contract/' . $this->contract_id() . '/' . (int) $row['product_id'] )
				: home_url( '/' . Routes::PORTAL_PATH . '/videos/' . (int) $row['product_id'] . $member ),
			'title'        => (string) ( $row['title'] ?? '' ),
			'subtitle'     => (string) ( $row['subtitle'] ?? '' ),
			'status_label' => self::status_label( $status, (int) round( (float) ( $row['video_data']['progress']['count'] ?? 0 ) ) ),
		);
	}

	/**
	 * The label of a status (src/domain/status.ts).
	 *
	 * @param string $status  Status key.
	 * @param int    $percent Watched percent.
	 */
	private static function status_label( string $status, int $percent ): string {
		switch ( $status ) {
			case 'shared':
				return __( 'Shared', 'library-portal' );
			case 'purchased':
				return __( 'Purchased', 'library-portal' );
			case 'expired':
				return __( 'Expired', 'library-portal' );
			case 'completed':
				return __( 'Completed', 'library-portal' );
			case 'take-test':
				return __( 'Take Test', 'library-portal' );
			case 'in-progress':
				/* translators: %d: watched percent. */
				return sprintf( __( '%d%% Watched', 'library-portal' ), max( 0, min( 100, $percent ) ) );
			case 'member-product':
				return __( 'Member Product', 'library-portal' );
			case 'membership':
				return __( 'Membership', 'library-portal' );
		}
		return __( 'Not Started', 'library-portal' );
	}

	/**
	 * Item detail: kind, title, subtitle and the video's poster (src/islands/detail).
	 *
	 * @return array<string, mixed>
	 */
	private function item(): array {
		$row = $this->item_row();
		if ( null === $row ) {
			return self::loading( __( 'Loading your library…', 'library-portal' ) );
		}
		$member = PortalConfig::asks_member_version();
		$video  = $this->reply( InitialReplies::video_key( $this->screen->product_id, $member ) );
		$poster = is_array( $video ) && 'share-details' !== ( $this->query['tab'] ?? '' ) ? self::poster( (array) $video['data'], $row ) : '';

		return array(
			'kind'       => 'item',
			'type_label' => (string) ( $row['content_type_label'] ?? '' ),
			'title'      => (string) ( $row['title'] ?? '' ),
			'subtitle'   => (string) ( $row['subtitle'] ?? '' ),
			'poster'     => $poster,
		);
	}

	/**
	 * The poster of the part the player opens with: the first part not fully watched, the last
	 * when all are, else the video's own thumbnail.
	 *
	 * @param array<string, mixed> $video Video reply data.
	 * @param array<string, mixed> $row   The item's row.
	 */
	private static function poster( array $video, array $row ): string {
		$parts    = array_values( (array) ( $video['parts'] ?? array() ) );
		$progress = array_values( (array) ( $row['video_data']['progress']['parts'] ?? array() ) );
		$open     = max( 0, count( $parts ) - 1 );
		foreach ( array_keys( $parts ) as $index ) {
			if ( (float) ( $progress[ $index ]['count'] ?? 0 ) < 100 ) {
				$open = $index;
				break;
			}
		}
		$thumb = (string) ( $parts[ $open ]['thumb'] ?? '' );
		return '' !== $thumb ? $thumb : (string) ( $video['thumb'] ?? '' );
	}

	/**
	 * Notifications: the heading and the opened page's entries as the island draws them
	 * (src/islands/team/notifications-page.tsx, src/components/notification-entry), their
	 * controls inert until it takes over.
	 *
	 * @return array<string, mixed>
	 */
	private function notifications(): array {
		$page  = PortalScreen::requested_page();
		$reply = $this->reply( InitialReplies::notifications_key( $page ) );
		$data  = is_array( $reply ) ? (array) ( $reply['data'] ?? array() ) : array();
		$pages = (int) ( $data['total_pages'] ?? 0 );
		$shown = array(
			'kind'     => 'notifications',
			'title'    => __( 'Notifications', 'library-portal' ),
			'loading'  => '',
			'mark_all' => (int) ( $data['unread'] ?? 0 ) > 0 ? __( 'Mark all as read', 'library-portal' ) : '',
			'summary'  => $pages > 1
				/* translators: 1: current page, 2: number of pages. */
				? sprintf( __( 'Page %1$d of %2$d', 'library-portal' ), (int) ( $data['page'] ?? $page ), $pages )
				: __( 'All notifications', 'library-portal' ),
			'empty'    => __( 'You have no notifications.', 'library-portal' ),
			'entries'  => array(),
		);
		// No reply, or a page past the end (the island moves to the last page): the island's.
		if ( ! isset( $data['notifications'] ) || ! is_array( $data['notifications'] ) || ( $pages > 0 && $page > $pages ) ) {
			$shown['loading'] = __( 'Loading notifications…', 'library-portal' );
			return $shown;
		}
		$now = time();
		foreach ( $data['notifications'] as $entry ) {
			$text               = trim( (string) preg_replace( '/\s+/', ' ', (string) ( $entry['message'] ?? '' ) ) );
			$time               = (int) ( $entry['timestamp'] ?? 0 );
			$shown['entries'][] = array(
				'text'     => $text,
				'link'     => (string) ( $entry['link'] ?? '' ),
				'unread'   => empty( $entry['read_status'] ),
				'datetime' => gmdate( 'Y-m-d\TH:i:s.000\Z', $time ),
				'date'     => (string) ( $entry['date'] ?? '' ),
				'age'      => self::age( $now - $time, (string) ( $entry['date'] ?? '' ) ),
				/* translators: %s: the notification's text. */
				'hide'     => sprintf( __( 'Hide notification: %s', 'library-portal' ), $text ),
			);
		}
		return $shown;
	}

	/**
	 * How long ago, in the units src/domain/relative-time.ts picks (under 60 s 'Just now', then
	 * minutes, hours, days under 7, weeks under 4, months under 12, then the site's date) and
	 * the words of the browser's Intl.RelativeTimeFormat in English ('1 day ago', never
	 * 'yesterday'). The island writes them in the page's language when it takes over.
	 *
	 * @param int    $seconds Age (a time ahead of the clock counts as now).
	 * @param string $date    The date in the site's format, shown after 12 months.
	 */
	public static function age( int $seconds, string $date ): string {
		$age = max( 0, $seconds );
		if ( $age < MINUTE_IN_SECONDS ) {
			return __( 'Just now', 'library-portal' );
		}
		if ( $age < HOUR_IN_SECONDS ) {
			$minutes = intdiv( $age, MINUTE_IN_SECONDS );
			/* translators: %d: number of minutes. */
			return sprintf( _n( '%d minute ago', '%d minutes ago', $minutes, 'library-portal' ), $minutes );
		}
		if ( $age < DAY_IN_SECONDS ) {
			$hours = intdiv( $age, HOUR_IN_SECONDS );
			/* translators: %d: number of hours. */
			return sprintf( _n( '%d hour ago', '%d hours ago', $hours, 'library-portal' ), $hours );
		}
		if ( $age < WEEK_IN_SECONDS ) {
			$days = intdiv( $age, DAY_IN_SECONDS );
			/* translators: %d: number of days. */
			return sprintf( _n( '%d day ago', '%d days ago', $days, 'library-portal' ), $days );
		}
		if ( $age < 4 * WEEK_IN_SECONDS ) {
			$weeks = intdiv( $age, WEEK_IN_SECONDS );
			/* translators: %d: number of weeks. */
			return sprintf( _n( '%d week ago', '%d weeks ago', $weeks, 'library-portal' ), $weeks );
		}
		// Four weeks are under a 30-day month: that gap still reads "1 month ago".
		$months = max( 1, intdiv( $age, 30 * DAY_IN_SECONDS ) );
		if ( $months < 12 ) {
			/* translators: %d: number of months. */
			return sprintf( _n( '%d month ago', '%d months ago', $months, 'library-portal' ), $months );
		}
		return $date;
	}

	/**
	 * The row the item screen shows: the member version with ?tag=member, else the plain one
	 * first ("Item detail").
	 *
	 * @return array<string, mixed>|null
	 */
	private function item_row(): ?array {
		$items = $this->reply( InitialReplies::ITEMS );
		if ( ! is_array( $items ) ) {
			return null;
		}
		$member = PortalConfig::asks_member_version();
		$found  = null;
		foreach ( (array) ( $items['data'] ?? array() ) as $row ) {
			if ( ! is_array( $row ) || (int) ( $row['product_id'] ?? 0 ) !== $this->screen->product_id || 'contract' === ( $row['tag'] ?? '' ) ) {
				continue;
			}
			if ( ( 'member' === $row['tag'] ) === $member ) {
				return $row;
			}
			$found = $found ?? ( $member ? null : $row );
		}
		return $found;
	}

	/**
	 * Whether the address filters the list (the island filters; the server prints no cards).
	 */
	private function filtered(): bool {
		foreach ( array( 'search', 'status', 'type' ) as $key ) {
			if ( '' !== ( $this->query[ $key ] ?? '' ) && 'all' !== $this->query[ $key ] ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * An inlined reply, or null.
	 *
	 * @param string $key REST path.
	 * @return array<string, mixed>|null
	 */
	private function reply( string $key ): ?array {
		$replies = (array) ( $this->config['initialReplies'] ?? array() );
		if ( ! isset( $replies[ $key ] ) ) {
			return null;
		}
		// Printed as objects (InitialReplies); read here as arrays.
		$reply = json_decode( (string) wp_json_encode( $replies[ $key ] ), true );
		return is_array( $reply ) ? $reply : null;
	}

	/**
	 * The contract of a contract page, else 0.
	 */
	private function contract_id(): int {
		return 'contract' === Routes::current_route() ? (int) get_query_var( Routes::CONTRACT_VAR ) : 0;
	}
}
