import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidFieldError } from '../../helpers/fieldError';
import type { AgentCap } from '../../payout/agentCap';
import { MAX_REFERENCE_LENGTH } from '../../payout/references';
import { REQUEST_TIMEOUT_MS } from '../../transport/request';
import { hasPanelV2, VERSION_1 } from '../nodeVersion';

/**
 * Payout → Create's option labels, written once: the panel shows them, and every error about an option names it
 * by the same words (helpers/fieldError.ts).
 */
export const CREATE_OPTION_LABELS = {
	checkBalanceFirst: 'Check Balance First',
	concurrentPayouts: 'Concurrent Payouts',
	dryRun: 'Dry Run',
	duplicateGuard: 'Duplicate Guard',
	inDoubtCheckSeconds: 'In-Doubt Check (Seconds)',
	lookBackHours: 'Duplicate Look-Back (Hours)',
	maxPayoutsPerSecond: 'Max Payouts Per Second',
	pauseBetweenPayoutsMs: 'Pause Between Payouts (Ms)',
	reference: 'Reference',
	referenceAsMerchantOrderId: 'Send Reference as Merchant Order ID',
	timeoutSeconds: 'Timeout (Seconds)',
	toolMaxAmount: 'AI Agent Max Amount',
	toolMaxAmountCurrency: 'AI Agent Max Amount Currency',
} as const;

export type CreateOptionName = keyof typeof CREATE_OPTION_LABELS;

/**
 * Version 2's one pacing knob, Max Payouts Per Second, in terms of the two behaviours version 1 sets apart
 * (Concurrent Payouts, Pause Between Payouts), which CreateTraffic carries out:
 * - 0 (the default): the node's own pace, DEFAULT_CONCURRENT_PAYOUTS at once with no spacing; a TYLT HTTP 429
 *   still halves it.
 * - R > 0: creates start at least 1000 / R ms apart, and at most ceil(R) are on their way at once (never more
 *   in flight than may start in one second; 1 for R ≤ 1, so a slow pace also means one after another).
 */

/**
 * Five creates in flight: at a remote API's 150–300 ms per request that is 15–30 payouts a second, below the
 * limits payment APIs commonly set, while a batch of 1,000 takes about 30 s instead of 2.5 minutes. TYLT
 * documents no limit, so a 429 halves it (see CreateTraffic).
 */
export const DEFAULT_CONCURRENT_PAYOUTS = 5;
export const MAX_CONCURRENT_PAYOUTS = 50;
export const MAX_PAYOUTS_PER_SECOND = MAX_CONCURRENT_PAYOUTS;

export interface Pacing {
	concurrentPayouts: number;
	pauseBetweenPayoutsMs: number;
}

export function pacingOf(maxPayoutsPerSecond: number): Pacing {
	if (maxPayoutsPerSecond === 0) {
		return { concurrentPayouts: DEFAULT_CONCURRENT_PAYOUTS, pauseBetweenPayoutsMs: 0 };
	}
	return {
		concurrentPayouts: Math.min(Math.ceil(maxPayoutsPerSecond), MAX_CONCURRENT_PAYOUTS),
		pauseBetweenPayoutsMs: 1000 / maxPayoutsPerSecond,
	};
}

export const timeout: INodeProperties = {
	displayName: 'Timeout (Seconds)',
	name: 'timeoutSeconds',
	type: 'number',
	typeOptions: { minValue: 0.1, numberPrecision: 1 },
	// REQUEST_TIMEOUT_MS in seconds (n8n's lint wants the literal here).
	default: 60,
	description: 'How long to wait for each answer from TYLT',
};

export interface CreateOptions {
	duplicateGuard: boolean;
	checkBalanceFirst: boolean;
	reference?: string;
	lookBackHours: number;
	inDoubtCheckMs: number;
	referenceAsMerchantOrderId: boolean;
	dryRun: boolean;
	pauseBetweenPayoutsMs: number;
	concurrentPayouts: number;
	timeoutMs: number;
	agentCap: AgentCap;
}

