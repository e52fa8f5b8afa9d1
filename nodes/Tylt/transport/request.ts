/**
 * A TYLT call with its retry policy: reads are tried again after transient failures with bounded exponential
 * back-off; a create is sent once. What each failure means is decided in attempt.ts; what it is called, in
 * errors.ts.
 */
import { cancelSignalOf, pause } from '../../shared/pause';
import { attemptOnce, type TyltRequest } from './attempt';
import type { TyltContext } from './credentials';
import { errorForAttempt } from './errors';

/** Bounded exponential back-off for reads; exported so tests can shorten the waits. */
export const RETRY_POLICY = {
	maxRetries: 3,
	baseDelayMs: 1000,
	maxDelayMs: 30_000,
};

/**
 * Sends one signed call (the credential signs it) and returns the envelope's `data`; every failure is thrown
 * as one of errors.ts's classes.
 */
export async function tyltApiRequest(this: TyltContext, request: TyltRequest): Promise<unknown> {
	// TYLT has no idempotency key: a create whose answer was lost may exist, and sending it again could pay twice.
	const retries = request.movesMoney ? 0 : RETRY_POLICY.maxRetries;
	const signal = cancelSignalOf(this);
	for (let attempt = 0; ; attempt++) {
		const result = await attemptOnce.call(this, request, signal);
		if (result.outcome === 'success') return result.data;
		if (
			result.outcome === 'rejected' &&
			request.refusalMeansAbsent?.(result.statusCode, result.envelope)
		) {
			return null;
		}
		const retryable =
			!request.movesMoney &&
			attempt < retries &&
			(result.outcome === 'transient' || result.outcome === 'unreachable');
		if (!retryable) throw errorForAttempt(this.getNode(), request, result, attempt + 1);
		await pause(
			backoffMs(attempt, result.outcome === 'transient' ? result.retryAfterMs : undefined),
			signal,
		);
		if (signal?.aborted)
			throw errorForAttempt(this.getNode(), request, { outcome: 'stopped' }, attempt + 1);
	}
}

function backoffMs(attempt: number, retryAfterMs: number | undefined): number {
	const exponential = RETRY_POLICY.baseDelayMs * 2 ** attempt;
	return Math.min(Math.max(exponential, retryAfterMs ?? 0), RETRY_POLICY.maxDelayMs);
}
