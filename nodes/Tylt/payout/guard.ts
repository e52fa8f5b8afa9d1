/**
 * The duplicate guard around one payout create. In order:
 * 1. claim the reference in this n8n process (executions that overlap take turns per reference);
 * 2. look for it: this execution's ledger (history inside the item's own look-back window), then the
 *    payouts this process sent recently (another execution's send that the ledger predates);
 * 3. a reference in doubt (an earlier create's outcome is unknown) is looked up in fresh history; while the
 *    hold lasts it is refused when TYLT does not show it, after the hold it is sent only then;
 * 4. send; if the outcome is unknown, hold the reference in doubt and look for it in history for a while
 *    (In-Doubt Check) before reporting the unknown outcome.
 * A reference found with different payout details is an error, never "already sent".
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { PayoutRecord, PayoutRequestBody } from '../transport/records';
import { createPayoutRequest, TyltOutcomeUnknownError } from '../transport';
import { claimReference } from './claims';
import type { ReferenceMatch } from './history';
import { inDoubtAdvice, stillInDoubtError, withInDoubtAdvice } from './inDoubtAdvice';
import { inDoubtCheck, lookUp, type InDoubtPayout } from './inDoubtCheck';
import type { PayoutLedger } from './ledger';
import {
	inDoubtSince,
	isHeldInDoubt,
	markInDoubt,
	rememberSent,
	sentRecently,
} from './processMemory';
import { confirmedMatch, type OwnCreates } from './samePayout';

const HOUR_MS = 3_600_000;
export interface GuardedPayout extends InDoubtPayout {
	body: PayoutRequestBody;
	/** References an earlier release gave this payout (formerDefaultReferences): found there, it is sent. */
	formerReferences?: string[];
	lookBackHours: number;
}

/** What the guard needs from the execution: its ledger, the account, and its traffic of creates. */
export interface GuardScope {
	ledger: PayoutLedger;
	/** tyltAccountKey: one hash per TYLT account. */
	account: string;
	/** Sends the create when the execution's traffic allows (CreateTraffic.send). */
	sendCreate<T>(create: () => Promise<T>): Promise<T>;
}

export interface GuardedOutcome {
	record: PayoutRecord;
	alreadySent: boolean;
	/** The create's answer was lost, and the payout was then found in TYLT history. */
	confirmedFromHistory?: boolean;
}

/** Sends the payout unless TYLT or this process already has it; at most one payout per reference. */
export async function createPayoutOnce(
	this: IExecuteFunctions,
	scope: GuardScope,
	payout: GuardedPayout,
): Promise<GuardedOutcome> {
	const { reference, itemIndex, body } = payout;
	const { ledger, account } = scope;
	const release = await claimReference(account, reference);
	try {
		const known = knownPayout(scope, payout, payout.lookBackHours);
		if (known) {
			const record = confirmedMatch(this.getNode(), known, body, reference, itemIndex);
			ledger.remember(record, reference);
			return { record, alreadySent: true };
		}

		const doubtSinceMs = inDoubtSince(account, reference);
		if (doubtSinceMs !== undefined) {
			// A failed read here fails the item: in doubt, nothing is sent on a guess.
			const match = await lookUp.call(this, payout, doubtSinceMs);
			if (match) {
				const record = confirmedMatch(this.getNode(), match, body, reference, itemIndex, {
					kind: 'earlierCreateUnknown',
					advice: inDoubtAdvice(payout, doubtSinceMs),
				});
				rememberSent(account, reference, record);
				ledger.remember(record, reference);
				return { record, alreadySent: true };
			}
			if (isHeldInDoubt(doubtSinceMs)) throw stillInDoubtError.call(this, payout, doubtSinceMs);
			// The hold is over and history read just now still does not show the earlier create: send.
		}

		// Taken before the create waits for its turn: the in-doubt look-up then starts earlier, never later.
		const attemptedMs = Date.now();
		const sent = await scope
			.sendCreate(
				async () => await createPayoutRequest.call(this, body, itemIndex, payout.timeoutMs),
			)
			.then(
				(record) => ({ record }),
				(error: unknown) => ({ error }),
			);
		if ('error' in sent) {
			// Refused, or never reached TYLT: nothing exists, and a waiting execution may send it.
			if (!(sent.error instanceof TyltOutcomeUnknownError)) throw sent.error;
			markInDoubt(account, reference, attemptedMs);
			const match = await inDoubtCheck.call(this, payout, attemptedMs);
			if (!match) {
				throw withInDoubtAdvice(sent.error as { description?: string | null }, payout, attemptedMs);
			}
			const ownCreate: OwnCreates = {
				kind: 'thisCreateUnknown',
				advice: inDoubtAdvice(payout, attemptedMs),
			};
			const record = confirmedMatch(this.getNode(), match, body, reference, itemIndex, ownCreate);
			rememberSent(account, reference, record);
			ledger.remember(record, reference);
			return { record, alreadySent: false, confirmedFromHistory: true };
		}
		rememberSent(account, reference, sent.record);
		ledger.remember(sent.record, reference);
		return { record: sent.record, alreadySent: false };
	} finally {
		release();
	}
}

