import type { IExecuteFunctions } from 'n8n-workflow';

import { invalidFieldError } from '../../helpers/fieldError';
import type { AgentCap } from '../../payout/validation';
import { MAX_REFERENCE_LENGTH } from '../../payout/references';
import { REQUEST_TIMEOUT_MS } from '../../transport/request';
import { EXACT_ZERO, type ExactDecimal, exactDecimal } from '../../../shared/decimalText';
import { readAmountWithCurrency } from '../../../shared/spendingLimits/parse';
import { hasPanelV2, hasPanelV3 } from '../nodeVersion';

/** Written once: the panel shows them, and every error about an option names it by the same words. */
export const CREATE_OPTION_LABELS = {
	agentMaxAmount: 'AI Agent Max Amount',
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

/** Why five: docs/money-safety.md ("Concurrent payouts"); a 429 halves it (CreateTraffic). */
export const DEFAULT_CONCURRENT_PAYOUTS = 5;
export const MAX_CONCURRENT_PAYOUTS = 50;
export const MAX_PAYOUTS_PER_SECOND = MAX_CONCURRENT_PAYOUTS;

/**
 * Version 2's Max Payouts Per Second as version 1's two knobs: 0 (the default) is DEFAULT_CONCURRENT_PAYOUTS at
 * once, unspaced; R > 0 starts creates 1000 / R ms apart, at most ceil(R) in flight (one at a time for R ≤ 1).
 */
export function pacingOf(maxPayoutsPerSecond: number) {
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

type RawOptions = Partial<Record<CreateOptionName, unknown>>;

/**
 * Whether the options that set how the whole batch goes (its pace, the guard that pace depends on, the steps
 * decided over every row, and the look-back, whose widening would read history again mid-batch) are saved as plain
 * values, so that every row reads them the same. An expression could give each row its own.
 */
export function batchOptionsSharedByEveryRow(context: IExecuteFunctions): boolean {
	const saved = context.getNodeParameter('options', 0, {}, { rawExpressions: true }) as RawOptions;
	return BATCH_OPTIONS.every((name) => {
		const value = saved[name];
		return value === undefined || typeof value === 'boolean' || typeof value === 'number';
	});
}

const BATCH_OPTIONS = [
	'checkBalanceFirst',
	'concurrentPayouts',
	'dryRun',
	'duplicateGuard',
	'lookBackHours',
	'maxPayoutsPerSecond',
] as const satisfies readonly CreateOptionName[];

/** Version 1 keeps Reference and both pacing knobs under Options; version 2 has Reference on the panel. */
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
	// A switch left off the collection takes its default. One that is there must be true or false: an expression
	// that reads a missing column (empty) or the text "false" would otherwise decide, by a guess, whether a Dry Run
	// pays for real or the duplicate guard runs. The advice reads a missing column as on, the side that pays nothing
	// by mistake.
	const flag = (name: CreateOptionName, fallback: boolean) => {
		if (!(name in raw)) return fallback;
		const value = raw[name];
		if (typeof value !== 'boolean') {
			throw fail(
				name,
				value,
				'it must be true or false: set the switch again, or make its expression give true or false (for a sheet\'s TRUE/FALSE text, {{ $json.column !== "FALSE" }} reads a row without the column as on)',
			);
		}
		return value;
	};
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
	// A number n8n holds is always a decimal JSON can write; should one not be, the run stops rather than guess a cap.
	const exactAmount = (name: CreateOptionName, value: number) => {
		const exact = exactDecimal(value);
		if (exact === undefined) throw fail(name, value, 'it must be a plain decimal amount');
		return exact;
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

	const pacing = panelV2
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
		agentCap: hasPanelV3(context)
			? agentCapOfText(raw.agentMaxAmount, fail)
			: {
					maxAmount: exactAmount('toolMaxAmount', number('toolMaxAmount', 0, 0)),
					currency: String(raw.toolMaxAmountCurrency ?? '')
						.trim()
						.toUpperCase(),
					currencyOption: CREATE_OPTION_LABELS.toolMaxAmountCurrency,
					howToSet:
						'Set Options → AI Agent Max Amount on this node to the largest amount an agent may pay per call, and Options → AI Agent Max Amount Currency to the currency that amount is in (for example USDT, or USD when payouts are sized in a fiat Base Currency).',
				},
	};
}

/** Version 3's AI Agent Max Amount, written as the credential's limits are (`USDT 100`); empty: agents cannot pay. */
function agentCapOfText(
	value: unknown,
	fail: (name: CreateOptionName, value: unknown, reason: string) => Error,
): AgentCap {
	const text = value ?? '';
	if (typeof text !== 'string') {
		throw fail('agentMaxAmount', value, 'write a currency and an amount, such as USDT 100');
	}
	const cap: [string, ExactDecimal] | Error =
		text.trim() === '' ? ['', EXACT_ZERO] : readAmountWithCurrency(text.trim());
	if (cap instanceof Error) throw fail('agentMaxAmount', value, `it ${cap.message}`);
	const [currency, maxAmount] = cap;
	return {
		maxAmount,
		currency,
		currencyOption: CREATE_OPTION_LABELS.agentMaxAmount,
		howToSet:
			'Set Options → AI Agent Max Amount on this node to the largest amount an agent may pay per call with its currency, such as USDT 100 (or USD 100 when payouts are sized in a fiat Base Currency).',
	};
}
