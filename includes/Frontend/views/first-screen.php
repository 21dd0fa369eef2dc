<?php
/**
 * The portal's first screen as the server prints it: the shell (top bar, menu) and the opened
 * screen's heading and first content, with the islands' own class names (FirstScreen).
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What FirstScreen hands over: whether it is a contract's page, the top bar's addresses and
 * logo, the menu's entries ([label, address, current]) and the screen: a loading indicator, the
 * dashboard's welcome, the list's header, filters and first cards, the item's header and poster,
 * the team's heading, or the notifications' heading and entries.
 *
 * @param array{contract: bool, topbar: array{site: string, logo: string, brand_name: string, lists: string, bell: bool}, nav: array{main: array<int, array{0: string, 1: string, 2: bool}>, account: array<int, array{0: string, 1: string, 2: bool}>}, screen: array<string, mixed>} $args The view's arguments.
 */
return static function ( array $args ): void {
	$icon    = static function ( string $path ): void {
		echo '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="' . esc_attr( $path ) . '"/></svg>';
	};
	$title   = static function ( string $text, string $css_class = 'lp-page-title' ): void {
		printf( '<h1 class="%s" tabindex="-1">%s</h1>', esc_attr( $css_class ), esc_html( $text ) );
	};
	$loading = static function ( string $label ): void {
		echo '<div class="lp-loading" role="status"><span class="lp-loading__spinner" aria-hidden="true"></span><span class="lp-visually-hidden">' . esc_html( $label ) . '</span></div>';
	};
	$entries = static function ( array $entries ): void {
		foreach ( $entries as list( $label, $url, $active ) ) {
			printf(
				'<li class="lp-nav__item"><a class="lp-nav__link%1$s" href="%2$s"%3$s>%4$s</a></li>',
				( $active ? ' is-active' : '' ),
				esc_url( $url ),
				( $active ? ' aria-current="page"' : '' ),
				esc_html( $label )
			);
		}
	};
	$topbar  = $args['topbar'];
	$screen  = $args['screen'];

	echo '<div class="lp-shell lp-first-screen' . ( $args['contract'] ? ' lp-shell--contract' : '' ) . '" data-first-screen="">';

	// The top bar: the menu button, the search and the bell are drawn inert (they keep the bar's
	// geometry and take no input that the island would lose).
	echo '<div class="lp-topbar"><span class="lp-topbar__menu" aria-hidden="true">';
	$icon( 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z' );
	printf( '</span><a class="lp-topbar__home" href="%s">', esc_url( $topbar['site'] ) );
	if ( '' !== $topbar['logo'] ) {
		printf( '<img class="lp-topbar__logo" src="%s" alt="%s">', esc_url( $topbar['logo'] ), esc_attr( $topbar['brand_name'] ) );
		echo '<span class="lp-visually-hidden">' . esc_html__( 'Home', 'library-portal' ) . '</span>';
	} else {
		echo '<span>' . esc_html__( 'Home', 'library-portal' ) . '</span>';
	}
	echo '</a>';
	printf(
		'<form class="lp-search" role="search" action="%1$s" inert><label class="lp-visually-hidden" for="lp-first-search">%2$s</label><input id="lp-first-search" class="lp-input lp-search__input" type="search" placeholder="%3$s" readonly></form>',
		esc_url( $topbar['lists'] ),
		esc_html__( 'Search the library', 'library-portal' ),
		esc_attr__( 'Search the library…', 'library-portal' )
	);
	if ( $topbar['bell'] ) {
		echo '<span class="lp-topbar__bell" aria-hidden="true">';
		$icon( 'M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1z' );
		echo '</span>';
	}
	printf( '<a class="lp-topbar__account" href="%s">', esc_url( $topbar['site'] . 'my-account/' ) );
	$icon( 'M12 12a5 5 0 1 0-5-5 5 5 0 0 0 5 5zm0 2c-4 0-9 2-9 5v3h18v-3c0-3-5-5-9-5z' );
	echo '<span class="lp-topbar__account-label">' . esc_html__( 'My Account', 'library-portal' ) . '</span></a></div>';

	// The menu with the island's entries: plain links until it mounts.
	echo '<div class="lp-shell__body">';
	printf( '<nav class="lp-sidebar" aria-label="%s"><ul class="lp-nav">', esc_attr__( 'Library menu', 'library-portal' ) );
	$entries( $args['nav']['main'] );
	echo '</ul><h2 class="lp-nav__heading">' . esc_html__( 'Account Details', 'library-portal' ) . '</h2><ul class="lp-nav lp-nav--account">';
	$entries( $args['nav']['account'] );
	echo '</ul></nav>';

	echo '<main class="lp-main">';
	echo '<noscript><p class="lp-first-screen__noscript">' . esc_html__( 'Your library needs JavaScript. Please turn it on in your browser, or use these links:', 'library-portal' ) . '</p></noscript>';
	switch ( $screen['kind'] ) {
		case 'dashboard':
			echo '<div class="lp-dashboard">';
			$title( __( 'Dashboard', 'library-portal' ) );
			echo '<div class="lp-dashboard__grid"><section class="lp-card lp-welcome">';
			echo '<h2 class="lp-card__title">' . esc_html( $screen['welcome'] ) . '</h2>';
			echo '<p>' . esc_html( $screen['text'] ) . '</p>';
			echo '</section></div></div>';
			break;
		case 'list':
			echo '<div class="lp-library"><div class="lp-page-header">';
			$title( $screen['title'] );
			echo '<p class="lp-page-description">' . esc_html( $screen['intro'] ) . '</p></div>';
			// The filter row with the address's values, drawn inert: typing into it before the
			// island takes over would be lost.
			printf( '<div class="lp-filters" role="group" aria-label="%s" inert>', esc_attr__( 'Filter the library', 'library-portal' ) );
			printf(
				'<div class="lp-field lp-field--search"><label class="lp-field__label" for="lp-first-list-search">%s</label><input id="lp-first-list-search" class="lp-input" type="search" value="%s" placeholder="%s" readonly></div>',
				esc_html__( 'Search items', 'library-portal' ),
				esc_attr( $screen['search'] ),
				esc_attr__( 'Title, subtitle or description', 'library-portal' )
			);
			printf(
				'<div class="lp-field"><label class="lp-field__label" for="lp-first-list-type">%s</label><select id="lp-first-list-type" class="lp-select" disabled><option value="all">%s</option></select></div>',
				esc_html__( 'Content type', 'library-portal' ),
				esc_html__( 'All Content Types', 'library-portal' )
			);
			printf( '<div class="lp-field"><label class="lp-field__label" for="lp-first-list-status">%s</label><select id="lp-first-list-status" class="lp-select" disabled>', esc_html__( 'Status', 'library-portal' ) );
			foreach ( $screen['statuses'] as $value => $label ) {
				printf( '<option value="%s"%s>%s</option>', esc_attr( (string) $value ), selected( (string) $value, $screen['status'], false ), esc_html( $label ) );
			}
			echo '</select></div>';
			printf( '<a class="lp-button lp-button--secondary lp-filters__reset" href="%s">%s</a>', esc_url( $screen['reset'] ), esc_html__( 'Reset', 'library-portal' ) );
			echo '</div>';
			if ( '' !== $screen['loading'] ) {
				$loading( $screen['loading'] );
			} elseif ( array() !== $screen['cards'] ) {
				printf( '<div class="lp-load-more-list"><ul class="lp-grid" aria-label="%s">', esc_attr__( 'Library items', 'library-portal' ) );
				foreach ( $screen['cards'] as $card ) {
					printf( '<li class="lp-grid__cell"><article class="lp-card lp-item lp-item--%s">', esc_attr( $card['status'] ) );
					if ( '' !== $card['img'] ) {
						printf( '<img class="lp-item__image" src="%s" alt="" %s decoding="async" width="320" height="180">', esc_url( $card['img'] ), $card['priority'] ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"' );
					} else {
						printf( '<div class="lp-item__image lp-item__image--empty lp-item__image--%s" aria-hidden="true"></div>', esc_attr( $card['kind'] ) );
					}
					echo '<div class="lp-item__body">';
					if ( '' !== $card['type_label'] ) {
						echo '<p class="lp-item__type">' . esc_html( $card['type_label'] ) . '</p>';
					}
					printf( '<h2 class="lp-item__title"><a class="lp-item__link" href="%s">%s</a></h2>', esc_url( $card['link'] ), esc_html( $card['title'] ) );
					if ( '' !== $card['subtitle'] ) {
						echo '<p class="lp-item__subtitle">' . esc_html( $card['subtitle'] ) . '</p>';
					}
					printf( '<p class="lp-item__status"><span class="lp-status lp-status--%s">%s</span></p>', esc_attr( $card['status'] ), esc_html( $card['status_label'] ) );
					echo '</div></article></li>';
				}
				echo '</ul></div>';
			}
			echo '</div>';
			break;
		case 'item':
			echo '<article class="lp-detail"><header class="lp-detail__header">';
			if ( '' !== $screen['type_label'] ) {
				echo '<p class="lp-item__type">' . esc_html( $screen['type_label'] ) . '</p>';
			}
			$title( $screen['title'], 'lp-page-title lp-detail__title' );
			if ( '' !== $screen['subtitle'] ) {
				echo '<p class="lp-detail__subtitle">' . esc_html( $screen['subtitle'] ) . '</p>';
			}
			echo '</header>';
			if ( '' !== $screen['poster'] ) {
				printf( '<div class="lp-player"><div class="lp-player__frame"><img class="lp-player__poster" src="%s" alt="" loading="eager" fetchpriority="high" width="640" height="360"></div></div>', esc_url( $screen['poster'] ) );
			}
			echo '</article>';
			break;
		case 'team':
			echo '<div class="lp-team"><div class="lp-page-header">';
			$title( $screen['title'] );
			echo '</div>';
			$loading( $screen['loading'] );
			echo '</div>';
			break;
		case 'notifications':
			echo '<div class="lp-notifications"><div class="lp-page-header">';
			$title( $screen['title'] );
			if ( '' !== $screen['mark_all'] ) {
				echo '<button type="button" class="lp-button lp-button--secondary" inert>' . esc_html( $screen['mark_all'] ) . '</button>';
			}
			echo '</div>';
			if ( '' !== $screen['loading'] ) {
				$loading( $screen['loading'] );
			} else {
				echo '<section class="lp-card lp-notifications__panel" aria-labelledby="lp-first-notifications-summary">';
				echo '<h2 id="lp-first-notifications-summary" class="lp-notifications__summary">' . esc_html( $screen['summary'] ) . '</h2>';
				if ( array() === $screen['entries'] ) {
					echo '<p class="lp-empty">' . esc_html( $screen['empty'] ) . '</p>';
				} else {
					echo '<ul class="lp-notification-list">';
					foreach ( $screen['entries'] as $entry ) {
						printf( '<li class="lp-notification%s"><div class="lp-notification__body">', $entry['unread'] ? ' lp-notification--unread' : '' );
						if ( $entry['unread'] ) {
							echo '<span class="lp-notification__new">' . esc_html__( 'New', 'library-portal' ) . '</span>';
						}
						echo '<p class="lp-notification__text">';
						if ( '' !== $entry['link'] ) {
							printf( '<a href="%s">%s</a>', esc_url( $entry['link'] ), esc_html( $entry['text'] ) );
						} else {
							echo esc_html( $entry['text'] );
						}
						echo '</p>';
						printf( '<time class="lp-notification__time" datetime="%s" title="%s">%s</time>', esc_attr( $entry['datetime'] ), esc_attr( $entry['date'] ), esc_html( $entry['age'] ) );
						printf( '</div><button type="button" class="lp-link-button lp-notification__hide" aria-label="%s" inert>%s</button></li>', esc_attr( $entry['hide'] ), esc_html__( 'Hide', 'library-portal' ) );
					}
					echo '</ul>';
				}
				echo '</section>';
			}
			echo '</div>';
			break;
		default:
			$loading( $screen['label'] );
	}
	echo '</main></div></div>';
};
