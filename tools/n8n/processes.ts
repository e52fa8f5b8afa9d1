/**
 * Process lifecycle for everything the tooling starts: the registry a command stops its parts through, and
 * the one spawn helper every n8n process, Redis and PostgreSQL run under.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const MAX_LOG_CHARS = 4 * 1024 * 1024;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function tail(text: string, lines = 40): string {
	return String(text).split('\n').slice(-lines).join('\n');
}

/** Thrown by add() when stopAll() has already begun: what was just started is stopped, the caller ends. */
export class StopRequested extends Error {
	constructor(what = 'it') {
		super(`stop requested while starting ${what}`);
		this.name = 'StopRequested';
	}
}

/** Everything one command started, stopped once, in reverse order. */
export class ProcessRegistry {
	private readonly running: Array<{ what: string; stop: () => Promise<unknown> }> = [];
	private stopping: Promise<void> | undefined;
	private readonly log: (line: string) => void;

	constructor(options: { log?: (line: string) => void } = {}) {
		this.log = options.log ?? (() => {});
	}

	/** Records something now running; if stopAll() already began, stops it at once and throws StopRequested. */
	async add(what: string, stop: () => Promise<unknown>): Promise<void> {
		if (this.stopping) {
			// stopAll() went through the list already: this one would be left running.
			await this.stopOne(what, stop);
			throw new StopRequested(what);
		}
		this.running.push({ what, stop });
	}

	/** Stops everything in reverse order; logs `<what> stopped` or the failure; the same promise on every call. */
	stopAll(): Promise<void> {
		this.stopping ??= (async () => {
			for (const { what, stop } of [...this.running].reverse()) await this.stopOne(what, stop);
		})();
		return this.stopping;
	}

	/** On SIGINT/SIGTERM: stopAll(), then exit (130 / 143). */
	stopOnSignals(): void {
		for (const [signal, code] of [
			['SIGINT', 130],
			['SIGTERM', 143],
		] as const) {
			process.on(signal, () => {
				this.log(`${signal}: stopping…`);
				void this.stopAll().then(() => process.exit(code));
			});
		}
	}

	private async stopOne(what: string, stop: () => Promise<unknown>): Promise<void> {
		try {
			await stop();
			this.log(`${what} stopped`);
		} catch (error) {
			this.log(`stopping ${what} failed: ${(error as Error).message}`);
		}
	}
}

/** Live members of a process group (zombies excluded), read from /proc. */
function groupMembers(pgid: number): number[] {
	let entries: string[];
	try {
		entries = fs.readdirSync('/proc');
	} catch {
		return killGroup(pgid, 0) ? [pgid] : [];
	}
	const members: number[] = [];
	for (const entry of entries) {
		if (!/^\d+$/.test(entry)) continue;
		let stat: string;
		try {
			stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
		} catch {
			continue;
		}
		// pid (comm) state ppid pgrp ...; comm may contain spaces and parentheses
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') {
			members.push(Number(entry));
		}
	}
	return members;
}

function killGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
	try {
		process.kill(-pgid, signal);
		return true;
	} catch {
		return false;
	}
}

const liveGroups = new Set<number>();
let exitHookInstalled = false;
function killOnExit(pgid: number): void {
	liveGroups.add(pgid);
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	// Last resort when a caller forgets stop() or crashes: nothing it started outlives it.
	process.on('exit', () => {
		for (const group of liveGroups) killGroup(group, 'SIGKILL');
	});
}

export interface ExitInfo {
	code: number | null;
	signal: NodeJS.Signals | null;
	error?: Error;
}

export interface StopResult extends ExitInfo {
	stopMs: number;
}

/** A program running in a process group of its own, its output kept in memory (last 4 MB) and in a file. */
export interface RunningProcess {
	name: string;
	pid: number;
	logFile: string;
	/** stdout + stderr so far. */
	readonly logs: string;
	readonly exited: boolean;
	readonly exitInfo: ExitInfo | null;
	/** SIGTERM (or stopSignal) to the group, SIGKILL after timeoutMs; the same promise on every call. */
	stop(options?: { timeoutMs?: number }): Promise<StopResult>;
}

export interface SpawnOptions {
	env: NodeJS.ProcessEnv;
	cwd: string;
	logFile: string;
	uid?: number;
	gid?: number;
	/**
	 * How the program ends when this process dies without stopping it: stdin is a pipe from this process that
	 * closes then. 'preload': the program watches it itself (n8n, through preload.ts); 'wrapper': a small bash
	 * wrapper watches it and sends the program SIGTERM.
	 */
	watchParent: 'preload' | 'wrapper';
	stopSignal?: NodeJS.Signals;
	stopTimeoutMs?: number;
}

