/**
 * Max Amount per 24 Hours against time: creates held back by a long pause, and clocks that disagree.
 *
 * What must not happen: the limit is decided once, before the first create, and each payout that fits is reserved then. Pause
 * Between Payouts has no upper bound (version 2 on: any Max Payouts per Second above 0), so a builder can hold an
 * item's create back for more than a day. Its reservation is dated when it was made, and the journal forgets it
 * 24 hours 15 minutes later, while the item has not been sent yet: another execution of the same n8n process then
 * finds the room free and pays it, and the held item is sent afterwards on its day-old decision. Both land
 * inside one 24-hour window, past the limit. And a payout made elsewhere while the create is held back (the
 * dashboard, another worker), which history lists, is never counted against it.
 *
 * What keeps holding: a pause of a couple of hours keeps its room; TYLT dating a payout hours earlier than n8n's clock does
 * not let the window drop it while this process's reservation is gone.
 *
 * The clock is simulated: the node's Date.now and the sandbox's clock move on together (or only the node's, for
 * a TYLT clock behind n8n's), and a long pause returns at once after moving them (running the other execution
 * in between, as a schedule would).
 */
import {
	credentialsFor,
	payoutCreate,
	requestsTo,
	tronAddress,
	withPlainSymbols,
} from '../../support/sandboxKit';
import { hoursAgo, useMoneySafetySandbox } from '../../support/moneySafetyKit';

/**
 * The simulated clock: how far it is ahead of the real one, and what runs while a pause of an hour or more
 * lasts (it moves the clock itself and says how far; the pause then moves it on to its end).
 */
const mockClock = {
	offsetMs: 0,
	duringLongPause: undefined as undefined | (() => Promise<number>),
	passTime: undefined as unknown as (ms: number) => Promise<void>,
};

jest.mock('../../../nodes/shared/pause', () => {
	const actual = jest.requireActual('../../../nodes/shared/pause');
	return {
		...actual,
		// Only a pause of an hour or more is simulated; the others (request deadlines) wait as they would.
		pause: async (ms: number, signal?: AbortSignal) => {
			const during = mockClock.duringLongPause;
			if (during === undefined || ms < 3_600_000) return await actual.pause(ms, signal);
			mockClock.duringLongPause = undefined;
			const passed = await during();
			await mockClock.passTime(Math.max(0, ms - passed));
		},
	};
});

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

/** How far the sandbox's clock has been moved, in all tests of the file (a reset keeps its time). */
let sandboxMovedMs = 0;

async function passTime(ms: number) {
	mockClock.offsetMs += ms;
	sandboxMovedMs += ms;
	await suite.sandbox.advanceTime(ms);
}
mockClock.passTime = passTime;

const realNow = Date.now.bind(Date);
beforeEach(() => {
	// Each test starts with n8n's clock where TYLT's is.
	mockClock.offsetMs = sandboxMovedMs;
	jest.spyOn(Date, 'now').mockImplementation(() => realNow() + mockClock.offsetMs);
});
afterEach(() => {
	jest.restoreAllMocks();
	mockClock.duringLongPause = undefined;
});

const LIMIT = 100;
const credentials = () => ({
	...credentialsFor(suite.sandbox),
	maxAmountPer24Hours: `USDT ${LIMIT}`,
});
const RECIPIENT = tronAddress('long-pause');

/** The most any 24 hours of TYLT's records hold (each window ending at a payout's createdAt). */
function most24HourSum(): number {
	const payouts = suite.sandbox.payouts.map((payout) => ({
		atMs: Date.parse(payout.createdAt),
		amount: payout.settledAmountRequested,
	}));
	return Math.max(
		0,
		...payouts.map(({ atMs }) =>
			payouts
				.filter((other) => other.atMs <= atMs && other.atMs > atMs - 24 * HOUR_MS)
				.reduce((sum, other) => sum + other.amount, 0),
		),
	);
}

/** The held batch's node: version 1 with Pause Between Payouts, or version 2 on with Max Payouts per Second (run at the version a new node gets). */
type Panel = 1 | 2;

/** A batch paying 10, then 90 `pauseMs` later, one at a time. */
function heldBatch(pauseMs: number, panel: Panel) {
	const items = [
		{ amount: 10, row: `held-first-${pauseMs}-v${panel}` },
		{ amount: 90, row: `held-second-${pauseMs}-v${panel}` },
	];
	const payout = { baseAmount: '={{ $json.amount }}', address: RECIPIENT };
	if (panel === 2) {
		return {
			items,
			parameters: payoutCreate({
				...payout,
				amountIn: 'settledCurrency',
				reference: '={{ $json.row }}',
				// Any rate above 0 is taken: one payout per `pauseMs`.
				options: { maxPayoutsPerSecond: 1000 / pauseMs },
			}),
		};
	}
	// Version 1's own path to a long hold (its panel takes any number of milliseconds), run beside version 2's.
	return {
		typeVersion: 1,
		items,
		parameters: withPlainSymbols(
			payoutCreate({
				...payout,
				options: {
					reference: '={{ $json.row }}',
					concurrentPayouts: 1,
					pauseBetweenPayoutsMs: pauseMs,
				},
			}),
		),
	};
}

