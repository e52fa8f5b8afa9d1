// Payout → Create's parameters: a field both versions show is written once, the other's words laid over it.
import type { INodeProperties } from 'n8n-workflow';

import { MEMO_NETWORKS, MEMO_NOTICE } from '../../addresses';
import { MAX_REFERENCE_LENGTH } from '../../payout/references';
import {
	FROM_VERSION_2,
	FROM_VERSION_3,
	VERSION_1,
	VERSION_2,
	VERSIONS_1_AND_2,
} from '../nodeVersion';
import {
	CREATE_OPTION_LABELS,
	DEFAULT_CONCURRENT_PAYOUTS,
	MAX_CONCURRENT_PAYOUTS,
	MAX_PAYOUTS_PER_SECOND,
} from './create.options';
import { optionsCollection } from '../panel';

const comments: INodeProperties = {
	displayName: 'Comments',
	name: 'comments',
	type: 'string',
	default: '',
	description: 'A note stored with the payout',
};

const customerName: INodeProperties = {
	displayName: 'Customer Name',
	name: 'customerName',
	type: 'string',
	default: '',
	description: 'Who is being paid, as shown in the TYLT dashboard',
};

const baseCurrency: INodeProperties = {
	displayName: 'Base Currency',
	name: 'baseCurrency',
	type: 'string',
	default: '',
	placeholder: 'e.g. USD',
	description:
		'A 3-letter fiat code. When set, Base Amount is in this currency and TYLT converts it to crypto.',
};

const callBackUrl: INodeProperties = {
	displayName: 'Callback URL',
	name: 'callBackUrl',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://n8n.example.com/webhook/…',
	description:
		'TYLT posts every status change of this payout here. Use the production URL of a TYLT Trigger node.',
};

const redirectUrl: INodeProperties = {
	displayName: 'Redirect URL',
	name: 'redirectUrl',
	type: 'string',
	default: '',
	description: 'Where TYLT sends the customer after the transaction completes',
};

// Version 2 opens on what a user decides: currency, network and address, then amount, its currency, reference.
const showForV2 = { resource: ['payout'], operation: ['create'], '@version': FROM_VERSION_2 };

/** Amount In's two values: an item whose Amount In is neither (a hand-edited workflow) fails, nothing sent. */
export const AMOUNT_IN_SETTLED = 'settledCurrency';
export const AMOUNT_IN_FIAT = 'fiat';

const amountFields: INodeProperties[] = [
	{
		displayName: 'Amount In',
		name: 'amountIn',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Settled Currency',
				value: AMOUNT_IN_SETTLED,
				description: 'The amount is crypto, e.g. 25 USDT',
			},
			{
				name: 'Fiat Currency',
				value: AMOUNT_IN_FIAT,
				description: 'The amount is fiat, e.g. 25 USD, and TYLT converts it to the settled crypto',
			},
		],
		default: AMOUNT_IN_SETTLED,
		description: 'What the Base Amount is counted in',
		displayOptions: { show: showForV2 },
	},
	{
		...baseCurrency,
		required: true,
		description: 'The ISO 4217 fiat code the Base Amount is in (not a crypto symbol)',
		// Shown only with Fiat Currency, so the hint about TYLT's rate is only there when it applies.
		hint: 'How much crypto the recipient gets depends on TYLT’s rate when the payout is made',
		displayOptions: { show: { ...showForV2, amountIn: [AMOUNT_IN_FIAT] } },
	},
	{
		// Text, empty until filled: n8n flags an empty required text field on the canvas, never a number field.
		displayName: 'Base Amount',
		name: 'baseAmount',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 25',
		description: 'How much to pay, in the currency chosen under Amount In',
		builderHint: {
			propertyHint:
				'A plain decimal such as 25, or an expression giving one from the item; in the settled crypto unless Amount In is Fiat Currency',
		},
		displayOptions: { show: showForV2 },
	},
	{
		displayName: CREATE_OPTION_LABELS.reference,
		name: 'reference',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.invoiceNumber }}',
		description: `Your own ID for this one payment (invoice, order or row ID), at most ${MAX_REFERENCE_LENGTH} characters`,
		builderHint: {
			propertyHint:
				'Always set it to an expression giving this payment’s own ID from the item, such as {{ $json.invoiceNumber }} or an order or row ID: never a constant, a time or a random value, and never empty. A re-run or retry is recognised as already paid by it.',
		},
		displayOptions: { show: showForV2 },
	},
	{
		// A notice, not the field's hint: n8n hides a hint once the field holds an expression, which is how
		// Reference is usually set, and this is the one place the panel explains the duplicate guard.
		displayName:
			'One Reference per payment: a payout whose reference was already paid is skipped, never sent twice. Left empty, an identical payout from this node within the look-back counts as paid.',
		name: 'referenceNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: showForV2 },
	},
];

const additionalFields: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	displayOptions: { show: showForV2 },
	options: [
		{
			...callBackUrl,
			description: 'Where TYLT posts every status change of this payout',
			builderHint: {
				propertyHint:
					'The Production URL of a TYLT Trigger node (…/webhook/<webhookId>/webhook, as that trigger shows it), never its Test URL (/webhook-test/); leave it out when no workflow follows the payout',
			},
			hint: 'Paste the Production URL of a TYLT Trigger node; its Test URL only answers while the editor listens for a test event',
		},
		comments,
		customerName,
		redirectUrl,
	],
};

