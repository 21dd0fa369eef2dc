/**
 * The Reports screen's charts: the JSON parser, the Chart.js configuration, and what mounting
 * does to the printed markup (jsdom has no canvas backend here, so Chart.js cannot draw; the
 * labelled canvas is what a screen reader gets anyway).
 */
/**
 * External dependencies
 */
import { Chart } from 'chart.js';

/**
 * Internal dependencies
 */
import {
	chartConfig,
	mountCharts,
	parseChartData,
	SERIES_COLOURS,
	type ChartData,
} from '../reports';

const SUMMARY =
	'Completions and certificates by week, Nov 2 to Nov 9: 8 completions, 3 certificates.';

const valid = {
	type: 'bar',
	labels: [ 'Nov 2', 'Nov 9' ],
	series: [
		{ label: 'Completions', values: [ 3, 5 ] },
		{ label: 'Certificates', values: [ 1, 2 ] },
	],
	summary: SUMMARY,
};

/**
 * The valid chart with some fields replaced, as JSON text.
 *
 * @param changes Fields to replace (undefined drops a field).
 */
const withChanges = ( changes: Record< string, unknown > ): string =>
	JSON.stringify( { ...valid, ...changes } );

/**
 * One chart as the PHP screen prints it.
 *
 * @param json The text of its data script.
 */
const figure = ( json: string ): string =>
	`<figure class="lp-report-chart" data-lp-chart>
		<figcaption>Completions and certificates by week</figcaption>
		<div class="lp-report-chart__canvas" style="height:280px"></div>
		<script type="application/json" class="lp-report-chart__data">${ json }</script>
	</figure>`;

afterEach( () => {
	document.body.innerHTML = '';
} );

describe( 'parseChartData', () => {
	it( 'reads a valid chart', () => {
		expect( parseChartData( JSON.stringify( valid ) ) ).toEqual( valid );
	} );

	it( 'reads a line chart with one series', () => {
		const data = parseChartData(
			withChanges( {
				type: 'line',
				series: [ { label: 'Completions', values: [ 0, 2.5 ] } ],
			} )
		);
		expect( data?.type ).toBe( 'line' );
		expect( data?.series ).toEqual( [
			{ label: 'Completions', values: [ 0, 2.5 ] },
		] );
	} );

	it.each( [
		[ 'not JSON', '{"type":"bar",' ],
		[ 'empty text', '' ],
		[ 'JSON but not an object', '[1,2]' ],
		[ 'JSON null', 'null' ],
		[ 'an unknown chart type', withChanges( { type: 'pie' } ) ],
		[ 'no labels', withChanges( { labels: [] } ) ],
		[
			'a label that is not a string',
			withChanges( { labels: [ 'Nov 2', 9 ] } ),
		],
		[ 'no summary', withChanges( { summary: undefined } ) ],
		[ 'an empty summary', withChanges( { summary: '  ' } ) ],
		[ 'a summary that is not a string', withChanges( { summary: 8 } ) ],
		[ 'no series', withChanges( { series: [] } ) ],
		[ 'series that is not an array', withChanges( { series: {} } ) ],
		[
			'more series than colours',
			withChanges( {
				series: [ 1, 2, 3 ].map( ( n ) => ( {
					label: `S${ n }`,
					values: [ n, n ],
				} ) ),
			} ),
		],
		[
			'a series shorter than the labels',
			withChanges( {
				series: [ { label: 'Completions', values: [ 3 ] } ],
			} ),
		],
		[
			'a series longer than the labels',
			withChanges( {
				series: [ { label: 'Completions', values: [ 3, 5, 7 ] } ],
			} ),
		],
		[
			'a value that is a numeric string',
			withChanges( {
				series: [ { label: 'Completions', values: [ 3, '5' ] } ],
			} ),
		],
		[
			'a null value',
			withChanges( {
				series: [ { label: 'Completions', values: [ 3, null ] } ],
			} ),
		],
		[
			'a value that is not finite (1e999 parses as Infinity)',
			'{"type":"bar","labels":["a"],"series":[{"label":"A","values":[1e999]}],"summary":"S"}',
		],
		[
			'a series without a label',
			withChanges( { series: [ { values: [ 3, 5 ] } ] } ),
		],
		[
			'values that are not an array',
			withChanges( {
				series: [ { label: 'Completions', values: 8 } ],
			} ),
		],
	] )( 'returns null for %s', ( _name, text ) => {
		expect( parseChartData( text ) ).toBeNull();
	} );
} );

