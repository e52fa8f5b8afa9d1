/**
 * Someone who may use the TYLT credential in the HTTP Request node tries to get a payout past Max Amount per
 * Payout or Allowed Recipient Addresses. Each request below must be refused by the credential before anything
 * reaches TYLT (the sandbox), and a limit written wrong must stop every payout. Normal use goes on: reads, a
 * payout within the limits, and a credential without the limit fields.
 *
 * Keys a server may read as a payout field are refused like the field in another letter case (`BaseAmount`): a
 * server may match JSON keys without regard to case and read whichever of two keys it met last. Lower-casing
 * does not fold every letter Unicode case-folds: `ſ` (U+017F, long s) folds to `s`, so a server matching keys
 * with Unicode folding (Go's encoding/json does, and takes the last of two matching keys) reads `baſeAmount` as
 * baseAmount, while the limits checked the other key's value.
 */
import type { IRequestOptions } from 'n8n-workflow';

import type { SpendingLimitTexts } from '../../../nodes/shared/spendingLimits/fields';
import { CREATE_PATH as CREATE, httpRequestNode } from '../../support/httpRequestNode';
import {
	credentialsFor,
	EVM_ADDRESS,
	payoutCreate,
	requestsTo,
	tronAddress,
	useTyltNode,
} from '../../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

const RECIPIENT = tronAddress('allowed');
const LIMITS: SpendingLimitTexts = {
	maxAmountPerPayout: 'USDT 500, EUR 450',
	allowedAddresses: `${RECIPIENT}\n${EVM_ADDRESS}`,
};

const payout = (fields: Record<string, unknown> = {}) => ({
	baseAmount: 100,
	address: RECIPIENT,
	settledCurrency: 'USDT',
	networkSymbol: 'TRX',
	...fields,
});
const text = (fields: Record<string, unknown> = {}) => JSON.stringify(payout(fields));

/** '~' in uri, url or baseURL stands for the sandbox's origin, known only once a test runs. */
async function send(options: Partial<IRequestOptions>, limits: SpendingLimitTexts = LIMITS) {
	const onSandbox = (value: unknown) =>
		typeof value === 'string' && value.startsWith('~') ? sandbox.url + value.slice(1) : value;
	const request: Partial<IRequestOptions> = { ...options };
	for (const key of ['uri', 'url', 'baseURL'] as const) {
		if (request[key] !== undefined)
			(request as Record<string, unknown>)[key] = onSandbox(request[key]);
	}
	return await httpRequestNode(sandbox, limits, request);
}

async function expectRefused(options: Partial<IRequestOptions>, limits?: SpendingLimitTexts) {
	const result = await send(options, limits);
	expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
	expect(sandbox.requests).toHaveLength(0);
	expect('error' in result && result.error.message).toMatch(
		/TYLT API credential (refused this (payout|request)|does not sign a URL)/,
	);
}

