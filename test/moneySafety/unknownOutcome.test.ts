/**
 * A create whose answer is lost is never sent again by the node: it says the outcome is unknown, and a
 * re-run with the duplicate guard finds the payout if TYLT made it, or sends it if TYLT did not. Either
 * way the payout exists once. A create TYLT refused or never received says so, and is not repeated either.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { RETRY_POLICY } from '../../nodes/Tylt/transport';
import type { Fault } from '../sandbox';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../helpers/sandboxKit';
import {
	onceEach,
	payoutsPerReference,
	until,
	useMoneySafetySandbox,
	useShortRetryBackoff,
} from './kit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const REFERENCE = 'invoice-7781';

function payoutWith(options: IDataObject = {}) {
	return payoutCreate({
		address: tronAddress('unknown-outcome recipient'),
		options: { reference: REFERENCE, ...options },
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
		what: 'HTTP 503 in TYLT’s envelope',
		fault: { kind: 'status', status: 503 },
		tyltCreatedIt: false,
		cause: /HTTP 503|Service Unavailable/,
	},
];

describe.each(LOST_ANSWERS)('a create whose answer is lost: $what', (lost) => {
	it('is attempted exactly once, and the error says the outcome is unknown and how to recover', async () => {
		suite.sandbox.injectFault('createPayout', lost.fault);

		const error = await suite.fail({ parameters: payoutWith(lost.options) });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('outcome of this payout is unknown');
		expect(error.message).toContain('TYLT may have created it');
		if (lost.cause) expect(error.message).toMatch(lost.cause);
		expect(error.description).toContain('Duplicate Guard');
		expect(error.context.itemIndex).toBe(0);
		if (lost.tyltCreatedIt) {
			await until(() => suite.sandbox.payouts.length === 1, 'TYLT to create the payout');
		}
		expect(creates()).toHaveLength(1);
		expect(suite.sandbox.payouts).toHaveLength(lost.tyltCreatedIt ? 1 : 0);
	});

	it('a re-run with the duplicate guard leaves exactly one payout for the reference', async () => {
		suite.sandbox.injectFault('createPayout', lost.fault);
		await suite.fail({ parameters: payoutWith(lost.options) });
		if (lost.tyltCreatedIt) {
			// A re-run before TYLT finished a slow create would not see it yet: the guard reads history.
			await until(() => suite.sandbox.payouts.length === 1, 'TYLT to create the payout');
		}

		const [rerun] = await suite.run({ parameters: payoutWith(lost.options) });

		expect(rerun.json.alreadySent).toBe(lost.tyltCreatedIt);
		expect(rerun.json.merchantReference).toBe(REFERENCE);
		expect(rerun.json.orderId).toBe(suite.sandbox.payouts[0].orderId);
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach([REFERENCE]));
		expect(creates()).toHaveLength(lost.tyltCreatedIt ? 1 : 2);
	});
});

it('with Continue On Fail, a lost answer is an error item, the next payout is still sent, and a re-run completes the set', async () => {
	const items = [
		{ ref: 'batch-1', address: tronAddress('batch 1') },
		{ ref: 'batch-2', address: tronAddress('batch 2') },
	];
	const parameters = payoutCreate({
		address: '={{ $json.address }}',
		options: { reference: '={{ $json.ref }}' },
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

describe('a create TYLT answers with a refusal', () => {
	it('HTTP 429: not retried, and the error says the payout was not accepted (not that the outcome is unknown)', async () => {
		suite.sandbox.injectFault('createPayout', {
			kind: 'status',
			status: 429,
			headers: { 'Retry-After': '1' },
		});

		const error = await suite.fail({ parameters: payoutWith() });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('the payout was not accepted');
		expect(error.message).not.toContain('unknown');
		expect(error.description).toContain('Pause Between Payouts');
		expect(creates()).toHaveLength(1);
		expect(suite.sandbox.payouts).toHaveLength(0);
	});

	it('HTTP 200 with a non-zero errorCode: not retried, and the error carries TYLT’s msg', async () => {
		suite.sandbox.injectFault('createPayout', {
			kind: 'errorCode',
			errorCode: 4017,
			msg: 'Recipient address is on a sanctions list',
		});

		const error = await suite.fail({ parameters: payoutWith() });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('Recipient address is on a sanctions list');
		expect(error.message).not.toContain('unknown');
		expect(error.description).toContain('nothing was sent');
		expect(creates()).toHaveLength(1);
		expect(suite.sandbox.payouts).toHaveLength(0);
	});

	it('HTTP 400 from TYLT’s own validation: not retried, and the error carries TYLT’s msg', async () => {
		// XYZ passes the node's 3-letter check; only TYLT knows it is no fiat currency.
		const error = await suite.fail({
			parameters: payoutCreate({
				additionalFields: { baseCurrency: 'XYZ' },
				options: { reference: REFERENCE },
			}),
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('Invalid baseCurrency "XYZ"');
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
