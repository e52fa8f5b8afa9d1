/**
 * `npm run bench`: the TYLT nodes against plain baselines, in the same run, A/B alternating over several
 * rounds, medians. Not a test: it asserts nothing about time, it measures and reports (docs/benchmarks.md).
 *
 *   npm run bench                      full run (a few minutes on 2 cores), writes docs/benchmarks.md
 *   npm run bench -- --quick           small sizes, prints only
 *   npm run bench -- --rounds 7 --only create,trigger
 *
 * Processes: this coordinator (no timed code), the sandbox, one process per measured side, and n8n (with
 * its task runner). All listen on 127.0.0.1 only; every one is stopped at the end, also after an error.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PRELOAD, runtimePaths, setupOwner, startN8n } from '../tools/n8n';
import { CASES } from './cases';
import { DAILY_LIMIT_NEVER_REACHED, type BenchContext, type N8nHandle } from './lib/context';
import type { BenchJobs } from './lib/jobs';
import { describeMachine } from './lib/machine';
import { parseOptions, USAGE } from './lib/options';
import { resultsMarkdown, writeResults } from './lib/report';
import { WorkerProcess } from './lib/workerProcess';

const REPO_ROOT = path.resolve(__dirname, '..');
const DOC = path.join(REPO_ROOT, 'docs', 'benchmarks.md');
const PROFILE_DIR = path.join(REPO_ROOT, '.cache', 'bench-profiles');
const WORKER_HOST = path.join(__dirname, 'workers', 'host.ts');

function log(message: string) {
	process.stdout.write(`[bench] ${message}\n`);
}

async function main(): Promise<number> {
	let options;
	try {
		const parsed = parseOptions(process.argv.slice(2));
		if (parsed === 'help') {
			process.stdout.write(`${USAGE}\n`);
			return 0;
		}
		options = parsed;
	} catch (error) {
		process.stderr.write(`${(error as Error).message}\n`);
		return 2;
	}
	// Node 24 from the provisioned n8n runtime: n8n runs on it, so every measured side does too.
	const { nodeBin, n8nPackageDir } = runtimePaths();
	const started = Date.now();
	const workers: WorkerProcess<BenchJobs>[] = [];
	let n8nHandle: Promise<N8nHandle> | undefined;

	const spawnWorker = (role: string) => {
		const worker = new WorkerProcess<BenchJobs>(role, nodeBin, WORKER_HOST);
		workers.push(worker);
		return worker;
	};

	try {
		const machine = describeMachine(REPO_ROOT, nodeBin, n8nPackageDir);
		log(
			`rounds ${options.rounds}${options.quick ? ', quick sizes' : ''}; cases: ${options.cases.join(', ')}; load average ${machine.loadAtStart.map((load) => load.toFixed(2)).join(' ')} on ${machine.cores} cores`,
		);
		const sandbox = spawnWorker('sandbox');
		const access = await sandbox.call('sandbox.start', {});
		log(`sandbox at ${access.url} (pid ${sandbox.pid})`);

		let profiler: WorkerProcess<BenchJobs> | undefined;
		const context: BenchContext = {
			options,
			sandbox,
			access,
			log,
			worker: spawnWorker,
			profiles: [],
			async profiled(label, node, run) {
				if (!options.profile) return;
				const handle = await context.n8n();
				const wsUrl = /Debugger listening on (ws:\/\/\S+)/.exec(handle.instance.logs)?.[1];
				if (!wsUrl) throw new Error("--profile: n8n's log names no inspector address");
				profiler ??= spawnWorker('profiler');
				mkdirSync(PROFILE_DIR, { recursive: true });
				const file = path.join(PROFILE_DIR, `${label.replace(/[^\w.-]+/g, '-')}.cpuprofile`);
				await profiler.call('profile.start', { wsUrl, samplingIntervalUs: 200 });
				const measured = await run();
				const summary = await profiler.call('profile.stop', {
					label,
					file,
					node,
					nodeStartedAt: measured.startedAt ?? NaN,
					nodeMs: measured.ms,
				});
				context.profiles.push(summary);
				log(
					`profile ${label}: ${summary.busyMs.toFixed(0)} ms busy of ${summary.wallMs.toFixed(0)} ms (${path.relative(REPO_ROOT, file)}; ${JSON.stringify(summary.placement)})`,
				);
			},
			n8n: () =>
				(n8nHandle ??= (async () => {
					const instance = await startN8n({
						packageDir: REPO_ROOT,
						// tools/n8n's own NODE_OPTIONS (the preload) plus the inspector, on a free port.
						env: options.profile
							? {
									NODE_OPTIONS: `--require=${JSON.stringify(PRELOAD)} --inspect=127.0.0.1:0`,
								}
							: undefined,
					});
					log(`n8n ${instance.url} ready in ${instance.readyMs} ms (pid ${instance.pid})`);
					try {
						const client = await setupOwner(instance);
						// Fails when n8n did not load the package (e.g. dist/ was being rebuilt as n8n started).
						const sandboxCredential = async (name: string, limits = {}) => {
							const { id } = await client.createCredential({
								name,
								type: 'tyltApi',
								data: {
									apiKey: access.apiKey,
									apiSecret: access.apiSecret,
									baseUrl: access.url,
									...limits,
								},
							});
							return { id, name };
						};
						return {
							instance,
							client,
							credential: await sandboxCredential('TYLT sandbox'),
							credentialWithDailyLimit: await sandboxCredential(
								'TYLT sandbox, Max Amount per 24 Hours',
								{ maxAmountPer24Hours: DAILY_LIMIT_NEVER_REACHED },
							),
						};
					} catch (error) {
						await instance.stop();
						throw error;
					}
				})()),
		};

		const cases = [];
		for (const name of options.cases) cases.push(await CASES[name](context));
		machine.loadAtEnd = os.loadavg();
		const markdown = resultsMarkdown({
			options,
			machine,
			totalSeconds: (Date.now() - started) / 1000,
			cases,
			profiles: context.profiles,
		});
		process.stdout.write(`\n${markdown}\n\n`);
		if (options.write) {
			writeResults(DOC, markdown);
			log(`wrote ${path.relative(REPO_ROOT, DOC)}`);
		} else {
			log('docs/benchmarks.md not written (quick or partial run; --write to force)');
		}
		return 0;
	} finally {
		if (n8nHandle) {
			const handle = await n8nHandle.catch(() => undefined);
			if (handle) {
				const stopped = await handle.instance.stop();
				log(`n8n stopped in ${stopped.stopMs} ms`);
			}
		}
		await Promise.all(workers.map(async (worker) => await worker.stop()));
		log(
			`${workers.length} worker processes stopped; ${Math.round((Date.now() - started) / 1000)} s in all`,
		);
	}
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		process.stderr.write(`[bench] failed: ${error.stack ?? error.message}\n`);
		process.exit(1);
	},
);
