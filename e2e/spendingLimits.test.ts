/**
 * Issue #26 in a real n8n: a TYLT API credential with spending limits binds the HTTP Request node, which never
 * goes through the TYLT node's own checks (over a limit or to a recipient not listed, nothing reaches TYLT),
 * and the TYLT node, which checks every item before anything is sent and adds up the last 24 hours of TYLT's
 * history for Max Amount per 24 Hours. While that limit is set, the HTTP Request node cannot pay at all. An
 * address tied to a network (`ETH:0x…`) is paid on that network only, through either node.
 */
import { randomUUID } from 'node:crypto';

import { failureOf, outputOf, ownInvoices, useE2e } from './support/context';
import { examples } from './support/examples';
import { formatRecordTime } from '../sandbox/clock';
import { HTTP_REQUEST_PAYOUT, httpRequestPayout } from './support/httpRequestPayout';

const e2e = useE2e();
const CREATE = '/transactions/merchant/createPayoutRequest';

type Credential = { id: string; name: string };
// Deleted after the file: the other files find the one TYLT credential a new user has, which n8n attaches.
const limitedCredentials: Credential[] = [];
async function limitedCredential(limits: Record<string, string>): Promise<Credential> {
	const { url, apiKey, apiSecret } = e2e.state.sandbox;
	const created = await e2e.n8n.createCredential({
		name: `TYLT with spending limits ${randomUUID().slice(0, 6)}`,
		type: 'tyltApi',
		data: { apiKey, apiSecret, baseUrl: url, ...limits },
	});
	limitedCredentials.push(created);
	return created;
}
afterAll(async () => {
	for (const { id } of limitedCredentials) await e2e.n8n.api('DELETE', `/credentials/${id}`);
});

/** An EIP-55 address valid on every EVM network, allowed on Ethereum only by tiedCredential. */
const EVM_WALLET = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

let credential: Credential;
/** Max Amount per 24 Hours of 80 USDT and 80 USDC. */
let dailyCredential: Credential;
/** Allowed Recipient Addresses: EVM_WALLET on ETH only, and the HTTP Request payout's TRON address bare. */
let tiedCredential: Credential;
beforeAll(async () => {
	credential = await limitedCredential({
		maxAmountPerPayout: 'usdt 50, EUR 45',
		allowedAddresses: HTTP_REQUEST_PAYOUT.address,
	});
	dailyCredential = await limitedCredential({ maxAmountPer24Hours: 'USDT 80, USDC 80' });
	tiedCredential = await limitedCredential({
		allowedAddresses: `ETH:${EVM_WALLET}\n${HTTP_REQUEST_PAYOUT.address}`,
	});
});

const pay = async (body: Record<string, unknown>, path = CREATE) =>
	await e2e.run(
		httpRequestPayout({
			url: e2e.state.sandbox.url + path,
			credential,
			body: { ...HTTP_REQUEST_PAYOUT, ...body },
		}),
	);

describe('HTTP Request node with a limited TYLT API credential', () => {
	it('pays within the limits, to the listed recipient', async () => {
		const execution = await pay({ baseAmount: 50 });

		expect(execution.status).toBe('success');
		expect(outputOf(execution, 'Pay')[0]).toMatchObject({ errorCode: 0 });
		const requests = await e2e.sandbox.requests();
		expect(requests.map((request) => [request.endpoint, request.status])).toEqual([
			['createPayout', 200],
		]);
	});

	it.each<[string, Record<string, unknown>, string, RegExp]>([
		[
			'over Max Amount per Payout',
			{ baseAmount: 50.01 },
			CREATE,
			/50\.01 USDT is above Max Amount per Payout for USDT \(50 USDT\)/,
		],
		[
			'to another address',
			{ address: 'TQ4mK4Vc3SqMpJc9nW7xK1y2z3a4b5c6d7' },
			CREATE,
			/is not in Allowed Recipient Addresses/,
		],
		[
			'sized in a fiat currency not listed',
			{ baseAmount: 10, baseCurrency: 'USD' },
			CREATE,
			/add USD and its limit/,
		],
		[
			'within the limit, on the create path spelled another way',
			{ baseAmount: 10 },
			'//transactions/merchant/CreatePayoutRequest/',
			/is not POST \/transactions\/merchant\/createPayoutRequest exactly as listed/,
		],
		[
			'through a P2P pay-out instance',
			{ isBuyTrade: 0, amount: '50000', currencySymbol: 'USDT', userDetails: { name: 'Payee' } },
			'/p2pRampsMerchant/createInstance',
			/is none of these, so it could move money past the limits\. To make this call, use a TYLT API credential without spending limits/,
		],
	])(
		'cannot pay %s: the run fails naming the limit, and nothing reaches TYLT',
		async (_case, body, path, reason) => {
			const execution = await pay(body, path);

			expect(failureOf(execution).message).toMatch(reason);
			expect(await e2e.sandbox.requests()).toEqual([]);
		},
	);
});

