/**
 * The duplicate guard around one payout create, in order:
 * 1. claim the reference in this n8n process (executions that overlap take turns per reference);
 * 2. look for it: this execution's ledger (history inside the item's own look-back window), then the
 *    payouts this process sent recently (another execution's send that the ledger predates);
 * 3. a reference in doubt (an earlier create's outcome is unknown) is looked up in fresh history; while the
 *    hold lasts it is refused when TYLT does not show it, after the hold it is sent only then;
 * 4. create.send.ts sends the create, still under the claim; if its outcome is unknown, the reference is held in
 *    doubt and looked for in history for a while (In-Doubt Check) before the unknown outcome is reported.
 * A reference found with different payout details is an error, never "already sent" (confirmedMatch below).
 */
import { type IExecuteFunctions, type INode, NodeOperationError } from 'n8n-workflow';

import type { PayoutRecord, PayoutRequestBody } from '../transport/records';
import { TyltOutcomeUnknownError } from '../transport/errors';
import {
	claimReference,
	inDoubtSince,
	isHeldInDoubt,
	markInDoubt,
	PROCESS_MEMORY_LIMITS,
	rememberSent,
	sentRecently,
} from './processMemory';
import { HOUR_MS, readPayoutHistoryWindow } from './history';
import type { PayoutLedger } from './ledger';
import { sameDecimal } from '../../shared/decimalText';
import { canonicalAddress } from '../../shared/addresses/formats';
import { findReference, type ReferenceMatch } from './references';
import { cancelSignalOf, readUntil } from '../../shared/pause';

export interface GuardedPayout extends InDoubtPayout {
	body: PayoutRequestBody;
	/** References an earlier release gave this payout (formerDefaultReferences): found there, it is sent. */
	formerReferences?: string[];
	lookBackHours: number;
}

/** What the guard needs from the execution: its ledger, and the account. */
export interface GuardScope {
	ledger: PayoutLedger;
	/** tyltAccountKey: one hash per TYLT account. */
	account: string;
}

export interface GuardedOutcome {
	record: PayoutRecord;
	alreadySent: boolean;
	/** The create's answer was lost, and the payout was then found in TYLT history. */
	confirmedFromHistory?: boolean;
}

/** What came of a create: TYLT's payout, or the error it failed with. */
export type CreateAttempt = { record: PayoutRecord } | { error: unknown };

/**
 * Steps 1–3 before a create: the payout to output instead of sending (`alreadySent`), or the reference's claim
 * (`release`), held until settleCreate has judged the create sent under it. At most one payout per reference.
 */
export async function decideBeforeCreate(
	this: IExecuteFunctions,
	scope: GuardScope,
	payout: GuardedPayout,
): Promise<{ alreadySent: PayoutRecord } | { release: () => void }> {
	const { reference, itemIndex, body } = payout;
	const { ledger, account } = scope;
	const release = await claimReference(account, reference);
	let sendsUnderClaim = false;
	try {
		const known = knownPayout(scope, payout, payout.lookBackHours);
		if (known) {
			const record = confirmedMatch(this.getNode(), known, body, reference, itemIndex);
			ledger.remember(record, reference);
			return { alreadySent: record };
		}

		const doubtSinceMs = inDoubtSince(account, reference);
		if (doubtSinceMs !== undefined) {
			// A failed read here fails the item: in doubt, nothing is sent on a guess.
			const match = await lookUp.call(this, payout, doubtSinceMs);
			if (match) {
				const record = confirmedMatch(
					this.getNode(),
					match,
					body,
					reference,
					itemIndex,
					earlierCreateUnknown(inDoubtAdvice(payout, doubtSinceMs)),
				);
				rememberSent(account, reference, record);
				ledger.remember(record, reference);
				return { alreadySent: record };
			}
			if (isHeldInDoubt(doubtSinceMs)) throw stillInDoubtError.call(this, payout, doubtSinceMs);
			// The hold is over and history read just now still does not show the earlier create: send.
		}
		sendsUnderClaim = true;
		return { release };
	} finally {
		if (!sendsUnderClaim) release();
	}
}

/**
 * Step 4, with the claim still held: remembers the payout sent, or throws the create's error. An unknown outcome
 * holds the reference in doubt and looks for it in history (In-Doubt Check) from `attemptedMs` on.
 */
