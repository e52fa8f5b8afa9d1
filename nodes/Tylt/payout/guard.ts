/**
 * The duplicate guard around one create (docs/money-safety.md): claim the reference, look in the ledger and this
 * process's sends, look up a reference in doubt in fresh history; then settle what the create came to.
 */
import { type IExecuteFunctions, type INode, NodeOperationError } from 'n8n-workflow';

import type { PayoutRecord, PayoutRequestBody } from '../transport/records';
import type { CreateOutcome } from '../transport/request';
import {
	claimReference,
	inDoubtSince,
	isHeldInDoubt,
	markInDoubt,
	PROCESS_MEMORY_LIMITS,
	rememberSent,
} from './processMemory';
import { readPayoutHistoryWindow } from './history';
import {
	liveVerdictBasis,
	type PayoutLedger,
	type PlannedPayout,
	type VerdictBasis,
} from './ledger';
import { sameDecimal } from '../../shared/decimalText';
import { canonicalAddress } from '../../shared/addresses/formats';
import { findReference, type ReferenceMatch } from './references';
import { cancelSignalOf, readUntil } from '../../shared/pause';

export interface GuardedPayout {
	body: PayoutRequestBody;
	reference: string;
	/** References an earlier release gave this payout (formerDefaultReferences): found there, it is sent. */
	formerReferences?: string[];
	itemIndex: number;
	/** `inDoubtCheckMs`: how long to look for a create with an unknown outcome in history; 0 reports it at once. */
	options: { lookBackHours: number; timeoutMs: number; inDoubtCheckMs: number };
}

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