/** Where payoutRows pays: USDT on Tron unless a test needs a currency of its own. */
interface Destination {
	settledCurrency: string;
	networkSymbol: string;
	wallet: string;
}
const USDT_ON_TRON: Destination = {
	settledCurrency: 'USDT',
	networkSymbol: 'TRX',
	wallet: HTTP_REQUEST_PAYOUT.address,
};

/** examples/create-payout.json with these rows and credential; an item's error goes out as its output item. */
function payoutRows(limited: Credential, amounts: number[], destination = USDT_ON_TRON) {
	const workflow = examples.useCredential(examples.load('createPayout'), limited);
	ownInvoices(
		e2e,
		workflow,
		amounts.map((amount, row) => ({
			invoice: `INV-LIMIT-${row}-${amount}`,
			name: 'Limited Example',
			wallet: destination.wallet,
			amount,
		})),
	);
	const send = examples.node(workflow, 'Send payout');
	// As the version-3 node saves a pick From List.
	send.parameters.settledCurrency = {
		__rl: true,
		mode: 'list',
		value: destination.settledCurrency,
	};
	send.parameters.networkSymbol = { __rl: true, mode: 'list', value: destination.networkSymbol };
	delete send.parameters.additionalFields.callBackUrl;
	send.onError = 'continueRegularOutput';
	return workflow;
}

/** A createdAt `hours` ago, as TYLT writes it. */
const hoursAgo = (hours: number) => formatRecordTime(Date.now() - hours * 3_600_000);

/** Per output item of Send payout: paid, or refused (the item's error). */
const outcomes = (execution: Parameters<typeof outputOf>[0]) =>
	outputOf(execution, 'Send payout').map((item) => (item.error ? 'refused' : 'paid'));

async function amountsPaid(): Promise<number[]> {
	return (await e2e.sandbox.requests())
		.filter((request) => request.endpoint === 'createPayout')
		.map((request) => JSON.parse(request.rawBody).baseAmount);
}

describe('TYLT node with a limited TYLT API credential', () => {
	it('checks Max Amount per Payout for each item before sending: the items within it are paid', async () => {
		const execution = await e2e.run(payoutRows(credential, [25, 60, 12]));

		expect(outcomes(execution)).toEqual(['paid', 'refused', 'paid']);
		expect(String(outputOf(execution, 'Send payout')[1].error)).toMatch(
			/item 1 was not sent: .*60 USDT is above Max Amount per Payout for USDT \(50 USDT\)/,
		);
		expect(await amountsPaid()).toEqual([25, 12]);
	});

	it('pays a batch under Max Amount per 24 Hours with earlier payouts in history: what does not fit is not sent', async () => {
		await e2e.sandbox.seedPayouts(1, { createdAt: hoursAgo(2), settledAmountRequested: 30 });
		// Neither a failed payout nor one older than 24 hours counts.
		await e2e.sandbox.seedPayouts(1, {
			createdAt: hoursAgo(1),
			status: 'Failed',
			settledAmountRequested: 500,
		});
		await e2e.sandbox.seedPayouts(1, { createdAt: hoursAgo(30), settledAmountRequested: 500 });

		const execution = await e2e.run(payoutRows(dailyCredential, [25, 40, 20]));

		expect(outcomes(execution)).toEqual(['paid', 'refused', 'paid']);
		expect(String(outputOf(execution, 'Send payout')[1].error)).toMatch(
			/40 USDT would take the last 24 hours to 95 USDT, above Max Amount per 24 Hours for USDT \(80 USDT\)/,
		);
		expect(await amountsPaid()).toEqual([25, 20]);
	});

	it('two executions at once under Max Amount per 24 Hours: the room is spent once', async () => {
		// USDC, which no other test of this n8n process pays under a 24-hour limit: the process keeps what it
		// reserved for 24 hours, while the sandbox's history starts empty in every test.
		const usdcOnEthereum = {
			settledCurrency: 'USDC',
			networkSymbol: 'ETH',
			wallet: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
		};
		// Stored one after the other (n8n 1.123's SQLite refuses two workflow saves at once), then run at once.
		const first = await e2e.create(payoutRows(dailyCredential, [50], usdcOnEthereum));
		const second = await e2e.create(payoutRows(dailyCredential, [45], usdcOnEthereum));
		const executions = await Promise.all(
			[first, second].map(async (stored) => await e2e.n8n.runWorkflowOnce(stored.id)),
		);

		const items = executions.flatMap((execution) => outputOf(execution, 'Send payout'));
		expect(items.filter((item) => item.error).map((item) => String(item.error))).toEqual([
			expect.stringMatching(/above Max Amount per 24 Hours for USDC \(80 USDC\)/),
		]);
		expect((await amountsPaid()).length).toBe(1);
	});

	it('Cancelled, Expired and Rejected payouts that debited nothing take no room', async () => {
		// DAI, which no other test of this n8n process pays: the process keeps what it reserved for 24 hours.
		const daiCredential = await limitedCredential({ maxAmountPer24Hours: 'DAI 100' });
		for (const status of ['Cancelled', 'Expired', 'Rejected']) {
			await e2e.sandbox.seedPayouts(1, {
				createdAt: hoursAgo(1),
				status,
				settledCurrency: 'DAI',
				settledAmountRequested: 90,
			});
		}
		const daiOnEthereum = { settledCurrency: 'DAI', networkSymbol: 'ETH', wallet: EVM_WALLET };

		const execution = await e2e.run(payoutRows(daiCredential, [20], daiOnEthereum));

		expect(outcomes(execution)).toEqual(['paid']);
		expect(await amountsPaid()).toEqual([20]);
	});

	it('the HTTP Request node cannot pay while Max Amount per 24 Hours is set', async () => {
		const execution = await e2e.run(
			httpRequestPayout({ url: e2e.state.sandbox.url + CREATE, credential: dailyCredential }),
		);

		expect(failureOf(execution).message).toMatch(
			/Max Amount per 24 Hours is set, and only the TYLT node's Payout → Create can add up/,
		);
		expect(await e2e.sandbox.requests()).toEqual([]);
	});
});