/**
 * Execution A pays 10 and holds 90 back by `pauseMs`; `otherAfterMs` after A's first payout, while the 90 is
 * still held, execution B of the same process asks for 100 (or `otherPayout` happens).
 */
async function heldBatchAndAnotherRun(
	pauseMs: number,
	otherAfterMs: number,
	{ panel = 2 as Panel, otherPayout = async () => await otherRun(otherAfterMs) } = {},
) {
	mockClock.duringLongPause = async () => {
		await passTime(otherAfterMs);
		await otherPayout();
		return otherAfterMs;
	};
	await suite.run({
		credentials: credentials(),
		...heldBatch(pauseMs, panel),
		continueOnFail: true,
	});
}

async function otherRun(afterMs: number) {
	await suite.run({
		credentials: credentials(),
		parameters: payoutCreate({
			baseAmount: 100,
			address: RECIPIENT,
			reference: `other-run-${afterMs}`,
			options: {},
		}),
		continueOnFail: true,
	});
}

it.each<[string, Panel]>([
	['version 1, Pause Between Payouts', 1],
	['version 2 on, Max Payouts per Second', 2],
])(
	'a create held back for more than a day (%s) is not sent on a decision its reservation outlived',
	async (_case, panel) => {
		// 24 hours 30 minutes. B runs 24 h 20 min after A's first payout, when the journal has forgotten the held
		// item's reservation (made then, kept 24 h 15 min).
		await heldBatchAndAnotherRun(24 * HOUR_MS + 30 * MINUTE_MS, 24 * HOUR_MS + 20 * MINUTE_MS, {
			panel,
		});

		// Were it sent: 10 at T, then B's 100 at T + 24 h 20 min, then the held 90 (decided at T) at T + 24 h 30 min:
		// 190 USDT inside 24 hours under a limit of 100.
		expect(suite.sandbox.payouts.length).toBeGreaterThan(1);
		expect(most24HourSum()).toBeLessThanOrEqual(LIMIT);
	},
);

it('a payout TYLT’s history shows, made while a create was held back, counts before that create is sent', async () => {
	// An hour into a two-hour pause, a payout of 100 USDT is made outside this n8n process (the dashboard,
	// another worker): history lists it at once. The held 90 was decided before it.
	await heldBatchAndAnotherRun(2 * HOUR_MS, HOUR_MS, {
		otherPayout: async () => {
			suite.sandbox.seedPayouts(1, { createdAt: hoursAgo(0), settledAmountRequested: 100 });
		},
	});

	// Were it sent: the held 90 is sent an hour after history showed the 100: 200 USDT in 24 hours under 100.
	// The docs promise every payout history shows in the last 24 hours counts, however it was made.
	expect(
		requestsTo(suite.sandbox, 'createPayout').map(
			(request) => JSON.parse(request.rawBody).baseAmount,
		),
	).toEqual([10]);
});

it('a create held back for two hours keeps its room, and the other run is refused', async () => {
	await heldBatchAndAnotherRun(2 * HOUR_MS, HOUR_MS);

	const paid = suite.sandbox.payouts.map((payout) => payout.settledAmountRequested);
	expect(paid.sort((a, b) => a - b)).toEqual([10, 90]);
	expect(most24HourSum()).toBe(100);
});

it('TYLT dating a payout 2 hours before n8n’s clock does not free its room before 24 hours have passed', async () => {
	const sixty = (reference: string) => ({
		credentials: credentials(),
		parameters: payoutCreate({
			baseAmount: 60,
			address: RECIPIENT,
			reference,
			options: {},
		}),
		continueOnFail: true,
	});
	// n8n's clock runs 2 hours ahead of TYLT's: TYLT dates the payout 2 hours earlier than n8n sent it.
	mockClock.offsetMs += 2 * HOUR_MS;
	await suite.run(sixty('dated-early-first'));

	// 22 h 30 min later by n8n's clock: TYLT's createdAt is 24 h 30 min old, outside the window history is read for.
	await passTime(22 * HOUR_MS + 30 * MINUTE_MS);
	const [second] = await suite.run(sixty('dated-early-second'));

	expect(String(second.json.error)).toMatch(/above Max Amount per 24 Hours/);
	expect(suite.sandbox.payouts).toHaveLength(1);
});

itShowsNoSecret();
