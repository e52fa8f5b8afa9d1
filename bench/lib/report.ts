/**
 * Turns the cases' reports into the results section of docs/benchmarks.md (also printed): what it was
 * measured on, the summary table with each target and whether it was met, then each case's details.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Machine } from './machine';
import type { BenchOptions } from './options';
import { latencyRounds } from './options';
import type { ProfileSummary } from './profileSummary';
import type { Row } from './rows';
import { summaryTable, table, tableLine } from './rows';
import { ms, percent } from './stats';

/** What a case adds to the results: its rows of the summary and its section of the details. */
export interface CaseReport {
	rows: Row[];
	details: string;
}

export interface BenchResults {
	options: BenchOptions;
	machine: Machine;
	totalSeconds: number;
	/** In the order the cases ran. */
	cases: CaseReport[];
	profiles: ProfileSummary[];
}

const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');

function machineSection({ machine: m, options, totalSeconds }: BenchResults): string {
	const dirty = m.uncommittedNodeFiles.length
		? ` with uncommitted changes to ${m.uncommittedNodeFiles.map((file) => `\`${file}\``).join(', ')}`
		: '';
	return [
		`Measured ${m.date}, commit \`${m.commit}\`${dirty}: \`npm run bench -- --rounds ${options.rounds}${options.quick ? ' --quick' : ''}\`, ${Math.round(totalSeconds)} s in all.`,
		'',
		'| Machine | |',
		'| --- | --- |',
		...[
			['CPU', `${m.cpuModel}, ${m.cores} cores`],
			['RAM', `${m.ramGb.toFixed(1)} GB`],
			['OS', m.kernel],
			['Node running n8n, the sandbox and every measured loop', m.workerNode],
			['Node running the bench coordinator (`npm run bench`)', m.benchNode],
			['n8n', `${m.n8nVersion} (n8n-core in the in-process harness: ${m.n8nCoreInHarness})`],
			[
				'Load average (1, 5, 15 min) at start / end',
				`${loads(m.loadAtStart)} / ${loads(m.loadAtEnd)}`,
			],
		].map(tableLine),
	].join('\n');
}

function profileDetails(profiles: ProfileSummary[]): string {
	return [
		"#### Where n8n's main thread spends a node's run (--profile: one extra, unmeasured run each)",
		"A CPU profile of n8n's main process (sampled every 0.2 ms) over the node's run as n8n's run data gives it; each busy sample is classified by what is on its stack, first match in the order the buckets are defined (`bench/lib/profileSummary.ts`). Busy = not idle; the rest of the window the thread waits (for TYLT, or for sockets).",
		...profiles.flatMap((summary) => [
			`**${summary.label}**: ${ms(summary.busyMs)} busy of ${ms(summary.wallMs)}.`,
			table(
				['Busy with', 'ms', 'share of busy'],
				'lrr',
				summary.buckets.map((entry) => [
					entry.bucket,
					ms(entry.ms),
					percent(entry.ms / summary.busyMs),
				]),
			),
		]),
	].join('\n\n');
}

export function resultsMarkdown(results: BenchResults): string {
	const { rounds } = results.options;
	return [
		machineSection(results),
		'### Summary',
		`Medians over ${rounds} rounds (the latency case: ${latencyRounds(rounds)}), min–max in parentheses. Ratio = node ÷ baseline (cost: lower is better). "Floor" rows compare with a raw loop outside n8n: the least any client could take, not what a user would pick instead.`,
		summaryTable(results.cases.flatMap((report) => report.rows)),
		'### Details',
		...results.cases.map((report) => report.details),
		...(results.profiles.length ? [profileDetails(results.profiles)] : []),
	].join('\n\n');
}

const BEGIN = '<!-- bench:results:begin (written by npm run bench; edit outside these markers) -->';
const END = '<!-- bench:results:end -->';

/** Replaces the results between the markers; the hand-written analysis around them stays. */
export function writeResults(doc: string, markdown: string) {
	const section = `${BEGIN}\n\n${markdown}\n\n${END}`;
	if (!existsSync(doc)) {
		mkdirSync(path.dirname(doc), { recursive: true });
		writeFileSync(doc, `# Benchmarks\n\n${section}\n`);
		return;
	}
	const current = readFileSync(doc, 'utf8');
	const begin = current.indexOf(BEGIN);
	const end = current.indexOf(END);
	if (begin === -1 || end < begin)
		throw new Error(`${doc} lacks the results markers; restore them or delete the file`);
	writeFileSync(doc, current.slice(0, begin) + section + current.slice(end + END.length));
}
