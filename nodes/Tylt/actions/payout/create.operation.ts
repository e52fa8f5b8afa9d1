import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { MEMO_NETWORKS, MEMO_NOTICE } from '../../addresses';
import type { CurrencyCatalog } from '../../helpers/currencyCatalog';
import { checkPayoutFields, validatePayout } from '../../payout/validation';
import type {
	CurrencyRecord,
	NetworkRecord,
	PayoutRecord,
	PayoutRequestBody,
} from '../../helpers/types';
import { assertAgentCapSet, assertWithinAgentCap } from '../../payout/agentCap';
import { createPayoutOnce, previewPayoutOnce } from '../../payout/guard';
import { commentsWithReference } from '../../../shared/referenceTag';
import { createPayoutRequest } from '../../transport';
import { cancelSignalOf } from '../../../shared/pause';
import type { PayoutLedger } from '../../payout/ledger';
import { CreateNotStarted, CreateTraffic, type CreateTurn } from '../../payout/createTraffic';
import { rememberSent } from '../../payout/processMemory';
import type { OperationScope } from '../operationScope';
import type { ItemOutcome } from '../types';
import { checkBalanceFirst, withBalanceCheck } from './create.balanceCheck';
import { payoutReference, readPayoutInput } from './create.item';
import { optionsDescription, readCreateOptions, type CreateOptions } from './create.options';
import { comments, customerName, redirectUrl } from './create.fields';
import { createOutput } from './create.output';
import { createPanelV2 } from './create.panelV2';
import { VERSION_1 } from '../nodeVersion';

const showFor = { resource: ['payout'], operation: ['create'] };
/** Version 1's own parameters (version 2's are in create.panelV2.ts). */
const showForV1 = { ...showFor, '@version': VERSION_1 };

export const description: INodeProperties[] = [
	{
		displayName: 'Settled Currency Name or ID',
		name: 'settledCurrency',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getCurrencies' },
		required: true,
		default: '',
		description:
			'The crypto currency the recipient receives. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: showFor },
	},
	{
		displayName: 'Network Name or ID',
		name: 'networkSymbol',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getNetworks', loadOptionsDependsOn: ['settledCurrency'] },
		required: true,
		default: '',
		description:
			'The blockchain network to pay out on; only networks open for withdrawals are listed. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: showFor },
	},
	{
		displayName: MEMO_NOTICE,
		name: 'memoNetworkNotice',
		type: 'notice',
		default: '',
		// Shown only once a network whose exchange deposits need a memo is chosen from the list.
		displayOptions: { show: { ...showFor, networkSymbol: [...MEMO_NETWORKS] } },
	},
	{
		displayName: 'Address',
		name: 'address',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
		description: "The recipient's wallet address on the chosen network",
		displayOptions: { show: showFor },
	},
	{
		displayName: 'Base Amount',
		name: 'baseAmount',
		type: 'number',
		required: true,
		default: 0,
		typeOptions: { minValue: 0 },
		description:
			'How much to pay: in the settled crypto currency, or in the Base Currency when one is set under Additional Fields',
		displayOptions: { show: showForV1 },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showForV1 },
		options: [
			{
				displayName: 'Base Currency',
				name: 'baseCurrency',
				type: 'string',
				default: '',
				placeholder: 'e.g. USD',
				description:
					'A 3-letter fiat code. When set, Base Amount is in this currency and TYLT converts it to crypto.',
			},
			{
				displayName: 'Callback URL',
				name: 'callBackUrl',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://n8n.example.com/webhook/…',
				description:
					'TYLT posts every status change of this payout here. Use the production URL of a TYLT Trigger node.',
			},
			comments,
			customerName,
			redirectUrl,
		],
	},
	optionsDescription,
	...createPanelV2,
];

/** An item checked and ready to send: everything a real send needs, known before any item is sent. */
interface ReadyPayout {
	itemIndex: number;
	options: CreateOptions;
	body: PayoutRequestBody;
	reference: string;
	formerReferences: string[];
	/** Set when the duplicate guard is on. */
	guard?: { ledger: PayoutLedger; account: string };
}

