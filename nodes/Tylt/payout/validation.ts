// A payout's input checked field by field: on the item alone, against TYLT's currency list, and an agent's cap.
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { CurrencyCatalog } from '../helpers/currencyCatalog';
import { invalidFieldError } from '../helpers/fieldError';
import type { CurrencyRecord, NetworkRecord, PayoutRequestBody } from '../transport/records';
import { addressCharacterProblem, addressProblem, networksSharingFormat } from '../addresses';
import {
	compareExact,
	type ExactDecimal,
	exactDecimal,
	exactText,
	isPlainDecimal,
	isSentAsTyped,
} from '../../shared/decimalText';
import { isFiatCode } from '../../shared/fiatCurrencies';

function applyRules(
	node: INode,
	rules: FieldRule[],
	input: PayoutInput,
	resolved: Resolved,
	itemIndex: number,
) {
	for (const rule of rules) {
		const value = input[rule.name];
		if (rule.optional && isEmpty(value)) continue;
		const reason = rule.check(value, resolved);
		if (reason !== undefined) {
			throw invalidFieldError(node, {
				label: rule.label,
				value,
				reason,
				itemIndex,
			});
		}
	}
}

/** Checks what needs no currency list; throws on the first problem. */
export function checkPayoutFields(node: INode, input: PayoutInput, itemIndex: number): void {
	applyRules(node, FIELD_RULES, input, {}, itemIndex);
}

/** Checks one item's payout against TYLT's currency list too, and returns the exact body to send. */
export function validatePayout(
	node: INode,
	input: PayoutInput,
	catalog: CurrencyCatalog,
	itemIndex: number,
): PayoutRequestBody {
	const resolved: Resolved = { catalog };
	applyRules(node, FIELD_RULES, input, resolved, itemIndex);
	applyRules(node, CATALOG_RULES, input, resolved, itemIndex);
	return buildPayoutBody(input, resolved);
}

/** Field order here is the serialisation order, and so the signed order. Empty optional fields are left out. */
function buildPayoutBody(input: PayoutInput, resolved: Resolved): PayoutRequestBody {
	const optionalText = (name: keyof PayoutInput) =>
		isEmpty(input[name]) ? undefined : String(input[name]).trim();
	const body: PayoutRequestBody = {
		baseAmount: resolved.amount as number,
		baseCurrency: resolved.baseCurrency,
		address: input.address as string,
		settledCurrency: (resolved.currency as CurrencyRecord).currencySymbol,
		networkSymbol: (resolved.network as NetworkRecord).networkSymbol,
		customerName: optionalText('customerName'),
		comments: optionalText('comments'),
		callBackUrl: optionalText('callBackUrl'),
		redirectUrl: optionalText('redirectUrl'),
	};
	return Object.fromEntries(
		Object.entries(body).filter(([, value]) => value !== undefined),
	) as PayoutRequestBody;
}

function isEmpty(value: unknown): boolean {
	return (
		value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
	);
}

/** Payout parameters exactly as read from one item, before anything is trusted. */
export interface PayoutInput {
	settledCurrency: unknown;
	networkSymbol: unknown;
	address: unknown;
	baseAmount: unknown;
	baseCurrency?: unknown;
	customerName?: unknown;
	comments?: unknown;
	callBackUrl?: unknown;
	redirectUrl?: unknown;
}

/** What the rules learn while checking, for the rules after them and for the request body. */
export interface Resolved {
	catalog?: CurrencyCatalog;
	currency?: CurrencyRecord;
	network?: NetworkRecord;
	baseCurrency?: string;
	amount?: number;
}

export interface FieldRule {
	name: keyof PayoutInput;
	label: string;
	optional?: boolean;
	/** Returns why the value is wrong, or nothing when it is fine. */
	check(value: unknown, resolved: Resolved): string | undefined;
}

const MAX_EXACT_AMOUNT = 1e12;