/**
 * What a dry run would meet: the payout a real run would output instead of sending (collisions throw as
 * they would), whether this execution already planned the reference, and whether it is held in doubt (a
 * real run would then read fresh history and refuse if TYLT does not show it). Claims nothing.
 */
export function previewPayoutOnce(
	this: IExecuteFunctions,
	scope: Pick<GuardScope, 'ledger' | 'account'>,
	payout: Pick<
		GuardedPayout,
		'body' | 'reference' | 'formerReferences' | 'itemIndex' | 'lookBackHours'
	>,
): { existing?: PayoutRecord; alreadyPlanned: boolean; inDoubt: boolean } {
	const { ledger, account } = scope;
	const { reference } = payout;
	const known = knownPayout(scope, payout, payout.lookBackHours);
	const existing = known
		? confirmedMatch(this.getNode(), known, payout.body, reference, payout.itemIndex)
		: undefined;
	const alreadyPlanned = ledger.isPlanned(reference);
	ledger.plan(reference);
	const doubtSinceMs = inDoubtSince(account, reference);
	return {
		existing,
		alreadyPlanned,
		inDoubt: !existing && doubtSinceMs !== undefined && isHeldInDoubt(doubtSinceMs),
	};
}

/**
 * Whether the guard would send nothing for the reference now: TYLT or this process has its payout (a match,
 * or a collision the guard refuses), or it is held in doubt. Reads only; for planning a batch ahead.
 */
export function guardSkips(
	scope: Pick<GuardScope, 'ledger' | 'account'>,
	references: Pick<GuardedPayout, 'reference' | 'formerReferences'>,
	lookBackHours: number,
): boolean {
	if (knownPayout(scope, references, lookBackHours) !== undefined) return true;
	// Past the hold a reference in doubt may be sent (when fresh history still lacks it): it counts.
	const doubtSinceMs = inDoubtSince(scope.account, references.reference);
	return doubtSinceMs !== undefined && isHeldInDoubt(doubtSinceMs);
}

/**
 * The reference's payout as this execution and process know it: the ledger (history inside the window, and
 * this execution's sends), else a payout this process sent inside the window, which a ledger read earlier
 * than that send cannot hold. A process send is a certain match; the ledger may hold only a doubtful one.
 */
function knownPayout(
	scope: Pick<GuardScope, 'ledger' | 'account'>,
	references: Pick<GuardedPayout, 'reference' | 'formerReferences'>,
	lookBackHours: number,
): ReferenceMatch | undefined {
	const cutoffMs = Date.now() - lookBackHours * HOUR_MS;
	const { reference, formerReferences = [] } = references;
	const fromLedger = scope.ledger.find(reference, cutoffMs);
	if (fromLedger?.certain) return fromLedger;
	const recent = sentRecently(scope.account, reference, cutoffMs);
	if (recent) return { record: recent, certain: true };
	if (fromLedger) return fromLedger;
	// A payout an earlier release made for this row, under the reference it derived then.
	for (const former of formerReferences) {
		const match = scope.ledger.find(former, cutoffMs);
		if (match) return match;
	}
	return undefined;
}
