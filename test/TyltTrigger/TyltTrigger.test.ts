/**
 * The trigger as TYLT meets it: real HTTP requests to a real server, n8n-core's real webhook context,
 * answers read back as a client sees them.
 */
import type { IDataObject, IHookFunctions, INodeProperties } from 'n8n-workflow';

import { TyltTrigger } from '../../nodes/TyltTrigger/TyltTrigger.node';
import codex from '../../nodes/TyltTrigger/TyltTrigger.node.json';
import { callbackBody, p2pInstance, payInRecord, payoutRecord } from '../support/callbackSamples';
import type { TriggerReply, TriggerServer, TriggerServerOptions } from '../support/triggerServer';
import {
	API_SECRET,
	PAY_IN_SECRET,
	sign,
	signedHeaders,
	startTriggerServer,
} from '../support/triggerServer';

const servers: TriggerServer[] = [];

async function serve(options: TriggerServerOptions = {}): Promise<TriggerServer> {
	const server = await startTriggerServer(options);
	servers.push(server);
	return server;
}

afterAll(async () => {
	await Promise.all(servers.map(async (server) => await server.close()));
});

/** TYLT's required answer to every callback it should consider delivered. */
function expectOk(reply: TriggerReply) {
	expect(reply).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', text: 'ok' });
}

function expectRefused(reply: TriggerReply, reason: RegExp) {
	expect(reply.status).toBe(401);
	expect(reply.contentType).toMatch(/^application\/json/);
	expect(JSON.parse(reply.text)).toEqual({ error: expect.stringMatching(reason) });
	expect(reply.text).not.toContain(API_SECRET);
	expect(reply.text).not.toContain(PAY_IN_SECRET);
}

/** Posts `body` signed over its exact bytes with `secret`. */
async function postSigned(server: TriggerServer, body: string, secret = API_SECRET) {
	return await server.post(body, signedHeaders(body, secret));
}

