/**
 * The summary's rows, one builder per kind of row: a cost ratio of two measured sides (`compared`), a cost
 * ratio against a fixed floor (`measured`), and a fact with no ratio (`fact`); and the Markdown tables the
 * report is made of.
 */
import { median, ms, ratio, spread, thousands } from './stats';

export interface Row {
	item: string;
	node: string;
	baseline: string;
	ratio: string;
	target: string;
	met: string;
}

/** What a cost ratio should stay under. `soft`: a cross-check, in parentheses, not one of the targets. */
export interface Target {
	limit: number;
	soft?: boolean;
}

/** What each kind of cost ratio should stay under. */
export const TARGETS = {
	/** The TYLT node against the HTTP Request node doing the same job in the same n8n. */
	alternative: { limit: 0.8 },
	/** The same comparison from another angle: a cross-check, not one of the targets. */
	crossCheck: { limit: 0.8, soft: true },
	/** The node in n8n against a raw loop outside n8n. */
	floor: { limit: 1.1 },
	/** A run against the remote API's latency alone. */
	latency: { limit: 1.05 },
	/** Creates in flight together against their floor: set-up reads + ⌈N ÷ concurrency⌉ × latency. */
	concurrentCreates: { limit: 1.2 },
	/** Items waiting together: total ÷ (the slowest item's wait + 2 read intervals). */
	waitTogether: { limit: 1 },
	/** One payout per execution after the first: time with the duplicate guard ÷ without (issue 18). */
	guardSteady: { limit: 1.5 },
	/** The TYLT Trigger's in-process cost per callback against a bare HMAC verify of the same bytes. */
	triggerCost: { limit: 8 },
	/** The same by CPU time, which other processes' load barely moves: a cross-check. */
	triggerCostCpu: { limit: 8, soft: true },
	/** A callback's round trip to the TYLT Trigger against one to n8n's own Webhook node, in the same n8n. */
	triggerRoundTrip: { limit: 1.5 },
} satisfies Record<string, Target>;

export const YES = 'yes';
export const NO = 'NO';

/** A cost ratio (lower is better), held to `target` where there is one. */
export function measured(
	item: string,
	node: string,
	baseline: string,
	value: number,
	target?: Target,
	decimals = 2,
): Row {
	const row = { item, node, baseline };
	if (!target) return { ...row, ratio: ratio(value, decimals), target: '—', met: '' };
	const limit = `≤ ${target.limit.toFixed(2)}×`;
	const met = value <= target.limit;
	if (target.soft)
		return { ...row, ratio: ratio(value), target: `(${limit})`, met: met ? YES : NO };
	// A third decimal where two would print the target itself for a ratio just above it.
	const close = ratio(value) === ratio(target.limit) && !met;
	return {
		...row,
		ratio: ratio(value, close ? 3 : 2),
		target: limit,
		met: met ? YES : `${NO} (see analysis)`,
	};
}

/** Both sides' rounds as median (min–max), and the ratio of the medians. */
export function compared(
	item: string,
	node: number[],
	baseline: number[],
	target?: Target,
	format = ms,
): Row {
	const value = median(node) / median(baseline);
	return measured(item, spread(node, format), spread(baseline, format), value, target);
}

export function fact(item: string, node: string, baseline: string, target = '—', met = ''): Row {
	return { item, node, baseline, ratio: '', target, met };
}

/** The values the rounds saw, each once: "1,001", or "1,001 / 1,002" where rounds differed. */
export const distinct = (values: number[]) =>
	[...new Set(values)]
		.sort((a, b) => a - b)
		.map((value) => thousands(value))
		.join(' / ');

export const tableLine = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;

/** A Markdown table; `align` has one letter per column: `l` left, `r` right. */
export function table(headers: string[], align: string, rows: Array<Array<string | number>>) {
	const rule = [...align].map((letter) => (letter === 'r' ? '---:' : '---'));
	return [headers, rule, ...rows].map(tableLine).join('\n');
}

export function summaryTable(rows: Row[]): string {
	return table(
		['Case', 'TYLT node', 'Baseline', 'Ratio', 'Target', 'Met'],
		'lrrrll',
		rows.map((row) => [row.item, row.node, row.baseline, row.ratio, row.target, row.met]),
	);
}