/** Steps 1–3: the payout to output instead (`alreadySent`), or the claim to hold until settleCreate is done. */
export async function decideBeforeCreate(
	this: IExecuteFunctions,
	scope: GuardScope,
	payout: GuardedPayout,
): Promise<{ alreadySent: PayoutRecord } | { release: () => void }> {
	const { reference } = payout;
	const { ledger, account } = scope;
	const release = await claimReference(account, reference);
	let sendsUnderClaim = false;
	try {
		const known = knownPayout(scope, payout);
		if (known) {
			const record = confirmedMatch(this.getNode(), known, payout);
			ledger.remember(record, reference);
			return { alreadySent: record };
		}

		const doubtSinceMs = inDoubtSince(account, reference);
		if (doubtSinceMs !== undefined) {
			// A failed read here fails the item: in doubt, nothing is sent on a guess.
			const match = await lookUp.call(this, payout, doubtSinceMs);
			if (match) {
				const earlierCreate = earlierCreateUnknown(inDoubtAdvice(payout, doubtSinceMs));
				const record = confirmedMatch(this.getNode(), match, payout, earlierCreate);
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

/** Step 4, under the claim: remembers the payout, or throws; an unknown outcome is held in doubt and looked for. */
export async function settleCreate(
	this: IExecuteFunctions,
	scope: GuardScope,
	payout: GuardedPayout,
	attempt: CreateOutcome<PayoutRecord>,
	attemptedMs: number,
): Promise<GuardedOutcome> {
	const { reference } = payout;
	const { ledger, account } = scope;
	// Refused, or never reached TYLT: nothing exists, and a waiting execution may send it.
	if (attempt.outcome === 'notMade') throw attempt.error;
	if (attempt.outcome === 'unknown') {
		markInDoubt(account, reference, attemptedMs);
		const match = await inDoubtCheck.call(this, payout, attemptedMs);
		if (!match) throw withInDoubtAdvice(attempt.error, payout, attemptedMs);
		const ownCreate = thisCreateUnknown(inDoubtAdvice(payout, attemptedMs));
		const record = confirmedMatch(this.getNode(), match, payout, ownCreate);
		rememberSent(account, reference, record);
		ledger.remember(record, reference);
		return { record, alreadySent: false, confirmedFromHistory: true };
	}
	rememberSent(account, reference, attempt.record);
	ledger.remember(attempt.record, reference);
	return { record: attempt.record, alreadySent: false };
}

/**
 * The guard's verdict before the batch's first create, the same for a dry run and a real one; claims nothing. A
 * collision, with history or with `plannedEarlier` (the row that planned the reference first), throws as it would
 * at the row's turn; a reference held in doubt that the execution's history read does not show comes with the
 * error a real run refuses it with. The row's turn decides again (decideBeforeCreate), on the same window.
 */
export function previewPayoutOnce(
	this: IExecuteFunctions,
	scope: GuardScope,
	payout: GuardedPayout & PlannedPayout,
	plannedEarlier: PlannedPayout | undefined,
): {
	existing?: PayoutRecord;
	alreadyPlanned: boolean;
	inDoubt?: NodeOperationError;
	skips: boolean;
} {
	// Frozen before the first create of a batch read row by row (PayoutLedger.freezeVerdict): what changed since is
	// for each row's turn to decide, so a row checked late meets the verdict it meets when the batch is checked whole.
	const basis = scope.ledger.verdictBasis;
	const known = knownPayout(scope, payout, basis);
	const existing = known ? confirmedMatch(this.getNode(), known, payout) : undefined;
	// The earlier row's payout reaches history before this row's turn, and meets the same comparison there.
	if (!existing && plannedEarlier) {
		const differences = differencesFrom(plannedRecord(plannedEarlier.body), payout.body);
		if (differences.length > 0) {
			const usedBy = `item ${plannedEarlier.itemIndex} of this batch`;
			throw collisionError(this.getNode(), payout, usedBy, differences);
		}
	}
	// A repeat of an earlier row's payout is a skip (a dry row's, to a dry row only: it pays nothing).
	const alreadyPlanned =
		plannedEarlier !== undefined && (payout.options.dryRun || !plannedEarlier.options.dryRun);
	// Past the hold a reference in doubt may be sent (when fresh history still lacks it): it is no skip.
	const doubtSinceMs = existing
		? undefined
		: heldInDoubtSince(basis, scope.account, payout.reference);
	const inDoubt =
		doubtSinceMs === undefined ? undefined : stillInDoubtError.call(this, payout, doubtSinceMs);
	const skips = Boolean(existing || alreadyPlanned || inDoubt);
	return { existing, alreadyPlanned, inDoubt, skips };
}

/** A planned row as the payout TYLT would record: its amount in the unit the row states it in. */
function plannedRecord(body: PayoutRequestBody): PayoutRecord {
	return {
		toAddress: body.address,
		network: body.networkSymbol,
		settledCurrency: body.settledCurrency,
		baseCurrency: body.baseCurrency ?? body.settledCurrency,
		baseAmount: body.baseAmount,
		settledAmountRequested: body.baseAmount,
	} as Partial<PayoutRecord> as PayoutRecord;
}

/** When the create of a reference a real run would refuse (at `basis`), unless fresh history shows it (step 3), was lost. */
function heldInDoubtSince(
	basis: VerdictBasis,
	account: string,
	reference: string,
): number | undefined {
	const doubtSinceMs = basis.memory.inDoubtSince(account, reference);
	return doubtSinceMs !== undefined && isHeldInDoubt(doubtSinceMs, basis.nowMs)
		? doubtSinceMs
		: undefined;
}

/** The reference's payout in the ledger, or sent by this process since the ledger's read, as `basis` sees them; certain first. */
function knownPayout(
	scope: GuardScope,
	payout: GuardedPayout,
	basis: VerdictBasis = liveVerdictBasis(),
): ReferenceMatch | undefined {
	const { reference, formerReferences = [] } = payout;
	const cutoffMs = scope.ledger.cutoffMs(payout.options.lookBackHours);
	const fromLedger = scope.ledger.find(reference, cutoffMs, basis);
	if (fromLedger?.certain) return fromLedger;
	const recent = basis.memory.sentRecently(scope.account, reference, cutoffMs);
	if (recent) return { record: recent, certain: true };
	if (fromLedger) return fromLedger;
	// A payout an earlier release made for this row, under the reference it derived then.
	for (const former of formerReferences) {
		const match = scope.ledger.find(former, cutoffMs, basis);
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
 * How the payout differs from the item: recipient, network, settled currency and, where both state it in one
 * unit, the amount as exact decimals with no tolerance (docs/money-safety.md, "Collisions are errors").
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

/** What is known of this item's own creates: an error never says "nothing was sent" while one may exist. */
interface OwnCreates {
	ending: string;
	advice?: string;
}

const NOT_SENT: OwnCreates = { ending: '; nothing was sent' };

const earlierCreateUnknown = (advice: string): OwnCreates => ({
	ending: '; nothing was sent now, but an earlier create of this reference had an unknown outcome',
	advice,
});

const thisCreateUnknown = (advice: string): OwnCreates => ({
	ending: ', and the outcome of this item’s own create is unknown: TYLT may have created it',
	advice,
});

/**
 * The payout to output for a reference match, or an error when it cannot be trusted (a doubtful tag, or a
 * payout of something else: a reused reference must never report another payout as this one).
 */
function confirmedMatch(
	node: INode,
	match: ReferenceMatch,
	{ body, reference, itemIndex }: Pick<GuardedPayout, 'body' | 'reference' | 'itemIndex'>,
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
		throw collisionError(
			node,
			{ reference, itemIndex },
			`TYLT payout ${orderId}`,
			differences,
			sent,
		);
	}
	return record;
}

/** A reference `usedBy` another payout (TYLT's, or an earlier row's of the batch): never this item's. */
function collisionError(
	node: INode,
	{ reference, itemIndex }: Pick<GuardedPayout, 'reference' | 'itemIndex'>,
	usedBy: string,
	differences: string[],
	sent: OwnCreates = NOT_SENT,
): NodeOperationError {
	const description = `How ${usedBy} differs from this item: ${differences.join('; ')}. A reference identifies one payout: give this item a reference of its own, or correct the item if it is meant to be ${usedBy}.`;
	return new NodeOperationError(
		node,
		`Reference "${reference}" of item ${itemIndex} is already used by ${usedBy}, which pays something else${sent.ending}`,
		{ itemIndex, description: sent.advice ? `${description} ${sent.advice}` : description },
	);
}

/** TYLT stamps createdAt by its own clock: the in-doubt look-up reads from this long before the attempt. */
const CLOCK_SKEW_ALLOWANCE_MS = 15 * 60_000;

/** Spacing of the in-doubt check's history reads (doubling), tunable for tests. */
export const IN_DOUBT_CHECK_POLICY = { firstPauseMs: 1000, maxPauseMs: 8000 };

async function lookUp(
	this: IExecuteFunctions,
	payout: GuardedPayout,
	sinceMs: number,
): Promise<ReferenceMatch | undefined> {
	const records = await readPayoutHistoryWindow.call(this, {
		cutoffMs: sinceMs - CLOCK_SKEW_ALLOWANCE_MS,
		timeoutMs: payout.options.timeoutMs,
		itemIndex: payout.itemIndex,
	});
	return findReference(records, payout.reference);
}

/** A slow TYLT may record a lost create late: read at doubling intervals; a failed read is tried again. */
async function inDoubtCheck(
	this: IExecuteFunctions,
	payout: GuardedPayout,
	attemptedMs: number,
): Promise<ReferenceMatch | undefined> {
	const signal = cancelSignalOf(this);
	const { inDoubtCheckMs } = payout.options;
	if (inDoubtCheckMs <= 0 || signal?.aborted) return undefined;
	return await readUntil(
		async () => await lookUp.call(this, payout, attemptedMs).catch(() => undefined),
		(match) => match !== undefined,
		{
			...IN_DOUBT_CHECK_POLICY,
			deadlineMs: Date.now() + inDoubtCheckMs,
			signal,
		},
	);
}

function holdEnds(sinceMs: number): string {
	return new Date(sinceMs + PROCESS_MEMORY_LIMITS.inDoubtHoldMs).toISOString();
}

function inDoubtAdvice(payout: GuardedPayout, attemptedMs: number): string {
	return `Do not create it again by hand: look for [ref:${payout.reference}] in the TYLT dashboard first. This n8n process holds the reference in doubt until ${holdEnds(attemptedMs)}: a run before then outputs the payout if TYLT history shows it, and otherwise refuses to send it. After that, a run with Duplicate Guard on reads TYLT history again and sends it only if history still does not have it.`;
}

function withInDoubtAdvice<E extends { description?: string | null }>(
	error: E,
	payout: GuardedPayout,
	attemptedMs: number,
): E {
	const { inDoubtCheckMs } = payout.options;
	const checked =
		inDoubtCheckMs > 0
			? `The node looked for it in TYLT history for ${inDoubtCheckMs / 1000} s and did not find it. `
			: '';
	error.description = `${checked}${inDoubtAdvice(payout, attemptedMs)}`;
	return error;
}

function stillInDoubtError(
	this: IExecuteFunctions,
	payout: GuardedPayout,
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