describe('signature verification', () => {
	let server: TriggerServer;
	beforeAll(async () => {
		server = await serve();
	});

	it('accepts a callback signed over its raw bytes and starts one run', async () => {
		const record = payoutRecord();
		const reply = await postSigned(server, callbackBody('pay-out', record));

		expectOk(reply);
		expect(server.runs.at(-1)).toEqual([
			{
				json: {
					...record,
					event: 'payout',
					type: 'pay-out',
					merchantReference: record.merchantOrderId,
				},
			},
		]);
	});

	it('verifies the bytes as sent, whitespace and non-ASCII included, not a re-serialisation', async () => {
		const record = payoutRecord({ customerName: 'Zoë Łukasiewicz 東京', comments: 'café ✓' });
		const body = `{ "type" : "pay-out",\n  "data" : ${JSON.stringify(record, null, 2)} }\n`;
		expect(JSON.stringify(JSON.parse(body))).not.toBe(body);
		const runsBefore = server.runs.length;

		expectOk(await postSigned(server, body));
		expect(server.runs).toHaveLength(runsBefore + 1);
		expect(server.runs.at(-1)![0].json).toMatchObject({
			customerName: 'Zoë Łukasiewicz 東京',
			comments: 'café ✓',
		});
	});

	it('accepts the signature in uppercase hex', async () => {
		const body = callbackBody('pay-out', payoutRecord());
		const runsBefore = server.runs.length;

		expectOk(await server.post(body, { 'X-TLP-SIGNATURE': sign(body).toUpperCase() }));
		expect(server.runs).toHaveLength(runsBefore + 1);
	});

	it('falls back to the compact re-serialisation when the raw bytes do not match', async () => {
		const record = payoutRecord({ customerName: 'Zoë' });
		const pretty = JSON.stringify({ type: 'pay-out', data: record }, null, 2);
		const compact = JSON.stringify(JSON.parse(pretty));
		const runsBefore = server.runs.length;

		expectOk(await server.post(pretty, { 'X-TLP-SIGNATURE': sign(compact) }));
		expect(server.runs).toHaveLength(runsBefore + 1);
		expect(server.runs.at(-1)![0].json.orderId).toBe(record.orderId);
	});

	it('refuses a callback signed with another secret: 401, no run', async () => {
		const runsBefore = server.runs.length;
		const reply = await postSigned(
			server,
			callbackBody('pay-out', payoutRecord()),
			'not-the-secret',
		);

		expectRefused(reply, /does not match/);
		expect(server.runs).toHaveLength(runsBefore);
	});

	it('refuses a body changed after signing', async () => {
		const record = payoutRecord({ settledAmountSent: 25 });
		const signature = sign(callbackBody('pay-out', record));
		const tampered = callbackBody('pay-out', { ...record, settledAmountSent: 2500 });
		const runsBefore = server.runs.length;

		expectRefused(await server.post(tampered, { 'X-TLP-SIGNATURE': signature }), /does not match/);
		expect(server.runs).toHaveLength(runsBefore);
	});

	it('refuses a callback without the X-TLP-SIGNATURE header', async () => {
		const runsBefore = server.runs.length;

		expectRefused(await server.post(callbackBody('pay-out', payoutRecord())), /^Missing/);
		expect(server.runs).toHaveLength(runsBefore);
	});

	const body = callbackBody('pay-out', payoutRecord());
	const goodSignature = sign(body);
	it.each([
		['not hex', 'z'.repeat(64)],
		['too short', goodSignature.slice(0, 63)],
		['too long', `${goodSignature}00`],
		['prefixed', `sha256=${goodSignature}`],
		['base64', Buffer.from(goodSignature, 'hex').toString('base64')],
	])('refuses a malformed signature (%s)', async (_case, signature) => {
		const runsBefore = server.runs.length;

		expectRefused(await server.post(body, { 'X-TLP-SIGNATURE': signature }), /^Malformed/);
		expect(server.runs).toHaveLength(runsBefore);
	});

	it('never puts the secret or the expected signature in any answer', async () => {
		const record = payoutRecord();
		const replies = await Promise.all([
			postSigned(server, callbackBody('pay-out', record), 'wrong'),
			server.post(callbackBody('pay-out', record), { 'X-TLP-SIGNATURE': 'nope' }),
			server.post(callbackBody('pay-out', record)),
			postSigned(server, callbackBody('pay-out', record)),
		]);
		for (const reply of replies) {
			expect(reply.text).not.toContain(API_SECRET);
			expect(reply.text).not.toContain(sign(callbackBody('pay-out', record)));
		}
	});

	it('answers 400 to a signed body that is not a JSON object, without a run', async () => {
		const runsBefore = server.runs.length;

		for (const body of ['not json', '[1,2]', '"ok"']) {
			const reply = await postSigned(server, body);
			expect(reply.status).toBe(400);
			expect(JSON.parse(reply.text)).toEqual({ error: expect.stringMatching(/JSON object/) });
		}
		expect(server.runs).toHaveLength(runsBefore);
	});
});

describe('second secret (keys are issued per service)', () => {
	it('version 2: accepts callbacks signed with the credential’s Additional Callback Secret', async () => {
		const server = await serve({
			parameters: { events: ['payout', 'payIn'] },
			additionalSecret: PAY_IN_SECRET,
			typeVersion: 2,
		});

		expectOk(await postSigned(server, callbackBody('pay-in', payInRecord()), PAY_IN_SECRET));
		expectOk(await postSigned(server, callbackBody('pay-out', payoutRecord()), API_SECRET));
		expect(server.runs.map((run) => run[0].json.event)).toEqual(['payIn', 'payout']);
	});

	it('version 2 has no Additional Secret on the node: only version 1 shows it, for workflows that set it', () => {
		const options = new TyltTrigger().description.properties.find(
			(property) => property.name === 'options',
		);
		const secret = (options?.options as INodeProperties[]).find(
			(option) => option.name === 'additionalSecret',
		);
		expect(secret?.displayOptions).toEqual({ show: { '@version': [1] } });
		expect(new TyltTrigger().description.version).toEqual([1, 2]);
		expect(new TyltTrigger().description.defaultVersion).toBe(2);
	});

	it('refuses the pay-in secret when it is not configured', async () => {
		const server = await serve({ parameters: { events: ['payIn'] } });
		const reply = await postSigned(server, callbackBody('pay-in', payInRecord()), PAY_IN_SECRET);

		expectRefused(reply, /does not match/);
		expect(server.runs).toHaveLength(0);
	});
});

