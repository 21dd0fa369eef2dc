/**
 * The test of an item: GET library/v2/quiz/{id} (a served attempt: questions in a new order,
 * without the correct answers) and POST library/v2/quiz/{id}
 * `{ attempt, answers: { [question id]: answer id } }` (graded on the server).
 */

/**
 * Internal dependencies
 */
import { dataOf, request } from './client';
import { bool, list, num, record, str } from './coerce';
import { normalizeCertificate, normalizeTest } from './video';
import type { QuizAllowance, QuizDetails, QuizResult } from '../types/library';

// Read here since the video reply carries a certificate too.
export { normalizeCertificate };

function normalizeAllowance( raw: Record< string, unknown > ): QuizAllowance {
	return {
		attempt_limit: num( raw.attempt_limit ),
		attempts_left:
			typeof raw.attempts_left === 'number' ? raw.attempts_left : null,
		next_attempt_at: num( raw.next_attempt_at ),
		attempts_message: str( raw.attempts_message ),
	};
}

export function normalizeQuiz( raw: unknown ): QuizDetails {
	const quiz = record( raw );
	return {
		...normalizeAllowance( quiz ),
		product_id: num( quiz.product_id ),
		title: str( quiz.title ),
		pass_mark: num( quiz.pass_mark ),
		attempt_id: num( quiz.attempt_id ),
		questions: list( quiz.questions ).map( ( question ) => ( {
			id: str( question.id ),
			text: str( question.text ),
			answers: list( question.answers ).map( ( answer ) => ( {
				id: str( answer.id ),
				text: str( answer.text ),
			} ) ),
		} ) ),
		test: normalizeTest( quiz.test ),
		attempts: num( quiz.attempts ),
		best_score:
			quiz.best_score === null || quiz.best_score === undefined
				? null
				: num( quiz.best_score ),
		certificate: normalizeCertificate( quiz.certificate ),
	};
}

export function normalizeQuizResult( raw: unknown ): QuizResult {
	const result = record( raw );
	return {
		...normalizeAllowance( result ),
		score: num( result.score ),
		passed: bool( result.passed ),
		pass_mark: num( result.pass_mark ),
		attempts: num( result.attempts ),
		certificate: normalizeCertificate( result.certificate ),
	};
}

export async function fetchQuiz( productId: number ): Promise< QuizDetails > {
	return normalizeQuiz(
		dataOf(
			await request( {
				path: `library/v2/quiz/${ productId }`,
				method: 'GET',
			} )
		)
	);
}

export async function submitQuiz(
	productId: number,
	attempt: number,
	answers: Record< string, string >
): Promise< QuizResult > {
	return normalizeQuizResult(
		dataOf(
			await request( {
				path: `library/v2/quiz/${ productId }`,
				method: 'POST',
				data: { attempt, answers },
			} )
		)
	);
}
