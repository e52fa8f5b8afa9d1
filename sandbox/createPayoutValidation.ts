import type { NetworkRecord } from './currencies';
import { findCurrency, findNetwork, USD_RATES } from './currencies';
import { convertAmount } from './money';
import type { PayoutOrder } from './payoutRecord';

type CreateBody = Record<string, unknown>;

/** A create rule: the field it is about, and the problem it finds (undefined when the body is fine). */
interface Check {
	field: string;
	problem: (body: CreateBody) => string | undefined;
}

const isNonEmptyString = (value: unknown): value is string =>
	typeof value === 'string' && value.trim() !== '';

function requiredString(field: string): Check {
	return {
		field,
		problem: (body) => (isNonEmptyString(body[field]) ? undefined : 'must be a non-empty string'),
	};
}

function optionalString(field: string): Check {
	return {
		field,
		problem: (body) =>
			body[field] !== undefined && typeof body[field] !== 'string' ? 'must be a string' : undefined,
	};
}

function network(body: CreateBody): NetworkRecord | undefined {
	return findNetwork(body.settledCurrency as string, body.networkSymbol as string);
}

/** What the payout pays out, in the settled currency: baseAmount converted when baseCurrency is given. */
function settledAmount(body: CreateBody): number {
	const amount = body.baseAmount as number;
	const settledCurrency = body.settledCurrency as string;
	return convertAmount(
		amount,
		(body.baseCurrency as string | undefined) ?? settledCurrency,
		settledCurrency,
	);
}

function amountBounds(body: CreateBody): string | undefined {
	const limits = network(body) as NetworkRecord;
	const amount = settledAmount(body);
	const currency = body.settledCurrency as string;
	const converted = body.baseCurrency === undefined ? '' : `converts to ${amount} ${currency}, `;
	if (amount < limits.minimumWithdrawal) {
		return `${converted}below the minimum withdrawal of ${limits.minimumWithdrawal} ${currency} on ${limits.networkSymbol}`;
	}
	if (amount > limits.maximumWithdrawal) {
		return `${converted}above the maximum withdrawal of ${limits.maximumWithdrawal} ${currency} on ${limits.networkSymbol}`;
	}
	return undefined;
}

/**
 * Checked in order, first failure wins: shapes before reference data, so every later rule may rely on the
 * types the earlier ones established.
 */
const CHECKS: readonly Check[] = [
	{
		field: 'baseAmount',
		// Strings are refused on purpose: the spec types it as a number, and "10" is a client bug to surface.
		problem: ({ baseAmount }) =>
			typeof baseAmount === 'number' && Number.isFinite(baseAmount) && baseAmount > 0
				? undefined
				: 'must be a number greater than 0',
	},
	requiredString('address'),
	requiredString('settledCurrency'),
	requiredString('networkSymbol'),
	optionalString('baseCurrency'),
	optionalString('customerName'),
	optionalString('comments'),
	optionalString('callBackUrl'),
	optionalString('redirectUrl'),
	{
		field: 'merchantOrderId',
		problem: (body) =>
			body.merchantOrderId !== undefined && !isNonEmptyString(body.merchantOrderId)
				? 'must be a non-empty string'
				: undefined,
	},
	{
		field: 'callBackUrl',
		// An unusable URL would only show up later as a failed callback; refuse it where the cause is visible.
		problem: (body) =>
			isNonEmptyString(body.callBackUrl) && !/^https?:\/\/[^\s/]+/i.test(body.callBackUrl)
				? 'must be an absolute http(s) URL'
				: undefined,
	},
	{
		field: 'settledCurrency',
		problem: (body) =>
			findCurrency(body.settledCurrency as string) ? undefined : 'is not a supported currency',
	},
	{
		field: 'networkSymbol',
		problem: (body) =>
			network(body) ? undefined : `is not offered for ${body.settledCurrency as string}`,
	},
	{
		field: 'networkSymbol',
		problem: (body) =>
			network(body)?.canWithdraw === 1
				? undefined
				: `does not allow withdrawals of ${body.settledCurrency as string} (canWithdraw 0)`,
	},
	{
		field: 'baseCurrency',
		problem: (body) =>
			body.baseCurrency === undefined ||
			Object.prototype.hasOwnProperty.call(USD_RATES, body.baseCurrency as string)
				? undefined
				: 'is not a supported fiat currency',
	},
	{ field: 'baseAmount', problem: amountBounds },
];

/** The one place create errors are worded, so every message names the field and the value alike. */
function describeProblem(field: string, value: unknown, problem: string): string {
	if (value === undefined) return `${field} is required.`;
	return `Invalid ${field} ${JSON.stringify(value)}: ${problem}.`;
}

export type CreateValidation = { order: PayoutOrder } | { error: string };

export function validateCreateBody(body: CreateBody): CreateValidation {
	for (const check of CHECKS) {
		const problem = check.problem(body);
		if (problem !== undefined)
			return { error: describeProblem(check.field, body[check.field], problem) };
	}
	const order: PayoutOrder = {
		merchantOrderId: body.merchantOrderId as string | undefined,
		settledCurrency: body.settledCurrency as string,
		settledAmountRequested: settledAmount(body),
		network: body.networkSymbol as string,
		toAddress: body.address as string,
		callBackUrl: body.callBackUrl as string | undefined,
		customerName: body.customerName as string | undefined,
		comments: body.comments as string | undefined,
		baseAmount: body.baseAmount as number,
	};
	if (body.baseCurrency !== undefined) order.baseCurrency = body.baseCurrency as string;
	return { order };
}