// Version 2's options in the order a user decides them: choices first, the engine's knobs, the agent's cap last.
const timeout: INodeProperties = {
	displayName: CREATE_OPTION_LABELS.timeoutSeconds,
	name: 'timeoutSeconds',
	type: 'number',
	typeOptions: { minValue: 0.1, numberPrecision: 1 },
	// REQUEST_TIMEOUT_MS in seconds (n8n's lint wants the literal here).
	default: 60,
	description: 'How long to wait for each answer from TYLT',
};

const dryRun: INodeProperties = {
	displayName: CREATE_OPTION_LABELS.dryRun,
	name: 'dryRun',
	type: 'boolean',
	default: false,
	description:
		'Whether to check every payout and output what would be sent, without sending anything',
};

const checkBalanceFirst: INodeProperties = {
	displayName: CREATE_OPTION_LABELS.checkBalanceFirst,
	name: 'checkBalanceFirst',
	type: 'boolean',
	default: false,
	description:
		'Whether to send nothing at all when the TYLT balance cannot cover every payout of the run',
};

const duplicateGuard: INodeProperties = {
	displayName: CREATE_OPTION_LABELS.duplicateGuard,
	name: 'duplicateGuard',
	type: 'boolean',
	default: true,
	description: 'Whether to skip a payout whose reference was already paid (keep it on)',
};

const maxPayoutsPerSecond: INodeProperties = {
	displayName: CREATE_OPTION_LABELS.maxPayoutsPerSecond,
	name: 'maxPayoutsPerSecond',
	type: 'number',
	typeOptions: { minValue: 0, maxValue: MAX_PAYOUTS_PER_SECOND },
	default: 0,
	description:
		'How fast payouts may start, for an account with a rate limit (0: as fast as TYLT allows)',
};

const lookBack: INodeProperties = {
	displayName: CREATE_OPTION_LABELS.lookBackHours,
	name: 'lookBackHours',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 168,
	description: 'How far back in TYLT payout history the duplicate guard looks for a reference',
};

const inDoubtCheck: INodeProperties = {
	displayName: CREATE_OPTION_LABELS.inDoubtCheckSeconds,
	name: 'inDoubtCheckSeconds',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 30,
	description:
		'How long to look for a payout in TYLT history when its create got no answer, before reporting it as unknown',
};

// Hidden from Add Option (off is right for everyone) but shown once on: n8n drops a hidden option's saved value.
const referenceAsMerchantOrderId: INodeProperties = {
	displayName: CREATE_OPTION_LABELS.referenceAsMerchantOrderId,
	name: 'referenceAsMerchantOrderId',
	type: 'boolean',
	default: false,
	description:
		'Whether to also send the reference as merchantOrderId, a field TYLT does not document',
};

const agentMaxAmount: INodeProperties = {
	displayName: CREATE_OPTION_LABELS.toolMaxAmount,
	name: 'toolMaxAmount',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 0,
	description: 'The largest Base Amount an AI agent may pay per call (0: agents cannot pay)',
};

const agentMaxAmountCurrency: INodeProperties = {
	displayName: CREATE_OPTION_LABELS.toolMaxAmountCurrency,
	name: 'toolMaxAmountCurrency',
	type: 'string',
	default: '',
	placeholder: 'e.g. USDT',
	description:
		'The currency AI Agent Max Amount is in (a crypto symbol, or a fiat code for fiat amounts)',
};

const optionsUpToAgentCap = [
	dryRun,
	checkBalanceFirst,
	{
		...duplicateGuard,
		builderHint: {
			propertyHint:
				'Keep true (the default): never set it false, which makes a re-run or retry pay the same items again',
		},
		hint: 'Off, a re-run or a retry of the same items pays them again',
	},
	maxPayoutsPerSecond,
	lookBack,
	inDoubtCheck,
	timeout,
	{
		...referenceAsMerchantOrderId,
		displayOptions: { show: { referenceAsMerchantOrderId: [true] } },
	},
];

const optionsV2 = optionsCollection({ ...showForV2, '@version': VERSION_2 }, [
	...optionsUpToAgentCap,
	{
		...agentMaxAmount,
		builderHint: {
			propertyHint:
				'Leave 0 unless the user explicitly asks for an AI agent to send payouts through this node, and then only up to the amount they name',
		},
	},
	agentMaxAmountCurrency,
]);

// Version 3 writes the agent's cap as the credential's limits are ("USDT 100"): one field, one reading.
const optionsV3 = optionsCollection({ ...showForV2, '@version': FROM_VERSION_3 }, [
	...optionsUpToAgentCap,
	{
		displayName: CREATE_OPTION_LABELS.agentMaxAmount,
		name: 'agentMaxAmount',
		type: 'string',
		default: '',
		placeholder: 'e.g. USDT 100',
		description:
			'The largest amount an AI agent may pay per call, with its currency: USDT 100, or USD 100 for fiat amounts (empty: agents cannot pay)',
		builderHint: {
			propertyHint:
				'Leave empty unless the user explicitly asks for an AI agent to send payouts through this node, and then write the amount they name with its currency, such as USDT 100',
		},
	},
]);

