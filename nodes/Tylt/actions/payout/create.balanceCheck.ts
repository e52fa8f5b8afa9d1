/**
 * Options → Check Balance First: amount plus network fee per settled currency, in exact decimals, against one
 * balance read before anything is sent. Fail closed: no balance listed is short, an unpriced payout fails.
 */
import {
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	NodeOperationError,
} from 'n8n-workflow';

import {
	EXACT_ZERO,
	addExact,
	catalogNumber,
	compareExact,
	exactDecimal,
	exactText,
	subtractExact,
	type ExactDecimal,
} from '../../../shared/decimalText';
import type { AccountBalance } from '../../transport/records';
import type { OperationScope } from '../operationScope';
import type { ItemOutcome } from '../types';
import { type CheckedPayout, paidOncePerReference, type ReadyPayout } from './create.check';

/** Answers the dry runs, and refuses the real items that asked when the balance is short or unreadable. */
export async function checkBalanceFirst(
	this: IExecuteFunctions,
	scope: OperationScope,
	checked: readonly CheckedPayout[],
): Promise<{ answered: ItemOutcome[]; ready: ReadyPayout[] }> {
	const asking = checked.find((payout) => payout.options.checkBalanceFirst);
	const check = asking
		? await planBalance.call(this, scope, checked, asking).then(
				(plan) => ({ plan }),
				(error: Error) => ({ error }),
			)
		: undefined;
	const answered: ItemOutcome[] = [];
	const ready: ReadyPayout[] = [];
	for (const payout of checked) {
		const { itemIndex } = payout;
		const plan = check !== undefined && payout.options.checkBalanceFirst ? check : undefined;
		if (plan && 'error' in plan) {
			answered.push({ itemIndex, error: plan.error });
		} else if (payout.dryRunReport) {
			const report = plan ? withBalanceCheck(payout.dryRunReport, plan.plan) : payout.dryRunReport;
			answered.push({ itemIndex, output: [{ json: report }] });
		} else if (plan && !plan.plan.sending.enough) {
			answered.push({
				itemIndex,
				error: balanceShortError(this.getNode(), plan.plan.sending, itemIndex),
			});
		} else {
			ready.push(payout);
		}
	}
	return { answered, ready };
}

/** A dry run's report with the check: a real run would send nothing when the balance falls short. */
function withBalanceCheck(report: IDataObject, plan: ExecutionBalanceCheck): IDataObject {
	const balanceCheck = balanceCheckReport(plan.asIfReal);
	return {
		...report,
		wouldSend: report.wouldSend === true && balanceCheck.enough === true,
		balanceCheck,
	};
}

/** The execution's plan against one balance read; reads made with the first asking item's index and timeout. */
async function planBalance(
	this: IExecuteFunctions,
	scope: OperationScope,
	checked: readonly CheckedPayout[],
	asking: CheckedPayout,
): Promise<ExecutionBalanceCheck> {
	const balances = await scope.accountBalances(asking.itemIndex, asking.options.timeoutMs);
	const sending = checked.filter((payout) => !payout.dryRunReport);
	return {
		sending: checkBalance(paidOncePerReference(sending).map(plannedPayout), balances),
		asIfReal: checkBalance(paidOncePerReference(checked).map(plannedPayout), balances),
	};
}

function plannedPayout({ body, network, itemIndex }: CheckedPayout): PlannedPayout {
	return {
		itemIndex,
		settledCurrency: body.settledCurrency,
		networkSymbol: body.networkSymbol,
		amount: body.baseAmount,
		baseCurrency: body.baseCurrency,
		networkFee: catalogNumber(network.networkFees),
	};
}

/** One payout the execution will send: the exact body values plus its network's fee. */
export interface PlannedPayout {
	itemIndex: number;
	settledCurrency: string;
	networkSymbol: string;
	/** Base Amount: in the settled currency, or in `baseCurrency` when one is set. */
	amount: number;
	baseCurrency?: string;
	/** The network fee from TYLT's currency list; undefined when the list gives no number. */
	networkFee?: number;
}

/** One settled currency: what the execution debits from it, and what TYLT holds. */
export interface CurrencyNeed {
	currencySymbol: string;
	payouts: number;
	amounts: string;
	networkFees: string;
	total: string;
	/** Null when TYLT's balance list has no entry for the currency. */
	balance: string | null;
	/** 0 when the balance covers the total. */
	shortfall: string;
	enough: boolean;
}

export interface UnpricedPayout {
	itemIndex: number;
	settledCurrency: string;
	reason: string;
}

export interface BalanceCheck {
	/** True only when every currency is covered and every payout was priced. */
	enough: boolean;
	currencies: CurrencyNeed[];
	unpriced: UnpricedPayout[];
}

export interface ExecutionBalanceCheck {
	/** What a real run sends: dry runs left out. */
	sending: BalanceCheck;
	/** What the execution would debit if every item ran for real: what a dry run reports. */
	asIfReal: BalanceCheck;
}

interface Sum {
	currencySymbol: string;
	payouts: number;
	amounts: ExactDecimal;
	networkFees: ExactDecimal;
}

