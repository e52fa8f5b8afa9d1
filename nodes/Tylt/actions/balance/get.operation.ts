import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { invalidFieldError } from '../../helpers/fieldError';
import type { OperationScope } from '../operationScope';
import { optionsCollection } from '../panel';

const showFor = { resource: ['balance'], operation: ['get'] };

export const description: INodeProperties[] = [
	optionsCollection(showFor, [
		{
			displayName: 'Only Currency Names or IDs',
			name: 'currencies',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getCurrencies' },
			default: [],
			description:
				'Output only these currencies; empty: every currency TYLT lists. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			hint: 'A currency TYLT lists no balance for fails the item',
		},
	]),
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	scope: OperationScope,
): Promise<INodeExecutionData[]> {
	const { currencies: wanted = [] } = this.getNodeParameter('options', itemIndex, {}) as {
		currencies?: unknown;
	};
	const fail = (reason: string) =>
		invalidFieldError(this.getNode(), {
			label: 'Only Currencies',
			value: wanted,
			reason,
			itemIndex,
		});
	const symbols = currencyList(wanted);
	if (symbols === undefined) {
		throw fail('give currency symbols such as USDT, as a list or as text separated by commas');
	}
	const balances = await scope.accountBalances(itemIndex);
	if (symbols.length === 0) return balances.map((entry) => ({ json: { ...entry } }));

	const bySymbol = new Map(
		balances.map((entry) => [entry.currencySymbol.trim().toUpperCase(), entry]),
	);
	const missing = symbols.filter((symbol) => !bySymbol.has(symbol.toUpperCase()));
	if (missing.length > 0) {
		const listed = balances.map((entry) => entry.currencySymbol).join(', ') || 'none';
		throw fail(`TYLT lists no balance for ${missing.join(', ')}; it lists ${listed}`);
	}
	return symbols.map((symbol) => ({ json: { ...bySymbol.get(symbol.toUpperCase())! } }));
}

/** The symbols asked for, from the dropdown's list or an expression's text (`USDT, USDC`); undefined if neither. */
function currencyList(value: unknown): string[] | undefined {
	const parts = typeof value === 'string' ? value.split(',') : value;
	if (!Array.isArray(parts) || parts.some((part) => typeof part !== 'string')) return undefined;
	const symbols = (parts as string[]).map((part) => part.trim()).filter((part) => part !== '');
	return [...new Map(symbols.map((symbol) => [symbol.toUpperCase(), symbol])).values()];
}
