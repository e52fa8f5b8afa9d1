/** What the guard says about a payout in doubt: the advice, and the errors that carry it. */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { InDoubtPayout } from './inDoubtCheck';
import { PROCESS_MEMORY_LIMITS } from './processMemory';

function holdEnds(sinceMs: number): string {
	return new Date(sinceMs + PROCESS_MEMORY_LIMITS.inDoubtHoldMs).toISOString();
}

/** What to do about a create with an unknown outcome made at `attemptedMs`, and what the guard will do. */
export function inDoubtAdvice(payout: InDoubtPayout, attemptedMs: number): string {
	return `Do not create it again by hand: look for [ref:${payout.reference}] in the TYLT dashboard first. This n8n process holds the reference in doubt until ${holdEnds(attemptedMs)}: a run before then outputs the payout if TYLT history shows it, and otherwise refuses to send it. After that, a run with Duplicate Guard on reads TYLT history again and sends it only if history still does not have it.`;
}

/** The transport's unknown-outcome error, with what the guard did and what it will do next. */
export function withInDoubtAdvice<E extends { description?: string | null }>(
	error: E,
	payout: InDoubtPayout,
	attemptedMs: number,
): E {
	const checked =
		payout.inDoubtCheckMs > 0
			? `The node looked for it in TYLT history for ${payout.inDoubtCheckMs / 1000} s and did not find it. `
			: '';
	error.description = `${checked}${inDoubtAdvice(payout, attemptedMs)}`;
	return error;
}

export function stillInDoubtError(
	this: IExecuteFunctions,
	payout: InDoubtPayout,
	sinceMs: number,
): NodeOperationError {
	return new NodeOperationError(
		this.getNode(),
		`Reference "${payout.reference}" of item ${payout.itemIndex} is in doubt: an earlier create of it had an unknown outcome and TYLT history does not show it yet. Check TYLT first; nothing was sent`,
		{
			itemIndex: payout.itemIndex,
			description: `A create of this payout at ${new Date(sinceMs).toISOString()} got no usable answer, so TYLT may have made it. Look for [ref:${payout.reference}] in the TYLT dashboard. If TYLT has it, it will show up in history and a run outputs it with alreadySent true. If TYLT does not have it, this n8n process sends it again after ${holdEnds(sinceMs)}; to send it sooner, give it a new reference.`,
		},
	);
}
