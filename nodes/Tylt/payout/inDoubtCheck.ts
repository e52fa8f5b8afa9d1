/**
 * The In-Doubt Check: after a create whose outcome is unknown, and for a reference held in doubt, the
 * guard looks for the payout in fresh TYLT history before it reports or sends anything.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { cancelSignalOf } from '../../shared/pause';
import { findReference, readPayoutHistoryWindow, type ReferenceMatch } from './history';
import { readUntil } from './readUntil';

/**
 * TYLT stamps createdAt with its own clock: the in-doubt look-up reads history from this long before the
 * create was attempted, so a TYLT clock somewhat behind n8n's still puts the payout inside.
 */
const CLOCK_SKEW_ALLOWANCE_MS = 15 * 60_000;

/** Spacing of the in-doubt check's history reads (doubling), tunable for tests. */
export const IN_DOUBT_CHECK_POLICY = { firstPauseMs: 1000, maxPauseMs: 8000 };

/** What looking up a payout in doubt, and advising on it, needs to know of it (the guard's payout is one). */
export interface InDoubtPayout {
	reference: string;
	itemIndex: number;
	timeoutMs: number;
	/** How long to look for a create with an unknown outcome in history; 0 reports it at once. */
	inDoubtCheckMs: number;
}

/** The payout with the reference in fresh history, from shortly before `sinceMs`. */
export async function lookUp(
	this: IExecuteFunctions,
	payout: InDoubtPayout,
	sinceMs: number,
): Promise<ReferenceMatch | undefined> {
	const records = await readPayoutHistoryWindow.call(this, {
		cutoffMs: sinceMs - CLOCK_SKEW_ALLOWANCE_MS,
		timeoutMs: payout.timeoutMs,
		itemIndex: payout.itemIndex,
	});
	return findReference(records, payout.reference);
}

/**
 * Looks for a create with a lost answer in history, reading at once and then at doubling intervals until
 * `inDoubtCheckMs` has passed. A slow TYLT may record the payout after the node stopped waiting for it.
 * A read that fails is tried again at the next interval: the error to report is the unknown outcome.
 */
export async function inDoubtCheck(
	this: IExecuteFunctions,
	payout: InDoubtPayout,
	attemptedMs: number,
): Promise<ReferenceMatch | undefined> {
	const signal = cancelSignalOf(this);
	// Stopped: nothing more is read, and the unknown outcome is reported as it is.
	if (payout.inDoubtCheckMs <= 0 || signal?.aborted) return undefined;
	return await readUntil(
		async () =>
			await lookUp.call(this, payout, attemptedMs).then(
				(found) => found,
				() => undefined,
			),
		(match) => match !== undefined,
		{
			firstPauseMs: IN_DOUBT_CHECK_POLICY.firstPauseMs,
			maxPauseMs: IN_DOUBT_CHECK_POLICY.maxPauseMs,
			deadlineMs: Date.now() + payout.inDoubtCheckMs,
			signal,
		},
	);
}
