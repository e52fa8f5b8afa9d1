/** The spending-limit fields' names, labels and panel properties, once, so errors and panel share each label. */
import type { INodeProperties } from 'n8n-workflow';

export const LIMIT_FIELDS = {
	maxAmountPerPayout: 'Max Amount per Payout',
	maxAmountPer24Hours: 'Max Amount per 24 Hours',
	allowedAddresses: 'Allowed Recipient Addresses',
} as const;

export type LimitFieldName = keyof typeof LIMIT_FIELDS;

/** The fields as the credential stores them: text, empty when no limit is set. */
export type SpendingLimitTexts = Partial<Record<LimitFieldName, string>>;

/** The fields' text from a decrypted credential; anything that is not text is read as its string form. */
export function spendingLimitTexts(credentials: Record<string, unknown>): SpendingLimitTexts {
	const texts: SpendingLimitTexts = {};
	for (const name of Object.keys(LIMIT_FIELDS) as LimitFieldName[]) {
		const value = credentials[name];
		if (value !== undefined && value !== null) texts[name] = String(value);
	}
	return texts;
}

export const SPENDING_LIMIT_PROPERTIES: INodeProperties[] = [
	{
		displayName:
			'Spending limits bind every workflow that uses this credential, the HTTP Request node and AI agents included. Leave a field empty for no limit. A limit that cannot be read stops every payout: on Save, More details under n8n’s connection error names it.',
		name: 'spendingLimitsNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: LIMIT_FIELDS.maxAmountPerPayout,
		name: 'maxAmountPerPayout',
		type: 'string',
		default: '',
		placeholder: 'USDT 500, USDC 500, EUR 450',
		description:
			'The largest amount one payout may have, per currency: symbol and amount pairs separated by commas. A payout sized in a fiat Base Currency needs both that currency and its settled currency listed; a crypto Base Currency is refused. A currency not listed cannot be paid.',
	},
	{
		displayName: LIMIT_FIELDS.maxAmountPer24Hours,
		name: 'maxAmountPer24Hours',
		type: 'string',
		default: '',
		placeholder: 'USDT 2000, USDC 2000',
		description:
			'The most that payouts may add up to in any 24 hours, per settled currency, counted from TYLT history. Only the TYLT node can pay while it is set, in amounts of the settled currency.',
	},
	{
		displayName: LIMIT_FIELDS.allowedAddresses,
		name: 'allowedAddresses',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		placeholder: 'TRX:T…, BSC:0x…',
		description:
			'Only these recipients can be paid, separated by commas or line breaks. NETWORK:address (TRX:T…, BSC:0x…) allows one on that network only; a bare address, on every network.',
	},
];