describe( 'chartConfig', () => {
	const data = parseChartData( JSON.stringify( valid ) ) as ChartData;

	it( 'fills a fixed-height container, draws at once and counts from zero in whole numbers', () => {
		const { options } = chartConfig( data );
		expect( options ).toMatchObject( {
			responsive: true,
			maintainAspectRatio: false,
			animation: false,
			scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
			plugins: { legend: { position: 'bottom' } },
		} );
	} );

	it( 'gives each series its own colour, label and values', () => {
		const config = chartConfig( data );
		expect( config.type ).toBe( 'bar' );
		expect( config.data.labels ).toEqual( [ 'Nov 2', 'Nov 9' ] );
		expect(
			config.data.datasets.map( ( set ) => [
				set.label,
				set.data,
				set.backgroundColor,
				set.borderColor,
			] )
		).toEqual( [
			[ 'Completions', [ 3, 5 ], '#2271b1', '#2271b1' ],
			[ 'Certificates', [ 1, 2 ], '#b32d2e', '#b32d2e' ],
		] );
		expect( SERIES_COLOURS ).toEqual( [ '#2271b1', '#b32d2e' ] );
	} );

	it( 'dashes the second series of a line chart, and no bar', () => {
		const dashes = ( type: 'bar' | 'line' ) =>
			chartConfig( { ...data, type } ).data.datasets.map( ( set ) =>
				'borderDash' in set ? set.borderDash : undefined
			);
		expect( dashes( 'line' ) ).toEqual( [ [], [ 6, 4 ] ] );
		expect( dashes( 'bar' ) ).toEqual( [ [], [] ] );
	} );
} );

describe( 'mountCharts', () => {
	it( 'adds one canvas, labelled with the summary, to a valid chart', () => {
		document.body.innerHTML = figure( JSON.stringify( valid ) );

		mountCharts( document );

		const canvases = document.querySelectorAll( 'canvas' );
		expect( canvases ).toHaveLength( 1 );
		const canvas = canvases[ 0 ] as HTMLCanvasElement;
		expect( canvas.parentElement ).toHaveClass( 'lp-report-chart__canvas' );
		expect( canvas ).toHaveAttribute( 'role', 'img' );
		expect( canvas ).toHaveAttribute( 'aria-label', SUMMARY );
		// jsdom gives no 2D context (and says so); the mount kept the labelled canvas and made no chart.
		expect( console ).toHaveErrored();
		expect( Chart.getChart( canvas ) ).toBeUndefined();
	} );

	it( 'makes the container the relatively positioned box Chart.js sizes from', () => {
		document.body.innerHTML = figure( JSON.stringify( valid ) );

		mountCharts();

		const container = document.querySelector(
			'.lp-report-chart__canvas'
		) as HTMLElement;
		expect( container.style.position ).toBe( 'relative' );
		expect( container.style.height ).toBe( '280px' );
		expect( console ).toHaveErrored();
	} );

	it( 'adds no second canvas when called again', () => {
		document.body.innerHTML = figure( JSON.stringify( valid ) );

		mountCharts();
		mountCharts();

		expect( document.querySelectorAll( 'canvas' ) ).toHaveLength( 1 );
		expect( console ).toHaveErrored();
	} );

	it.each( [
		[ 'not JSON', 'not json' ],
		[ 'mismatched lengths', withChanges( { labels: [ 'Nov 2' ] } ) ],
		[ 'no summary', withChanges( { summary: undefined } ) ],
	] )(
		'leaves a chart whose data is %s without a canvas, and throws nothing',
		( _name, json ) => {
			document.body.innerHTML = figure( json );
			const printed = document.body.innerHTML;

			expect( () => mountCharts() ).not.toThrow();

			expect( document.querySelector( 'canvas' ) ).toBeNull();
			expect( document.body.innerHTML ).toBe( printed );
		}
	);

	it( 'draws each valid chart of the page and skips the malformed one', () => {
		document.body.innerHTML = [
			figure( JSON.stringify( valid ) ),
			figure( withChanges( { labels: 'Nov 2' } ) ),
			figure(
				withChanges( { type: 'line', summary: 'Logins by day.' } )
			),
		].join( '' );

		mountCharts();

		const figures = document.querySelectorAll( '[data-lp-chart]' );
		expect(
			[ ...figures ].map(
				( node ) =>
					node
						.querySelector( 'canvas' )
						?.getAttribute( 'aria-label' ) ?? null
			)
		).toEqual( [ SUMMARY, null, 'Logins by day.' ] );
		expect( console ).toHaveErrored();
	} );

	it( 'looks only inside the root it is given', () => {
		document.body.innerHTML = `<div id="one">${ figure(
			JSON.stringify( valid )
		) }</div><div id="two">${ figure( JSON.stringify( valid ) ) }</div>`;

		mountCharts( document.getElementById( 'two' ) as HTMLElement );

		expect( document.querySelector( '#one canvas' ) ).toBeNull();
		expect( document.querySelector( '#two canvas' ) ).not.toBeNull();
		expect( console ).toHaveErrored();
	} );

	it( 'mounts the charts already in the document when the script loads', async () => {
		document.body.innerHTML = figure( JSON.stringify( valid ) );

		await jest.isolateModulesAsync( async () => {
			await import( '../reports' );
		} );

		expect( document.querySelector( 'canvas' ) ).toHaveAttribute(
			'aria-label',
			SUMMARY
		);
		expect( console ).toHaveErrored();
	} );
} );
