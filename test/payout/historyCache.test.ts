/**
 * The duplicate guard's history cache (payout/historyCache.ts): the first execution of an account in an n8n
 * process reads the look-back window, later ones read only what is new since, and anything that does not fit
 * what is known means a full read, never a guess. Evidence: the sandbox's request log and its payouts.
 */
import type { IDataObject } from 'n8n-workflow';

import { HISTORY_CACHE_LIMITS, cachedAccounts } from '../../nodes/Tylt/payout/historyCache';
import { createPayout } from '../support/sandboxClient';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import {
	hoursAgo,
	onceEach,
	payoutsPerReference,
	useMoneySafetySandbox,
} from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const ADDRESS = tronAddress('history cache recipient');
const SAME_PAYOUT = { toAddress: ADDRESS, settledAmountRequested: 25 };
const DEFAULT_LIMITS = { ...HISTORY_CACHE_LIMITS };

// The sandbox seeds payouts a second apart, so the default 15-minute margin would cover 900 of them: the
// cache's mechanics are shown at a 2-minute margin, the default's cost by the steady-state cases below.
beforeEach(() => {
	HISTORY_CACHE_LIMITS.lateArrivalMarginMs = 2 * 60_000;
});
afterEach(() => Object.assign(HISTORY_CACHE_LIMITS, DEFAULT_LIMITS));

function payoutWith(reference: string, options: IDataObject = {}) {
	return payoutCreate({ address: ADDRESS, reference, options: { ...options } });
}

/** Runs one execution and returns its first output item and the requests it made, by endpoint. */
async function execution(reference: string, options: IDataObject = {}) {
	const before = suite.sandbox.requests.length;
	const [item] = await suite.run({ parameters: payoutWith(reference, options) });
	const made = suite.sandbox.requests.slice(before);
	const count = (endpoint: string) =>
		made.filter((request) => request.endpoint === endpoint).length;
	return {
		json: item.json,
		requests: made.length,
		history: count('payoutHistory'),
		creates: count('createPayout'),
	};
}

/**
 * Full read of `records` payouts (more than one page): 200 a page, then the empty page that ends it (a short
 * last page never ends a read the guard decides from: TYLT may cap a page by its bytes or its load).
 */
const fullReadPages = (records: number) => Math.ceil(records / 200) + 1;

