import type { INode } from 'n8n-workflow';

import type { CurrencyCatalog } from '../helpers/currencyCatalog';
import { invalidFieldError } from '../helpers/fieldError';
import type { CurrencyRecord, NetworkRecord, PayoutRequestBody } from '../transport/records';
import { CATALOG_RULES } from './currencyListRules';
import { FIELD_RULES, type FieldRule, type PayoutInput, type Resolved } from './fieldRules';

export type { PayoutInput } from './fieldRules';

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
				name: rule.name,
				value,
				reason,
				itemIndex,
			});
		}
	}
}

/** Checks what can be checked without TYLT's currency list; throws on the first problem. */
export function checkPayoutFields(node: INode, input: PayoutInput, itemIndex: number): void {
	applyRules(node, FIELD_RULES, input, {}, itemIndex);
}

/**
 * Checks one item's payout against TYLT's currency list and returns the exact body to send.
 * Throws an error naming the field, value and item on the first problem, before anything is sent.
 */
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