export async function settleCreate(
	this: IExecuteFunctions,
	scope: GuardScope,
	payout: GuardedPayout,
	attempt: CreateAttempt,
	attemptedMs: number,
): Promise<GuardedOutcome> {
	const { reference, itemIndex, body } = payout;
	const { ledger, account } = scope;
	if ('error' in attempt) {
		// Refused, or never reached TYLT: nothing exists, and a waiting execution may send it.
		if (!(attempt.error instanceof TyltOutcomeUnknownError)) throw attempt.error;
		markInDoubt(account, reference, attemptedMs);
		const match = await inDoubtCheck.call(this, payout, attemptedMs);
		if (!match) throw withInDoubtAdvice(attempt.error, payout, attemptedMs);
		const ownCreate = thisCreateUnknown(inDoubtAdvice(payout, attemptedMs));
		const record = confirmedMatch(this.getNode(), match, body, reference, itemIndex, ownCreate);
		rememberSent(account, reference, record);
		ledger.remember(record, reference);
		return { record, alreadySent: false, confirmedFromHistory: true };
	}
	rememberSent(account, reference, attempt.record);
	ledger.remember(attempt.record, reference);
	return { record: attempt.record, alreadySent: false };
}

/**
 * What a dry run would meet: the payout a real run would output instead of sending (collisions throw as
 * they would), whether this execution already planned the reference, and whether it is held in doubt (a
 * real run would then read fresh history and refuse if TYLT does not show it). Claims nothing.
 */
export function previewPayoutOnce(
	this: IExecuteFunctions,
	scope: GuardScope,
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
	return { existing, alreadyPlanned, inDoubt: !existing && heldInDoubt(account, reference) };
}

/**
 * Whether the guard would send nothing for the reference now: TYLT or this process has its payout (a match,
 * or a collision the guard refuses), or it is held in doubt. Reads only; for planning a batch ahead.
 */
export function guardSkips(
	scope: GuardScope,
	references: Pick<GuardedPayout, 'reference' | 'formerReferences'>,
	lookBackHours: number,
): boolean {
	// Past the hold a reference in doubt may be sent (when fresh history still lacks it): it counts.
	return (
		knownPayout(scope, references, lookBackHours) !== undefined ||
		heldInDoubt(scope.account, references.reference)
	);
}

/** Whether a real run would refuse the reference now unless fresh history shows its payout (step 3). */
function heldInDoubt(account: string, reference: string): boolean {
	const doubtSinceMs = inDoubtSince(account, reference);
	return doubtSinceMs !== undefined && isHeldInDoubt(doubtSinceMs);
}

/**
 * The reference's payout as this execution and process know it: the ledger (history inside the window, and
 * this execution's sends), else a payout this process sent inside the window, which a ledger read earlier
 * than that send cannot hold. A process send is a certain match; the ledger may hold only a doubtful one.
 */
