import type { IExecuteFunctions } from 'n8n-workflow';

import { invalidFieldError } from '../../helpers/fieldError';
import type { AgentCap } from '../../payout/validation';
import { MAX_REFERENCE_LENGTH } from '../../payout/references';
import { REQUEST_TIMEOUT_MS } from '../../transport/request';
import { hasPanelV2 } from '../nodeVersion';

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

/**
 * Version 2's one pacing knob, Max Payouts Per Second, in terms of the two behaviours version 1 sets apart
 * (Concurrent Payouts, Pause Between Payouts), which CreateTraffic carries out:
 * - 0 (the default): the node's own pace, DEFAULT_CONCURRENT_PAYOUTS at once with no spacing; a TYLT HTTP 429
 *   still halves it.
 * - R > 0: creates start at least 1000 / R ms apart, and at most ceil(R) are on their way at once (never more
 *   in flight than may start in one second; 1 for R ≤ 1, so a slow pace also means one after another).
 */
export function pacingOf(maxPayoutsPerSecond: number): Pacing {
	if (maxPayoutsPerSecond === 0) {
		return { concurrentPayouts: DEFAULT_CONCURRENT_PAYOUTS, pauseBetweenPayoutsMs: 0 };
	}
	return {
		concurrentPayouts: Math.min(Math.ceil(maxPayoutsPerSecond), MAX_CONCURRENT_PAYOUTS),
		pauseBetweenPayoutsMs: 1000 / maxPayoutsPerSecond,
	};
}

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

/** The options as the item holds them: nothing trusted yet. */
type RawOptions = Partial<Record<CreateOptionName, unknown>>;

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
			value,
			reason,
			itemIndex,
		});
	const flag = (name: CreateOptionName, fallback: boolean) => (raw[name] ?? fallback) as boolean;
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
	const wholeNumber = (name: CreateOptionName, fallback: number, maximum: number) => {
		const value = raw[name] ?? fallback;
		if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > maximum) {
			throw fail(name, value, `it must be a whole number from 1 to ${maximum}`);
		}
		return value as number;
	};

	const reference = String(raw.reference ?? '').trim() || undefined;
	if (
		reference !== undefined &&
		(reference.length > MAX_REFERENCE_LENGTH || !REFERENCE_CHARACTERS.test(reference))
	) {
		throw fail(
			'reference',
			raw.reference,
			`use up to ${MAX_REFERENCE_LENGTH} letters, digits or . _ : @ / # -`,
		);
	}

	const pacing: Pacing = panelV2
		? pacingOf(number('maxPayoutsPerSecond', 0, 0, MAX_PAYOUTS_PER_SECOND))
		: {
				pauseBetweenPayoutsMs: number('pauseBetweenPayoutsMs', 0, 0),
				concurrentPayouts: wholeNumber(
					'concurrentPayouts',
					DEFAULT_CONCURRENT_PAYOUTS,
					MAX_CONCURRENT_PAYOUTS,
				),
			};

	return {
		duplicateGuard: flag('duplicateGuard', true),
		checkBalanceFirst: flag('checkBalanceFirst', false),
		reference,
		lookBackHours: number('lookBackHours', 168, 1),
		inDoubtCheckMs: number('inDoubtCheckSeconds', 30, 0) * 1000,
		referenceAsMerchantOrderId: flag('referenceAsMerchantOrderId', false),
		dryRun: flag('dryRun', false),
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