describe('steady state: an execution after the first reads only what is new', () => {
	it.each([2_000, 10_000])(
		'with %i payouts in the window, the second execution makes 3 requests (currency list, 1 history page, the create)',
		async (history) => {
			// The window holds `history` payouts when the second execution reads it (the cap is 10,000), one a
			// minute as an account paying steadily has them: the default margin then covers 15 of them.
			HISTORY_CACHE_LIMITS.lateArrivalMarginMs = DEFAULT_LIMITS.lateArrivalMarginMs;
			suite.sandbox.seedPayouts(history - 2, undefined, 60_000);
			const first = await execution('steady-1');
			expect(first.history).toBe(fullReadPages(history - 2));

			const second = await execution('steady-2');

			expect(second).toMatchObject({ requests: 3, history: 1, creates: 1 });
			expect(second.json.alreadySent).toBe(false);
		},
	);

	// A young account (no payout older than the margin, and never a page as long as asked): a first page shorter
	// than asked may be TYLT's cap (and a cap may change between reads), so the empty page is asked too.
	it('with a history shorter than one page, an execution reads it whole: the short page and the empty page that ends it', async () => {
		await execution('short-1');
		await execution('short-2');

		const third = await execution('short-3');

		expect(third).toMatchObject({ requests: 4, history: 2, creates: 1 });
	});

	it('the next execution finds the previous one’s payout (in the cache and on the page read) and sends nothing', async () => {
		suite.sandbox.seedPayouts(500);
		const first = await execution('again');

		const second = await execution('again');

		expect(second).toMatchObject({ history: 1, creates: 0 });
		expect(second.json).toMatchObject({ alreadySent: true, orderId: first.json.orderId });
		expect(payoutsPerReference(suite.sandbox)).toMatchObject(onceEach(['again']));
	});

	it('a payout another process made since (another worker, the dashboard) is seen by the incremental read', async () => {
		suite.sandbox.seedPayouts(2_000);
		await execution('before');
		// Straight to TYLT over HTTP, as another n8n worker would send it.
		const elsewhere = await createPayout(suite.sandbox, {
			address: ADDRESS,
			comments: '[ref:made-elsewhere]',
		});

		const next = await execution('made-elsewhere');

		expect(next).toMatchObject({ history: 1, creates: 0 });
		expect(next.json).toMatchObject({ alreadySent: true, orderId: elsewhere.orderId });
		expect(payoutsPerReference(suite.sandbox)['made-elsewhere']).toBe(1);
	});

	it('a payout that settled between two executions is output as history shows it now', async () => {
		suite.sandbox.seedPayouts(300);
		const first = await execution('settles');
		expect(first.json.status).toBe('Pending');
		// Just past the sandbox's settling delay: the sandbox clock stays behind n8n's, as TYLT's would.
		await suite.sandbox.advanceTime(5_000);

		const second = await execution('settles');

		expect(second).toMatchObject({ history: 1, creates: 0 });
		expect(second.json).toMatchObject({ alreadySent: true, status: 'Completed' });
	});

	it('a late payout within the margin (created before the newest one known, recorded after it) is seen', async () => {
		suite.sandbox.seedPayouts(1_000);
		await execution('late-before');
		const newestMs = Date.parse(suite.sandbox.payouts[0].createdAt);
		suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			comments: '[ref:late-within]',
			createdAt: new Date(newestMs - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
		});

		const next = await execution('late-within');

		expect(next).toMatchObject({ creates: 0 });
		expect(next.json.alreadySent).toBe(true);
	});

	it('a payout whose createdAt cannot be read counts inside every window, from the cache too', async () => {
		suite.sandbox.seedPayouts(400);
		suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			comments: '[ref:ageless]',
			createdAt: 'not a time',
		});
		await execution('ageless-before', { lookBackHours: 1 });

		const next = await execution('ageless', { lookBackHours: 1 });

		expect(next).toMatchObject({ history: 1, creates: 0 });
		expect(next.json.alreadySent).toBe(true);
	});

	it('a payout of unknown age is not hidden by a dated one with its reference that is outside the item’s window', async () => {
		suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			comments: '[ref:hidden]',
			createdAt: hoursAgo(30),
		});
		// Listed below the dated one (the sandbox places it by when it was seeded).
		suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			comments: '[ref:hidden]',
			createdAt: 'unknown',
		});
		await execution('hidden-before', { lookBackHours: 168 });

		const next = await execution('hidden', { lookBackHours: 24 });

		expect(next).toMatchObject({ creates: 0 });
		expect(next.json.alreadySent).toBe(true);
	});

	it.each(['rowsServed', 'rowsAsked'] as const)(
		'against a TYLT that serves at most 50 rows a page (offset by %s), the incremental read still reads down to its lower end',
		async (offsetBy) => {
			suite.sandbox.historyPaging = { maxRows: 50, offsetBy };
			suite.sandbox.seedPayouts(2_000);
			await execution('capped-before');
			const newestMs = Date.parse(suite.sandbox.payouts[0].createdAt);
			// About 100 payouts down: on the third page of 50, still inside the margin.
			suite.sandbox.seedPayouts(1, {
				...SAME_PAYOUT,
				comments: '[ref:capped-late]',
				createdAt: new Date(newestMs - 100_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
			});

			const next = await execution('capped-late');

			expect(next).toMatchObject({ creates: 0 });
			expect(next.history).toBeGreaterThanOrEqual(3);
			expect(next.json.alreadySent).toBe(true);
		},
	);
});

