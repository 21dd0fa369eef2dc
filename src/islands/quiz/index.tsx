/**
 * The test at /quiz/{product_id} (lazy chunk `island-quiz`, opened in a new tab): all questions
 * on one page (a fieldset per question, radio answers), in the order the server served for this
 * attempt, answered by answer ID and graded on the server. Locked until the server says the item
 * is watched enough (its message is shown); the attempts left as the server counts them, and its
 * message with no form once none is left; result with score and pass mark; Retry opens a new
 * attempt (a new order from the server); on a pass the certificate's download and verify links.
 */

/**
 * External dependencies
 */
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { ApiError } from '../../api/client';
import { fetchQuiz, submitQuiz } from '../../api/quiz';
import { CertificateLinks } from '../../components/certificate-links';
import { LoadingIndicator } from '../../components/loading-indicator';
import { ScreenTitle } from '../../components/screen-title';
import { useResource } from '../../data/use-resource';
import { pageLocale } from '../../domain/dates';
import { paths } from '../../domain/paths';
import type {
	Certificate,
	QuizAllowance,
	QuizDetails,
	QuizResult,
} from '../../types/library';

type QuizState =
	| { status: 'pending' }
	| { status: 'ok'; quiz: QuizDetails }
	| { status: 'failed'; message: string; retriable: boolean; code: string };

/**
 * Retry helps only when the server failed or could not be reached; a refusal (no test, not the
 * learner's item, no access) answers the same every time.
 *
 * @param error The failure.
 */
const retriable = ( error: unknown ): boolean =>
	! ( error instanceof ApiError ) ||
	error.status === 0 ||
	error.status >= 500;

const messageOf = ( error: unknown, fallback: string ): string =>
	error instanceof ApiError && error.fromBody ? error.message : fallback;

export function Quiz() {
	const { productId = '' } = useParams();
	return <QuizScreen key={ productId } productId={ Number( productId ) } />;
}

function QuizScreen( { productId }: { productId: number } ) {
	const [ retried, setRetried ] = useState( false );
	const quiz = useResource< QuizState >(
		() =>
			fetchQuiz( productId ).then(
				( loaded ): QuizState => ( { status: 'ok', quiz: loaded } ),
				( error: unknown ): QuizState => ( {
					status: 'failed',
					retriable: retriable( error ),
					code: error instanceof ApiError ? error.code : '',
					message: messageOf(
						error,
						__(
							'Could not load this test. Please try again.',
							'library-portal'
						)
					),
				} )
			),
		{ status: 'pending' }
	);

	if ( quiz.loading || quiz.value.status === 'pending' ) {
		return (
			<section className="lp-card lp-quiz">
				<ScreenTitle title={ __( 'Test', 'library-portal' ) } />
				<LoadingIndicator
					label={ __( 'Loading the test…', 'library-portal' ) }
				/>
			</section>
		);
	}
	if ( quiz.value.status === 'failed' ) {
		return (
			<section className="lp-card lp-quiz">
				<ScreenTitle title={ __( 'Test', 'library-portal' ) } />
				<div className="lp-notice lp-notice--error" role="alert">
					<p>{ quiz.value.message }</p>
					{ quiz.value.retriable ? (
						<button
							type="button"
							className="lp-button lp-button--secondary"
							onClick={ quiz.reload }
						>
							{ __( 'Retry', 'library-portal' ) }
						</button>
					) : null }
				</div>
				{ quiz.value.code === 'no_quiz' ? (
					<BackToTraining productId={ productId } />
				) : (
					<p>
						<Link to={ paths.list() }>
							{ __( 'Go to the library', 'library-portal' ) }
						</Link>
					</p>
				) }
			</section>
		);
	}
	return (
		<QuizForm
			key={ quiz.value.quiz.attempt_id }
			quiz={ quiz.value.quiz }
			focusFirst={ retried }
			onRetry={ () => {
				setRetried( true );
				quiz.reload();
			} }
		/>
	);
}