const REFERENCE_CHARACTERS = /^[A-Za-z0-9._:@/#-]+$/;

export const optionsDescription: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	displayOptions: { show: { resource: ['payout'], operation: ['create'], '@version': VERSION_1 } },
	options: [
		{
			displayName: CREATE_OPTION_LABELS.toolMaxAmount,
			name: 'toolMaxAmount',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description:
				'When an AI agent uses this node as a tool, the largest Base Amount it may pay per call, in AI Agent Max Amount Currency. 0 (the default) means agents cannot create payouts.',
		},
		{
			displayName: CREATE_OPTION_LABELS.toolMaxAmountCurrency,
			name: 'toolMaxAmountCurrency',
			type: 'string',
			default: '',
			placeholder: 'e.g. USDT',
			description:
				'The currency AI Agent Max Amount is in: a crypto symbol (USDT) for payouts sized in crypto, or a fiat code (USD) for payouts with a Base Currency. An agent’s payout in any other currency is refused.',
		},
		{
			displayName: CREATE_OPTION_LABELS.checkBalanceFirst,
			name: 'checkBalanceFirst',
			type: 'boolean',
			default: false,
			description:
				'Whether to compare what all items will debit per currency (amount plus network fee) with one read of the TYLT balance before the first payout, and send nothing when it falls short',
		},
		{
			displayName: CREATE_OPTION_LABELS.concurrentPayouts,
			name: 'concurrentPayouts',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_CONCURRENT_PAYOUTS, numberPrecision: 0 },
			default: DEFAULT_CONCURRENT_PAYOUTS,
			description:
				'How many payouts of one execution may be on their way to TYLT at once (the smallest value any item sets counts); a TYLT HTTP 429 halves it for the rest of the run',
		},
		{
			displayName: CREATE_OPTION_LABELS.dryRun,
			name: 'dryRun',
			type: 'boolean',
			default: false,
			description:
				'Whether to check everything and return what would be sent (amount, network fee, limits, reference) without sending',
		},
		{
			displayName: CREATE_OPTION_LABELS.duplicateGuard,
			name: 'duplicateGuard',
			type: 'boolean',
			default: true,
			description:
				'Whether to skip a payout whose reference TYLT already has or this n8n already sent, returning the existing payout. Keep it on: re-runs and retries then never pay twice.',
		},
		{
			displayName: CREATE_OPTION_LABELS.lookBackHours,
			name: 'lookBackHours',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 168,
			description:
				'How far back the duplicate guard searches TYLT payout history. Only payouts inside this window count. A window holding more than 10,000 payouts is an error that says which look-back fits.',
		},
		{
			displayName: CREATE_OPTION_LABELS.inDoubtCheckSeconds,
			name: 'inDoubtCheckSeconds',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 30,
			description:
				'When a create gets no usable answer (timeout, dropped connection), how long to look for the payout in TYLT history before reporting the outcome as unknown. 0 reports it at once.',
		},
		{
			displayName: CREATE_OPTION_LABELS.pauseBetweenPayoutsMs,
			name: 'pauseBetweenPayoutsMs',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description:
				'Milliseconds to wait between two payouts of one execution, for large batches (TYLT documents no rate limit)',
		},
		{
			displayName: CREATE_OPTION_LABELS.reference,
			name: 'reference',
			type: 'string',
			default: '',
			placeholder: 'e.g. {{ $json.row_number }}',
			description:
				'Identifies this payout so it is never sent twice, e.g. a spreadsheet row ID or invoice number. Empty: derived from recipient, currency, network and amount.',
		},
		{
			displayName: CREATE_OPTION_LABELS.referenceAsMerchantOrderId,
			name: 'referenceAsMerchantOrderId',
			type: 'boolean',
			default: false,
			description:
				'Whether to also send the reference as merchantOrderId, a field TYLT’s create documentation does not list. The reference always travels in the comments, which is where the guard finds it.',
		},
		timeout,
	],
};