describe('answering before the credential read (n8n makes it wait for an expression isolate)', () => {
	// The timer is cleared once the reply wins, so no test leaves it running behind it.
	const answeredWithin = async (reply: Promise<TriggerReply>, ms: number) => {
		let timer: NodeJS.Timeout | undefined;
		try {
			return await Promise.race([
				reply,
				new Promise<'still waiting'>((resolve) => {
					timer = setTimeout(() => resolve('still waiting'), ms);
				}),
			]);
		} finally {
			clearTimeout(timer);
		}
	};

	it('answers `ok` to a callback the secrets read for the previous one verify, and runs it only after the fresh read', async () => {
		const server = await serve();
		expectOk(await postSigned(server, callbackBody('pay-out', payoutRecord())));
		const record = payoutRecord();

		const release = server.holdCredentialReads();
		const reply = postSigned(server, callbackBody('pay-out', record));
		const answer = await answeredWithin(reply, 2000);
		const runsWhileReading = server.runs.length;
		release();
		await server.idle();

		expect(answer).not.toBe('still waiting');
		expectOk(answer as TriggerReply);
		expect(runsWhileReading).toBe(1);
		expect(server.runs).toHaveLength(2);
		expect(server.runs[1][0].json.orderId).toBe(record.orderId);
	});

	it('waits for the read on the first callback, and on one the last secrets do not verify', async () => {
		const server = await serve();
		const release = server.holdCredentialReads();
		const first = postSigned(server, callbackBody('pay-out', payoutRecord()));
		expect(await answeredWithin(first, 300)).toBe('still waiting');
		release();
		expectOk(await first);

		const heldAgain = server.holdCredentialReads();
		const forged = postSigned(server, callbackBody('pay-out', payoutRecord()), 'not-the-secret');
		expect(await answeredWithin(forged, 300)).toBe('still waiting');
		heldAgain();
		expectRefused(await forged, /does not match/);
		expect(server.runs).toHaveLength(1);
	});

	it('starts the runs of one order in the order TYLT sent its callbacks, whichever credential read ends first', async () => {
		const server = await serve();
		expectOk(await postSigned(server, callbackBody('pay-out', payoutRecord())));
		const pending = payoutRecord({ status: 'Pending' });
		const completed = { ...pending, status: 'Completed' };

		// TYLT sends the order's next callback once the last is answered: here, before the last one's read ended.
		const releaseFirst = server.holdCredentialReads();
		expectOk(await postSigned(server, callbackBody('pay-out', pending)));
		const releaseSecond = server.holdCredentialReads();
		expectOk(await postSigned(server, callbackBody('pay-out', completed)));
		releaseSecond();
		await new Promise((resolve) => setTimeout(resolve, 50));
		releaseFirst();
		await server.idle();

		expect(server.runs.slice(1).map((run) => run[0].json.status)).toEqual(['Pending', 'Completed']);
	});

	it('after the credential changes, never runs a callback signed with the secret it no longer holds', async () => {
		const server = await serve();
		expectOk(await postSigned(server, callbackBody('pay-out', payoutRecord())));
		server.changeCredential({ apiSecret: 'rotated-secret' });

		// Answered from the secrets of the previous read, then dropped by the fresh one.
		expectOk(await postSigned(server, callbackBody('pay-out', payoutRecord())));
		await server.idle();
		expect(server.runs).toHaveLength(1);

		const record = payoutRecord();
		expectOk(await postSigned(server, callbackBody('pay-out', record), 'rotated-secret'));
		await server.idle();
		expect(server.runs).toHaveLength(2);
		expect(server.runs[1][0].json.orderId).toBe(record.orderId);
		expectRefused(
			await postSigned(server, callbackBody('pay-out', payoutRecord())),
			/does not match/,
		);
		expect(server.runs).toHaveLength(2);
	});
});