/**
 * What follows a failed attempt: the server's message when no attempt is left, else the attempts
 * left and Retry (a new served attempt).
 *
 * @param props           Props.
 * @param props.result    The graded attempt.
 * @param props.productId The item, for the way back to its training.
 * @param props.onRetry   Loads a new attempt.
 */
function AfterFailedAttempt( {
	result,
	productId,
	onRetry,
}: {
	result: QuizResult;
	productId: number;
	onRetry: () => void;
} ) {
	// Either way the learner may want to watch again before the next try: the way back is offered.
	if ( result.attempts_left === 0 ) {
		return (
			<>
				<p
					className="lp-notice lp-notice--warning"
					data-testid="lp-quiz-exhausted"
				>
					{ result.attempts_message }
				</p>
				<BackToTraining productId={ productId } />
			</>
		);
	}
	return (
		<>
			<AttemptsLeft allowance={ result } />
			<div className="lp-quiz__actions">
				<button
					type="button"
					className="lp-button lp-button--secondary"
					onClick={ onRetry }
				>
					{ __( 'Retry', 'library-portal' ) }
				</button>
				<BackToTraining productId={ productId } />
			</div>
		</>
	);
}

/**
 * "Please answer every question" naming the questions still open by their numbers on the page
 * ("2 and 5 are unanswered"), joined the way the page's language joins a list.
 *
 * @param numbers The unanswered questions' numbers (1-based, as the legends show them).
 */
export function unansweredMessage( numbers: number[] ): string {
	const words = numbers.map( String );
	let list: string;
	try {
		list = new Intl.ListFormat( pageLocale(), {
			type: 'conjunction',
		} ).format( words );
	} catch {
		list = new Intl.ListFormat( 'en-US', { type: 'conjunction' } ).format(
			words
		);
	}
	return sprintf(
		/* translators: %s: the numbers of the unanswered questions, e.g. "2 and 5". */
		_n(
			'Please answer every question: %s is unanswered.',
			'Please answer every question: %s are unanswered.',
			numbers.length,
			'library-portal'
		),
		list
	);
}

/**
 * The attempts left, as the server counted them ('' when there is no limit).
 *
 * @param allowance The server's numbers.
 */
function attemptsLeftText( allowance: QuizAllowance ): string {
	if ( allowance.attempts_left === null || allowance.attempts_left <= 0 ) {
		return '';
	}
	return sprintf(
		/* translators: %d: test attempts left in the next 24 hours. */
		_n(
			'%d attempt left today',
			'%d attempts left today',
			allowance.attempts_left,
			'library-portal'
		),
		allowance.attempts_left
	);
}

