/**
 * A create whose answer is lost is never sent again by the node. It looks for the payout in TYLT history
 * for In-Doubt Check seconds; found, the payout is output; not found, it says the outcome is unknown and
 * holds the reference in doubt in this n8n process: a re-run then outputs the payout if history shows it,
 * refuses while the hold lasts if not, and after the hold sends it if TYLT still does not have it. Either
 * way the payout exists once. A create TYLT refused or never received says so, and is not repeated either.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { PROCESS_MEMORY_LIMITS } from '../../nodes/Tylt/payout/processMemory';
import { RETRY_POLICY } from '../../nodes/Tylt/transport/request';
import type { Fault } from '../../sandbox';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import {
	onceEach,
	payoutsPerReference,
	until,
	useMoneySafetySandbox,
	useShortRetryBackoff,
} from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const REFERENCE = 'invoice-7781';

function payoutWith(options: IDataObject = {}) {
	return payoutCreate({
		address: tronAddress('unknown-outcome recipient'),
		reference: REFERENCE,
		options: { ...options },
	});
}

const creates = () => requestsTo(suite.sandbox, 'createPayout');

interface LostAnswer {
	what: string;
	fault: Fault;
	/** Whether TYLT made the payout although the node never learnt it. */
	tyltCreatedIt: boolean;
	/** What the message gives as the reason; left out where n8n's wrapped error hides it (see the report). */
	cause?: RegExp;
	options?: IDataObject;
}

const LOST_ANSWERS: LostAnswer[] = [
	{
		what: 'TYLT created it, then the connection dropped before the answer',
		fault: { kind: 'createdButResponseLost' },
		tyltCreatedIt: true,
		cause: /connection was dropped/,
	},
	{
		what: 'TYLT created it, and its answer arrived cut in half',
		fault: { kind: 'malformedJson' },
		tyltCreatedIt: true,
		cause: /not a readable JSON envelope/,
	},
	{
		what: 'no answer within Timeout (Seconds); TYLT creates it after the node gave up',
		fault: { kind: 'delay', ms: 600 },
		tyltCreatedIt: true,
		options: { timeoutSeconds: 0.2 },
	},
	{
		what: 'the connection dropped before TYLT did anything',
		fault: { kind: 'drop' },
		tyltCreatedIt: false,
		cause: /connection was dropped/,
	},
	{
		what: 'HTTP 500',
		fault: { kind: 'status', status: 500 },
		tyltCreatedIt: false,
		cause: /HTTP 500/,
	},
	{
		what: 'HTTP 502 with a proxy’s HTML page',
		fault: {
			kind: 'status',
			status: 502,
			body: '<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>',
			contentType: 'text/html',
		},
		tyltCreatedIt: false,
		cause: /HTTP 502/,
	},
	{
		// The credential never follows a redirect with signed headers, so what happened behind it is unknown.
		what: 'HTTP 302 to another address',
		fault: {
			kind: 'status',
			status: 302,
			body: '',
			headers: { location: 'http://127.0.0.1:9/elsewhere' },
		},
		tyltCreatedIt: false,
		cause: /redirect \(HTTP 302\)/,
	},
	{
		what: 'HTTP 503 in TYLT’s envelope',
		fault: { kind: 'status', status: 503 },
		tyltCreatedIt: false,
		cause: /HTTP 503|Service Unavailable/,
	},
];