describe('how n8n hands over the body', () => {
	const body = (record: IDataObject) =>
		`{"type": "pay-out", "data": ${JSON.stringify(record, null, 1)}, "note": "naïve"}`;

	it('reads the raw bytes itself when n8n has not (readRawBody)', async () => {
		const server = await serve({ rawBody: 'lazy' });
		const record = payoutRecord();

		expectOk(await postSigned(server, body(record)));
		expect(server.runs[0][0].json.orderId).toBe(record.orderId);
	});

	it('with only the parsed body available, accepts a signature over the compact form only', async () => {
		const server = await serve({ rawBody: 'absent' });
		const record = payoutRecord();
		const raw = body(record);

		expectRefused(await postSigned(server, raw), /does not match/);
		expectOk(await server.post(raw, { 'X-TLP-SIGNATURE': sign(JSON.stringify(JSON.parse(raw))) }));
		expect(server.runs).toHaveLength(1);
	});
});

describe('callback shapes and events', () => {
	let server: TriggerServer;
	beforeAll(async () => {
		server = await serve({ parameters: { events: ['payout', 'payIn'] } });
	});

	async function deliver(body: string): Promise<IDataObject> {
		const runsBefore = server.runs.length;
		expectOk(await postSigned(server, body));
		expect(server.runs).toHaveLength(runsBefore + 1);
		return server.runs.at(-1)![0].json;
	}

	it('unwraps `data` and keeps TYLT field names and values', async () => {
		const record = payoutRecord({ status: 'Completed', isFinal: 1 });
		const json = await deliver(callbackBody('pay-out', record));

		expect(json).toMatchObject({
			orderId: record.orderId,
			merchantOrderId: record.merchantOrderId,
			status: 'Completed',
			isFinal: 1,
			event: 'payout',
			type: 'pay-out',
		});
		expect(json).not.toHaveProperty('data');
	});

	it('accepts the record at the top level, without `data` (older integrations)', async () => {
		const record = payoutRecord();
		const json = await deliver(JSON.stringify({ type: 'payout', ...record }));

		expect(json).toEqual({
			...record,
			event: 'payout',
			type: 'payout',
			merchantReference: record.merchantOrderId,
		});
	});

	it('tells pay-ins from payouts by `type`', async () => {
		expect(await deliver(callbackBody('pay-in', payInRecord()))).toMatchObject({
			event: 'payIn',
			type: 'pay-in',
		});
		expect(await deliver(callbackBody('payout', payoutRecord()))).toMatchObject({
			event: 'payout',
			type: 'payout',
		});
	});

	it('infers a payout from its fields when `type` is missing', async () => {
		const json = await deliver(callbackBody(undefined, payoutRecord()));

		expect(json).toMatchObject({ event: 'payout', type: null });
	});

	it('treats P2P ramp instances (trade.event) as pay-ins, under `data` or at the top level', async () => {
		expect(await deliver(callbackBody(undefined, p2pInstance(2)))).toMatchObject({
			event: 'payIn',
			trade: { event: { id: 2 } },
		});
		expect(await deliver(JSON.stringify(p2pInstance(4, 'Completed')))).toMatchObject({
			event: 'payIn',
			type: null,
		});
	});

	it('gives amounts sent as strings as numbers, unless that would round them', async () => {
		const record = payoutRecord({
			settledAmountRequested: '25',
			settledAmountSent: '24.50',
			commission: '0.5',
			baseAmount: '0.123456789012345678',
			isFinal: '1',
			transactions: [{ amount: '24.50', transactionHash: '0xabc', confirmationStatus: 1 }],
		});
		const json = await deliver(callbackBody('pay-out', record));

		expect(json).toMatchObject({
			settledAmountRequested: 25,
			settledAmountSent: 24.5,
			commission: 0.5,
			baseAmount: '0.123456789012345678',
			isFinal: '1',
			transactions: [{ amount: 24.5, transactionHash: '0xabc' }],
		});
	});
});