function QuizForm( {
	quiz,
	focusFirst,
	onRetry,
}: {
	quiz: QuizDetails;
	focusFirst: boolean;
	onRetry: () => void;
} ) {
	const [ answers, setAnswers ] = useState< Record< string, string > >( {} );
	// The server's refusal when the last attempt went meanwhile (another tab): no form any more.
	const [ exhausted, setExhausted ] = useState(
		quiz.attempts_left === 0 ? quiz.attempts_message : ''
	);
	const [ result, setResult ] = useState< QuizResult | null >( null );
	const [ error, setError ] = useState( '' );
	const [ sending, setSending ] = useState( false );
	const resultRef = useRef< HTMLHeadingElement >( null );
	const firstQuestionRef = useRef< HTMLInputElement >( null );
	const errorRef = useRef< HTMLParagraphElement >( null );
	const [ focusTarget, setFocusTarget ] = useState<
		'result' | 'first' | 'error' | 'unanswered' | null
	>( focusFirst ? 'first' : null );
	const formRef = useRef< HTMLFormElement >( null );
	const title = sprintf(
		/* translators: %s: training title. */
		__( 'Test: %s', 'library-portal' ),
		quiz.title
	);
	const certificate: Certificate | null =
		result?.certificate ?? quiz.certificate;

	// Focus follows the action: the result after a submit, the first question after Retry, the
	// first unanswered question after a submit with some left open.
	useEffect( () => {
		if ( focusTarget === 'result' ) {
			resultRef.current?.focus();
		} else if ( focusTarget === 'first' ) {
			firstQuestionRef.current?.focus();
		} else if ( focusTarget === 'error' ) {
			errorRef.current?.focus();
		} else if ( focusTarget === 'unanswered' ) {
			formRef.current
				?.querySelector< HTMLInputElement >(
					'fieldset[data-answered="false"] input[type="radio"]'
				)
				?.focus();
		}
		setFocusTarget( null );
	}, [ focusTarget ] );

	// Passed before (the server issued the certificate): taking it again changes nothing.
	if ( quiz.certificate && ! result ) {
		return (
			<section className="lp-card lp-quiz" data-testid="lp-quiz">
				<ScreenTitle title={ title } />
				<p data-testid="lp-quiz-passed">
					{ __( 'You passed this test.', 'library-portal' ) }
				</p>
				<CertificateLinks
					certificate={ quiz.certificate }
					className="lp-quiz__certificate"
					testId="lp-certificate"
				/>
				<BackToTraining productId={ quiz.product_id } />
			</section>
		);
	}

	if ( ! quiz.test.ready ) {
		return (
			<section className="lp-card lp-quiz" data-testid="lp-quiz">
				<ScreenTitle title={ title } />
				<p
					className="lp-notice lp-notice--warning"
					data-testid="lp-quiz-locked"
				>
					{ quiz.test.message }
				</p>
				<BackToTraining productId={ quiz.product_id } />
			</section>
		);
	}

	if ( exhausted !== '' ) {
		return (
			<section className="lp-card lp-quiz" data-testid="lp-quiz">
				<ScreenTitle title={ title } />
				<p
					className="lp-notice lp-notice--warning"
					data-testid="lp-quiz-exhausted"
				>
					{ exhausted }
				</p>
				{ certificate ? (
					<CertificateLinks
						certificate={ certificate }
						className="lp-quiz__certificate"
						testId="lp-certificate"
					/>
				) : null }
				<BackToTraining productId={ quiz.product_id } />
			</section>
		);
	}

	const unanswered = quiz.questions.flatMap( ( question, index ) =>
		answers[ question.id ] === undefined ? [ index + 1 ] : []
	);

	const onSubmit = async ( event: FormEvent ) => {
		event.preventDefault();
		if ( unanswered.length > 0 ) {
			// The message (an alert, read out) names them all; focus goes to the first one left,
			// where the next keystroke answers it.
			setError( unansweredMessage( unanswered ) );
			setFocusTarget( 'unanswered' );
			return;
		}
		setSending( true );
		setError( '' );
		try {
			setResult(
				await submitQuiz( quiz.product_id, quiz.attempt_id, answers )
			);
			setFocusTarget( 'result' );
		} catch ( failure: unknown ) {
			if (
				failure instanceof ApiError &&
				failure.code === 'quiz_attempts_exhausted' &&
				failure.fromBody
			) {
				setExhausted( failure.message );
				return;
			}
			setError(
				messageOf(
					failure,
					__(
						'Your answers could not be sent. Please try again.',
						'library-portal'
					)
				)
			);
			setFocusTarget( 'error' );
		} finally {
			setSending( false );
		}
	};

	if ( result ) {
		return (
			<section className="lp-card lp-quiz" data-testid="lp-quiz">
				<ScreenTitle title={ title } />
				<div className="lp-quiz__result" data-testid="lp-quiz-result">
					<h2
						ref={ resultRef }
						tabIndex={ -1 }
						className="lp-section-title"
					>
						{ result.passed
							? __( 'You passed the test', 'library-portal' )
							: __(
									'You did not pass this time',
									'library-portal'
								) }
					</h2>
					<p>
						{ sprintf(
							/* translators: %d: score percent. */
							__( 'Your score: %d%%.', 'library-portal' ),
							result.score
						) }
					</p>
					<p>
						{ sprintf(
							/* translators: %d: pass mark percent. */
							__( 'Pass mark: %d%%.', 'library-portal' ),
							result.pass_mark
						) }
					</p>
					{ result.passed && certificate ? (
						<CertificateLinks
							certificate={ certificate }
							className="lp-quiz__certificate"
							testId="lp-certificate"
						/>
					) : null }
					{ result.passed ? (
						<BackToTraining productId={ quiz.product_id } />
					) : (
						<AfterFailedAttempt
							result={ result }
							productId={ quiz.product_id }
							onRetry={ onRetry }
						/>
					) }
				</div>
			</section>
		);
	}

	return (
		<section className="lp-card lp-quiz" data-testid="lp-quiz">
			<ScreenTitle title={ title } />
			<p className="lp-page-description">
				{ sprintf(
					/* translators: 1: number of questions, 2: pass mark percent. */
					__(
						'%1$d questions. You pass with %2$d%% or more. Answer every question, then submit.',
						'library-portal'
					),
					quiz.questions.length,
					quiz.pass_mark
				) }
			</p>
			<AttemptsLeft allowance={ quiz } />
			{ certificate ? (
				<CertificateLinks
					certificate={ certificate }
					className="lp-quiz__certificate"
					testId="lp-certificate"
				/>
			) : null }
			<form
				ref={ formRef }
				className="lp-quiz__form"
				onSubmit={ onSubmit }
				noValidate
			>
				{ quiz.questions.map( ( question, number ) => (
					<fieldset
						key={ question.id }
						className="lp-quiz__question"
						data-answered={
							answers[ question.id ] === undefined
								? 'false'
								: 'true'
						}
					>
						<legend>
							{ sprintf(
								/* translators: 1: question number, 2: question text. */
								__( '%1$d. %2$s', 'library-portal' ),
								number + 1,
								question.text
							) }
						</legend>
						{ question.answers.map( ( answer, position ) => (
							<div key={ answer.id } className="lp-quiz__answer">
								<input
									id={ `lp-q-${ question.id }-${ answer.id }` }
									ref={
										number === 0 && position === 0
											? firstQuestionRef
											: undefined
									}
									type="radio"
									name={ `lp-q-${ question.id }` }
									value={ answer.id }
									checked={
										answers[ question.id ] === answer.id
									}
									onChange={ () =>
										setAnswers( ( now ) => ( {
											...now,
											[ question.id ]: answer.id,
										} ) )
									}
								/>
								<label
									htmlFor={ `lp-q-${ question.id }-${ answer.id }` }
								>
									{ answer.text }
								</label>
							</div>
						) ) }
					</fieldset>
				) ) }
				{ error ? (
					<p
						ref={ errorRef }
						tabIndex={ -1 }
						className="lp-notice lp-notice--error"
						role="alert"
					>
						{ error }
					</p>
				) : null }
				<button
					type="submit"
					className="lp-button"
					disabled={ sending }
				>
					{ sending
						? __( 'Submitting…', 'library-portal' )
						: __( 'Submit answers', 'library-portal' ) }
				</button>
			</form>
		</section>
	);
}

function AttemptsLeft( { allowance }: { allowance: QuizAllowance } ) {
	const text = attemptsLeftText( allowance );
	return text === '' ? null : (
		<p className="lp-quiz__attempts" data-testid="lp-quiz-attempts-left">
			{ text }
		</p>
	);
}

function BackToTraining( { productId }: { productId: number } ) {
	return (
		<p className="lp-quiz__back">
			<Link to={ paths.item( productId ) }>
				{ __( 'Back to the training', 'library-portal' ) }
			</Link>
		</p>
	);
}