describe('Allowed Recipient Addresses tied to a network', () => {
	const payWith = async (limited: Credential, body: Record<string, unknown>) =>
		await e2e.run(
			httpRequestPayout({
				url: e2e.state.sandbox.url + CREATE,
				credential: limited,
				body: { ...HTTP_REQUEST_PAYOUT, ...body },
			}),
		);
	const networksPaid = async () =>
		(await e2e.sandbox.requests())
			.filter((request) => request.endpoint === 'createPayout')
			.map((request) => JSON.parse(request.rawBody).networkSymbol as string);

	it('the HTTP Request node pays the address on its network and cannot pay it on another', async () => {
		const onEthereum = await payWith(tiedCredential, {
			address: EVM_WALLET,
			networkSymbol: 'ETH',
			baseAmount: 25,
		});
		expect(onEthereum.status).toBe('success');

		const onBsc = await payWith(tiedCredential, {
			address: EVM_WALLET,
			networkSymbol: 'BSC',
			baseAmount: 25,
		});
		expect(failureOf(onBsc).message).toContain(
			`Allowed Recipient Addresses allows the recipient "${EVM_WALLET}" only on ETH, not on BSC`,
		);
		// A bare entry still allows its address wherever it is sent.
		const bare = await payWith(tiedCredential, {});
		expect(bare.status).toBe('success');
		expect(await networksPaid()).toEqual(['ETH', 'TRX']);
	});

	it('the TYLT node pays the address on its network and refuses it on another, sending nothing for it', async () => {
		const toEvmWallet = (networkSymbol: string) => ({
			settledCurrency: 'USDT',
			networkSymbol,
			wallet: EVM_WALLET,
		});
		const onEthereum = await e2e.run(payoutRows(tiedCredential, [25], toEvmWallet('ETH')));
		const onBsc = await e2e.run(payoutRows(tiedCredential, [26], toEvmWallet('BSC')));

		expect(outcomes(onEthereum)).toEqual(['paid']);
		expect(outcomes(onBsc)).toEqual(['refused']);
		expect(String(outputOf(onBsc, 'Send payout')[0].error)).toMatch(
			/item 0 was not sent: .*only on ETH, not on BSC/,
		);
		expect(await networksPaid()).toEqual(['ETH']);
	});

	it('a malformed entry stops every payout, naming it', async () => {
		const malformed = await limitedCredential({
			allowedAddresses: `ETH:${EVM_WALLET}, TRX:${EVM_WALLET}`,
		});
		const execution = await payWith(malformed, { address: EVM_WALLET, networkSymbol: 'ETH' });

		expect(failureOf(execution).message).toContain(
			`Allowed Recipient Addresses cannot be read: "TRX:${EVM_WALLET}" is not a TRX address`,
		);
		expect(await e2e.sandbox.requests()).toEqual([]);
	});
});
