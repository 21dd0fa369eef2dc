/**
 * Page objects of the learning screens (item detail with the player, the test) and what the
 * learning tests read back: the seeded tests' answers and the text of a PDF.
 */
import { inflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage } from './base-page';
import { libraryItems } from './portal';

/**
 * The right answer of each question of the demo's tests, by item title (dev/DemoSeeder.php,
 * DemoSeeder::QUIZZES: keep the two in step).
 */
export const DEMO_ANSWERS: Record< string, string[] > = {
	'Anxiety in Children and Adolescents': [
		'Cognitive behavioural therapy with gradual exposure',
		'Accommodation keeps avoidance going over time',
		'Stomach aches before school',
	],
	'Trauma-Informed Care': [
		'"What happened to you?"',
		'Safety',
		'Ground the client and restore a sense of safety',
		'Explaining the options and asking for consent before each step',
	],
};

/** What the page's <video> is doing. */
export interface VideoState {
	src: string;
	currentTime: number;
	duration: number;
	paused: boolean;
	ended: boolean;
	playbackRate: number;
	readyState: number;
}

/**
 * The product ID of the logged-in user's item with this title (from GET items/).
 *
 * @param page  Page showing the portal (the nonce comes from it).
 * @param title Item title.
 */
export async function itemIdByTitle(
	page: Page,
	title: string
): Promise< number > {
	const items = await libraryItems< { product_id: number; title: string } >(
		page
	);
	const item = items.find( ( row ) => row.title === title );
	expect( item, `the demo user has "${ title }"` ).toBeTruthy();
	return item?.product_id ?? 0;
}

/**
 * Item detail: /my-account/library/videos/{id}, with the player of a video item.
 */
export class DetailPage extends BasePage {
	readonly path = '/my-account/library/videos';

	get detail(): Locator {
		return this.page.getByTestId( 'lp-detail' );
	}

	get video(): Locator {
		return this.page.getByTestId( 'lp-player-video' );
	}

	/** The player's own Play on the poster: nothing of the video loads before it is pressed. */
	get playButton(): Locator {
		return this.page
			.getByTestId( 'lp-player' )
			.getByRole( 'button', { name: /^Play ./ } );
	}

	get parts(): Locator {
		return this.page.getByRole( 'group', { name: 'Video parts' } );
	}

	get testMessage(): Locator {
		return this.page.getByTestId( 'lp-test-message' );
	}

	get takeTestLink(): Locator {
		return this.page.getByRole( 'link', { name: /^Take Test/ } );
	}

	/**
	 * Opens an item and waits for its heading.
	 *
	 * @param productId Item.
	 */
	async open( productId: number ): Promise< void > {
		await this.goto( `/${ productId }` );
		await expect( this.detail ).toBeVisible();
	}

	/**
	 * The part button "Part n/total".
	 *
	 * @param n     1-based part number.
	 * @param total Number of parts.
	 */
	partButton( n: number, total: number ): Locator {
		return this.parts.getByRole( 'button', {
			name: `Part ${ n }/${ total }`,
		} );
	}

	/** The <video>'s state. */
	videoState(): Promise< VideoState > {
		return this.video.evaluate( ( element: HTMLVideoElement ) => ( {
			src: element.currentSrc || element.src,
			currentTime: element.currentTime,
			duration: element.duration,
			paused: element.paused,
			ended: element.ended,
			playbackRate: element.playbackRate,
			readyState: element.readyState,
		} ) );
	}

	/** Waits until the video has its metadata (and so its resume position). */
	async waitForMetadata(): Promise< VideoState > {
		await expect
			.poll( async () => ( await this.videoState() ).readyState, {
				message: 'the video loads its metadata',
				timeout: 15_000,
			} )
			.toBeGreaterThanOrEqual( 1 );
		return this.videoState();
	}

	/**
	 * Presses the player's Play, muted (a headless browser has no one to hear it), and waits
	 * until the video plays. Returns its state and where playback began (the resume point).
	 */
	async pressPlay(): Promise< VideoState & { startedAt: number } > {
		await this.video.evaluate( ( element: HTMLVideoElement ) => {
			element.muted = true;
		} );
		await this.playButton.click();
		await expect
			.poll(
				() =>
					this.video.evaluate(
						( element: HTMLVideoElement ) => element.played.length
					),
				{ message: 'the video plays after Play', timeout: 15_000 }
			)
			.toBeGreaterThan( 0 );
		const startedAt = await this.video.evaluate(
			( element: HTMLVideoElement ) => element.played.start( 0 )
		);
		return { ...( await this.videoState() ), startedAt };
	}

	/**
	 * Chooses a speed in the player's own control and plays, muted (no user gesture is needed
	 * for muted playback). A player that has loaded nothing yet is started with its Play.
	 *
	 * @param rate Playback speed offered by the player, e.g. 2.
	 */
	async play( rate: number ): Promise< void > {
		await this.page
			.getByRole( 'combobox', { name: 'Playback speed' } )
			.selectOption( String( rate ) );
		if ( await this.playButton.isVisible() ) {
			await this.pressPlay();
			return;
		}
		await this.video.evaluate( async ( element: HTMLVideoElement ) => {
			element.muted = true;
			await element.play();
		} );
	}

