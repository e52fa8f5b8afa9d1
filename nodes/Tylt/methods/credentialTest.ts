// The credential's Test, on save: limits read, key and secret tried on TYLT, limits' currencies and networks
// looked up. Everything wrong is said at once, so a second save brings no new surprise.
import type {
	ICredentialTestFunctions,
	ICredentialsDecrypted,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { isFiatCode } from '../../shared/fiatCurrencies';
import {
	LIMIT_FIELDS,
	spendingLimitTexts,
	type LimitFieldName,
} from '../../shared/spendingLimits/fields';
import {
	readSpendingLimits,
	spendingLimitProblems,
	type CurrencyLimits,
	type SpendingLimits,
} from '../../shared/spendingLimits/parse';
import { credentialFields } from '../../shared/tyltAccount';
import { checkCredentialOnTylt } from '../transport/credentialCheck';
import { isObject } from '../transport/envelopes';

export async function tyltApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const problems: string[] = [];
	const texts = spendingLimitTexts(data);
	const unreadable = spendingLimitProblems(texts);
	if (unreadable.length > 0) {
		problems.push(
			`${unreadable.map((problem) => problem.message).join('. ')}. Until ${unreadable.length === 1 ? 'it is' : 'they are'} fixed, no payout is sent with this credential.`,
		);
	}
	const onTylt = await checkCredentialOnTylt(this.helpers, credentialFields(data));
	if (!onTylt.accepted) problems.push(onTylt.problem);
	const limits = readSpendingLimits(texts);
	if (onTylt.accepted && !(limits instanceof Error)) {
		problems.push(...notListedByTylt(limits, onTylt.currencies));
	}
	return problems.length > 0
		? { status: 'Error', message: problems.join(' ') }
		: {
				status: 'OK',
				message: 'TYLT accepted the API key and secret, and the spending limits can be read',
			};
}

/** The limits' currencies and networks TYLT does not list, one sentence each: a typo found before a payout. */
function notListedByTylt(limits: SpendingLimits, currencyList: unknown[]): string[] {
	const currencies = new Set<string>();
	const networks = new Set<string>();
	for (const currency of currencyList) {
		if (!isObject(currency)) continue;
		if (typeof currency.currencySymbol === 'string')
			currencies.add(currency.currencySymbol.toUpperCase());
		for (const network of Array.isArray(currency.networks) ? currency.networks : []) {
			if (isObject(network) && typeof network.networkSymbol === 'string')
				networks.add(network.networkSymbol.toUpperCase());
		}
	}
	const listedCurrencies = [...currencies].join(', ');
	const problems: string[] = [];
	const unlisted = (
		field: LimitFieldName,
		currencyLimits: CurrencyLimits | undefined,
		fiat: boolean,
	) => {
		for (const symbol of currencyLimits?.keys() ?? []) {
			if (currencies.has(symbol) || (fiat && isFiatCode(symbol))) continue;
			problems.push(
				`${LIMIT_FIELDS[field]} names ${symbol}, a currency TYLT does not list (it lists ${listedCurrencies}${fiat ? ', and a Base Currency may be a fiat code' : ''}): no payout in it can be made, and one in the currency meant is refused.`,
			);
		}
	};
	unlisted('maxAmountPerPayout', limits.perPayout, true);
	unlisted('maxAmountPer24Hours', limits.per24Hours, false);
	for (const { entry, network } of limits.allowedAddresses ?? []) {
		if (network === undefined || networks.has(network)) continue;
		problems.push(
			`${LIMIT_FIELDS.allowedAddresses}: "${entry}" ties its address to ${network}, a network TYLT does not list (it lists ${[...networks].join(', ')}), so that address is refused on every network: write it with a network symbol TYLT lists.`,
		);
	}
	return problems;
}