describe('over Max Amount per Payout', () => {
	it.each<[string, Partial<IRequestOptions>]>([
		[
			'duplicate keys in raw text',
			{ body: '{"baseAmount":1,"baseAmount":1000,' + text().slice(18) },
		],
		[
			'a unicode-escaped key',
			{ body: text({ baseAmount: 1 }).replace('"baseAmount":1', '"\\u0062aseAmount":600') },
		],
		[
			'a plain and an escaped key side by side',
			{ body: text({ baseAmount: 1 }).replace('{', '{"\\u0062aseAmount":600,') },
		],
		[
			'500.0000000000000001',
			{ body: text({ baseAmount: 1 }).replace(':1,', ':500.0000000000000001,') },
		],
		['5.01e2', { body: text({ baseAmount: 1 }).replace(':1,', ':5.01e2,') }],
		['-0', { body: text({ baseAmount: 1 }).replace(':1,', ':-0,') }],
		['1e400 (Infinity as a double)', { body: text({ baseAmount: 1 }).replace(':1,', ':1e400,') }],
		['a string "5e2"', { body: payout({ baseAmount: '5e2' }) }],
		['a string " 600 "', { body: payout({ baseAmount: ' 600 ' }) }],
		['a string "0x258"', { body: payout({ baseAmount: '0x258' }) }],
		['an object body', { body: payout({ baseAmount: 600 }) }],
		['a string body', { body: text({ baseAmount: 600 }) }],
		['a string body with spaces around', { body: `  \n${text({ baseAmount: 600 })}\n ` }],
		['BaseAmount in another case', { body: { ...payout(), BaseAmount: 600 } }],
		['the amount in qs', { body: payout(), qs: { baseAmount: 600 } }],
		['the amount in the URL query', { body: payout(), uri: `~${CREATE}?baseAmount=600` }],
		['the payout nested', { body: { payout: payout({ baseAmount: 600 }) } }],
		['the payout in a list', { body: [payout({ baseAmount: 600 })] }],
		['PUT', { method: 'PUT', body: payout({ baseAmount: 600 }) }],
		['PATCH', { method: 'PATCH', body: payout({ baseAmount: 600 }) }],
		['another path', { uri: '~/transactions/merchant/other', body: payout({ baseAmount: 600 }) }],
		[
			'url instead of uri',
			{ uri: undefined, url: `~${CREATE}`, body: payout({ baseAmount: 600 }) },
		],
		[
			'a relative url on baseURL',
			{ uri: undefined, url: CREATE, baseURL: '~', body: payout({ baseAmount: 600 }) },
		],
		['a baseCurrency not listed ("usd")', { body: payout({ baseAmount: 1, baseCurrency: 'usd' }) }],
		[
			'baseCurrency "" over the USDT limit',
			{ body: payout({ baseAmount: 600, baseCurrency: '' }) },
		],
		[
			'baseCurrency null over the USDT limit',
			{ body: payout({ baseAmount: 600, baseCurrency: null }) },
		],
		['baseCurrency "  "', { body: payout({ baseAmount: 1, baseCurrency: '  ' }) }],
		['baseCurrency 978', { body: payout({ baseAmount: 1, baseCurrency: 978 }) }],
		[
			'baseCurrency over the fiat limit',
			{ body: payout({ baseAmount: 451, baseCurrency: 'eur' }) },
		],
		[
			'a settledCurrency not listed',
			{ body: payout({ settledCurrency: 'USDC', networkSymbol: 'ETH', address: EVM_ADDRESS }) },
		],
		[
			'settledCurrency missing',
			{ body: { baseAmount: 1, address: RECIPIENT, networkSymbol: 'TRX' } },
		],
		[
			'baseAmount missing',
			{ body: { address: RECIPIENT, settledCurrency: 'USDT', networkSymbol: 'TRX' } },
		],
	])('%s', async (_case, options) => {
		await expectRefused(options);
	});
});

describe('a path TYLT might route to create, without a readable payout', () => {
	it.each([
		`${CREATE}/`,
		`/transactions//merchant/${'createPayoutRequest'}`,
		'/transactions/merchant/CREATEPAYOUTREQUEST',
		'/transactions%2Fmerchant%2FcreatePayoutRequest',
		'/transactions/merchant/create%2550ayoutRequest',
		`${CREATE};jsessionid=1`,
		`${CREATE}.json`,
		`${CREATE}?x=1`,
		`${CREATE}#frag`,
	])('GET %s is refused', async (path) => {
		await expectRefused({ method: 'GET', uri: `~${path}` });
	});

	it('POST with an empty object body is refused', async () => {
		await expectRefused({ body: '{}' });
	});
});

describe('a recipient not allowed', () => {
	it.each([
		['another Tron address', tronAddress('attacker')],
		['the allowed Tron address in lower case', RECIPIENT.toLowerCase()],
		['a zero-width space inside', `${RECIPIENT.slice(0, 5)}\u200b${RECIPIENT.slice(5)}`],
		['a Cyrillic look-alike T', `\u0422${RECIPIENT.slice(1)}`],
		['the EVM address with one hex digit changed', EVM_ADDRESS.replace(/5d359$/, '5d358')],
		['0X in capitals', EVM_ADDRESS.replace('0x', '0X')],
		['the address as a list', [RECIPIENT]],
		['no address', undefined],
	])('%s', async (_case, address) => {
		await expectRefused({ body: payout({ address }) });
	});
});