	/** Pauses (the player then sends its final report). */
	async pause(): Promise< void > {
		await this.video.evaluate( ( element: HTMLVideoElement ) =>
			element.pause()
		);
	}
}

/**
 * The test: /quiz/{product_id}.
 */
export class QuizPage extends BasePage {
	readonly path = '/quiz';

	get quiz(): Locator {
		return this.page.getByTestId( 'lp-quiz' );
	}

	get result(): Locator {
		return this.page.getByTestId( 'lp-quiz-result' );
	}

	get certificate(): Locator {
		return this.page.getByTestId( 'lp-certificate' );
	}

	/**
	 * Opens the test of an item and waits for it.
	 *
	 * @param productId Item.
	 */
	async open( productId: number ): Promise< void > {
		await this.goto( `/${ productId }` );
		await expect( this.quiz ).toBeVisible();
	}

	/**
	 * Picks the answer with each given text, wherever the server put it (every attempt comes
	 * in a new order, so texts, not positions, name the answers).
	 *
	 * @param answers Answer texts, one per question, each unique in the test.
	 */
	async answer( answers: string[] ): Promise< void > {
		await expect( this.quiz.getByRole( 'group' ) ).toHaveCount(
			answers.length
		);
		for ( const text of answers ) {
			await this.quiz
				.getByRole( 'radio', { name: text, exact: true } )
				.check();
		}
	}

	async submit(): Promise< void > {
		await this.page
			.getByRole( 'button', { name: 'Submit answers' } )
			.click();
	}
}

/**
 * Undoes a PDF string literal's escapes.
 *
 * @param literal The bytes between the parentheses, as latin1.
 */
function unescapePdfString( literal: string ): string {
	return literal.replace(
		/\\([nrtbf()\\]|[0-7]{1,3}|\r?\n)/g,
		( _all, code: string ) => {
			const simple: Record< string, string > = {
				n: '\n',
				r: '\r',
				t: '\t',
				b: '\b',
				f: '\f',
				'(': '(',
				')': ')',
				'\\': '\\',
			};
			if ( code in simple ) {
				return simple[ code ] ?? '';
			}
			if ( /^[0-7]+$/.test( code ) ) {
				return String.fromCharCode( parseInt( code, 8 ) );
			}
			return ''; // A line continuation.
		}
	);
}

/**
 * A PDF string's bytes read both as single bytes and, when they can be, as UTF-16BE (what a
 * Unicode TrueType font writes; a leading BOM is dropped).
 *
 * @param bytes The string's bytes, as latin1.
 */
function decodePdfString( bytes: string ): string[] {
	const body = bytes.startsWith( '\xfe\xff' ) ? bytes.slice( 2 ) : bytes;
	if ( body.length === 0 || body.length % 2 !== 0 ) {
		return [ bytes ];
	}
	return [
		bytes,
		Buffer.from( body, 'latin1' ).swap16().toString( 'utf16le' ),
	];
}

/**
 * The text a PDF shows, good enough to find a name in it: every content stream is inflated
 * (TCPDF compresses them with FlateDecode) and its string operands are decoded and joined.
 *
 * @param pdf The file.
 */
export function pdfText( pdf: Buffer ): string {
	const raw = pdf.toString( 'latin1' );
	const chunks: string[] = [];
	const streams = /stream\r?\n/g;
	let match: RegExpExecArray | null;
	while ( ( match = streams.exec( raw ) ) !== null ) {
		const start = match.index + match[ 0 ].length;
		const end = raw.indexOf( 'endstream', start );
		if ( end < 0 ) {
			break;
		}
		const body = pdf.subarray( start, end );
		try {
			chunks.push( inflateSync( body ).toString( 'latin1' ) );
		} catch {
			chunks.push( body.toString( 'latin1' ) ); // Not compressed.
		}
		streams.lastIndex = end;
	}
	chunks.push( raw ); // Uncompressed objects (e.g. the document's /Title).

	const texts: string[] = [];
	for ( const chunk of chunks ) {
		// Literal strings (balanced parentheses are allowed inside, escaped ones too).
		for ( const literal of chunk.matchAll(
			/\(((?:\\[\s\S]|[^\\()]|\((?:\\[\s\S]|[^\\()])*\))*)\)/g
		) ) {
			texts.push(
				...decodePdfString( unescapePdfString( literal[ 1 ] ?? '' ) )
			);
		}
		// Hex strings.
		for ( const hex of chunk.matchAll( /<([0-9A-Fa-f\s]+)>/g ) ) {
			const digits = ( hex[ 1 ] ?? '' ).replace( /\s+/g, '' );
			if ( digits.length >= 4 && digits.length % 2 === 0 ) {
				texts.push(
					...decodePdfString(
						Buffer.from( digits, 'hex' ).toString( 'latin1' )
					)
				);
			}
		}
	}
	return texts.join( '\n' );
}
