/**
 * Child processes that do the measured work (a host script that runs jobs sent over IPC). Every
 * measured piece of code runs in one of these, never in the process that coordinates, so the coordinator's
 * own work (reading logs, polling n8n) never lands on a timed path. They run under the Node that n8n runs
 * on (Node 24 from the provisioned runtime), so the node in n8n and its baselines share a runtime.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import path from 'node:path';

/** The jobs a worker can run, by name (the bench's own table: jobs.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobTable = Record<string, (params: any) => Promise<unknown>>;

const BENCH_DIR = path.resolve(__dirname, '..');
const REPO_ROOT = path.resolve(BENCH_DIR, '..');

interface Pending {
	resolve: (value: unknown) => void;
	reject: (error: Error) => void;
}

export class WorkerProcess<Jobs extends JobTable = JobTable> {
	private readonly child: ChildProcess;

	private readonly pending = new Map<number, Pending>();

	private nextId = 1;

	private exitError: Error | undefined;

	readonly ready: Promise<void>;

	/** `hostScript`: the TypeScript file the child runs; it answers `{ ready: true }`, then runs jobs. */
	constructor(
		readonly role: string,
		nodeBin: string,
		hostScript: string,
	) {
		this.child = spawn(
			nodeBin,
			['--expose-gc', '-r', 'ts-node/register/transpile-only', hostScript, role],
			{
				cwd: REPO_ROOT,
				stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
				env: {
					...process.env,
					TS_NODE_PROJECT: path.join(BENCH_DIR, 'tsconfig.json'),
					// `Tylt.node` must load Tylt.node.ts, not the codex file Tylt.node.json beside it.
					TS_NODE_PREFER_TS_EXTS: 'true',
					NODE_OPTIONS: '',
				},
			},
		);
		this.ready = new Promise((resolve, reject) => {
			this.child.once('message', (message: { ready?: boolean }) =>
				message.ready ? resolve() : reject(new Error(`${role}: unexpected first message`)),
			);
			this.child.once('exit', (code, signal) =>
				reject(new Error(`${role} worker exited before it was ready (${code ?? signal})`)),
			);
		});
		this.child.on('message', (message: { id?: number; result?: unknown; error?: string }) => {
			if (message.id === undefined) return;
			const waiting = this.pending.get(message.id);
			if (!waiting) return;
			this.pending.delete(message.id);
			if (message.error !== undefined) waiting.reject(new Error(`${role}: ${message.error}`));
			else waiting.resolve(message.result);
		});
		this.child.on('exit', (code, signal) => {
			this.exitError = new Error(`${role} worker exited (${code ?? signal})`);
			for (const waiting of this.pending.values()) waiting.reject(this.exitError);
			this.pending.clear();
		});
	}

	get pid(): number | undefined {
		return this.child.pid;
	}

	async call<N extends keyof Jobs & string>(
		job: N,
		params: Parameters<Jobs[N]>[0],
	): Promise<Awaited<ReturnType<Jobs[N]>>> {
		await this.ready;
		if (this.exitError) throw this.exitError;
		const id = this.nextId++;
		return await new Promise<Awaited<ReturnType<Jobs[N]>>>((resolve, reject) => {
			this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
			this.child.send({ id, job, params });
		});
	}

	/** Closes the channel (the host exits on disconnect), then SIGKILL to this child alone if it lingers. */
	async stop(): Promise<void> {
		if (this.child.exitCode !== null || this.child.signalCode !== null) return;
		const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
		if (this.child.connected) this.child.disconnect();
		const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
		await exited;
		clearTimeout(timer);
	}
}
