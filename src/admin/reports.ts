/**
 * Training Library → Reports (wp-admin): draws the charts the screen prints with Chart.js.
 *
 * Markup contract, one per chart (printed by PHP, with the data table for screen readers beside it):
 *
 *     <figure class="lp-report-chart" data-lp-chart>
 *       <figcaption>…</figcaption>
 *       <div class="lp-report-chart__canvas" style="height:280px"></div>
 *       <script type="application/json" class="lp-report-chart__data">{…}</script>
 *     </figure>
 *
 * The JSON is `{ type: 'bar' | 'line', labels: string[], series: { label: string, values: number[] }[],
 * summary: string }` with one or two series, at least one label, as many finite numbers in each series
 * as there are labels, and a non-empty summary (see parseChartData). A valid chart gets a
 * `<canvas role="img" aria-label="{summary}">` in its `.lp-report-chart__canvas`; anything malformed
 * leaves the figure as printed (the table beside it still says everything) and throws nothing.
 */
import {
	BarController,
	BarElement,
	CategoryScale,
	Chart,
	Legend,
	LinearScale,
	LineController,
	LineElement,
	PointElement,
	Tooltip,
	type ChartConfiguration,
} from 'chart.js';

// Only what a bar chart and a line chart need (not chart.js/auto, which registers everything).
Chart.register(
	BarController,
	BarElement,
	LineController,
	LineElement,
	PointElement,
	CategoryScale,
	LinearScale,
	Legend,
	Tooltip
);

export type ReportChartType = 'bar' | 'line';

export interface ChartSeries {
	label: string;
	values: number[];
}

export interface ChartData {
	type: ReportChartType;
	labels: string[];
	series: ChartSeries[];
	summary: string;
}

/**
 * The series colours, in order: WordPress admin blue (#2271b1, 5.2:1 on white) and admin red
 * (#b32d2e, 6.3:1 on white), so bars, lines and legend swatches are all well over the 3:1 that
 * WCAG 1.4.11 asks of graphics against the white chart background. The two are told apart by hue
 * (blue against red stays distinct with red-green colour blindness), not by lightness (1.2:1 to
 * each other), so a line chart also dashes its second series, and the legend names each series.
 * A chart has at most as many series as there are colours.
 */
export const SERIES_COLOURS = [ '#2271b1', '#b32d2e' ] as const;

const isRecord = ( value: unknown ): value is Record< string, unknown > =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

const isNonEmptyString = ( value: unknown ): value is string =>
	typeof value === 'string' && value.trim() !== '';

/**
 * Reads one series: a non-empty label and exactly `length` finite numbers.
 *
 * @param value  One entry of the JSON's `series`.
 * @param length How many labels the chart has.
 */
function parseSeries( value: unknown, length: number ): ChartSeries | null {
	if ( ! isRecord( value ) || ! isNonEmptyString( value.label ) ) {
		return null;
	}
	const { values } = value;
	if (
		! Array.isArray( values ) ||
		values.length !== length ||
		! values.every(
			( item ) => typeof item === 'number' && Number.isFinite( item )
		)
	) {
		return null;
	}
	return { label: value.label, values: [ ...( values as number[] ) ] };
}

/**
 * Parses a chart's JSON; null for anything malformed (not JSON, wrong types, an unknown chart type,
 * no labels, no series or more series than colours, a series whose length differs from the labels',
 * a value that is not a finite number (JSON's 1e999 is Infinity), an empty label or summary).
 *
 * @param text The text of a `.lp-report-chart__data` script element.
 */
export function parseChartData( text: string ): ChartData | null {
	let raw: unknown;
	try {
		raw = JSON.parse( text );
	} catch {
		return null;
	}
	if ( ! isRecord( raw ) ) {
		return null;
	}
	const { type, labels, series, summary } = raw;
	if ( type !== 'bar' && type !== 'line' ) {
		return null;
	}
	if (
		! Array.isArray( labels ) ||
		labels.length === 0 ||
		! labels.every( ( label ) => typeof label === 'string' )
	) {
		return null;
	}
	if ( ! isNonEmptyString( summary ) ) {
		return null;
	}
	if (
		! Array.isArray( series ) ||
		series.length === 0 ||
		series.length > SERIES_COLOURS.length
	) {
		return null;
	}
	const parsed: ChartSeries[] = [];
	for ( const entry of series ) {
		const one = parseSeries( entry, labels.length );
		if ( ! one ) {
			return null;
		}
		parsed.push( one );
	}
	return {
		type,
		labels: [ ...( labels as string[] ) ],
		series: parsed,
		summary: summary.trim(),
	};
}

/**
 * The Chart.js configuration of a parsed chart.
 *
 * @param data A chart as parseChartData returns it.
 */
export function chartConfig(
	data: ChartData
): ChartConfiguration< ReportChartType, number[], string > {
	return {
		type: data.type,
		data: {
			labels: data.labels,
			datasets: data.series.map( ( series, index ) => {
				const colour =
					SERIES_COLOURS[ index % SERIES_COLOURS.length ] ??
					SERIES_COLOURS[ 0 ];
				return {
					label: series.label,
					data: series.values,
					backgroundColor: colour,
					borderColor: colour,
					// Besides the colour, a line chart's second series is dashed (and so is its legend swatch).
					borderDash:
						data.type === 'line' && index > 0 ? [ 6, 4 ] : [],
				};
			} ),
		},
		options: {
			// The container has a fixed height, so the page does not jump while the script loads.
			responsive: true,
			maintainAspectRatio: false,
			animation: false,
			scales: {
				y: { beginAtZero: true, ticks: { precision: 0 } },
			},
			plugins: {
				legend: { position: 'bottom' },
			},
		},
	};
}

/**
 * Draws one printed chart, once: nothing when its data is malformed; a labelled canvas otherwise,
 * even when the canvas cannot draw (no 2D context, or Chart.js fails), since the label and the
 * table still say everything.
 *
 * @param figure A `[data-lp-chart]` element.
 */
function mountChart( figure: Element ): void {
	const container = figure.querySelector< HTMLElement >(
		'.lp-report-chart__canvas'
	);
	const source = figure.querySelector( '.lp-report-chart__data' );
	if ( ! container || ! source || container.querySelector( 'canvas' ) ) {
		return;
	}
	const data = parseChartData( source.textContent ?? '' );
	if ( ! data ) {
		return;
	}
	const canvas = figure.ownerDocument.createElement( 'canvas' );
	canvas.setAttribute( 'role', 'img' );
	canvas.setAttribute( 'aria-label', data.summary );
	// Chart.js sizes a responsive canvas from its container, which must be relatively positioned.
	if ( ! container.style.position ) {
		container.style.position = 'relative';
	}
	container.append( canvas );
	try {
		const context = canvas.getContext( '2d' );
		if ( context ) {
			// Chart.js keeps the instance (Chart.getChart( canvas )).
			new Chart( context, chartConfig( data ) );
		}
	} catch {
		// The canvas stays, empty but labelled.
	}
}

/**
 * Draws every `[data-lp-chart]` figure inside `root` (not `root` itself); calling it again draws
 * only figures that have no canvas yet.
 *
 * @param root Where to look: the document, or a part of it.
 */
export function mountCharts( root: ParentNode = document ): void {
	for ( const figure of root.querySelectorAll( '[data-lp-chart]' ) ) {
		mountChart( figure );
	}
}

// The entry's side effect: draw the screen's charts once the document is parsed.
if ( document.readyState === 'loading' ) {
	document.addEventListener( 'DOMContentLoaded', () => mountCharts(), {
		once: true,
	} );
} else {
	mountCharts();
}
