/**
 * examples/daily-reconciliation.json through a real n8n, against seeded payout history: the summary it
 * computes (counts per status, amounts paid out, payouts not final after 24 hours) must equal what the
 * sandbox holds. It runs from its Schedule Trigger (as the editor runs a trigger node) and from its Manual
 * Trigger, and activates with its daily schedule.
 */
import { useE2e } from './support/context';
import type { PayoutRecord } from '../sandbox';

const e2e = useE2e();

const HOUR_MS = 3600 * 1000;
const STUCK_AFTER_HOURS = 24;
const FINAL = new Set(['Completed', 'Failed', 'Cancelled', 'Rejected', 'Expired']);

/** TYLT's record time format: ISO 8601 UTC, second precision. */
function hoursAgo(hours: number): string {
	return new Date(Date.now() - hours * HOUR_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The summary, computed here from the sandbox's records, independently of the workflow's Code node. */
function expectedSummary(payouts: PayoutRecord[]) {
	const byStatus: Record<string, number> = {};
	const paidOutByCurrency: Record<string, number> = {};
	for (const payout of payouts) {
		byStatus[payout.status] = (byStatus[payout.status] ?? 0) + 1;
		if (payout.status === 'Completed') {
			paidOutByCurrency[payout.settledCurrency] =
				Math.round(
					((paidOutByCurrency[payout.settledCurrency] ?? 0) + payout.settledAmountSent) * 1e6,
				) / 1e6;
		}
	}
	const notFinal = payouts.filter((payout) => payout.isFinal !== 1 && !FINAL.has(payout.status));
	const stuck = notFinal.filter(
		(payout) => Date.now() - Date.parse(payout.createdAt) >= STUCK_AFTER_HOURS * HOUR_MS,
	);
	return {
		total: payouts.length,
		byStatus,
		paidOutByCurrency,
		notFinal: notFinal.length,
		stuckAfterHours: STUCK_AFTER_HOURS,
		stuckCount: stuck.length,
		stuckOrderIds: stuck.map((payout) => payout.orderId),
	};
}

async function seedHistory(): Promise<void> {
	await e2e.sandbox.seedPayouts(5); // Completed
	await e2e.sandbox.seedPayouts(2, { status: 'Failed', isFinal: 1 });
	await e2e.sandbox.seedPayouts(1, { status: 'Pending', createdAt: hoursAgo(30) }); // stuck
	await e2e.sandbox.seedPayouts(1, {
		status: 'Pending',
		createdAt: hoursAgo(72),
		settledCurrency: 'USDC',
	}); // stuck
	await e2e.sandbox.seedPayouts(1, { status: 'Pending', createdAt: hoursAgo(2) }); // not yet
	await e2e.sandbox.seedPayouts(3, {
		settledCurrency: 'USDC',
		network: 'BSC',
		settledAmountSent: 12.25,
	});
}

function summaryOf(execution: Awaited<ReturnType<typeof e2e.n8n.runWorkflowOnce>>) {
	const [summary] = execution.data!.resultData.runData.Summarise[0].data!.main![0]!.map(
		(item) => item.json,
	) as Array<Record<string, any>>;
	return summary;
}

describe('Daily payout reconciliation (examples/daily-reconciliation.json)', () => {
	it('summarises the payout history exactly as TYLT holds it, run from its Schedule Trigger', async () => {
		await seedHistory();
		const payouts = await e2e.sandbox.payouts();
		const expected = expectedSummary(payouts);
		expect(expected).toMatchObject({ total: 13, notFinal: 3, stuckCount: 2 });
		const workflow = await e2e.create(e2e.example('dailyReconciliation'));

		const execution = await e2e.n8n.runWorkflowOnce(workflow.id, {
			triggerNode: 'Every day at 06:00',
		});

		expect(execution.status).toBe('success');
		const summary = summaryOf(execution);
		const { stuckOrderIds, ...counts } = expected;
		expect(summary).toMatchObject(counts);
		expect(summary.stuck.map((payout: { orderId: string }) => payout.orderId).sort()).toEqual(
			[...stuckOrderIds].sort(),
		);
		expect(summary.stuck[0]).toEqual({
			orderId: expect.any(String),
			merchantOrderId: expect.any(String),
			status: 'Pending',
			createdAt: expect.any(String),
			ageHours: expect.any(Number),
			amount: expect.any(Number),
			currency: expect.any(String),
			network: expect.any(String),
			toAddress: expect.any(String),
		});
		expect(Object.keys(execution.data!.resultData.runData)).toContain('Alert: payouts not final');
		// Return All: the whole history, one page of 100, then the empty page that ends it.
		expect(await e2e.sandbox.endpointsCalled()).toEqual(['payoutHistory', 'payoutHistory']);
	});

	it('run by hand on an empty history: zero everywhere, "All settled"', async () => {
		const workflow = await e2e.create(e2e.example('dailyReconciliation'));

		const execution = await e2e.n8n.runWorkflowOnce(workflow.id);

		expect(execution.status).toBe('success');
		expect(summaryOf(execution)).toMatchObject({
			total: 0,
			byStatus: {},
			paidOutByCurrency: {},
			notFinal: 0,
			stuckCount: 0,
			stuck: [],
		});
		expect(Object.keys(execution.data!.resultData.runData)).toContain('All settled');
	});

	it('activates with its daily schedule', async () => {
		const workflow = await e2e.create(e2e.example('dailyReconciliation'));

		const activated = await e2e.n8n.activate(workflow.id);

		expect(activated.active).toBe(true);
		await e2e.n8n.deactivate(workflow.id);
	});
});