describe('a limit written wrong refuses every payout, never reads as no limit', () => {
	it.each<SpendingLimitTexts>([
		{ maxAmountPerPayout: 'USDT 1e3' },
		{ maxAmountPerPayout: 'USDT 1,000' },
		{ maxAmountPerPayout: 'USDT -5' },
		{ maxAmountPerPayout: 'USDT' },
		{ maxAmountPerPayout: '500' },
		{ maxAmountPerPayout: 'USDT 500;' },
		{ maxAmountPerPayout: 'USDT 500 USDC 100' },
		{ maxAmountPerPayout: 'USDT 500,' },
		{ maxAmountPerPayout: ',' },
		{ maxAmountPerPayout: 'USDT 500, usdt 900' },
		{ maxAmountPerPayout: '\u200bUSDT 500' },
		{ allowedAddresses: `${RECIPIENT}\u200b` },
		{ allowedAddresses: ', ,' },
	])('%j', async (limits) => {
		await expectRefused({ body: payout({ baseAmount: 1 }) }, limits);
	});
});

describe('normal use still works', () => {
	it('a payout within the limits to an allowed EVM recipient in another letter case is sent', async () => {
		const result = await send({
			body: payout({
				baseAmount: 5e2,
				settledCurrency: 'USDT',
				networkSymbol: 'ETH',
				address: EVM_ADDRESS.toLowerCase(),
			}),
		});
		expect(result).toHaveProperty('answer');
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
	});

	it('reads are signed with limits set, even limits written wrong', async () => {
		const result = await send(
			{
				method: 'GET',
				uri: `${sandbox.url}/transactions/merchant/getSupportedCryptoCurrenciesList`,
			},
			{ maxAmountPerPayout: 'USDT 1e3' },
		);
		expect(result).toHaveProperty('answer');
	});

	it('a credential saved before the limit fields existed reads and pays with the TYLT node', async () => {
		const credentials = credentialsFor(sandbox);
		expect(credentials).not.toHaveProperty('maxAmountPerPayout');
		const [item] = await tylt.run({
			credentials,
			parameters: payoutCreate({ baseAmount: 100000 / 10 }),
		});
		expect(item.json).toMatchObject({ alreadySent: false });
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
	});
});

describe('a key a server may fold to a payout field', () => {
	const RECIPIENT = tronAddress('folded-allowed');
	const LIMITS: SpendingLimitTexts = {
		maxAmountPerPayout: 'USDT 500',
		allowedAddresses: RECIPIENT,
	};
	const allowedPayout = {
		baseAmount: 100,
		address: RECIPIENT,
		settledCurrency: 'USDT',
		networkSymbol: 'TRX',
	};

	async function expectFoldedRefused(body: Record<string, unknown>) {
		const result = await httpRequestNode(sandbox, LIMITS, { body });
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
		expect('error' in result && result.error.message).toMatch(/TYLT API credential refused/);
	}

	it.each<[string, Record<string, unknown>]>([
		['baſeAmount 600 after baseAmount 100', { ...allowedPayout, baſeAmount: 600 }],
		[
			'addreſs of another recipient after the allowed address',
			{ ...allowedPayout, addreſs: tronAddress('folded-attacker') },
		],
		['ſettledCurrency USDC after USDT', { ...allowedPayout, ſettledCurrency: 'USDC' }],
		['baſeCurrency EUR on a USDT-sized payout', { ...allowedPayout, baſeCurrency: 'EUR' }],
	])('%s is refused', async (_case, body) => {
		await expectFoldedRefused(body);
	});

	it.each<[string, Record<string, unknown>]>([
		// The Kelvin sign K (U+212A) lower-cases to k, so lower-casing alone already reads it as networkSymbol.
		[
			'networ\u212aSymbol (Kelvin sign) beside networkSymbol',
			{ ...allowedPayout, networKSymbol: 'ETH' },
		],
		['BASEAMOUNT in capitals beside baseAmount', { ...allowedPayout, BASEAMOUNT: 600 }],
	])('%s is refused (lower-casing alone finds it)', async (_case, body) => {
		await expectFoldedRefused(body);
	});
});
