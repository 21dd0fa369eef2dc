<?php
/**
 * The certificate's standalone page (the public verify page, or "not found"): the brand's logo or
 * name leading to the site, its colours, and a way back.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What CertificatePages hands over: the page's language, heading and the site's name (plain text),
 * the logo address ('' for the name), the brand's colours and font, the way back, and either a
 * message (plain text) or the certificate's facts (name '' once erased).
 *
 * @param array{lang: string, heading: string, site: string, logo: string, home: string, brand: array{font: string, text: string, page: string, heading: string, link: string}, back_url: string, back_text: string, message: string, certificate: array{revoked: bool, name: string, training: string, date: string, credits: string, course: string}|null} $args The view's arguments.
 */
return static function ( array $args ): void {
	$brand = $args['brand'];
	printf(
		'<!DOCTYPE html><html lang="%1$s"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>%2$s</title>',
		esc_attr( $args['lang'] ),
		esc_html( $args['heading'] . ' – ' . $args['site'] )
	);
	// The stylesheet is fixed; the brand's colours and font come in as custom properties on <body>,
	// an attribute, where escaping for HTML is the right escaping (inside <style> it is not).
	echo '<style>'
		. 'body{font:16px/1.5 var(--lp-font);color:var(--lp-text);background:var(--lp-page);margin:0;padding:0 1rem}'
		. 'header{max-width:40rem;margin:2rem auto 1rem}.lp-verify__brand{display:inline-block;color:var(--lp-heading);font-size:1.25rem;font-weight:700;text-decoration:none}'
		. '.lp-verify__brand img{display:block;height:48px;width:auto;max-width:100%}'
		. 'main{max-width:36rem;margin:0 auto 2rem;background:#fff;padding:2rem;border-radius:8px;border-top:4px solid var(--lp-heading);box-shadow:0 1px 3px rgba(0,0,0,.15);overflow-wrap:anywhere}'
		. 'h1{font-size:1.5rem;margin-top:0;color:var(--lp-heading)}a{color:var(--lp-link)}a:focus-visible{outline:2px solid var(--lp-heading);outline-offset:2px}'
		. '.lp-verify__status{padding:.75rem 1rem;border-radius:4px}.lp-verify__status--valid{background:#edfaef;border-left:4px solid #00a32a}.lp-verify__status--revoked{background:#fcf0f1;border-left:4px solid #d63638}'
		. 'dt{font-weight:600;margin-top:.75rem}dd{margin:0}.lp-verify__back{margin:1.5rem 0 0}'
		. '</style>';
	printf(
		'</head><body style="%1$s"><header><a class="lp-verify__brand" href="%2$s">',
		esc_attr( '--lp-font:' . $brand['font'] . ';--lp-text:' . $brand['text'] . ';--lp-page:' . $brand['page'] . ';--lp-heading:' . $brand['heading'] . ';--lp-link:' . $brand['link'] ),
		esc_url( $args['home'] )
	);
	if ( '' !== $args['logo'] ) {
		printf( '<img src="%1$s" alt="%2$s" height="48">', esc_url( $args['logo'] ), esc_attr( $args['site'] ) );
	} else {
		echo esc_html( $args['site'] );
	}
	printf( '</a></header><main><h1>%s</h1>', esc_html( $args['heading'] ) );
	$certificate = $args['certificate'];
	if ( null === $certificate ) {
		printf( '<p>%s</p>', esc_html( $args['message'] ) );
	} else {
		if ( $certificate['revoked'] ) {
			printf( '<p class="lp-verify__status lp-verify__status--revoked"><strong>%1$s</strong> %2$s</p>', esc_html__( 'Revoked', 'library-portal' ), esc_html__( 'This certificate was revoked and is no longer valid.', 'library-portal' ) );
		} else {
			printf( '<p class="lp-verify__status lp-verify__status--valid"><strong>%1$s</strong> %2$s</p>', esc_html__( 'Valid', 'library-portal' ), esc_html__( 'This certificate is genuine.', 'library-portal' ) );
		}
		echo '<dl>';
		// No name row once the holder had their name erased (the rest stays verifiable).
		if ( '' !== $certificate['name'] ) {
			printf( '<dt>%1$s</dt><dd>%2$s</dd>', esc_html__( 'Name', 'library-portal' ), esc_html( $certificate['name'] ) );
		}
		printf( '<dt>%1$s</dt><dd>%2$s</dd>', esc_html__( 'Training', 'library-portal' ), esc_html( $certificate['training'] ) );
		printf( '<dt>%1$s</dt><dd>%2$s</dd>', esc_html__( 'Date', 'library-portal' ), esc_html( $certificate['date'] ) );
		if ( '' !== $certificate['credits'] ) {
			printf( '<dt>%1$s</dt><dd>%2$s</dd>', esc_html__( 'Credits', 'library-portal' ), esc_html( $certificate['credits'] ) );
		}
		if ( '' !== $certificate['course'] ) {
			printf( '<dt>%1$s</dt><dd>%2$s</dd>', esc_html__( 'Course code', 'library-portal' ), esc_html( $certificate['course'] ) );
		}
		echo '</dl>';
	}
	printf( '<p class="lp-verify__back"><a href="%1$s">%2$s</a></p></main></body></html>', esc_url( $args['back_url'] ), esc_html( $args['back_text'] ) );
};
