/**
 * Options → Check Balance First of Payout → Create. The router runs create item by item, so the first item
 * that asks plans the whole execution: every item's parameters read with its own index and checked as create
 * checks them, the payouts the duplicate guard would skip left out. The plan is checked against one balance
 * read before that first item sends anything, and every later item gets the same answer.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { CurrencyCatalog } from '../../helpers/currencyCatalog';
import type { PayoutRequestBody } from '../../helpers/types';
import {
	balanceCheckReport,
	balanceShortError,
	checkBalance,
	type ExecutionBalanceCheck,
	type PlannedPayout,
} from '../../payout/balanceCheck';
import { guardSkips } from '../../payout/guard';
import { validatePayout } from '../../payout/validation';
import { catalogNumber } from '../../../shared/decimalText';
import type { OperationScope } from '../operationScope';
import { payoutReference, readPayoutInput } from './create.item';
import { readCreateOptions, type CreateOptions } from './create.options';

/**
 * Runs the check for one item (planning the execution on the first call). A real run that is not covered
 * throws before anything is sent; a dry run gets the check as data, for its report.
 */
export async function checkBalanceFirst(
	this: IExecuteFunctions,
	scope: OperationScope,
	itemIndex: number,
	options: CreateOptions,
): Promise<IDataObject | undefined> {
	const check = await scope.balanceCheck(
		async () => await planExecution.call(this, scope, itemIndex, options),
	);
	if (options.dryRun) return balanceCheckReport(check.asIfReal);
	if (!check.sending.enough) throw balanceShortError(this.getNode(), check.sending, itemIndex);
	return undefined;
}

/** A dry run's report with the check: a real run would send nothing when the balance falls short. */
export function withBalanceCheck(report: IDataObject, balanceCheck: IDataObject | undefined) {
	if (!balanceCheck) return report;
	return {
		...report,
		wouldSend: report.wouldSend === true && balanceCheck.enough === true,
		balanceCheck,
	};
}

interface Candidate {
	payout: PlannedPayout;
	dryRun: boolean;
	/** Set when the duplicate guard is on: a reference is sent at most once per execution. */
	reference?: string;
}

async function planExecution(
	this: IExecuteFunctions,
	scope: OperationScope,
	itemIndex: number,
	options: CreateOptions,
): Promise<ExecutionBalanceCheck> {
	// Reads fail the check (fail closed); an item that fails its own checks is simply not planned.
	const [catalog, balances] = await Promise.all([
		scope.currencyCatalog(itemIndex, options.timeoutMs),
		scope.accountBalances(itemIndex, options.timeoutMs),
	]);
	const candidates: Candidate[] = [];
	const itemCount = this.getInputData().length;
	for (let index = 0; index < itemCount; index++) {
		const item = plannedItem.call(this, index, catalog);
		if (!item) continue;
		const { body, reference, formerReferences, itemOptions } = item;
		if (itemOptions.duplicateGuard) {
			const [ledger, account] = await Promise.all([
				scope.payoutLedger(index, itemOptions.lookBackHours, itemOptions.timeoutMs),
				scope.tyltAccount(),
			]);
			const references = { reference, formerReferences };
			if (guardSkips({ ledger, account }, references, itemOptions.lookBackHours)) continue;
		}
		candidates.push({
			payout: {
				itemIndex: index,
				settledCurrency: body.settledCurrency,
				networkSymbol: body.networkSymbol,
				amount: body.baseAmount,
				baseCurrency: body.baseCurrency,
				networkFee: networkFeeOf(catalog, body),
			},
			dryRun: itemOptions.dryRun,
			reference: itemOptions.duplicateGuard ? reference : undefined,
		});
	}
	return {
		sending: checkBalance(
			onePerReference(candidates.filter((candidate) => !candidate.dryRun)),
			balances,
		),
		asIfReal: checkBalance(onePerReference(candidates), balances),
	};
}

/** One item as create would send it, or undefined when it is no payout create or fails its checks. */
function plannedItem(
	this: IExecuteFunctions,
	itemIndex: number,
	catalog: CurrencyCatalog,
):
	| {
			body: PayoutRequestBody;
			reference: string;
			formerReferences: string[];
			itemOptions: CreateOptions;
	  }
	| undefined {
	try {
		if (
			this.getNodeParameter('resource', itemIndex) !== 'payout' ||
			this.getNodeParameter('operation', itemIndex, '') !== 'create'
		) {
			return undefined;
		}
		const itemOptions = readCreateOptions(this, itemIndex);
		const input = readPayoutInput(this, itemIndex);
		const body = validatePayout(this.getNode(), input, catalog, itemIndex);
		return { body, ...payoutReference(this, itemOptions, body), itemOptions };
	} catch {
		// The item fails the same way on its own turn, and sends nothing.
		return undefined;
	}
}

/** The guard sends a reference once per execution: a repeat comes back as already sent. */
function onePerReference(candidates: readonly Candidate[]): PlannedPayout[] {
	const seen = new Set<string>();
	return candidates
		.filter((candidate) => {
			if (candidate.reference === undefined) return true;
			if (seen.has(candidate.reference)) return false;
			seen.add(candidate.reference);
			return true;
		})
		.map((candidate) => candidate.payout);
}

function networkFeeOf(catalog: CurrencyCatalog, body: PayoutRequestBody): number | undefined {
	const currency = catalog.findCurrency(body.settledCurrency);
	const network = currency && catalog.findNetwork(currency, body.networkSymbol);
	return network ? catalogNumber(network.networkFees) : undefined;
}