describe('filters', () => {
	it('by default starts runs for payouts only, and still answers `ok` to pay-ins', async () => {
		const server = await serve();

		expectOk(await postSigned(server, callbackBody('pay-in', payInRecord())));
		expect(server.runs).toHaveLength(0);
		expectOk(await postSigned(server, callbackBody('pay-out', payoutRecord())));
		expect(server.runs).toHaveLength(1);
	});

	it('answers `ok` without a run to a status that is not selected', async () => {
		const server = await serve({
			parameters: { statuses: ['Completed', 'Failed'], options: { otherStatuses: 'Refunded' } },
		});
		const record = payoutRecord();

		expectOk(await postSigned(server, callbackBody('pay-out', { ...record, status: 'Pending' })));
		expect(server.runs).toHaveLength(0);
		expectOk(await postSigned(server, callbackBody('pay-out', { ...record, status: 'Completed' })));
		expectOk(
			await postSigned(server, callbackBody('pay-out', payoutRecord({ status: 'Refunded' }))),
		);
		expect(server.runs.map((run) => run[0].json.status)).toEqual(['Completed', 'Refunded']);
	});

	it('with Final Only, starts runs only for isFinal 1, "1" or true', async () => {
		const server = await serve({ parameters: { finalOnly: true } });

		for (const isFinal of [0, '0', false, null]) {
			expectOk(await postSigned(server, callbackBody('pay-out', payoutRecord({ isFinal }))));
		}
		expect(server.runs).toHaveLength(0);
		for (const isFinal of [1, '1', true]) {
			expectOk(await postSigned(server, callbackBody('pay-out', payoutRecord({ isFinal }))));
		}
		expect(server.runs.map((run) => run[0].json.isFinal)).toEqual([1, '1', true]);
	});
});

describe('duplicates', () => {
	it('answers `ok` to an identical resend without a second run', async () => {
		const server = await serve();
		const body = callbackBody('pay-out', payoutRecord());

		expectOk(await postSigned(server, body));
		expectOk(await postSigned(server, body));
		expect(server.runs).toHaveLength(1);
	});

	it('treats the same content in different bytes as a duplicate, any changed field or status as new', async () => {
		const server = await serve();
		const record = payoutRecord();

		expectOk(await postSigned(server, callbackBody('pay-out', record)));
		expectOk(await postSigned(server, JSON.stringify({ type: 'pay-out', data: record }, null, 2)));
		const updated = { ...record, updatedAt: '2024-05-01T10:05:00Z' };
		expectOk(await postSigned(server, callbackBody('pay-out', updated)));
		const completed = { ...record, status: 'Completed', isFinal: 1 };
		expectOk(await postSigned(server, callbackBody('pay-out', completed)));

		expect(server.runs.map((run) => run[0].json.updatedAt)).toEqual([
			'2024-05-01T10:00:00Z',
			'2024-05-01T10:05:00Z',
			'2024-05-01T10:00:00Z',
		]);
		expect(server.runs.map((run) => run[0].json.status)).toEqual([
			'Pending',
			'Pending',
			'Completed',
		]);
	});

	it('starts a run for a changed update in the same status: more received on an Under Payment', async () => {
		const server = await serve({ parameters: { events: ['payIn'] } });
		const record = payInRecord({
			status: 'Under Payment',
			amountReceived: 40,
			amountRequested: 100,
		});

		expectOk(await postSigned(server, callbackBody('pay-in', record)));
		const more = { ...record, amountReceived: 60 };
		expectOk(await postSigned(server, callbackBody('pay-in', more)));
		expectOk(await postSigned(server, callbackBody('pay-in', more)));

		expect(server.runs.map((run) => run[0].json.amountReceived)).toEqual([40, 60]);
	});

	it('starts a run when a Pending payout gains a transaction hash, not for its resend', async () => {
		const server = await serve();
		const record = payoutRecord();
		const withHash = {
			...record,
			transactions: [{ amount: 25, transactionHash: '0xabc', confirmationStatus: 0 }],
		};

		for (const body of [record, withHash, withHash]) {
			expectOk(await postSigned(server, callbackBody('pay-out', body)));
		}
		expect(server.runs.map((run) => (run[0].json.transactions as unknown[]).length)).toEqual([
			0, 1,
		]);
	});

	it('treats a resend in other whitespace and key order as the same callback', async () => {
		const server = await serve();
		const record = payoutRecord({ transactions: [{ amount: 25, transactionHash: '0xdef' }] });
		const reordered = Object.fromEntries(Object.entries(record).reverse());
		reordered.transactions = [{ transactionHash: '0xdef', amount: 25 }];

		expectOk(await postSigned(server, callbackBody('pay-out', record)));
		expectOk(
			await postSigned(server, JSON.stringify({ data: reordered, type: 'pay-out' }, null, 4)),
		);
		expectOk(await postSigned(server, `\n ${callbackBody('pay-out', record)} \t`));
		expect(server.runs).toHaveLength(1);
	});

	it('recognises a reordered resend even of a callback that carries no status', async () => {
		const server = await serve();
		const record = payoutRecord();
		delete record.status;
		const reordered = Object.fromEntries(Object.entries(record).reverse());

		expectOk(await postSigned(server, callbackBody('pay-out', record)));
		expectOk(await postSigned(server, JSON.stringify({ data: reordered, type: 'pay-out' })));
		expect(server.runs).toHaveLength(1);
	});

	it('remembers callbacks in the static data n8n saves with the workflow', async () => {
		const server = await serve();
		await postSigned(server, callbackBody('pay-out', payoutRecord()));

		const staticData = server.workflow.staticData as IDataObject;
		expect(staticData.__dataChanged).toBe(true);
		const seen = (staticData['node:TYLT Trigger'] as IDataObject).seenCallbacks as IDataObject;
		// One callback, one key: the hash of its canonical form.
		expect(Object.keys(seen.current as IDataObject)).toEqual([
			expect.stringMatching(/^c:[0-9a-f]{32}$/),
		]);
		expect(seen.count).toBe(1);
	});

	it('with Ignore Duplicates off, starts a run for every callback', async () => {
		const server = await serve({ parameters: { options: { ignoreDuplicates: false } } });
		const body = callbackBody('pay-out', payoutRecord());

		expectOk(await postSigned(server, body));
		expectOk(await postSigned(server, body));
		expect(server.runs).toHaveLength(2);
		expect(server.workflow.staticData).toEqual({});
	});
});