describe.each(LOST_ANSWERS)('a create whose answer is lost: $what', (lost) => {
	const unchecked = { ...lost.options, inDoubtCheckSeconds: 0 };

	it('is attempted exactly once, and the error says the outcome is unknown and how to recover', async () => {
		suite.sandbox.injectFault('createPayout', lost.fault);

		const error = await suite.fail({ parameters: payoutWith(unchecked) });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('outcome of this payout is unknown');
		expect(error.message).toContain('TYLT may have created it');
		if (lost.cause) expect(error.message).toMatch(lost.cause);
		expect(error.description).toContain(`[ref:${REFERENCE}]`);
		expect(error.description).toContain('in doubt until');
		expect(error.context.itemIndex).toBe(0);
		if (lost.tyltCreatedIt) {
			await until(() => suite.sandbox.payouts.length === 1, 'TYLT to create the payout');
		}
		expect(creates()).toHaveLength(1);
		expect(suite.sandbox.payouts).toHaveLength(lost.tyltCreatedIt ? 1 : 0);
	});

	it('a re-run leaves exactly one payout: TYLT’s if it made it; otherwise refused while in doubt, sent after the hold', async () => {
		suite.sandbox.injectFault('createPayout', lost.fault);
		await suite.fail({ parameters: payoutWith(unchecked) });
		if (lost.tyltCreatedIt) {
			// A slow create may land after the node gave up; until then a re-run is refused (overlap.test.ts).
			await until(() => suite.sandbox.payouts.length === 1, 'TYLT to create the payout');
		} else {
			const refused = await suite.fail({ parameters: payoutWith(unchecked) });
			expect(refused.message).toContain(`"${REFERENCE}"`);
			expect(refused.message).toMatch(/in doubt.*Check TYLT first/);
			expect(refused.description).toContain(`[ref:${REFERENCE}]`);
			expect(creates()).toHaveLength(1);
		}

		const configuredHold = PROCESS_MEMORY_LIMITS.inDoubtHoldMs;
		// The hold has passed (15 minutes by default).
		if (!lost.tyltCreatedIt) PROCESS_MEMORY_LIMITS.inDoubtHoldMs = 0;
		try {
			const [rerun] = await suite.run({ parameters: payoutWith(unchecked) });

			expect(rerun.json.alreadySent).toBe(lost.tyltCreatedIt);
			expect(rerun.json.merchantReference).toBe(REFERENCE);
			expect(rerun.json.orderId).toBe(suite.sandbox.payouts[0].orderId);
		} finally {
			PROCESS_MEMORY_LIMITS.inDoubtHoldMs = configuredHold;
		}
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach([REFERENCE]));
		expect(creates()).toHaveLength(lost.tyltCreatedIt ? 1 : 2);
	});

	it('with In-Doubt Check, a payout TYLT made is output, confirmed from history; one it did not make stays unknown', async () => {
		suite.sandbox.injectFault('createPayout', lost.fault);
		const parameters = payoutWith({ ...lost.options, inDoubtCheckSeconds: 1.5 });

		if (lost.tyltCreatedIt) {
			const [output] = await suite.run({ parameters });
			expect(output.json).toMatchObject({
				alreadySent: false,
				confirmedFromHistory: true,
				merchantReference: REFERENCE,
				orderId: suite.sandbox.payouts[0].orderId,
			});
		} else {
			const error = await suite.fail({ parameters });
			expect(error.message).toContain('outcome of this payout is unknown');
			expect(error.description).toContain('looked for it in TYLT history for 1.5 s');
			expect(requestsTo(suite.sandbox, 'payoutHistory').length).toBeGreaterThan(1);
		}
		expect(creates()).toHaveLength(1);
		expect(suite.sandbox.payouts).toHaveLength(lost.tyltCreatedIt ? 1 : 0);
	});
});

it('with Continue On Fail, a lost answer is an error item, the next payout is still sent, and a re-run completes the set', async () => {
	const items = [
		{ ref: 'batch-1', address: tronAddress('batch 1') },
		{ ref: 'batch-2', address: tronAddress('batch 2') },
	];
	const parameters = payoutCreate({
		address: '={{ $json.address }}',
		reference: '={{ $json.ref }}',
		options: { inDoubtCheckSeconds: 0 },
	});
	suite.sandbox.injectFault('createPayout', { kind: 'createdButResponseLost' });

	const first = await suite.run({ items, parameters, continueOnFail: true });
	const rerun = await suite.run({ items, parameters, continueOnFail: true });

	expect(first[0].json.error).toContain('outcome of this payout is unknown');
	expect(first[1].json).toMatchObject({ alreadySent: false, merchantReference: 'batch-2' });
	expect(rerun.map((item) => item.json.alreadySent)).toEqual([true, true]);
	expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['batch-1', 'batch-2']));
	expect(creates()).toHaveLength(2);
});

