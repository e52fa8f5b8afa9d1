/**
 * Concurrent Payouts keeps every guarantee one-at-a-time sending gave: a 429 on a create TYLT processed, a row
 * waiting for an earlier row of its reference, the duplicate guard on for some rows only, and Dry Run mixed
 * into a batch that sends.
 */
import type { IDataObject } from 'n8n-workflow';

import { RATE_LIMIT_POLICY } from '../../nodes/Tylt/payout/createTraffic';
import { payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { onceEach, payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox({ autoSettle: true });

function rows(references: string[], extra: IDataObject[] = []): IDataObject[] {
	return references.map((row, index) => ({
		row,
		address: tronAddress(`recipient ${row}`),
		...extra[index],
	}));
}

function payoutPerRow(options: IDataObject = {}) {
	return payoutCreate({
		address: '={{ $json.address }}',
		reference: '={{ $json.row }}',
		options: { ...options },
	});
}

describe('HTTP 429 on a create that TYLT did process', () => {
	const configured = { ...RATE_LIMIT_POLICY };
	beforeAll(() => {
		RATE_LIMIT_POLICY.baseDelayMs = 50;
	});
	afterAll(() => {
		Object.assign(RATE_LIMIT_POLICY, configured);
	});

	// Neither the TYLT spec nor the facts say a 429 means "not processed" (RFC 6585 does not say it either): a
	// gateway that counts requests after the backend answered turns a made payout into a 429. A create is sent
	// again only when it is known not to exist, never on every 429 without data and without looking in history.
	it('is not sent again blind: the reference is paid once (confirmed from history or reported in doubt)', async () => {
		suite.sandbox.injectFault('createPayout', {
			kind: 'status',
			status: 429,
			processed: true,
			headers: { 'Retry-After': '0' },
		});

		await suite.run({
			items: rows(['limited-but-made']),
			parameters: payoutPerRow(),
			continueOnFail: true,
		});

		expect(payoutsPerReference(suite.sandbox)).toEqual({ 'limited-but-made': 1 });
	});
});

describe('Continue On Fail off: an item’s error stops every later item from starting (README)', () => {
	beforeEach(() => {
		suite.sandbox.latencyMs = 100;
	});

	// The later row of a reference waits for the earlier row inside a worker that already took it; when the
	// earlier row is refused, the execution fails with "TYLT refused the payout, so nothing was sent", and the
	// later row then starts anyway and pays the reference. One at a time it never started.
	it('a row waiting for an earlier row of its reference does not start after that row failed', async () => {
		suite.sandbox.injectFault('createPayout', {
			kind: 'errorCode',
			errorCode: 4017,
			msg: 'Recipient address is on a sanctions list',
		});

		const error = await suite.fail({
			items: rows(['same-ref', 'same-ref']),
			parameters: payoutPerRow(),
		});

		expect(error.message).toContain('sanctions list');
		expect(payoutsPerReference(suite.sandbox)).toEqual({});
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
	});

	// README: "the up to 4 already on their way finish, and a re-run outputs them as already sent". With the
	// duplicate guard off nothing outputs them as already sent: fixing the failed row and running again pays
	// the rows that were on their way a second time. One at a time (the behaviour before this option, now the
	// default for every existing workflow is 5), the failed first row stopped everything and a re-run paid once.
	it('with the duplicate guard off, the failed run and its re-run pay each row once', async () => {
		const references = ['again-0', 'again-1', 'again-2', 'again-3', 'again-4', 'again-5'];
		suite.sandbox.injectFault('createPayout', {
			kind: 'errorCode',
			errorCode: 4017,
			msg: 'Recipient address is on a sanctions list',
		});

		await suite.fail({
			items: rows(references),
			parameters: payoutPerRow({ duplicateGuard: false }),
		});
		await suite.run({
			items: rows(references),
			parameters: payoutPerRow({ duplicateGuard: false }),
		});

		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(references));
	});
});

describe('Duplicate Guard on for some rows and off for others', () => {
	// One at a time, the guard's history read happened on the first guarded row's turn, after the earlier
	// unguarded row had sent: the guarded row found the payout in history and output it as already sent. Now
	// every history read is made before anything is sent, and an unguarded send is remembered nowhere (not in
	// the ledger, not in the process's memory), so the guarded row pays the reference again.
	it('a guarded row after an unguarded row of its reference outputs that payout: paid once', async () => {
		const output = await suite.run({
			items: rows(['half-guarded', 'half-guarded'], [{ guard: false }, { guard: true }]),
			parameters: payoutPerRow({ duplicateGuard: '={{ $json.guard }}' }),
		});

		expect(payoutsPerReference(suite.sandbox)).toEqual({ 'half-guarded': 1 });
		expect(output[1].json).toMatchObject({ alreadySent: true, orderId: output[0].json.orderId });
	});
});

describe('Dry Run mixed into a batch that sends', () => {
	// One at a time, a dry row after a real row of the same reference saw the real row's payout in the
	// ledger and reported alreadySent: true. Now every dry run is answered before anything is sent, so it
	// reports wouldSend: true for a reference the same execution pays.
	it('a dry row after a real row of its reference reports it already sent, as a real row would', async () => {
		const output = await suite.run({
			items: rows(['mixed', 'mixed'], [{ dry: false }, { dry: true }]),
			parameters: payoutPerRow({ dryRun: '={{ $json.dry }}' }),
		});

		expect(output[0].json.alreadySent).toBe(false);
		expect(payoutsPerReference(suite.sandbox)).toEqual({ mixed: 1 });
		expect(output[1].json).toMatchObject({ dryRun: true, wouldSend: false, alreadySent: true });
	});
});

itShowsNoSecret();
