/**
 * Max Amount per 24 Hours: a create whose payout surely was not made gives its room back. Each case is a way a
 * reservation could otherwise be kept for 24 hours (or, not marked sending, until n8n restarts) although nothing
 * was paid, which refuses the owner's next run: a denial of service on the limit.
 * - The user stops the execution while the batch's later creates wait out their pause (the transport then
 *   refuses to send in a stopped execution: "Nothing reached TYLT").
 * - A create refused at connect: it never left this machine (TyltUnreachableError).
 * - An item the duplicate guard fails after the decision and before its create starts (another execution paid
 *   the same reference with another amount while this one waited for the reference's claim).
 */
import { sleep } from 'n8n-workflow';

import { TyltApi } from '../../../credentials/TyltApi.credentials';
import { exactText } from '../../../nodes/shared/decimalText';
import * as claimsModule from '../../../nodes/Tylt/payout/processMemory';
import { DAILY_WINDOW_MS, reservationsOf } from '../../../nodes/Tylt/payout/limits/reservations';
import { tyltAccountHash } from '../../../nodes/shared/tyltAccount';
import { holdFirstCreateBeforeSigning } from '../../support/heldSigning';
import { payoutCreate, credentialsFor, requestsTo, tronAddress } from '../../support/sandboxKit';
import { until, useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const credentials = () => ({ ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' });

afterEach(() => jest.restoreAllMocks());

describe('a stopped batch', () => {
	const RECIPIENT = tronAddress('stopped-batch');

	it('a stopped batch frees the room of the payouts it never sent', async () => {
		const stop = new AbortController();
		const batch = suite.run({
			credentials: credentials(),
			items: [
				{ amount: 30, row: 'stopped-1' },
				{ amount: 30, row: 'stopped-2' },
				{ amount: 30, row: 'stopped-3' },
			],
			parameters: payoutCreate({
				baseAmount: '={{ $json.amount }}',
				address: RECIPIENT,
				reference: '={{ $json.row }}',
				// One create a minute, one at a time.
				options: { maxPayoutsPerSecond: 1 / 60 },
			}),
			continueOnFail: true,
			abortSignal: stop.signal,
		});
		// The first payout is made; the user stops the execution while the second waits out its pause.
		await until(() => suite.sandbox.payouts.length === 1, 'the first payout');
		// Its answer reaches the node a moment later (well inside the 60-second pause).
		await sleep(1000);
		stop.abort();
		const outcomes = await batch;
		expect(outcomes.map((item) => String(item.json.error ?? ''))).toEqual([
			'',
			expect.stringMatching(/stopped before this payout was sent/),
			expect.stringMatching(/stopped before this payout was sent/),
		]);

		// 30 USDT paid in the last 24 hours under a limit of 100: a payout of 60 fits.
		const [next] = await suite.run({
			credentials: credentials(),
			parameters: payoutCreate({
				baseAmount: 60,
				address: RECIPIENT,
				reference: 'after-stop',
				options: {},
			}),
			continueOnFail: true,
		});

		// Were the room kept: refused ("would take the last 24 hours to 150 USDT"), the two unsent 30s holding their
		// room for 24 hours 15 minutes.
		expect(next.json.error).toBeUndefined();
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(2);
	});
});

describe('a create that never connected', () => {
	const RECIPIENT = tronAddress('unreachable-create');
	const run = (baseAmount: number, reference: string) => ({
		credentials: credentials(),
		parameters: payoutCreate({ baseAmount, address: RECIPIENT, reference, options: {} }),
		continueOnFail: true,
	});

	it('a create refused at connect frees its room: nothing reached TYLT', async () => {
		const authenticate = TyltApi.prototype.authenticate;
		let refused = false;
		// The first create cannot connect (ECONNREFUSED at connect): it never leaves this machine.
		jest.spyOn(TyltApi.prototype, 'authenticate').mockImplementation(async function (
			this: TyltApi,
			credentials,
			options,
		) {
			if (!refused && String(options.url).endsWith('/createPayoutRequest')) {
				refused = true;
				throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
					code: 'ECONNREFUSED',
					syscall: 'connect',
				});
			}
			return await authenticate.call(this, credentials, options);
		});

		const [first] = await suite.run(run(80, 'unreachable-first'));
		expect(String(first.json.error)).toMatch(/the payout was not sent/);
		expect(suite.sandbox.payouts).toHaveLength(0);

		const [second] = await suite.run(run(80, 'unreachable-second'));

		// Were the room kept: refused ("80 USDT would take the last 24 hours to 160 USDT") for 24 hours 15 minutes.
		expect(second.json.error).toBeUndefined();
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
	});
});

describe('an item the duplicate guard fails before its create starts', () => {
	const RECIPIENT = tronAddress('unsettled-forever');
	const run = (baseAmount: number) => ({
		credentials: credentials(),
		parameters: payoutCreate({
			baseAmount,
			address: RECIPIENT,
			reference: 'shared-ref',
			options: {},
		}),
		continueOnFail: true,
	});

	it('an item the guard fails before its create starts leaves no reservation behind', async () => {
		const account = tyltAccountHash(credentials());
		let other: Promise<unknown> | undefined;
		// Execution Y's create (20) is held before signing; meanwhile execution X (10, same reference) decides, then
		// waits for the reference's claim Y holds.
		const claims = jest.spyOn(claimsModule, 'claimReference');
		const spy = holdFirstCreateBeforeSigning(async () => {
			other = suite.run(run(10));
			await until(
				() => claims.mock.calls.length === 2,
				'the other execution waiting for the claim',
			);
		});
		try {
			await suite.run(run(20));
			const [x] = (await other) as Array<{ json: { error?: unknown } }>;
			// The guard refuses X: the reference was paid meanwhile with another amount.
			expect(String(x.json.error)).toMatch(/shared-ref/);
		} finally {
			spy.mockRestore();
		}
		expect(suite.sandbox.payouts.map((payout) => payout.settledAmountRequested)).toEqual([20]);

		// Two days on, every payout and every create of these runs is long outside the window.
		const later = Date.now() + 2 * DAILY_WINDOW_MS;
		// Were the room kept: X's 10 USDT, never sent, still reserved (and so until n8n restarts).
		const reserved = reservationsOf(account, later).flatMap((reservation) =>
			reservation.lines.map(({ currency, amount }) => `${exactText(amount)} ${currency}`),
		);
		expect(reserved).toEqual([]);
	});
});

itShowsNoSecret();