/**
 * All items at once, in two steps. First every item is checked in input order, and dry runs answered, before
 * anything is sent: validation, the AI agent's cap, Check Balance First, the duplicate guard's history read.
 * Then the payouts go out, up to Concurrent Payouts at once, started in input order. Rows that share a
 * reference go one after another, so the later row outputs the earlier row's payout (alreadySent: true).
 * Without Continue On Fail, an item's error stops every payout that has not started (CreateTraffic decides
 * right before each create, after every wait), as when items ran one at a time; creates already on their way
 * finish and are recorded, and a re-run outputs them as already sent.
 */
export async function executeAll(
	this: IExecuteFunctions,
	itemIndexes: number[],
	scope: OperationScope,
): Promise<ItemOutcome[]> {
	const outcomes: ItemOutcome[] = [];
	const ready: ReadyPayout[] = [];
	for (const itemIndex of itemIndexes) {
		try {
			const checked = await checkItem.call(this, itemIndex, scope);
			if ('output' in checked) outcomes.push({ itemIndex, output: checked.output });
			else ready.push(checked);
		} catch (error) {
			outcomes.push({ itemIndex, error: error as Error });
			if (!this.continueOnFail()) break;
		}
	}
	if (ready.length === 0) return outcomes;

	const concurrency = concurrencyOf(ready);
	const traffic = new CreateTraffic(concurrency, cancelSignalOf(this), !this.continueOnFail());
	const lastOfReference = new Map<string, Promise<void>>();
	/** The first error while the batch stops at one: what a payout that did not start names as the reason. */
	let firstError: { itemIndex: number; error: Error } | undefined;
	let next = 0;
	const sendNext = async () => {
		while (!traffic.isStopped && next < ready.length) {
			const payout = ready[next++];
			const earlier = lastOfReference.get(payout.reference);
			const turn = traffic.turn();
			const settled = (async () => {
				await earlier;
				return await send.call(this, payout, turn, scope);
			})().then(
				(output) => {
					outcomes.push({ itemIndex: payout.itemIndex, output });
					turn.end();
				},
				(error: Error) => {
					firstError ??= { itemIndex: payout.itemIndex, error };
					outcomes.push({
						itemIndex: payout.itemIndex,
						error:
							error instanceof CreateNotStarted
								? notStartedError(this.getNode(), payout.itemIndex, firstError)
								: error,
					});
					turn.end(error);
				},
			);
			// The later row of a reference starts once this one's outcome is recorded (and the batch's stop, if any).
			lastOfReference.set(payout.reference, settled);
			await settled;
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, ready.length) }, sendNext));
	// Without Continue On Fail an error fails the execution, which then outputs none of these payouts.
	if (!this.continueOnFail()) tellWhatWasPaid(outcomes);
	return outcomes;
}

/** How many paid items a stopped batch's error names one by one; the rest are counted. */
const PAID_ITEMS_NAMED = 20;

/**
 * An error without Continue On Fail fails the execution, and n8n then outputs none of its payouts: those made
 * before the error, or on their way when the batch stopped. Every error of the batch names the items paid.
 */
function tellWhatWasPaid(outcomes: ItemOutcome[]): void {
	const paid = outcomes
		.filter((outcome) => 'output' in outcome && outcome.output[0]?.json.alreadySent === false)
		.map((outcome) => outcome.itemIndex)
		.sort((a, b) => a - b);
	if (paid.length === 0) return;
	const named = paid.slice(0, PAID_ITEMS_NAMED).join(', ');
	const more = paid.length > PAID_ITEMS_NAMED ? ` and ${paid.length - PAID_ITEMS_NAMED} more` : '';
	const note = `Paid in this execution all the same: item${paid.length === 1 ? '' : 's'} ${named}${more}. A run again with Duplicate Guard on outputs ${paid.length === 1 ? 'it' : 'them'} with alreadySent true instead of paying again.`;
	const errors = new Set(
		outcomes.flatMap((outcome) => ('error' in outcome ? [outcome.error] : [])),
	);
	for (const error of errors as Set<Error & { description?: string | null }>) {
		error.description = error.description ? `${error.description} ${note}` : note;
	}
}