describe('node description', () => {
	const trigger = new TyltTrigger();

	it('is the tyltTrigger node, versions 1 and 2, with the tyltApi credential and one POST webhook', () => {
		expect(trigger.description).toMatchObject({
			name: 'tyltTrigger',
			displayName: 'TYLT Trigger',
			version: [1, 2],
			inputs: [],
			credentials: [{ name: 'tyltApi', required: true }],
			webhooks: [{ name: 'default', httpMethod: 'POST' }],
		});
		expect(trigger.description.webhooks).toHaveLength(1);
	});

	it('has nothing to register at TYLT: the webhook lifecycle succeeds without a call', async () => {
		const hooks = {} as IHookFunctions;
		const lifecycle = trigger.webhookMethods.default;

		await expect(lifecycle.checkExists.call(hooks)).resolves.toBe(true);
		await expect(lifecycle.create.call(hooks)).resolves.toBe(true);
		await expect(lifecycle.delete.call(hooks)).resolves.toBe(true);
	});

	it('tells the user to paste the production URL into the payout Callback URL', () => {
		const notice = trigger.description.properties.find((property) => property.type === 'notice');

		expect(notice?.displayName).toMatch(/Production URL/);
		expect(notice?.displayName).toMatch(/Payout → Create → Additional Fields → Callback URL/);
	});

	it('says what Ignore Duplicates compares, as the dedupe does: the content, not the order and status', () => {
		const options = trigger.description.properties.find((property) => property.name === 'options');
		const ignoreDuplicates = options?.options?.find((option) => option.name === 'ignoreDuplicates');

		expect(ignoreDuplicates).toMatchObject({ description: expect.stringMatching(/same content/) });
		expect(JSON.stringify(ignoreDuplicates)).not.toMatch(/same order and status/);
	});

	it('is filed under Finance & Accounting', () => {
		expect(codex).toMatchObject({
			node: 'n8n-nodes-tylt.tyltTrigger',
			categories: ['Finance & Accounting'],
		});
	});
});
