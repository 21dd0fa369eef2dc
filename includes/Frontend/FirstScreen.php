<?php
/**
 * The portal's first screen as the server prints it.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

use LibraryPortal\Core\Site\Routes;

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
	 * The shell with the screen (replaced by the shell island once its screen is drawn).
	 */
	public function render(): string {
		return '<div class="lp-shell lp-first-screen' . ( $this->contract_id() ? ' lp-shell--contract' : '' ) . '" data-first-screen="">'
			. $this->top_bar()
			. '<div class="lp-shell__body">' . $this->sidebar()
			. '<main class="lp-main">'
			. '<noscript><p class="lp-first-screen__noscript">' . esc_html__( 'Your library needs JavaScript. Please turn it on in your browser, or use these links:', 'library-portal' ) . '</p></noscript>'
			. $this->screen_markup()
			. '</main></div></div>';
	}

	/**
	 * The top bar: home and account links; the menu button, the search and the bell are drawn
	 * inert (they keep the bar's geometry and take no input that the island would lose).
	 */
	private function top_bar(): string {
		$site  = (string) $this->config['siteUrl'];
		$logo  = (string) $this->config['logo'];
		$home  = '' !== $logo
			? sprintf( '<img class="lp-topbar__logo" src="%s" alt="%s">', esc_url( $logo ), esc_attr( (string) $this->config['brandName'] ) ) . '<span class="lp-visually-hidden">' . esc_html__( 'Home', 'library-portal' ) . '</span>'
			: '<span>' . esc_html__( 'Home', 'library-portal' ) . '</span>';
		$icon  = static fn( string $path ): string => '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="' . $path . '"/></svg>';
		$bell  = $this->contract_id() ? '' : '<span class="lp-topbar__bell" aria-hidden="true">' . $icon( 'M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1z' ) . '</span>';
		$lists = $this->contract_id() ? home_url( '/contract/' . $this->contract_id() ) : home_url( '/' . Routes::PORTAL_PATH . '/videos' );

		return '<div class="lp-topbar">'
			. '<span class="lp-topbar__menu" aria-hidden="true">' . $icon( 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z' ) . '</span>'
			. sprintf( '<a class="lp-topbar__home" href="%s">%s</a>', esc_url( $site ), $home )
			. sprintf(
				'<form class="lp-search" role="search" action="%1$s" inert><label class="lp-visually-hidden" for="lp-first-search">%2$s</label><input id="lp-first-search" class="lp-input lp-search__input" type="search" placeholder="%3$s" readonly></form>',
				esc_url( $lists ),
				esc_html__( 'Search the library', 'library-portal' ),
				esc_attr__( 'Search the library…', 'library-portal' )
			)
			. $bell
			. sprintf(
				'<a class="lp-topbar__account" href="%s">%s<span class="lp-topbar__account-label">%s</span></a>',
				esc_url( $site . 'my-account/' ),
				$icon( 'M12 12a5 5 0 1 0-5-5 5 5 0 0 0 5 5zm0 2c-4 0-9 2-9 5v3h18v-3c0-3-5-5-9-5z' ),
				esc_html__( 'My Account', 'library-portal' )
			)
			. '</div>';
	}

	/**
	 * The menu with the island's entries (src/domain/navigation.ts): plain links until it mounts.
	 */
	private function sidebar(): string {
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
			$main[] = array( __( 'Manage My Team', 'library-portal' ), home_url( $base . '/users' ), false );
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

		$entries = static function ( array $list ): string {
			$html = '';
			foreach ( $list as list( $label, $url, $active ) ) {
				$html .= sprintf(
					'<li class="lp-nav__item"><a class="lp-nav__link%1$s" href="%2$s"%3$s>%4$s</a></li>',
					$active ? ' is-active' : '',
					esc_url( $url ),
					$active ? ' aria-current="page"' : '',
					esc_html( $label )
				);
			}
			return $html;
		};

		return sprintf( '<nav class="lp-sidebar" aria-label="%s">', esc_attr__( 'Library menu', 'library-portal' ) )
			. '<ul class="lp-nav">' . $entries( $main ) . '</ul>'
			. '<h2 class="lp-nav__heading">' . esc_html__( 'Account Details', 'library-portal' ) . '</h2>'
			. '<ul class="lp-nav lp-nav--account">' . $entries( $account ) . '</ul>'
			. '</nav>';
	}

	/**
	 * The opened screen's first content, or the loading indicator where the server has none.
	 */
	private function screen_markup(): string {
		switch ( $this->screen->kind ) {
			case PortalScreen::DASHBOARD:
				return $this->dashboard();
			case PortalScreen::LIST:
				return $this->library_list();
			case PortalScreen::ITEM:
				return $this->item();
		}
		return self::loading( __( 'Loading your library…', 'library-portal' ) );
	}

	/**
	 * Dashboard: its title and the welcome card (src/islands/library/dashboard.tsx).
	 */
	private function dashboard(): string {
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

		return '<div class="lp-dashboard">' . self::title( __( 'Dashboard', 'library-portal' ) )
			. '<div class="lp-dashboard__grid"><section class="lp-card lp-welcome">'
			. '<h2 class="lp-card__title">' . esc_html( $welcome ) . '</h2>'
			. '<p>' . esc_html( $text ) . '</p>'
			. '</section></div></div>';
	}

	/**
	 * Library list: title, description, the filter row (a plain form until the island mounts)
	 * and the first cards of the active list (src/islands/library/library-list.tsx).
	 */
	private function library_list(): string {
		$contract = $this->config['contractData'] ?? null;
		if ( $this->contract_id() && ! is_array( $contract ) ) {
			return self::loading( __( 'Loading your library…', 'library-portal' ) );
		}
		$title = is_array( $contract ) && '' !== (string) ( $contract['title'] ?? '' ) ? (string) $contract['title'] : __( 'Library', 'library-portal' );
		$items = $this->reply( InitialReplies::ITEMS );
		$cards = '';
		if ( is_array( $items ) && ! $this->filtered() ) {
			$cards = $this->cards( (array) $items );
		} elseif ( ! is_array( $items ) ) {
			$cards = self::loading( __( 'Loading your library…', 'library-portal' ) );
		}

		return '<div class="lp-library"><div class="lp-page-header">' . self::title( $title )
			. '<p class="lp-page-description">' . esc_html( (string) ( $this->config['libraryIntro'] ?? '' ) ) . '</p></div>'
			. $this->filters()
			. $cards
			. '</div>';
	}

	/**
	 * The filter row with the island's geometry and the address's values, drawn inert: typing
	 * into it before the island takes over would be lost.
	 */
	private function filters(): string {
		$statuses = array(
			'all'            => __( 'All Statuses', 'library-portal' ),
			'purchased'      => __( 'Purchased', 'library-portal' ),
			'in-progress'    => __( 'In Progress', 'library-portal' ),
			'completed'      => __( 'Completed', 'library-portal' ),
			'not-started'    => __( 'Not Started', 'library-portal' ),
			'expired'        => __( 'Expired', 'library-portal' ),
			'member-product' => __( 'Member Product', 'library-portal' ),
		);
		$options  = '';
		foreach ( $statuses as $value => $label ) {
			$options .= sprintf( '<option value="%s"%s>%s</option>', esc_attr( $value ), selected( $value, $this->query['status'] ?? 'all', false ), esc_html( $label ) );
		}
		$list = $this->contract_id() ? home_url( '/contract/' . $this->contract_id() ) : home_url( '/' . Routes::PORTAL_PATH . '/videos' );

		return sprintf( '<div class="lp-filters" role="group" aria-label="%s" inert>', esc_attr__( 'Filter the library', 'library-portal' ) )
			. sprintf(
				'<div class="lp-field lp-field--search"><label class="lp-field__label" for="lp-first-list-search">%s</label><input id="lp-first-list-search" class="lp-input" type="search" value="%s" placeholder="%s" readonly></div>',
				esc_html__( 'Search items', 'library-portal' ),
				esc_attr( $this->query['search'] ?? '' ),
				esc_attr__( 'Title, subtitle or description', 'library-portal' )
			)
			. sprintf(
				'<div class="lp-field"><label class="lp-field__label" for="lp-first-list-type">%s</label><select id="lp-first-list-type" class="lp-select" disabled><option value="all">%s</option></select></div>',
				esc_html__( 'Content type', 'library-portal' ),
				esc_html__( 'All Content Types', 'library-portal' )
			)
			. sprintf(
				'<div class="lp-field"><label class="lp-field__label" for="lp-first-list-status">%s</label><select id="lp-first-list-status" class="lp-select" disabled>%s</select></div>',
				esc_html__( 'Status', 'library-portal' ),
				$options
			)
			. sprintf( '<a class="lp-button lp-button--secondary lp-filters__reset" href="%s">%s</a>', esc_url( $list ), esc_html__( 'Reset', 'library-portal' ) )
			. '</div>';
	}

	/**
	 * The first cards of the active list (the island's order: the reply's, expired rows in their
	 * own section, contract rows only in their contract's library).
	 *
	 * @param array<int|string, mixed> $reply The items reply.
	 */
	private function cards( array $reply ): string {
		$contract = $this->contract_id();
		$cards    = '';
		$count    = 0;
		foreach ( (array) ( $reply['data'] ?? array() ) as $row ) {
			if ( ! is_array( $row ) || 'expired' === ( $row['status'] ?? '' ) ) {
				continue;
			}
			$in_scope = $contract ? (int) ( $row['contract_id'] ?? 0 ) === $contract : 'contract' !== ( $row['tag'] ?? '' );
			if ( ! $in_scope ) {
				continue;
			}
			$cards .= '<li class="lp-grid__cell">' . $this->card( $row, $count < self::PRIORITY_CARDS ) . '</li>';
			if ( ++$count >= self::LIST_CARDS ) {
				break;
			}
		}
		if ( '' === $cards ) {
			return '';
		}
		return sprintf( '<div class="lp-load-more-list"><ul class="lp-grid" aria-label="%s">%s</ul></div>', esc_attr__( 'Library items', 'library-portal' ), $cards );
	}

	/**
	 * One card (src/components/item-card): image, kind, title link, subtitle, status.
	 *
	 * @param array<string, mixed> $row      Items reply row.
	 * @param bool                 $priority Above the fold: loads at once, first.
	 */
	private function card( array $row, bool $priority ): string {
		$status = (string) ( $row['status'] ?? 'not-started' );
		$image  = '' !== (string) ( $row['img'] ?? '' )
			? sprintf(
				'<img class="lp-item__image" src="%s" alt="" %s decoding="async" width="320" height="180">',
				esc_url( (string) $row['img'] ),
				$priority ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"'
			)
			: sprintf( '<div class="lp-item__image lp-item__image--empty lp-item__image--%s" aria-hidden="true"></div>', 'e-manual' === ( $row['content_type'] ?? '' ) ? 'manual' : 'video' );
		$member = 'member' === ( $row['tag'] ?? '' ) ? '?tag=member' : '';
		$link   = $this->contract_id()
			? home_url( '/contract/' . $this->contract_id() . '/' . (int) $row['product_id'] )
			: home_url( '/' . Routes::PORTAL_PATH . '/videos/' . (int) $row['product_id'] . $member );

		return sprintf( '<article class="lp-card lp-item lp-item--%s">', esc_attr( $status ) )
			. $image
			. '<div class="lp-item__body">'
			. ( '' !== (string) ( $row['content_type_label'] ?? '' ) ? '<p class="lp-item__type">' . esc_html( (string) $row['content_type_label'] ) . '</p>' : '' )
			. sprintf( '<h2 class="lp-item__title"><a class="lp-item__link" href="%s">%s</a></h2>', esc_url( $link ), esc_html( (string) ( $row['title'] ?? '' ) ) )
			. ( '' !== (string) ( $row['subtitle'] ?? '' ) ? '<p class="lp-item__subtitle">' . esc_html( (string) $row['subtitle'] ) . '</p>' : '' )
			. sprintf( '<p class="lp-item__status"><span class="lp-status lp-status--%s">%s</span></p>', esc_attr( $status ), esc_html( self::status_label( $status, (int) round( (float) ( $row['video_data']['progress']['count'] ?? 0 ) ) ) ) )
			. '</div></article>';
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
	 */
	private function item(): string {
		$row = $this->item_row();
		if ( null === $row ) {
			return self::loading( __( 'Loading your library…', 'library-portal' ) );
		}
		$member = PortalConfig::asks_member_version();
		$video  = $this->reply( InitialReplies::video_key( $this->screen->product_id, $member ) );
		$poster = is_array( $video ) && 'share-details' !== ( $this->query['tab'] ?? '' ) ? self::poster( (array) $video['data'], $row ) : '';

		return '<article class="lp-detail"><header class="lp-detail__header">'
			. ( '' !== (string) ( $row['content_type_label'] ?? '' ) ? '<p class="lp-item__type">' . esc_html( (string) $row['content_type_label'] ) . '</p>' : '' )
			. self::title( (string) ( $row['title'] ?? '' ), 'lp-page-title lp-detail__title' )
			. ( '' !== (string) ( $row['subtitle'] ?? '' ) ? '<p class="lp-detail__subtitle">' . esc_html( (string) $row['subtitle'] ) . '</p>' : '' )
			. '</header>'
			. ( '' !== $poster ? sprintf( '<div class="lp-player"><div class="lp-player__frame"><img class="lp-player__poster" src="%s" alt="" loading="eager" fetchpriority="high" width="640" height="360"></div></div>', esc_url( $poster ) ) : '' )
			. '</article>';
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

	/**
	 * The screen's h1 (src/components/screen-title).
	 *
	 * @param string $title     Text.
	 * @param string $css_class Class names.
	 */
	private static function title( string $title, string $css_class = 'lp-page-title' ): string {
		return sprintf( '<h1 class="%s" tabindex="-1">%s</h1>', esc_attr( $css_class ), esc_html( $title ) );
	}

	/**
	 * The loading indicator (src/components/loading-indicator).
	 *
	 * @param string $label Hidden label.
	 */
	private static function loading( string $label ): string {
		return '<div class="lp-loading" role="status"><span class="lp-loading__spinner" aria-hidden="true"></span><span class="lp-visually-hidden">' . esc_html( $label ) . '</span></div>';
	}
}