interface RawOptions {
	checkBalanceFirst?: boolean;
	maxPayoutsPerSecond?: unknown;
	concurrentPayouts?: unknown;
	dryRun?: boolean;
	duplicateGuard?: boolean;
	inDoubtCheckSeconds?: unknown;
	lookBackHours?: unknown;
	pauseBetweenPayoutsMs?: unknown;
	reference?: unknown;
	referenceAsMerchantOrderId?: boolean;
	timeoutSeconds?: unknown;
	toolMaxAmount?: unknown;
	toolMaxAmountCurrency?: unknown;
}

/**
 * The item's options as the node's version places them: version 1 keeps Reference and both pacing knobs under
 * Options; version 2 has Reference as a main field and one pacing knob (pacingOf above).
 */
export function readCreateOptions(context: IExecuteFunctions, itemIndex: number): CreateOptions {
	const panelV2 = hasPanelV2(context);
	const options = context.getNodeParameter('options', itemIndex, {}) as RawOptions;
	const raw: RawOptions = panelV2
		? { ...options, reference: context.getNodeParameter('reference', itemIndex, '') }
		: options;
	const fail = (name: CreateOptionName, value: unknown, reason: string) =>
		invalidFieldError(context.getNode(), {
			label: CREATE_OPTION_LABELS[name],
			name,
			value,
			reason,
			itemIndex,
		});

	const number = (
		name: CreateOptionName,
		fallback: number,
		minimum: number,
		maximum = Infinity,
	) => {
		const value = raw[name] ?? fallback;
		if (typeof value !== 'number' || !Number.isFinite(value) || value < minimum) {
			throw fail(name, value, `it must be a number of at least ${minimum}`);
		}
		if (value > maximum) throw fail(name, value, `it must be at most ${maximum}`);
		return value;
	};

	const wholeNumber = (
		name: CreateOptionName,
		fallback: number,
		minimum: number,
		maximum: number,
	) => {
		const value = raw[name] ?? fallback;
		if (!Number.isInteger(value) || (value as number) < minimum || (value as number) > maximum) {
			throw fail(name, value, `it must be a whole number from ${minimum} to ${maximum}`);
		}
		return value as number;
	};

	let reference: string | undefined;
	if (
		raw.reference !== undefined &&
		raw.reference !== null &&
		String(raw.reference).trim() !== ''
	) {
		reference = String(raw.reference).trim();
		if (reference.length > MAX_REFERENCE_LENGTH || !REFERENCE_CHARACTERS.test(reference)) {
			throw fail(
				'reference',
				raw.reference,
				`use up to ${MAX_REFERENCE_LENGTH} letters, digits or . _ : @ / # -`,
			);
		}
	}

	const pacing: Pacing = panelV2
		? pacingOf(number('maxPayoutsPerSecond', 0, 0, MAX_PAYOUTS_PER_SECOND))
		: {
				pauseBetweenPayoutsMs: number('pauseBetweenPayoutsMs', 0, 0),
				concurrentPayouts: wholeNumber(
					'concurrentPayouts',
					DEFAULT_CONCURRENT_PAYOUTS,
					1,
					MAX_CONCURRENT_PAYOUTS,
				),
			};

	return {
		duplicateGuard: raw.duplicateGuard ?? true,
		checkBalanceFirst: raw.checkBalanceFirst ?? false,
		reference,
		lookBackHours: number('lookBackHours', 168, 1),
		inDoubtCheckMs: number('inDoubtCheckSeconds', 30, 0) * 1000,
		referenceAsMerchantOrderId: raw.referenceAsMerchantOrderId ?? false,
		dryRun: raw.dryRun ?? false,
		...pacing,
		timeoutMs: number('timeoutSeconds', REQUEST_TIMEOUT_MS / 1000, 0.1) * 1000,
		agentCap: {
			maxAmount: number('toolMaxAmount', 0, 0),
			currency: String(raw.toolMaxAmountCurrency ?? '')
				.trim()
				.toUpperCase(),
		},
	};
}