// Checks that need nothing but the item: they run before anything is fetched, so such a bad item costs no request.
export const FIELD_RULES: FieldRule[] = [
	{
		name: 'baseCurrency',
		label: 'Base Currency',
		optional: true,
		check(value, resolved) {
			// A crypto symbol (DAI, ETH) would size the payout in another crypto: only fiat is converted by TYLT.
			if (typeof value !== 'string' || !isFiatCode(value)) {
				return 'a 3-letter ISO 4217 fiat currency code such as USD or EUR is required, never a crypto symbol (it would size the payout in another crypto). Nothing was sent';
			}
			resolved.baseCurrency = value.trim().toUpperCase();
			return undefined;
		},
	},
	{
		name: 'baseAmount',
		label: 'Base Amount',
		check(value, resolved) {
			const read = readAmount(value);
			if (typeof read === 'string') return read;
			const { amount, text } = read;
			if (!Number.isFinite(amount)) return 'it must be a finite number';
			if (amount <= 0) return 'it must be greater than 0';
			// Beyond this a JSON number no longer carries every digit of the amount.
			if (amount > MAX_EXACT_AMOUNT) {
				return `it is larger than ${MAX_EXACT_AMOUNT}, which cannot be sent exactly`;
			}
			// The body carries a JSON number: digits it would drop are refused, never rounded away.
			if (text !== undefined && !isSentAsTyped(text, amount)) {
				return `it has more digits than a JSON number carries: it would be sent as ${JSON.stringify(amount)}; round it yourself if that is what you mean`;
			}
			resolved.amount = amount;
			return undefined;
		},
	},
	{
		name: 'address',
		label: 'Address',
		check(value) {
			if (typeof value !== 'string' || value === '')
				return 'a recipient wallet address is required';
			return addressCharacterProblem(value);
		},
	},
	{
		name: 'callBackUrl',
		label: 'Callback URL',
		optional: true,
		check(value) {
			const problem = absoluteHttpUrlProblem(value);
			if (problem) return problem;
			// TYLT calls back minutes later, when the editor has long stopped listening on a test URL.
			if (new URL(String(value).trim()).pathname.includes('/webhook-test/')) {
				return "it is an n8n test URL, which only works while the editor is listening; use the TYLT Trigger's production URL (/webhook/…)";
			}
			return undefined;
		},
	},
	{ name: 'redirectUrl', label: 'Redirect URL', optional: true, check: absoluteHttpUrlProblem },
	{ name: 'customerName', label: 'Customer Name', optional: true, check: textProblem },
	{ name: 'comments', label: 'Comments', optional: true, check: textProblem },
];

/** The amount an item gives, or why it gives none; text must be a plain decimal, never guessed at. */
function readAmount(value: unknown): { amount: number; text?: string } | string {
	if (typeof value === 'number')
		return Number.isNaN(value) ? 'it must be a number' : { amount: value };
	if (isEmpty(value)) return 'a payout needs an amount greater than 0';
	if (typeof value !== 'string') return 'it must be a number';
	const text = value.trim();
	if (!isPlainDecimal(text)) {
		return 'it must be a number written as a plain decimal such as 12.5: digits and at most one decimal point, without exponent, thousands separator, decimal comma or inner spaces';
	}
	return { amount: Number(text), text };
}

function absoluteHttpUrlProblem(value: unknown): string | undefined {
	const text = typeof value === 'string' ? value.trim() : '';
	const protocol = URL.canParse(text) ? new URL(text).protocol : undefined;
	if (protocol === 'http:' || protocol === 'https:') return undefined;
	return 'it must be an absolute http:// or https:// URL';
}

function textProblem(value: unknown): string | undefined {
	return typeof value === 'string' || typeof value === 'number' ? undefined : 'it must be text';
}

