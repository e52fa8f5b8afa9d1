/** Payout → Create's checks of one item, made for every item before its create, and a dry run's report. */
import {
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	NodeOperationError,
} from 'n8n-workflow';

import { commentsWithReference } from '../../../shared/referenceTag';
import type { CurrencyRecord, NetworkRecord, PayoutRequestBody } from '../../transport/records';
import { type GuardScope, previewPayoutOnce } from '../../payout/guard';
import type { DailyLimit } from '../../payout/limits/dailyLimit';
import {
	assertAgentCapSet,
	assertWithinAgentCap,
	checkPayoutFields,
	type PayoutInput,
	validatePayout,
} from '../../payout/validation';
import type { OperationScope } from '../operationScope';
import type { PerPayoutVerdict } from '../../../shared/spendingLimits/check';
import { perPayoutVerdictOnSigning } from '../../../shared/signing';
import { credentialAccount } from '../../../shared/tyltAccount';
import { credentialData } from '../../transport/credentials';
import { type CreateOptions, readCreateOptions } from './create.options';
import { defaultReference, formerDefaultReferences } from '../../payout/references';
import { hasPanelV2 } from '../nodeVersion';
import { invalidFieldError } from '../../helpers/fieldError';
import { AMOUNT_IN_FIAT, AMOUNT_IN_SETTLED } from './create.description';
import { TYLT_ENDPOINTS } from '../../transport/calls';

/** Everything a real send needs, known before any item is sent. */
export interface ReadyPayout {
	itemIndex: number;
	options: CreateOptions;
	body: PayoutRequestBody;
	reference: string;
	formerReferences: string[];
	/** Set when the duplicate guard is on. */
	guard?: GuardScope;
	/** Set when the credential has Max Amount per 24 Hours and the batch did not refuse it (create.dailyLimit.ts). */
	daily?: DailyLimit;
}

export interface CheckedPayout extends ReadyPayout {
	network: NetworkRecord;
	/** The guard's verdict as of the batch's first send: nothing is sent for it (paid already, or by an earlier row). */
	guardSkips: boolean;
	/** Set for a dry run: what the item would do; nothing is sent for it. */
	dryRunReport?: IDataObject;
}

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
	// Two reads at once, one round trip less (and Promise.all handles the other's failure when one fails).
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
	const { fields, account } = credentialAccount(await credentialData.call(this));
	const limits = perPayoutVerdictOnSigning(
		fields,
		{
			// The create as the transport hands it to n8n (transport/calls.ts, request.ts), read by the signing.
			method: 'POST',
			url: TYLT_ENDPOINTS.createPayout,
			body,
			json: true,
		},
		account,
	);
	const guard = ledger ? { ledger, account: await scope.tyltAccount() } : undefined;
	const currency = catalog.findCurrency(body.settledCurrency) as CurrencyRecord;
	const network = catalog.findNetwork(currency, body.networkSymbol) as NetworkRecord;
	const payout = { itemIndex, options, body, reference, formerReferences, guard, network };
	// Claims nothing: a real row claims its reference at its turn, and a dry one must never hold up a real run.
	// Every row, guarded or not, gives its reference to its payout: a later guarded row of the reference meets it.
	const plannedEarlier = scope.planPayout(payout);
	const preview: ReturnType<typeof previewPayoutOnce> = guard
		? previewPayoutOnce.call(this, guard, payout, plannedEarlier)
		: { alreadyPlanned: false, skips: false };
	const decided = { ...payout, guardSkips: preview.skips };
	if (!options.dryRun) {
		// Known before the batch's first create, so refused before it: a refusal at the row's turn comes after
		// the rows before it were paid.
		if (preview.inDoubt) throw preview.inDoubt;
		// A payout TYLT already made is output, not sent: the limits bind what is sent (the signing too).
		if (!limits.allowed && !preview.existing) {
			throw limitRefusedError(this.getNode(), itemIndex, limits.refusedBecause);
		}
		return decided;
	}
	return { ...decided, dryRunReport: withSpendingLimits(dryRunReport(payout, preview), limits) };
}

/** A dry run's report with the per-payout limits' verdict: refused, or allowed by the entry named. */
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