/** A payout the batch's stop kept from starting: nothing reached TYLT, so it is "not sent", never in doubt. */
function notStartedError(
	node: INode,
	itemIndex: number,
	stop: { itemIndex: number; error: Error },
): NodeOperationError {
	return new NodeOperationError(
		node,
		`The payout of item ${itemIndex} was not sent: the error of item ${stop.itemIndex} stopped the batch before it started (${stop.error.message})`,
		{
			itemIndex,
			description:
				'Without Continue On Fail, an item’s error stops every payout that has not started yet. Nothing reached TYLT for this item: run the workflow again to send it (with Duplicate Guard on, payouts already made are output with alreadySent true).',
		},
	);
}

/**
 * How many payouts of this execution go out at once: the most cautious item's Concurrent Payouts, and one at
 * a time as soon as an item has the duplicate guard off. Without the guard nothing would output a payout that
 * was on its way when an earlier item failed, so a re-run would pay it again; one at a time, the failure stops
 * every later payout before it starts. (A reduce, not Math.min(...spread): a batch may hold many rows.)
 */
function concurrencyOf(ready: readonly ReadyPayout[]): number {
	return ready.reduce(
		(fewest, payout) => Math.min(fewest, payout.guard ? payout.options.concurrentPayouts : 1),
		Infinity,
	);
}

/** One item checked as a real send checks it; a dry run is answered here, a payout to send is returned. */
async function checkItem(
	this: IExecuteFunctions,
	itemIndex: number,
	scope: OperationScope,
): Promise<ReadyPayout | { output: INodeExecutionData[] }> {
	const options = readCreateOptions(this, itemIndex);
	// An agent choosing amounts and addresses on its own must not move money without a cap the user set.
	const runsAsAgentTool = this.getNode().type.endsWith('Tool');
	if (runsAsAgentTool) assertAgentCapSet(this.getNode(), options.agentCap, itemIndex);
	// Before anything is sent: the first item that asks checks the whole execution's total.
	const balanceCheck = options.checkBalanceFirst
		? await checkBalanceFirst.call(this, scope, itemIndex, options)
		: undefined;
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
		return { output: [{ json: withBalanceCheck(report, balanceCheck) }] };
	}
	// A dry row after this one, in this execution, then reports the reference as already sent.
	guard?.ledger.plan(reference);
	return { itemIndex, options, body, reference, formerReferences, guard };
}

/** Sends one checked payout: through the duplicate guard when it is on. */
async function send(
	this: IExecuteFunctions,
	payout: ReadyPayout,
	turn: CreateTurn,
	scope: OperationScope,
): Promise<INodeExecutionData[]> {
	const { itemIndex, options, body, reference } = payout;
	const sendCreate = async <T>(create: () => Promise<T>) =>
		await turn.send(options.pauseBetweenPayoutsMs, create);
	if (!payout.guard) {
		const payoutRecord = await sendCreate(
			async () => await createPayoutRequest.call(this, body, itemIndex, options.timeoutMs),
		);
		// Remembered like a guarded send: a guarded row or execution of this reference then outputs it.
		rememberSent(await scope.tyltAccount(), reference, payoutRecord);
		return [
			{
				json: createOutput(this, {
					record: payoutRecord,
					alreadySent: false,
					...referenceOf(payout),
				}),
			},
		];
	}
	const outcome = await createPayoutOnce.call(
		this,
		{ ...payout.guard, sendCreate },
		{
			body,
			reference,
			formerReferences: payout.formerReferences,
			itemIndex,
			lookBackHours: options.lookBackHours,
			timeoutMs: options.timeoutMs,
			inDoubtCheckMs: options.inDoubtCheckMs,
		},
	);
	return [{ json: createOutput(this, { ...outcome, ...referenceOf(payout) }) }];
}

function referenceOf(payout: ReadyPayout) {
	return { reference: payout.reference, referenceSet: payout.options.reference !== undefined };
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
