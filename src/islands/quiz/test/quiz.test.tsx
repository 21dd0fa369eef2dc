/**
 * External dependencies
 */
import { act, fireEvent, screen } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { setPortalConfig } from '../../../test-utils/fixtures';
import { renderScreen } from '../../../test-utils/render';
import { ApiError } from '../../../api/client';
import { fetchQuiz, submitQuiz } from '../../../api/quiz';
import type { QuizDetails } from '../../../types/library';
import { Quiz } from '..';

jest.mock( '../../../api/quiz', () => ( {
	...jest.requireActual( '../../../api/quiz' ),
	fetchQuiz: jest.fn(),
	submitQuiz: jest.fn(),
} ) );

const mockedFetch = fetchQuiz as jest.MockedFunction< typeof fetchQuiz >;
const mockedSubmit = submitQuiz as jest.MockedFunction< typeof submitQuiz >;
const path = '/quiz/:productId';

const certificate = {
	code: 'ABC123',
	issued_at: 1700000000,
	issued_date: 'March 5, 2025',
	download_url: 'http://example.test/certificate/ABC123/download',
	verify_url: 'http://example.test/certificate/verify/ABC123',
};

function makeQuiz( overrides: Partial< QuizDetails > = {} ): QuizDetails {
	return {
		product_id: 5,
		title: 'Leadership Essentials',
		pass_mark: 80,
		attempt_id: 41,
		questions: [
			{
				id: 'q1',
				text: 'What is a team?',
				answers: [
					{ id: 'a1a1a1a1a1a1', text: 'A group' },
					{ id: 'a2a2a2a2a2a2', text: 'A chair' },
				],
			},
			{
				id: 'q2',
				text: 'Who leads?',
				answers: [
					{ id: 'b1b1b1b1b1b1', text: 'Nobody' },
					{ id: 'b2b2b2b2b2b2', text: 'The leader' },
				],
			},
		],
		test: {
			available: true,
			ready: true,
			incomplete_parts: [],
			message: '',
		},
		attempts: 0,
		best_score: null,
		certificate: null,
		attempt_limit: 3,
		attempts_left: 3,
		next_attempt_at: 0,
		attempts_message: '',
		...overrides,
	};
}

async function open() {
	renderScreen( <Quiz />, { url: '/quiz/5', path } );
	await act( async () => undefined );
}

beforeEach( () => {
	setPortalConfig();
	jest.clearAllMocks();
} );