/** What a payout would do, from the same checks and body a real send uses, and what the guard would meet. */
function dryRunReport(
	{ network, body, reference }: Pick<CheckedPayout, 'network' | 'body' | 'reference'>,
	{ existing, alreadyPlanned, inDoubt, skips }: ReturnType<typeof previewPayoutOnce>,
): IDataObject {
	return {
		dryRun: true,
		wouldSend: !skips,
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
		...(inDoubt ? { inDoubt: true } : {}),
	};
}

/**
 * Version 1 keeps Base Currency under Additional Fields; version 2 asks Amount In on the panel. Version 3's
 * currency and network are resource locators: extractValue gives the symbol picked or typed, and leaves an older
 * version's plain symbol as it is.
 */
function readPayoutInput(context: IExecuteFunctions, itemIndex: number): PayoutInput {
	const symbolOf = (name: 'settledCurrency' | 'networkSymbol') =>
		context.getNodeParameter(name, itemIndex, undefined, { extractValue: true });
	const input: PayoutInput = {
		settledCurrency: symbolOf('settledCurrency'),
		networkSymbol: symbolOf('networkSymbol'),
		address: context.getNodeParameter('address', itemIndex),
		baseAmount: context.getNodeParameter('baseAmount', itemIndex),
		...(context.getNodeParameter('additionalFields', itemIndex, {}) as Partial<PayoutInput>),
	};
	if (!hasPanelV2(context)) return input;
	// The visible choice decides, whatever else the saved JSON holds.
	delete input.baseCurrency;
	const baseCurrency = baseCurrencyV2(context, itemIndex);
	return baseCurrency === undefined ? input : { ...input, baseCurrency };
}

/** The reference the user set, else the derived one with those earlier releases derived (the guard looks too). */
function payoutReference(
	context: IExecuteFunctions,
	options: Pick<CreateOptions, 'reference'>,
	body: PayoutRequestBody,
): { reference: string; formerReferences: string[] } {
	if (options.reference !== undefined)
		return { reference: options.reference, formerReferences: [] };
	const scope = { workflowId: String(context.getWorkflow().id), nodeName: context.getNode().name };
	return {
		reference: defaultReference(scope, body),
		formerReferences: formerDefaultReferences(scope, body),
	};
}

/** Version 2's Base Currency; anything unsure fails: an amount meant as fiat must never go out as crypto units. */
function baseCurrencyV2(context: IExecuteFunctions, itemIndex: number): string | undefined {
	const amountIn = context.getNodeParameter('amountIn', itemIndex);
	if (amountIn !== AMOUNT_IN_SETTLED && amountIn !== AMOUNT_IN_FIAT) {
		throw invalidFieldError(context.getNode(), {
			label: 'Amount In',
			value: amountIn,
			reason: `it must be exactly "${AMOUNT_IN_SETTLED}" (Settled Currency) or "${AMOUNT_IN_FIAT}" (Fiat Currency), so whether the amount is crypto or fiat is not known`,
			itemIndex,
		});
	}
	if (amountIn === AMOUNT_IN_SETTLED) return undefined;
	const baseCurrency = context.getNodeParameter('baseCurrency', itemIndex, '');
	if (typeof baseCurrency !== 'string' || baseCurrency.trim() === '') {
		throw invalidFieldError(context.getNode(), {
			label: 'Base Currency',
			value: baseCurrency,
			reason: 'Amount In is Fiat Currency, so a 3-letter fiat code such as USD is required',
			itemIndex,
		});
	}
	return baseCurrency;
}

function limitRefusedError(node: INode, itemIndex: number, reason: string): NodeOperationError {
	return new NodeOperationError(
		node,
		`The payout of item ${itemIndex} was not sent: the TYLT API credential's spending limits refuse it: ${reason}`,
		{
			itemIndex,
			description:
				'The limits are fields of the TYLT API credential and bind every workflow that uses it; whoever may edit the credential can change them. Nothing was sent to TYLT for this item.',
		},
	);
}

/** What Check Balance First and Max Amount per 24 Hours count: the rows the guard's verdict sends. */
export function paidOncePerReference(payouts: readonly CheckedPayout[]): CheckedPayout[] {
	return payouts.filter((payout) => !payout.guardSkips);
}
