/**
 * Options → Check Balance First of Payout → Create, planned from the items the create's own checks passed
 * (create.check.ts): their request bodies, counted as paidOncePerReference says (what the guard skips left out,
 * a reference once). The plan is summed per settled currency and compared with one balance read before anything of
 * the execution is sent. A real item that asks is refused when the balance falls short; a dry run that asks
 * gets the check in its report.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { catalogNumber } from '../../../shared/decimalText';
import {
	balanceCheckReport,
	balanceShortError,
	checkBalance,
	type ExecutionBalanceCheck,
	type PlannedPayout,
} from '../../payout/balanceCheck';
import type { OperationScope } from '../operationScope';
import type { ItemOutcome } from '../types';
import type { CheckedPayout, ReadyPayout } from './create.check';
import { paidOncePerReference } from './create.check';

/**
 * Answers the dry runs (with the check when they asked for it) and refuses the real items that asked for it
 * when the balance falls short; the rest is ready to send. A failed or odd balance read refuses every item that
 * asked, before anything is sent (fail closed).
 */
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
