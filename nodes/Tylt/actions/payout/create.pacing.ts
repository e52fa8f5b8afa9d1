/**
 * Version 2's one pacing knob, Max Payouts Per Second, in terms of the two behaviours version 1 sets apart
 * (Concurrent Payouts, Pause Between Payouts), which CreateTraffic carries out:
 * - 0 (the default): the node's own pace, DEFAULT_CONCURRENT_PAYOUTS at once with no spacing; a TYLT HTTP 429
 *   still halves it.
 * - R > 0: creates start at least 1000 / R ms apart, and at most ceil(R) are on their way at once (never more
 *   in flight than may start in one second; 1 for R ≤ 1, so a slow pace also means one after another).
 */

/**
 * Five creates in flight: at a remote API's 150–300 ms per request that is 15–30 payouts a second, below the
 * limits payment APIs commonly set, while a batch of 1,000 takes about 30 s instead of 2.5 minutes. TYLT
 * documents no limit, so a 429 halves it (see CreateTraffic).
 */
export const DEFAULT_CONCURRENT_PAYOUTS = 5;
export const MAX_CONCURRENT_PAYOUTS = 50;
export const MAX_PAYOUTS_PER_SECOND = MAX_CONCURRENT_PAYOUTS;

export interface Pacing {
	concurrentPayouts: number;
	pauseBetweenPayoutsMs: number;
}

export function pacingOf(maxPayoutsPerSecond: number): Pacing {
	if (maxPayoutsPerSecond === 0) {
		return { concurrentPayouts: DEFAULT_CONCURRENT_PAYOUTS, pauseBetweenPayoutsMs: 0 };
	}
	return {
		concurrentPayouts: Math.min(Math.ceil(maxPayoutsPerSecond), MAX_CONCURRENT_PAYOUTS),
		pauseBetweenPayoutsMs: 1000 / maxPayoutsPerSecond,
	};
}
