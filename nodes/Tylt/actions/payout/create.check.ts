/** Payout → Create's checks of one item, made for every item before anything is sent; and a dry run's report. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { commentsWithReference } from '../../../shared/referenceTag';
import type { CurrencyCatalog } from '../../helpers/currencyCatalog';
import type {
	CurrencyRecord,
	NetworkRecord,
	PayoutRecord,
	PayoutRequestBody,
} from '../../transport/records';
import { assertAgentCapSet, assertWithinAgentCap } from '../../payout/agentCap';
import { previewPayoutOnce } from '../../payout/guard';
import type { StartCheck } from '../../payout/createTraffic';
import type { Reservation } from '../../payout/dailySpendJournal';
import type { PayoutLedger } from '../../payout/ledger';
import { checkPayoutFields, validatePayout } from '../../payout/validation';
import type { OperationScope } from '../operationScope';
import { payoutReference, readPayoutInput } from './create.item';
import type { PerPayoutVerdict } from '../../../shared/spendingLimits/check';
import { limitRefusedError, payoutLimitVerdict } from './create.limits';
import { readCreateOptions, type CreateOptions } from './create.options';

/** An item checked and ready to send: everything a real send needs, known before any item is sent. */
export interface ReadyPayout {
	itemIndex: number;
	options: CreateOptions;
	body: PayoutRequestBody;
	reference: string;
	formerReferences: string[];
	/** Set when the duplicate guard is on. */
	guard?: { ledger: PayoutLedger; account: string };
	/** Set when the credential has Max Amount per 24 Hours and the payout fits (create.dailyLimit.ts). */
	daily?: DailyStartCheck;
}

/** Max Amount per 24 Hours at a create's start (create.dailyLimit.ts's DailyLimitGate). */
export interface DailyStartCheck {
	startCheck(payout: Pick<ReadyPayout, 'itemIndex' | 'body'>): StartCheck & {
		/** The create's reservation, once the decision let it start. */
		reserved(): Reservation | undefined;
	};
}

/** An item as the checks left it: ready to send, or (Dry Run) answered with a report. */
export interface CheckedPayout extends ReadyPayout {
	/** The currency list the item was checked against. */
	catalog: CurrencyCatalog;
	/** Set for a dry run: what the item would do; nothing is sent for it. */
	dryRunReport?: IDataObject;
}

/**
 * One item checked as a real send checks it, before anything of the execution is sent: a payout to send, or a
 * dry run's report. Check Balance First comes after every item is checked (create.balanceCheck.ts).
 */
export async function checkItem(
	this: IExecuteFunctions,
	itemIndex: number,
	scope: OperationScope,
): Promise<CheckedPayout> {
	const options = readCreateOptions(this, itemIndex);
	// An agent choosing amounts and addresses on its own must not move money without a cap the user set.
	const runsAsAgentTool = this.getNode().type.endsWith('Tool');
	if (runsAsAgentTool) assertAgentCapSet(this.getNode(), options.agentCap, itemIndex);
	const input = readPayoutInput(this, itemIndex);
	checkPayoutFields(this.getNode(), input, itemIndex);
	// Two independent reads, made at once: against a remote TYLT a payout then waits one round trip less.
	// (Promise.all also handles the other read's failure when one fails.)
	const [catalog, ledger] = await Promise.all([
		scope.currencyCatalog(itemIndex, options.timeoutMs),
		options.duplicateGuard
			? scope.payoutLedger(itemIndex, options.lookBackHours, options.timeoutMs)
			: undefined,
	]);
	const checked = validatePayout(this.getNode(), input, catalog, itemIndex);
	if (runsAsAgentTool) assertWithinAgentCap(this.getNode(), options.agentCap, checked, itemIndex);

	const { reference, formerReferences } = payoutReference(this, options, checked);
	const body: PayoutRequestBody = {
		...checked,
		comments: commentsWithReference(checked.comments, reference),
	};
	if (options.referenceAsMerchantOrderId) body.merchantOrderId = reference;

	// The credential's per-payout limits, before anything is sent: a batch with Continue On Fail pays the rest.
	const limits = payoutLimitVerdict(await scope.spendingLimitTexts(), body);
	if (!limits.allowed && !options.dryRun) {
		throw limitRefusedError(this.getNode(), itemIndex, limits.refusedBecause);
	}
	const guard = ledger ? { ledger, account: await scope.tyltAccount() } : undefined;
	if (options.dryRun) {
		// No claim: a dry run must never hold up, or wait for, a run that sends.
		const report = guard
			? dryRunWithGuard.call(this, catalog, guard, {
					body,
					reference,
					formerReferences,
					itemIndex,
					lookBackHours: options.lookBackHours,
				})
			: dryRunReport(catalog, body, reference, undefined, false);
		return {
			itemIndex,
			options,
			body,
			reference,
			formerReferences,
			guard,
			catalog,
			dryRunReport: withSpendingLimits(report, limits),
		};
	}
	// A dry row after this one, in this execution, then reports the reference as already sent.
	guard?.ledger.plan(reference);
	return { itemIndex, options, body, reference, formerReferences, guard, catalog };
}

/**
 * A dry run's report with what the credential's per-payout limits say: refused (nothing would be sent), or
 * allowed by the Allowed Recipient Addresses entry named.
 */
function withSpendingLimits(report: IDataObject, limits: PerPayoutVerdict): IDataObject {
	if (!limits.allowed) {
		return {
			...report,
			wouldSend: false,
			spendingLimits: { allowed: false, refusedBecause: limits.refusedBecause },
		};
	}
	if (limits.allowedBy === undefined) return report;
	return { ...report, spendingLimits: { allowed: true, allowedBy: limits.allowedBy } };
}

/** A dry run sees what a real run would: the ledger, this process's recent payouts, references in doubt. */
function dryRunWithGuard(
	this: IExecuteFunctions,
	catalog: CurrencyCatalog,
	scope: Parameters<typeof previewPayoutOnce>[0],
	payout: Parameters<typeof previewPayoutOnce>[1],
): IDataObject {
	const preview = previewPayoutOnce.call(this, scope, payout);
	const report = dryRunReport(
		catalog,
		payout.body,
		payout.reference,
		preview.existing,
		preview.alreadyPlanned,
	);
	if (preview.inDoubt) {
		report.wouldSend = false;
		report.inDoubt = true;
	}
	return report;
}

/** What a payout would do, from the same checks and body a real send uses. */
function dryRunReport(
	catalog: CurrencyCatalog,
	body: PayoutRequestBody,
	reference: string,
	existing: PayoutRecord | undefined,
	alreadyPlanned: boolean,
): IDataObject {
	const currency = catalog.findCurrency(body.settledCurrency) as CurrencyRecord;
	const network = catalog.findNetwork(currency, body.networkSymbol) as NetworkRecord;
	return {
		dryRun: true,
		wouldSend: !existing && !alreadyPlanned,
		alreadySent: Boolean(existing) || alreadyPlanned,
		merchantReference: reference,
		amount: body.baseAmount,
		amountCurrency: body.baseCurrency ?? body.settledCurrency,
		settledCurrency: body.settledCurrency,
		networkSymbol: body.networkSymbol,
		networkFee: network.networkFees,
		minimumWithdrawal: network.minimumWithdrawal,
		maximumWithdrawal: network.maximumWithdrawal,
		request: body,
		...(existing ? { existingPayout: existing } : {}),
	};
}