const WRAPPER =
	'exec 3<&0; "$@" & child=$!; ( cat <&3 >/dev/null; kill -TERM "$child" 2>/dev/null ) & wait "$child"';

export function spawnProcess(
	name: string,
	file: string,
	args: string[],
	options: SpawnOptions,
): RunningProcess {
	const { logFile, stopSignal = 'SIGTERM' } = options;
	fs.mkdirSync(path.dirname(logFile), { recursive: true });
	const logStream = fs.createWriteStream(logFile, { flags: 'a' });
	let logs = '';
	const appendLog = (chunk: Buffer | string) => {
		logs += chunk.toString();
		if (logs.length > MAX_LOG_CHARS) logs = logs.slice(logs.length - MAX_LOG_CHARS);
		if (!logStream.writableEnded) logStream.write(chunk);
	};
	const [command, commandArgs] =
		options.watchParent === 'wrapper'
			? ['bash', ['-c', WRAPPER, name, file, ...args]]
			: [file, args];
	// detached: the program leads its own group (n8n starts a task runner), so stop() ends all of it.
	const child = spawn(command, commandArgs, {
		cwd: options.cwd,
		env: options.env,
		uid: options.uid,
		gid: options.gid,
		detached: true,
		stdio: ['pipe', 'pipe', 'pipe'],
	});
	child.stdin.on('error', () => {});
	child.stdout.on('data', appendLog);
	child.stderr.on('data', appendLog);
	let exitInfo: ExitInfo | null = null;
	const exited = new Promise<ExitInfo>((resolve) => {
		child.on('exit', (code, signal) => resolve((exitInfo = { code, signal })));
		child.on('error', (error) => {
			appendLog(`spawn error: ${error.stack}\n`);
			resolve((exitInfo ??= { code: null, signal: null, error }));
		});
	});
	const pid = child.pid ?? 0;
	if (pid) killOnExit(pid);

	const running = () => exitInfo === null || groupMembers(pid).length > 0;
	const stopGroup = async (timeoutMs: number): Promise<StopResult> => {
		const started = Date.now();
		if (pid) {
			killGroup(pid, stopSignal);
			const deadline = Date.now() + timeoutMs;
			while (running() && Date.now() < deadline) await sleep(50);
			if (running()) {
				appendLog(
					`[tools/n8n] ${name} still running ${timeoutMs} ms after ${stopSignal}: SIGKILL\n`,
				);
				killGroup(pid, 'SIGKILL');
				await Promise.race([exited, sleep(5000)]);
				const killDeadline = Date.now() + 5000;
				while (groupMembers(pid).length && Date.now() < killDeadline) await sleep(50);
			}
			liveGroups.delete(pid);
		}
		child.stdin.destroy();
		await new Promise<void>((resolve) => logStream.end(resolve));
		return { ...(exitInfo ?? { code: null, signal: null }), stopMs: Date.now() - started };
	};
	let stopping: Promise<StopResult> | undefined;
	return {
		name,
		pid,
		logFile,
		get logs() {
			return logs;
		},
		get exited() {
			return exitInfo !== null;
		},
		get exitInfo() {
			return exitInfo;
		},
		stop: ({ timeoutMs = options.stopTimeoutMs ?? 20000 } = {}) =>
			(stopping ??= stopGroup(timeoutMs)),
	};
}

/** Polls `check` until it answers true → ms waited. Fails early when the process exited; on failure the
 *  process is stopped and the error shows its log. */
export async function waitUntil(
	running: RunningProcess,
	check: () => Promise<boolean>,
	{ timeoutMs, what }: { timeoutMs: number; what: string },
): Promise<number> {
	const started = Date.now();
	let failure: string | undefined;
	while (!failure) {
		if (running.exited) failure = `exited before ${what} (${JSON.stringify(running.exitInfo)})`;
		else if (await check().catch(() => false)) return Date.now() - started;
		else if (Date.now() - started > timeoutMs) failure = `not ${what} after ${timeoutMs} ms`;
		else await sleep(100);
	}
	await running.stop(); // n8n's task runner may outlive n8n
	throw new Error(`${running.name} ${failure}; log ${running.logFile}:\n${tail(running.logs)}`);
}