// Checks against TYLT's currency list, in this order: later rules rely on what earlier ones resolved.
export const CATALOG_RULES: FieldRule[] = [
	{
		name: 'settledCurrency',
		label: 'Settled Currency',
		check(value, resolved) {
			if (!isFilledString(value)) return 'a currency symbol such as USDT is required';
			resolved.currency = resolved.catalog?.findCurrency(value);
			if (!resolved.currency) {
				const supported = (resolved.catalog as CurrencyCatalog).currencies.map(
					(currency) => currency.currencySymbol,
				);
				return `TYLT does not support it; supported: ${supported.join(', ')}`;
			}
			return undefined;
		},
	},
	{
		name: 'networkSymbol',
		label: 'Network',
		check(value, resolved) {
			const catalog = resolved.catalog as CurrencyCatalog;
			const currency = resolved.currency as CurrencyRecord;
			if (!isFilledString(value)) return 'a network symbol such as TRX or ETH is required';
			const network = catalog.findNetwork(currency, value);
			const withdrawable = catalog
				.withdrawableNetworks(currency)
				.map((candidate) => candidate.networkSymbol)
				.join(', ');
			if (!network) {
				return `${currency.currencySymbol} is not offered on it; networks open for payouts: ${withdrawable || 'none'}`;
			}
			if (Number(network.canWithdraw) !== 1) {
				return `TYLT does not allow ${currency.currencySymbol} withdrawals on it at the moment (canWithdraw 0); open networks: ${withdrawable || 'none'}`;
			}
			resolved.network = network;
			return undefined;
		},
	},
	{
		name: 'baseAmount',
		label: 'Base Amount',
		check(_value, resolved) {
			// A fiat amount is converted by TYLT at its own rate, so only crypto amounts can be bounded here.
			if (resolved.baseCurrency !== undefined) return undefined;
			// Exact decimals: the amount as it is sent, each bound as TYLT wrote it (a number or numeric text).
			const amount = exactDecimal(resolved.amount) as ExactDecimal;
			const network = resolved.network as NetworkRecord;
			const symbol = (resolved.currency as CurrencyRecord).currencySymbol;
			// A bound given as no number is skipped (TYLT still applies it): a NaN comparison would pass silently.
			const minimum = exactDecimal(network.minimumWithdrawal);
			const maximum = exactDecimal(network.maximumWithdrawal);
			if (minimum !== undefined && compareExact(amount, minimum) < 0) {
				return `it is below the minimum withdrawal of ${exactText(minimum)} ${symbol} on ${network.networkSymbol}`;
			}
			if (maximum !== undefined && compareExact(amount, maximum) > 0) {
				return `it is above the maximum withdrawal of ${exactText(maximum)} ${symbol} on ${network.networkSymbol}`;
			}
			return undefined;
		},
	},
	{
		name: 'address',
		label: 'Address',
		check(value, resolved) {
			// A payout to a mistyped address or a token contract is lost; contracts count from every network that
			// writes addresses the same way (TRX and TRC20, SOL and SPL: one chain under two symbols).
			const { networkSymbol } = resolved.network as NetworkRecord;
			const tokenContracts = (resolved.catalog as CurrencyCatalog).tokenContractsOn(
				networksSharingFormat(networkSymbol),
			);
			return addressProblem(networkSymbol, value as string, tokenContracts);
		},
	},
];

function isFilledString(value: unknown): value is string {
	return typeof value === 'string' && value.trim() !== '';
}

// An agent picks amounts, currencies and addresses itself: its cap is one amount in one stated currency, and a
// call sized in any other currency cannot be compared with it and is refused.
export interface AgentCap {
	/** The largest amount per call, exactly as the workflow set it; 0 means agents may not pay at all. */
	maxAmount: ExactDecimal;
	/** The currency the cap is in (upper case), e.g. USDT or USD; empty when not set. */
	currency: string;
	/** The option that sets the currency, as the panel of the node's version labels it. */
	currencyOption: string;
	/** How the node's version sets the cap, for the error of a tool run without one. */
	howToSet: string;
}

/** Refuses, before anything is read or sent, a tool run whose cap is not fully set. */
export function assertAgentCapSet(node: INode, cap: AgentCap, itemIndex: number): void {
	if (cap.maxAmount.units > 0n && cap.currency !== '') return;
	throw new NodeOperationError(
		node,
		'Payout → Create cannot run as an AI agent tool until the workflow sets a maximum amount and its currency',
		{
			itemIndex,
			description: cap.howToSet,
		},
	);
}

/** Refuses a payout an agent may not make: in another currency than the cap's, or above the cap. */
export function assertWithinAgentCap(
	node: INode,
	cap: AgentCap,
	body: PayoutRequestBody,
	itemIndex: number,
): void {
	const sizedInFiat = body.baseCurrency !== undefined;
	const amountCurrency = (body.baseCurrency ?? body.settledCurrency).toUpperCase();
	if (amountCurrency !== cap.currency) {
		throw invalidFieldError(node, {
			label: sizedInFiat ? 'Base Currency' : 'Settled Currency',
			value: amountCurrency,
			reason: `an AI agent may pay only amounts in ${cap.currency} (Options → ${cap.currencyOption}), so an amount in ${amountCurrency} cannot be checked against the maximum of ${exactText(cap.maxAmount)} ${cap.currency}`,
			itemIndex,
		});
	}
	if (!isAtMost(body.baseAmount, cap.maxAmount)) {
		throw invalidFieldError(node, {
			label: 'Base Amount',
			value: body.baseAmount,
			reason: `an AI agent may pay at most ${exactText(cap.maxAmount)} ${cap.currency} per call (Options → AI Agent Max Amount)`,
			itemIndex,
		});
	}
}

/** `amount` ≤ `cap` as exact decimals (both as the decimals they are sent and typed as); false when unsure. */
function isAtMost(amount: number, cap: ExactDecimal): boolean {
	const exactAmount = exactDecimal(amount);
	return exactAmount !== undefined && compareExact(exactAmount, cap) <= 0;
}
