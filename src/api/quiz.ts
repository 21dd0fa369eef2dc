/**
 * The test of an item: GET library/v2/quiz/{id} (questions without the correct answers) and
 * POST library/v2/quiz/{id} `{ answers: { [question id]: answer index } }` (graded on the server).
 */

/**
 * Internal dependencies
 */
import { dataOf, request } from './client';
import { bool, list, num, record, str } from './coerce';
import { normalizeCertificate, normalizeTest } from './video';
import type { QuizDetails, QuizResult } from '../types/library';

// Read here since the video reply carries a certificate too.
export { normalizeCertificate };

export function normalizeQuiz( raw: unknown ): QuizDetails {
	const quiz = record( raw );
	return {
		product_id: num( quiz.product_id ),
		title: str( quiz.title ),
		pass_mark: num( quiz.pass_mark ),
		questions: list( quiz.questions ).map( ( question ) => ( {
			id: str( question.id ),
			text: str( question.text ),
			answers: list( question.answers ).map( ( answer, position ) => ( {
				index:
					typeof answer.index === 'number' ? answer.index : position,
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
		score: num( result.score ),
		passed: bool( result.passed ),
		pass_mark: num( result.pass_mark ),
		correct: num( result.correct ),
		total: num( result.total ),
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
	answers: Record< string, number >
): Promise< QuizResult > {
	return normalizeQuizResult(
		dataOf(
			await request( {
				path: `library/v2/quiz/${ productId }`,
				method: 'POST',
				data: { answers },
			} )
		)
	);
}