export function checkBalance(
	planned: readonly PlannedPayout[],
	balances: readonly AccountBalance[],
): BalanceCheck {
	const sums = new Map<string, Sum>();
	const unpriced: UnpricedPayout[] = [];
	for (const payout of planned) {
		const reason = unpricedReason(payout);
		if (reason) {
			unpriced.push({
				itemIndex: payout.itemIndex,
				settledCurrency: payout.settledCurrency,
				reason,
			});
			continue;
		}
		const key = payout.settledCurrency.toUpperCase();
		const sum = sums.get(key) ?? {
			currencySymbol: payout.settledCurrency,
			payouts: 0,
			amounts: EXACT_ZERO,
			networkFees: EXACT_ZERO,
		};
		sum.payouts += 1;
		sum.amounts = addExact(sum.amounts, exactDecimal(payout.amount) as ExactDecimal);
		sum.networkFees = addExact(
			sum.networkFees,
			exactDecimal(payout.networkFee as number) as ExactDecimal,
		);
		sums.set(key, sum);
	}

	const held = new Map(
		balances.map((entry) => [entry.currencySymbol.trim().toUpperCase(), entry.balance]),
	);
	const currencies = [...sums.entries()].map(([key, sum]) => {
		const total = addExact(sum.amounts, sum.networkFees);
		const heldBalance = held.get(key);
		const balance = heldBalance === undefined ? undefined : exactDecimal(heldBalance);
		const missing = balance === undefined ? total : subtractExact(total, balance);
		const enough = compareExact(missing, EXACT_ZERO) <= 0;
		return {
			currencySymbol: sum.currencySymbol,
			payouts: sum.payouts,
			amounts: exactText(sum.amounts),
			networkFees: exactText(sum.networkFees),
			total: exactText(total),
			balance: balance === undefined ? null : exactText(balance),
			shortfall: enough ? '0' : exactText(missing),
			enough,
		};
	});
	return {
		enough: unpriced.length === 0 && currencies.every((currency) => currency.enough),
		currencies,
		unpriced,
	};
}

function unpricedReason(payout: PlannedPayout): string | undefined {
	if (payout.baseCurrency !== undefined) {
		return `sized in ${payout.baseCurrency}, which TYLT converts to ${payout.settledCurrency} only when it creates the payout`;
	}
	if (exactDecimal(payout.amount) === undefined) return 'its amount is not a finite number';
	if (payout.networkFee === undefined || exactDecimal(payout.networkFee) === undefined) {
		return `TYLT's currency list gives no network fee for ${payout.settledCurrency} on ${payout.networkSymbol}`;
	}
	return undefined;
}

/** The check as output data (Dry Run): exact decimal text turned into JSON numbers for expressions. */
export function balanceCheckReport(check: BalanceCheck) {
	return {
		...check,
		currencies: check.currencies.map((currency) => ({
			...currency,
			amounts: Number(currency.amounts),
			networkFees: Number(currency.networkFees),
			total: Number(currency.total),
			balance: currency.balance === null ? null : Number(currency.balance),
			shortfall: Number(currency.shortfall),
		})),
	};
}

function describeNeed(currency: CurrencyNeed): string {
	const payouts = `${currency.payouts} payout${currency.payouts === 1 ? '' : 's'}`;
	const total = `${currency.currencySymbol}: total ${currency.total} (${payouts}: ${currency.amounts} + ${currency.networkFees} network fees)`;
	if (currency.balance === null) {
		return `${total}, but TYLT lists no ${currency.currencySymbol} balance: short by ${currency.shortfall}`;
	}
	if (currency.enough) return `${total}, balance ${currency.balance}: covered`;
	return `${total}, balance ${currency.balance}, short by ${currency.shortfall}`;
}

/** Why the execution sends nothing: each currency's total, balance and shortfall, and the unpriced payouts. */
export function balanceShortError(
	node: INode,
	check: BalanceCheck,
	itemIndex: number,
): NodeOperationError {
	const short = check.currencies.filter((currency) => !currency.enough);
	const parts: string[] = [];
	if (short.length > 0) {
		parts.push(
			`the TYLT balance does not cover the payouts of this execution. ${short.map(describeNeed).join('; ')}`,
		);
	}
	if (check.unpriced.length > 0) {
		const items = check.unpriced
			.map((payout) => `item ${payout.itemIndex} (${payout.reason})`)
			.join('; ');
		parts.push(
			`${check.unpriced.length} payout${check.unpriced.length === 1 ? '' : 's'} cannot be priced before TYLT converts them, so the balance cannot be checked: ${items}`,
		);
	}
	const covered = check.currencies.filter((currency) => currency.enough);
	return new NodeOperationError(
		node,
		`Check Balance First stopped the batch before anything was sent: ${parts.join('. Also, ')}`,
		{
			itemIndex,
			description: [
				covered.length > 0 ? `Covered: ${covered.map(describeNeed).join('; ')}.` : undefined,
				short.length > 0
					? 'Top up the TYLT balance, or split the batch, then run again. Totals count the payouts this execution would really send (not those the duplicate guard finds already sent, not dry runs, not items that fail their checks), each with its network fee from TYLT’s currency list.'
					: undefined,
				check.unpriced.length > 0
					? 'Size these payouts in the settled crypto currency (no Base Currency), or turn Options → Check Balance First off for them.'
					: undefined,
			]
				.filter(Boolean)
				.join(' '),
		},
	);
}