describe('anything that does not fit what is known means a full read', () => {
	it('a known payout missing from the pages read: the window is read in full, and its payouts count', async () => {
		suite.sandbox.seedPayouts(2_000);
		await execution('vanish-before');
		// Another history altogether (a TYLT that lost or reordered records): nothing known is on page 1.
		suite.sandbox.reset();
		suite.sandbox.seedPayouts(999);
		suite.sandbox.seedPayouts(1, { ...SAME_PAYOUT, comments: '[ref:after-reset]' });
		const before = suite.sandbox.requests.length;

		const next = await execution('after-reset');

		expect(next.history).toBe(1 + fullReadPages(1_000));
		expect(suite.sandbox.requests.length - before).toBe(next.requests);
		expect(next).toMatchObject({ creates: 0 });
		expect(next.json.alreadySent).toBe(true);
	});

	it('a known payout whose identity changed (another recipient): read in full, and the collision is an error', async () => {
		const [known] = suite.sandbox.seedPayouts(1, { ...SAME_PAYOUT, comments: '[ref:changed]' });
		suite.sandbox.seedPayouts(599);
		await execution('changed-before');
		// The sandbox's own record: history shows the change from now on.
		suite.sandbox.payouts.find((payout) => payout.orderId === known.orderId)!.toAddress =
			tronAddress('someone else');
		const before = suite.sandbox.requests.length;

		const error = await suite.fail({ parameters: payoutWith('changed') });

		expect(error.message).toContain(`already used by TYLT payout ${known.orderId}`);
		const made = suite.sandbox.requests.slice(before).map((request) => request.endpoint);
		// The currency list, the incremental read (page 1), then the full read of 601 payouts; no create.
		expect(made.filter((endpoint) => endpoint === 'payoutHistory')).toHaveLength(
			1 + fullReadPages(601),
		);
		expect(made).not.toContain('createPayout');
	});

	it('a payout inside the window recorded later than the margin, on a page read anyway: read in full, and it counts', async () => {
		suite.sandbox.seedPayouts(100);
		await execution('below-before');
		const newestMs = Date.parse(suite.sandbox.payouts[0].createdAt);
		suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			comments: '[ref:below-margin]',
			createdAt: new Date(newestMs - 60 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
		});

		const next = await execution('below-margin');

		// The incremental read (page 1 reaches the margin), then the full read (page 1, the empty page 2).
		expect(next.history).toBe(1 + 2);
		expect(next).toMatchObject({ creates: 0 });
		expect(next.json.alreadySent).toBe(true);
	});

	it('an item asking a longer look-back than the cache holds reads further back', async () => {
		suite.sandbox.seedPayouts(50);
		suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			comments: '[ref:five-hours-ago]',
			createdAt: hoursAgo(5),
		});
		await execution('short-before', { lookBackHours: 1 });

		const next = await execution('five-hours-ago', { lookBackHours: 24 });

		expect(next).toMatchObject({ creates: 0 });
		expect(next.json.alreadySent).toBe(true);
	});

	it('a failed read fails the item and sends nothing; the next execution reads on', async () => {
		suite.sandbox.seedPayouts(2_000);
		await execution('fail-before');
		suite.sandbox.injectFault('payoutHistory', {
			kind: 'errorCode',
			errorCode: 5001,
			msg: 'History is resting',
		});

		const error = await suite.fail({ parameters: payoutWith('fail-during') });

		expect(error.message).toContain('History is resting');
		expect(payoutsPerReference(suite.sandbox)['fail-during']).toBeUndefined();
		const next = await execution('fail-after');
		expect(next).toMatchObject({ history: 1, creates: 1 });
	});

	it.each([
		['its last full read is older than the age limit', { fullReadMaxAgeMs: 0 }],
		['the window holds more payouts than the cache may keep', { maxRecords: 1_000 }],
		['the window is larger than the cache may keep', { maxBytes: 100_000 }],
	])(
		'when %s, every execution reads the window in full, as without a cache',
		async (_when, limits) => {
			Object.assign(HISTORY_CACHE_LIMITS, limits);
			suite.sandbox.seedPayouts(2_000);
			await execution('bounded-1');
			// The age is measured in whole milliseconds.
			await new Promise((resolve) => setTimeout(resolve, 5));

			const next = await execution('bounded-2');

			expect(next.history).toBe(fullReadPages(2_001));
		},
	);
});