describe('a batch that outlives the hold', () => {
	const configuredHold = PROCESS_MEMORY_LIMITS.inDoubtHoldMs;
	afterEach(() => {
		PROCESS_MEMORY_LIMITS.inDoubtHoldMs = configuredHold;
	});

	it('reads history again before sending a duplicated row whose first create was lost, and does not pay it twice', async () => {
		// The hold ends as soon as it starts: a paced batch far down its rows, 15 minutes later.
		PROCESS_MEMORY_LIMITS.inDoubtHoldMs = 0;
		suite.sandbox.injectFault('createPayout', { kind: 'createdButResponseLost' });
		const items = [{ ref: REFERENCE }, { ref: 'batch-middle' }, { ref: REFERENCE }];
		const parameters = payoutCreate({
			address: tronAddress('unknown-outcome recipient'),
			reference: '={{ $json.ref }}',
			options: { inDoubtCheckSeconds: 0 },
		});

		const output = await suite.run({ items, parameters, continueOnFail: true });

		expect(output[0].json.error).toContain('outcome of this payout is unknown');
		expect(output[2].json).toMatchObject({
			alreadySent: true,
			merchantReference: REFERENCE,
			orderId: suite.sandbox.payouts.find((payout) =>
				String(payout.comments).includes(`[ref:${REFERENCE}]`),
			)?.orderId,
		});
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach([REFERENCE, 'batch-middle']));
	});

	it('sends it once the hold is over when fresh history still does not show it', async () => {
		PROCESS_MEMORY_LIMITS.inDoubtHoldMs = 0;
		suite.sandbox.injectFault('createPayout', { kind: 'drop' });
		const items = [{ ref: REFERENCE }, { ref: REFERENCE }];
		const parameters = payoutCreate({
			address: tronAddress('unknown-outcome recipient'),
			reference: '={{ $json.ref }}',
			options: { inDoubtCheckSeconds: 0 },
		});

		const output = await suite.run({ items, parameters, continueOnFail: true });

		expect(output[0].json.error).toContain('outcome of this payout is unknown');
		expect(output[1].json).toMatchObject({ alreadySent: false, merchantReference: REFERENCE });
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach([REFERENCE]));
		// The second row looked in history (read again after the first create) before it sent.
		expect(requestsTo(suite.sandbox, 'payoutHistory').length).toBeGreaterThanOrEqual(2);
	});
});

describe('a create TYLT answers with a refusal', () => {
	it('HTTP 429: never sent again blind; an unknown outcome, held in doubt (TYLT may have processed it)', async () => {
		suite.sandbox.injectFault('createPayout', {
			kind: 'status',
			status: 429,
			headers: { 'Retry-After': '0' },
		});

		const error = await suite.fail({ parameters: payoutWith({ inDoubtCheckSeconds: 0 }) });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('outcome of this payout is unknown (HTTP 429)');
		expect(error.description).toContain(`[ref:${REFERENCE}]`);
		expect(creates()).toHaveLength(1);
		expect(suite.sandbox.payouts).toHaveLength(0);

		// Held in doubt: a run right after reads fresh history and refuses, rather than sending again.
		const refused = await suite.fail({ parameters: payoutWith({ inDoubtCheckSeconds: 0 }) });
		expect(refused.message).toMatch(/in doubt.*Check TYLT first/);
		expect(creates()).toHaveLength(1);
	});

	it('HTTP 429 whose answer carries a payout record anyway: an unknown outcome, never sent again', async () => {
		suite.sandbox.injectFault('createPayout', {
			kind: 'status',
			status: 429,
			body: JSON.stringify({ data: { orderId: 'PO-429' }, errorCode: 0, msg: '' }),
			contentType: 'application/json',
		});

		const error = await suite.fail({ parameters: payoutWith({ inDoubtCheckSeconds: 0 }) });

		expect(error.message).toContain('outcome of this payout is unknown');
		expect(creates()).toHaveLength(1);
	});

	it('HTTP 200 with a non-zero errorCode: not retried, and the error carries TYLT’s msg', async () => {
		const error = await suite.failOnTyltError(
			'createPayout',
			{ errorCode: 4017, msg: 'Recipient address is on a sanctions list' },
			{ parameters: payoutWith() },
		);

		expect(error.message).not.toContain('unknown');
		expect(error.description).toContain('nothing was sent');
		expect(creates()).toHaveLength(1);
		expect(suite.sandbox.payouts).toHaveLength(0);
	});

	it('HTTP 400 from TYLT’s own validation: not retried, and the error carries TYLT’s msg', async () => {
		// JPY is a fiat code, so it passes the node's own check; only TYLT knows it does not convert it.
		const error = await suite.fail({
			parameters: payoutCreate({
				amountIn: 'fiat',
				baseCurrency: 'JPY',
				additionalFields: {},
				reference: REFERENCE,
				options: {},
			}),
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('Invalid baseCurrency "JPY"');
		expect(error.httpCode).toBe('400');
		expect(creates().map((request) => request.status)).toEqual([400]);
	});
});

describe('TYLT cannot be reached at all', () => {
	useShortRetryBackoff();

	it('a payout run fails on its first read (retried, then given up), before any create is attempted', async () => {
		const error = await suite.fail({
			parameters: payoutWith(),
			credentials: { ...credentialsFor(suite.sandbox), baseUrl: 'http://127.0.0.1:1' },
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('TYLT did not answer usefully');
		expect(error.description).toContain(`failed ${1 + RETRY_POLICY.maxRetries} times in a row`);
		expect(error.message).not.toContain('outcome of this payout is unknown');
		// The run went to the unreachable address only: the sandbox saw nothing.
		expect(suite.sandbox.requests).toHaveLength(0);
	});
});

itShowsNoSecret();
