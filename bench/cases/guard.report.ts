/** Case 5 in the results: time and requests of one payout per execution, guard on against off. */
import type { Row } from '../lib/rows';
import { compared, distinct, fact, table } from '../lib/rows';
import { median, ms, thousands } from '../lib/stats';
import type { GuardDataset, GuardVariant } from './guard';

/** The latency case's: what the guard's requests would cost against a remote API. */
const REMOTE_LATENCY_MS = 150;

function datasetRows({ history, runs }: GuardDataset): Row[] {
	const label = `5. One payout per execution (a form), ${thousands(history)} payouts in the look-back window`;
	const times = (variant: GuardVariant) => runs[variant].map((run) => run.ms);
	const requests = (variant: GuardVariant) => runs[variant].map((run) => run.requests.total);
	const historyPages = runs.guardOn.map((run) => run.requests.byEndpoint.payoutHistory ?? 0);
	return [
		compared(`${label}: time, guard on ÷ guard off`, times('guardOn'), times('guardOff')),
		fact(
			`${label}: requests, guard on (history pages) against guard off`,
			`${distinct(requests('guardOn'))} (${distinct(historyPages)} history)`,
			distinct(requests('guardOff')),
		),
	];
}

export const guardRows = (datasets: GuardDataset[]) => datasets.flatMap(datasetRows);

export function guardDetails(datasets: GuardDataset[]): string {
	return [
		'#### 5. Duplicate guard, one payout per execution',
		`Manual Trigger → Code (one row) → TYLT Payout → Create, Duplicate Guard on (look-back: the default 168 hours) and off. Before every run the sandbox is reset and the history seeded afresh (1 s apart, newest first: all inside the window). "At ${REMOTE_LATENCY_MS} ms" is derived: requests × ${REMOTE_LATENCY_MS} ms, since every request waits for the one before.`,
		table(
			[
				'Payouts in the window',
				'guard',
				'requests (by endpoint)',
				'median time',
				'rounds',
				`at ${REMOTE_LATENCY_MS} ms per request`,
			],
			'rllrlr',
			datasets.flatMap(({ history, runs }) =>
				(['guardOn', 'guardOff'] as const).map((variant) => {
					const endpoints = Object.entries(runs[variant][0]?.requests.byEndpoint ?? {})
						.map(([endpoint, count]) => `${endpoint} ${count}`)
						.join(', ');
					const total = median(runs[variant].map((run) => run.requests.total));
					const times = runs[variant].map((run) => run.ms);
					return [
						thousands(history),
						variant === 'guardOn' ? 'on' : 'off',
						`${thousands(total)} (${endpoints})`,
						ms(median(times)),
						times.map(ms).join(', '),
						`≈ ${ms(total * REMOTE_LATENCY_MS)}`,
					];
				}),
			),
		),
	].join('\n\n');
}