describe('more than one TYLT account', () => {
	it('past the records limit, the account used longest ago is forgotten; the other keeps reading only what is new', async () => {
		HISTORY_CACHE_LIMITS.maxRecords = 3_000;
		suite.sandbox.seedPayouts(2_000);
		// Another host name for the same server is another account (docs/money-safety.md: what counts as one TYLT account).
		const other = {
			...credentialsFor(suite.sandbox),
			baseUrl: `http://localhost:${suite.sandbox.port}`,
		};
		const onOther = async (reference: string) => {
			const before = requestsTo(suite.sandbox, 'payoutHistory').length;
			await suite.run({ parameters: payoutWith(reference), credentials: other });
			return requestsTo(suite.sandbox, 'payoutHistory').length - before;
		};
		await execution('first-account');

		// The second account's window joins the first one's: 4,000 payouts kept would be too many.
		expect(await onOther('second-account')).toBe(fullReadPages(2_001));
		const second = await onOther('second-account-again');
		const first = await execution('first-account-again');

		expect(second).toBe(1);
		expect(first.history).toBe(fullReadPages(2_003));
	});
});

describe('what the cache holds for old accounts (a process that has seen many Base URLs or keys)', () => {
	const otherAccount = () => ({
		...credentialsFor(suite.sandbox),
		baseUrl: `http://localhost:${suite.sandbox.port}`,
	});
	const historyPagesOf = async (reference: string, credentials = credentialsFor(suite.sandbox)) => {
		const before = requestsTo(suite.sandbox, 'payoutHistory').length;
		await suite.run({ parameters: payoutWith(reference), credentials });
		return requestsTo(suite.sandbox, 'payoutHistory').length - before;
	};

	it('past the accounts limit, the account used longest ago goes whole, however few payouts it holds', async () => {
		HISTORY_CACHE_LIMITS.maxAccounts = 1;
		suite.sandbox.seedPayouts(500);
		await historyPagesOf('kept-1');
		expect(await historyPagesOf('kept-2')).toBe(1);

		await historyPagesOf('other-1', otherAccount());

		expect(cachedAccounts()).toBe(1);
		// The first account's window went: its next execution reads the window in full.
		expect(await historyPagesOf('kept-3')).toBe(fullReadPages(503));
	});

	it('an account whose window is too old to build on goes whole, also one with an empty history', async () => {
		await historyPagesOf('empty-account');
		expect(cachedAccounts()).toBe(1);
		HISTORY_CACHE_LIMITS.fullReadMaxAgeMs = 0;
		await new Promise((resolve) => setTimeout(resolve, 5));

		await historyPagesOf('other-account', otherAccount());

		expect(cachedAccounts()).toBe(1);
	});
});

describe('executions of one account at the same time', () => {
	it('5 at once against 2,000 payouts with one reference: one payout, one full read, then at most one incremental read', async () => {
		suite.sandbox.seedPayouts(2_000);
		suite.sandbox.latencyMs = 50;

		const outputs = await Promise.all(
			Array.from({ length: 5 }, () => suite.run({ parameters: payoutWith('five-at-once') })),
		);

		expect(payoutsPerReference(suite.sandbox)).toMatchObject(onceEach(['five-at-once']));
		expect(outputs.map(([item]) => item.json.alreadySent).sort()).toEqual([
			false,
			true,
			true,
			true,
			true,
		]);
		expect(requestsTo(suite.sandbox, 'payoutHistory').length).toBeLessThanOrEqual(
			fullReadPages(2_000) + 1,
		);
	});

	it('an execution that asks while a read is under way is served by a read that started after it asked', async () => {
		suite.sandbox.seedPayouts(2_000);
		await execution('under-way-before');
		suite.sandbox.latencyMs = 200;
		const slow = execution('under-way-1');
		await new Promise((resolve) => setTimeout(resolve, 50));
		// Made while the first execution's read is on its way: only a later read can see it.
		suite.sandbox.latencyMs = 0;
		await createPayout(suite.sandbox, { address: ADDRESS, comments: '[ref:under-way-2]' });
		suite.sandbox.latencyMs = 200;

		const [, second] = await Promise.all([slow, execution('under-way-2')]);

		expect(second.json.alreadySent).toBe(true);
		expect(payoutsPerReference(suite.sandbox)['under-way-2']).toBe(1);
	});
});

itShowsNoSecret();