const showFor = { resource: ['payout'], operation: ['create'] };
const showForV1 = { ...showFor, '@version': VERSION_1 };
const showForV1AndV2 = { ...showFor, '@version': VERSIONS_1_AND_2 };
const showForV3 = { ...showFor, '@version': FROM_VERSION_3 };

// Version 3's lists load when opened, with the credential the node has by then: an `options` field loads when the
// panel mounts, which n8n's editor does before it attaches the credential to a node added after a trigger.
// "By Symbol" takes a typed symbol or an expression; execution reads either with extractValue.
function listedOnOpen(
	field: Pick<INodeProperties, 'displayName' | 'name' | 'description' | 'typeOptions'>,
	searchListMethod: string,
	[listPlaceholder, symbolPlaceholder]: [string, string],
): INodeProperties {
	return {
		...field,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: listPlaceholder,
				typeOptions: { searchListMethod, searchable: true },
			},
			{ displayName: 'By Symbol', name: 'id', type: 'string', placeholder: symbolPlaceholder },
		],
		displayOptions: { show: showForV3 },
	};
}

const listsV3: INodeProperties[] = [
	listedOnOpen(
		{
			displayName: 'Settled Currency',
			name: 'settledCurrency',
			description: 'The crypto currency the recipient receives',
		},
		'searchCurrencies',
		['Select a currency…', 'e.g. USDT'],
	),
	listedOnOpen(
		{
			displayName: 'Network',
			name: 'networkSymbol',
			description: 'The blockchain network to pay out on',
			// The list follows the chosen currency: n8n reloads it when Settled Currency changes.
			typeOptions: { loadOptionsDependsOn: ['settledCurrency.value'] },
		},
		'searchNetworks',
		['Select a network…', 'e.g. TRX'],
	),
];

const optionsV1 = optionsCollection(showForV1, [
	{
		...agentMaxAmount,
		description:
			'When an AI agent uses this node as a tool, the largest Base Amount it may pay per call, in AI Agent Max Amount Currency. 0 (the default) means agents cannot create payouts.',
	},
	{
		...agentMaxAmountCurrency,
		description:
			'The currency AI Agent Max Amount is in: a crypto symbol (USDT) for payouts sized in crypto, or a fiat code (USD) for payouts with a Base Currency. An agent’s payout in any other currency is refused.',
	},
	{
		...checkBalanceFirst,
		description:
			'Whether to compare what all items will debit per currency (amount plus network fee) with one read of the TYLT balance before the first payout, and send nothing when it falls short',
	},
	{
		displayName: CREATE_OPTION_LABELS.concurrentPayouts,
		name: 'concurrentPayouts',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_CONCURRENT_PAYOUTS, numberPrecision: 0 },
		default: DEFAULT_CONCURRENT_PAYOUTS,
		description:
			'How many payouts of one execution may be on their way to TYLT at once (the smallest value any item sets counts); a TYLT HTTP 429 halves it for the rest of the run',
	},
	{
		...dryRun,
		description:
			'Whether to check everything and return what would be sent (amount, network fee, limits, reference) without sending',
	},
	{
		...duplicateGuard,
		description:
			'Whether to skip a payout whose reference TYLT already has or this n8n already sent, returning the existing payout. Keep it on: re-runs and retries then never pay twice.',
	},
	{
		...lookBack,
		description:
			'How far back the duplicate guard searches TYLT payout history. Only payouts inside this window count. A window holding more than 10,000 payouts is an error that says which look-back fits.',
	},
	{
		...inDoubtCheck,
		description:
			'When a create gets no usable answer (timeout, dropped connection), how long to look for the payout in TYLT history before reporting the outcome as unknown. 0 reports it at once.',
	},
	{
		displayName: CREATE_OPTION_LABELS.pauseBetweenPayoutsMs,
		name: 'pauseBetweenPayoutsMs',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description:
			'Milliseconds to wait between two payouts of one execution, for large batches (TYLT documents no rate limit)',
	},
	{
		displayName: CREATE_OPTION_LABELS.reference,
		name: 'reference',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.row_number }}',
		description:
			'Identifies this payout so it is never sent twice, e.g. a spreadsheet row ID or invoice number. Empty: derived from recipient, currency, network and amount.',
	},
	{
		...referenceAsMerchantOrderId,
		description:
			'Whether to also send the reference as merchantOrderId, a field TYLT’s create documentation does not list. The reference always travels in the comments, which is where the guard finds it.',
	},
	timeout,
]);

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
		displayOptions: { show: showForV1AndV2 },
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
		displayOptions: { show: showForV1AndV2 },
	},
	...listsV3,
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
		options: [baseCurrency, callBackUrl, comments, customerName, redirectUrl],
	},
	optionsV1,
	...amountFields,
	additionalFields,
	optionsV2,
	optionsV3,
];