describe( 'Quiz', () => {
	it( 'shows the questions as fieldsets with radio answers under the title "Test: {title}"', async () => {
		mockedFetch.mockResolvedValue( makeQuiz() );
		await open();
		expect( mockedFetch ).toHaveBeenCalledWith( 5 );
		expect(
			screen.getByRole( 'heading', {
				level: 1,
				name: 'Test: Leadership Essentials',
			} )
		).toBeInTheDocument();
		expect( document.title ).toContain( 'Test: Leadership Essentials' );
		const first = screen.getByRole( 'group', {
			name: '1. What is a team?',
		} );
		expect( first ).toBeInTheDocument();
		expect( screen.getAllByRole( 'radio' ) ).toHaveLength( 4 );
	} );

	it( 'asks for every answer before sending, naming the unanswered questions and focusing the first of them', async () => {
		const base = makeQuiz();
		const third = {
			id: 'q3',
			text: 'Who decides?',
			answers: [
				{ id: 'c1c1c1c1c1c1', text: 'The team' },
				{ id: 'c2c2c2c2c2c2', text: 'The weather' },
			],
		};
		mockedFetch.mockResolvedValue(
			makeQuiz( { questions: [ ...base.questions, third ] } )
		);
		await open();
		fireEvent.click( screen.getByRole( 'radio', { name: 'A group' } ) );
		await act( async () => {
			fireEvent.click(
				screen.getByRole( 'button', { name: 'Submit answers' } )
			);
		} );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Please answer every question: 2 and 3 are unanswered.'
		);
		// The next keystroke answers the first question left open.
		expect( screen.getByRole( 'radio', { name: 'Nobody' } ) ).toHaveFocus();
		expect( mockedSubmit ).not.toHaveBeenCalled();

		fireEvent.click( screen.getByRole( 'radio', { name: 'Nobody' } ) );
		await act( async () => {
			fireEvent.click(
				screen.getByRole( 'button', { name: 'Submit answers' } )
			);
		} );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Please answer every question: 3 is unanswered.'
		);
		expect(
			screen.getByRole( 'radio', { name: 'The team' } )
		).toHaveFocus();
		expect( mockedSubmit ).not.toHaveBeenCalled();
	} );

	it( 'sends the answers, shows the result with the certificate links and focuses it', async () => {
		mockedFetch.mockResolvedValue( makeQuiz() );
		mockedSubmit.mockResolvedValue( {
			score: 100,
			passed: true,
			pass_mark: 80,
			attempts: 1,
			attempt_limit: 3,
			attempts_left: 2,
			next_attempt_at: 0,
			attempts_message: '',
			certificate,
		} );
		await open();
		fireEvent.click( screen.getByRole( 'radio', { name: 'A group' } ) );
		fireEvent.click( screen.getByRole( 'radio', { name: 'The leader' } ) );
		await act( async () => {
			fireEvent.click(
				screen.getByRole( 'button', { name: 'Submit answers' } )
			);
		} );
		expect( mockedSubmit ).toHaveBeenCalledWith( 5, 41, {
			q1: 'a1a1a1a1a1a1',
			q2: 'b2b2b2b2b2b2',
		} );
		const heading = screen.getByRole( 'heading', {
			level: 2,
			name: 'You passed the test',
		} );
		expect( heading ).toHaveFocus();
		expect( screen.getByText( 'Your score: 100%.' ) ).toBeInTheDocument();
		expect( screen.getByText( 'Pass mark: 80%.' ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Download certificate' } )
		).toHaveAttribute( 'href', certificate.download_url );
		expect(
			screen.getByRole( 'link', { name: /Verify certificate/ } )
		).toHaveAttribute( 'href', certificate.verify_url );
		// A pass is final: no Retry, the way back to the training instead.
		expect( screen.queryByRole( 'button', { name: 'Retry' } ) ).toBeNull();
		expect(
			screen.getByRole( 'link', { name: 'Back to the training' } )
		).toHaveAttribute( 'href', '/my-account/library/videos/5' );
	} );

	it( 'offers Retry only where retrying can help', async () => {
		mockedFetch.mockRejectedValue(
			new ApiError(
				'This training has no test.',
				404,
				'no_quiz',
				{},
				true
			)
		);
		const screenOf = async () => {
			await open();
			return screen.getByRole( 'alert' );
		};
		expect( await screenOf() ).toHaveTextContent(
			'This training has no test.'
		);
		expect( screen.queryByRole( 'button', { name: 'Retry' } ) ).toBeNull();
		expect(
			screen.getByRole( 'link', { name: 'Back to the training' } )
		).toBeInTheDocument();
		document.body.innerHTML = '';

		mockedFetch.mockRejectedValue(
			new ApiError(
				'This training is not in your library.',
				404,
				'item_not_found',
				{},
				true
			)
		);
		await screenOf();
		expect( screen.queryByRole( 'button', { name: 'Retry' } ) ).toBeNull();
		expect(
			screen.getByRole( 'link', { name: 'Go to the library' } )
		).toBeInTheDocument();
		document.body.innerHTML = '';

		mockedFetch.mockRejectedValue(
			new ApiError(
				'Error: 500 Internal Server Error',
				500,
				'',
				{},
				false
			)
		);
		expect( await screenOf() ).toHaveTextContent(
			'Could not load this test. Please try again.'
		);
		expect(
			screen.getByRole( 'button', { name: 'Retry' } )
		).toBeInTheDocument();
	} );

	it( 'a test passed before shows its certificate and no form to take it again', async () => {
		mockedFetch.mockResolvedValue( makeQuiz( { certificate } ) );
		await open();
		expect( screen.getByTestId( 'lp-quiz-passed' ) ).toHaveTextContent(
			'You passed this test.'
		);
		expect( screen.queryByRole( 'radio' ) ).toBeNull();
		expect( screen.queryByRole( 'button', { name: 'Retry' } ) ).toBeNull();
		expect(
			screen.getByRole( 'link', { name: 'Download certificate' } )
		).toBeInTheDocument();
	} );

	it( 'a failed attempt shows the score only and offers Retry, which opens a new attempt at its first question', async () => {
		mockedFetch.mockResolvedValueOnce( makeQuiz() );
		mockedFetch.mockResolvedValueOnce(
			makeQuiz( { attempt_id: 42, attempts_left: 2 } )
		);
		mockedSubmit.mockResolvedValue( {
			score: 50,
			passed: false,
			pass_mark: 80,
			attempts: 1,
			attempt_limit: 3,
			attempts_left: 2,
			next_attempt_at: 0,
			attempts_message: '',
			certificate: null,
		} );
		await open();
		fireEvent.click( screen.getByRole( 'radio', { name: 'A group' } ) );
		fireEvent.click( screen.getByRole( 'radio', { name: 'Nobody' } ) );
		await act( async () => {
			fireEvent.click(
				screen.getByRole( 'button', { name: 'Submit answers' } )
			);
		} );
		expect(
			screen.getByRole( 'heading', {
				name: 'You did not pass this time',
			} )
		).toHaveFocus();
		expect( screen.getByTestId( 'lp-quiz-result' ) ).toHaveTextContent(
			'Your score: 50%.Pass mark: 80%.2 attempts left todayRetryBack to the training'
		);
		expect(
			screen.queryByRole( 'link', { name: 'Download certificate' } )
		).not.toBeInTheDocument();
		// A failed attempt offers the way back to the training beside Retry.
		expect(
			screen.getByRole( 'link', { name: 'Back to the training' } )
		).toHaveAttribute( 'href', '/my-account/library/videos/5' );
		await act( async () => {
			fireEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		} );
		expect( mockedFetch ).toHaveBeenCalledTimes( 2 );
		const firstAnswer = screen.getByRole( 'radio', { name: 'A group' } );
		expect( firstAnswer ).not.toBeChecked();
		expect( firstAnswer ).toHaveFocus();
		await act( async () => {
			fireEvent.click( firstAnswer );
			fireEvent.click( screen.getByRole( 'radio', { name: 'Nobody' } ) );
			fireEvent.click(
				screen.getByRole( 'button', { name: 'Submit answers' } )
			);
		} );
		expect( mockedSubmit ).toHaveBeenLastCalledWith(
			5,
			42,
			expect.any( Object )
		);
	} );

	it( "says how many attempts are left today, from the server's number", async () => {
		mockedFetch.mockResolvedValue( makeQuiz( { attempts_left: 2 } ) );
		await open();
		expect(
			screen.getByTestId( 'lp-quiz-attempts-left' )
		).toHaveTextContent( '2 attempts left today' );
	} );

	it( 'says nothing about attempts when the server has no limit', async () => {
		mockedFetch.mockResolvedValue(
			makeQuiz( { attempt_limit: 0, attempts_left: null } )
		);
		await open();
		expect(
			screen.queryByTestId( 'lp-quiz-attempts-left' )
		).not.toBeInTheDocument();
		expect( screen.getAllByRole( 'radio' ) ).toHaveLength( 4 );
	} );

	it( "shows the server's message and no form when no attempt is left", async () => {
		const message =
			'You have used your 3 attempts at this test for the last 24 hours. Your next attempt opens on November 26, 2026 10:36 am.';
		mockedFetch.mockResolvedValue(
			makeQuiz( {
				attempt_id: 0,
				questions: [],
				attempts_left: 0,
				next_attempt_at: 1795689364,
				attempts_message: message,
			} )
		);
		await open();
		expect( screen.getByTestId( 'lp-quiz-exhausted' ) ).toHaveTextContent(
			message
		);
		expect( screen.queryByRole( 'radio' ) ).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Submit answers' } )
		).not.toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Back to the training' } )
		).toBeInTheDocument();
	} );

	it( "a submission refused by the limit shows the server's message instead of the form", async () => {
		const message =
			'You have used your 3 attempts at this test for the last 24 hours. Your next attempt opens on November 26, 2026 10:36 am.';
		mockedFetch.mockResolvedValue( makeQuiz( { attempts_left: 1 } ) );
		mockedSubmit.mockRejectedValue(
			new ApiError(
				message,
				429,
				'quiz_attempts_exhausted',
				{ code: 'quiz_attempts_exhausted', message },
				true
			)
		);
		await open();
		expect(
			screen.getByTestId( 'lp-quiz-attempts-left' )
		).toHaveTextContent( '1 attempt left today' );
		fireEvent.click( screen.getByRole( 'radio', { name: 'A group' } ) );
		fireEvent.click( screen.getByRole( 'radio', { name: 'Nobody' } ) );
		await act( async () => {
			fireEvent.click(
				screen.getByRole( 'button', { name: 'Submit answers' } )
			);
		} );
		expect( screen.getByTestId( 'lp-quiz-exhausted' ) ).toHaveTextContent(
			message
		);
		expect(
			screen.queryByRole( 'button', { name: 'Submit answers' } )
		).not.toBeInTheDocument();
	} );

	it( "after the last attempt the result shows the server's message and no Retry", async () => {
		const message =
			'You have used your 3 attempts at this test for the last 24 hours. Your next attempt opens on November 26, 2026 10:36 am.';
		mockedFetch.mockResolvedValue( makeQuiz( { attempts_left: 1 } ) );
		mockedSubmit.mockResolvedValue( {
			score: 0,
			passed: false,
			pass_mark: 80,
			attempts: 3,
			attempt_limit: 3,
			attempts_left: 0,
			next_attempt_at: 1795689364,
			attempts_message: message,
			certificate: null,
		} );
		await open();
		fireEvent.click( screen.getByRole( 'radio', { name: 'A chair' } ) );
		fireEvent.click( screen.getByRole( 'radio', { name: 'Nobody' } ) );
		await act( async () => {
			fireEvent.click(
				screen.getByRole( 'button', { name: 'Submit answers' } )
			);
		} );
		expect( screen.getByTestId( 'lp-quiz-exhausted' ) ).toHaveTextContent(
			message
		);
		expect(
			screen.queryByRole( 'button', { name: 'Retry' } )
		).not.toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Back to the training' } )
		).toHaveAttribute( 'href', '/my-account/library/videos/5' );
	} );

	it( "shows the server's readiness message when the test is locked", async () => {
		mockedFetch.mockResolvedValue(
			makeQuiz( {
				test: {
					available: true,
					ready: false,
					incomplete_parts: [],
					message:
						'You need to watch at least 95% of the video before taking the test.',
				},
			} )
		);
		await open();
		expect( screen.getByTestId( 'lp-quiz-locked' ) ).toHaveTextContent(
			'You need to watch at least 95% of the video before taking the test.'
		);
		expect( screen.queryByRole( 'radio' ) ).not.toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Back to the training' } )
		).toHaveAttribute( 'href', '/my-account/library/videos/5' );
	} );
} );
