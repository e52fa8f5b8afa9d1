/**
 * Case 7's in-process part: the sum Max Amount per 24 Hours makes of the last 24 hours (spentInWindow in
 * nodes/Tylt/payout/limits/spentInWindow.ts) over `records` payouts shaped as TYLT's history lists them, alone, on new
 * record objects each time: the first execution over a window (later ones reuse what the cache's records parsed).
 */
import { readSpendingLimits, UnreadableLimitError } from '../../nodes/shared/spendingLimits/parse';
import { spentInWindow } from '../../nodes/Tylt/payout/limits/spentInWindow';
import type { PayoutRecord } from '../../nodes/Tylt/transport/records';
import { samplePayoutRecord } from '../../sandbox/payoutRecord';
import { DAILY_LIMIT_NEVER_REACHED } from '../lib/context';
import type { JobModule } from '../lib/jobs';
import { median } from '../lib/stats';

const WARM_UP_SUMS = 3;
const TIMED_SUMS = 9;
/** The sandbox seeds a payout about this often over 23 hours at 10,000 payouts. */
const SPACING_MS = 8_000;

export const dailyLimitJobs: JobModule<'dailyLimit'> = {
	async 'dailyLimit.sum'(params) {
		const limits = readSpendingLimits({ maxAmountPer24Hours: DAILY_LIMIT_NEVER_REACHED });
		if (limits instanceof UnreadableLimitError || !limits.per24Hours) throw limits;
		const per24Hours = limits.per24Hours;
		const now = Date.now();
		// Through JSON, as a history read hands the records over.
		const records = JSON.parse(
			JSON.stringify(
				Array.from({ length: params.records }, (_, index) =>
					samplePayoutRecord('Completed', now - index * SPACING_MS, 10 + index),
				),
			),
		) as PayoutRecord[];
		const sum = () => spentInWindow(per24Hours, records, []);
		for (let pass = 0; pass < WARM_UP_SUMS; pass++) sum();
		const times = Array.from({ length: TIMED_SUMS }, () => {
			const started = performance.now();
			sum();
			return performance.now() - started;
		});
		return { ms: median(times) };
	},
};
