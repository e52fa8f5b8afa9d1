/** What tests of guarded runs share: a run's outcome, output or error, and the one promise every guarded run keeps. */
import type { INodeExecutionData } from 'n8n-workflow';

import type { MoneySafetySuite } from './moneySafetyKit';
import { payoutsPerReference } from './moneySafetyKit';

export type RunOutcome = { output: INodeExecutionData[] } | { error: Error };

/** A run's output, or the error it failed with: tests that accept either look at which. */
export async function outcomeOf(run: Promise<INodeExecutionData[]>): Promise<RunOutcome> {
	return await run.then(
		(output) => ({ output }),
		(error: unknown) => ({ error: error as Error }),
	);
}

/**
 * The duplicate guard either found the payout (alreadySent) or refused to decide; it never sent a second one
 * for `reference`.
 */
export function expectPaidOnce(suite: MoneySafetySuite, reference: string, outcome: RunOutcome) {
	expect(payoutsPerReference(suite.sandbox)[reference]).toBe(1);
	if ('output' in outcome) expect(outcome.output[0].json).toMatchObject({ alreadySent: true });
}