function knownPayout(
	scope: GuardScope,
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

function sameText(a: unknown, b: unknown): boolean {
	return (
		typeof a === 'string' &&
		typeof b === 'string' &&
		a.trim().toUpperCase() === b.trim().toUpperCase()
	);
}

function sameAddress(recordAddress: unknown, itemAddress: string): boolean {
	return (
		typeof recordAddress === 'string' &&
		canonicalAddress(recordAddress) === canonicalAddress(itemAddress)
	);
}

const shown = (value: unknown) => (value === undefined || value === '' ? '(none)' : String(value));

/**
 * How the payout differs from the item: recipient, network, settled currency and amount. Amounts compare as
 * exact decimals, with no tolerance (a payout of 49,999.99996 is not one of 50,000): the record's as TYLT wrote
 * it (a number, or text in some integrations), the item's as the decimal it is sent as. The amount is
 * compared where both sides state it in the same unit:
 * - an item in crypto (no Base Currency) against the record's settledAmountRequested; a record sized in a
 *   fiat baseCurrency differs;
 * - an item in fiat against the record's baseAmount/baseCurrency when the record carries them (TYLT's
 *   records may; the spec does not list them). Without them the crypto amount TYLT converted at its own
 *   rate cannot be compared, and only recipient, network and currency are.
 */
export function differencesFrom(record: PayoutRecord, body: PayoutRequestBody): string[] {
	const differences: string[] = [];
	const compare = (what: string, same: boolean, there: unknown, here: unknown) => {
		if (!same) differences.push(`${what} ${shown(there)} there, ${shown(here)} in this item`);
	};
	compare('address', sameAddress(record.toAddress, body.address), record.toAddress, body.address);
	compare(
		'network',
		sameText(record.network, body.networkSymbol),
		record.network,
		body.networkSymbol,
	);
	compare(
		'settled currency',
		sameText(record.settledCurrency, body.settledCurrency),
		record.settledCurrency,
		body.settledCurrency,
	);
	const recordBaseCurrency =
		typeof record.baseCurrency === 'string' && record.baseCurrency !== ''
			? record.baseCurrency
			: undefined;
	if (body.baseCurrency === undefined) {
		if (recordBaseCurrency && !sameText(recordBaseCurrency, record.settledCurrency)) {
			differences.push(
				`amount in ${recordBaseCurrency} there, in ${body.settledCurrency} in this item`,
			);
		} else {
			compare(
				'amount',
				sameDecimal(record.settledAmountRequested, body.baseAmount),
				record.settledAmountRequested,
				body.baseAmount,
			);
		}
	} else if (recordBaseCurrency) {
		compare(
			'amount',
			sameText(recordBaseCurrency, body.baseCurrency) &&
				sameDecimal(record.baseAmount, body.baseAmount),
			`${shown(record.baseAmount)} ${recordBaseCurrency}`,
			`${body.baseAmount} ${body.baseCurrency}`,
		);
	}
	return differences;
}

/**
 * What is known of this item's own creates when a match is judged, so that an error never says "nothing was
 * sent" while a create of this reference may exist at TYLT: how the message ends, and the advice its
 * description ends with. NOT_SENT: nothing was sent for it, now or before as far as this process knows.
 */
interface OwnCreates {
	ending: string;
	advice?: string;
}

const NOT_SENT: OwnCreates = { ending: '; nothing was sent' };

/** Nothing was sent now, but an earlier create of the reference had an unknown outcome. */
const earlierCreateUnknown = (advice: string): OwnCreates => ({
	ending: '; nothing was sent now, but an earlier create of this reference had an unknown outcome',
	advice,
});

/** This execution's create got no usable answer, so TYLT may have made it. */
const thisCreateUnknown = (advice: string): OwnCreates => ({
	ending: ', and the outcome of this item’s own create is unknown: TYLT may have created it',
	advice,
});

/**
 * The payout to output for a reference match, or an error when the match cannot be trusted: another payout
 * under the same reference, or a payout whose comment only may carry the reference. A reference names one
 * payout: one that pays something else means the reference was reused by mistake (a copied workflow, a row id
 * that restarted), and answering "already sent" would report another payout as this one.
 */
function confirmedMatch(
	node: INode,
	match: ReferenceMatch,
	body: PayoutRequestBody,
	reference: string,
	itemIndex: number,
	sent: OwnCreates = NOT_SENT,
): PayoutRecord {
	const { record } = match;
	const orderId = shown(record.orderId);
	const withAdvice = (description: string) =>
		sent.advice ? `${description} ${sent.advice}` : description;
	if (!match.certain) {
		throw new NodeOperationError(
			node,
			`Reference "${reference}" of item ${itemIndex} may belong to TYLT payout ${orderId}: check TYLT first${sent.ending}`,
			{
				itemIndex,
				description: withAdvice(
					`The comments of payout ${orderId} begin with another reference and end with [ref:${reference}], as the previous version of this node wrote its tag. Whether ${orderId} is this payout cannot be told. Check it in the TYLT dashboard: if it is this payout, nothing more is needed; if not, give this item another reference.`,
				),
			},
		);
	}
	const differences = differencesFrom(record, body);
	if (differences.length > 0) {
		throw new NodeOperationError(
			node,
			`Reference "${reference}" of item ${itemIndex} is already used by TYLT payout ${orderId}, which pays something else${sent.ending}`,
			{
				itemIndex,
				description: withAdvice(
					`Payout ${orderId} differs from this item: ${differences.join('; ')}. A reference identifies one payout: give this item a reference of its own, or correct the item if it is meant to be payout ${orderId}.`,
				),
			},
		);
	}
	return record;
}

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
		async () => await lookUp.call(this, payout, attemptedMs).catch(() => undefined),
		(match) => match !== undefined,
		{
			firstPauseMs: IN_DOUBT_CHECK_POLICY.firstPauseMs,
			maxPauseMs: IN_DOUBT_CHECK_POLICY.maxPauseMs,
			deadlineMs: Date.now() + payout.inDoubtCheckMs,
			signal,
		},
	);
}

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
