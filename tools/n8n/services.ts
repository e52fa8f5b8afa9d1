/**
 * Redis and PostgreSQL for queue mode, throwaway and on 127.0.0.1 (free ports, no persistence), from Debian's
 * redis-server and postgresql: installed with apt-get when missing and this process is root, else the error
 * says what to install. PostgreSQL refuses to run as root, so as root its cluster runs as the `postgres` user
 * (the package creates it).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { installDebianPackages, isExecutable, isRoot, onPath } from '../system/debianPackages';
import { spawnProcess, tail, waitUntil, type RunningProcess } from './processes';
import { freePort, HOST } from './runtime';

export interface QueueDependencies {
	redisServer: string;
	postgresBin: string;
	installed: string[];
	installMs: number;
}

export interface QueueService extends RunningProcess {
	host: string;
	port: number;
	readyMs: number;
}

export interface PostgresService extends QueueService {
	database: string;
	user: string;
	password: string;
	initMs: number;
}

/** The folder of PostgreSQL's server programs (initdb, postgres): Debian keeps them off PATH in
 *  /usr/lib/postgresql/<major>/bin; elsewhere they are on PATH. The newest major wins. */
function findPostgresBin(): string | undefined {
	const debian = '/usr/lib/postgresql';
	const majors = fs.existsSync(debian)
		? fs.readdirSync(debian).filter((entry) => /^\d+(\.\d+)?$/.test(entry))
		: [];
	const initdb = onPath('initdb');
	return [
		...majors.sort((a, b) => Number(b) - Number(a)).map((major) => path.join(debian, major, 'bin')),
		...(initdb ? [path.dirname(fs.realpathSync(initdb))] : []),
	].find(
		(dir) => isExecutable(path.join(dir, 'initdb')) && isExecutable(path.join(dir, 'postgres')),
	);
}

/**
 * Finds redis-server and PostgreSQL's server programs; installs the missing Debian packages with apt-get when
 * allowed (`install`, default true) and root. `apt-get update` only when the first try fails (stale or
 * missing package lists on a fresh machine).
 */
export function ensureQueueDependencies({
	install = true,
	log = () => {},
}: { install?: boolean; log?: (line: string) => void } = {}): QueueDependencies {
	const find = () => ({ redisServer: onPath('redis-server'), postgresBin: findPostgresBin() });
	const before = find();
	const missing = [
		...(before.redisServer ? [] : ['redis-server']),
		...(before.postgresBin ? [] : ['postgresql']),
	];
	if (before.redisServer && before.postgresBin) {
		return {
			redisServer: before.redisServer,
			postgresBin: before.postgresBin,
			installed: [],
			installMs: 0,
		};
	}
	const installMs = installDebianPackages(missing, {
		purpose: 'n8n queue mode',
		allowed: install,
		log,
	});
	const after = find();
	if (!after.redisServer || !after.postgresBin) {
		throw new Error(
			`apt-get installed ${missing.join(' ')}, yet redis-server or initdb is still missing`,
		);
	}
	return {
		redisServer: after.redisServer,
		postgresBin: after.postgresBin,
		installed: missing,
		installMs,
	};
}

function redisPing(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect({ host: HOST, port });
		let answer = '';
		socket.setTimeout(1000, () => socket.destroy());
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (chunk) => {
			answer += chunk;
			if (answer.includes('\r\n')) {
				socket.end();
				resolve(answer.startsWith('+PONG'));
			}
		});
		socket.on('error', () => resolve(false));
		socket.on('close', () => resolve(false));
	});
}

/** redis-server on 127.0.0.1 and a free port, no RDB snapshots, no append-only file. */
export async function startRedis({
	redisServer,
	dir,
	logFile,
	timeoutMs = 30000,
}: {
	redisServer: string;
	dir: string;
	logFile: string;
	timeoutMs?: number;
}): Promise<QueueService> {
	const port = await freePort();
	fs.mkdirSync(dir, { recursive: true });
	const settings = {
		bind: HOST,
		port,
		save: '', // no RDB snapshots
		appendonly: 'no',
		dir,
		daemonize: 'no',
		'protected-mode': 'yes',
		logfile: '', // stdout, into the log file
	};
	const args = Object.entries(settings).flatMap(([name, value]) => [`--${name}`, String(value)]);
	const redis = spawnProcess('redis', redisServer, args, {
		env: process.env,
		cwd: dir,
		logFile,
		watchParent: 'wrapper',
	});
	const readyMs = await waitUntil(redis, () => redisPing(port), {
		timeoutMs,
		what: 'answering PING',
	});
	return Object.assign(redis, { host: HOST, port, readyMs });
}

/** The uid and gid PostgreSQL runs as: this process's, or the `postgres` user's when this one is root. */
function postgresAccount(): { uid?: number; gid?: number } {
	if (!isRoot()) return {};
	const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
	const [uid, gid] = [id('-u'), id('-g')];
	if (uid.status !== 0 || gid.status !== 0) {
		throw new Error(
			'PostgreSQL cannot run as root and there is no "postgres" user (apt-get install postgresql creates it)',
		);
	}
	return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * A new PostgreSQL cluster in a temporary folder (removed by stop()), on 127.0.0.1 and a free port, trust
 * authentication for loopback, fsync off: fast and disposable. Database `n8n`, user `n8n`.
 */
export async function startPostgres({
	postgresBin,
	logFile,
	timeoutMs = 60000,
}: {
	postgresBin: string;
	logFile: string;
	timeoutMs?: number;
}): Promise<PostgresService> {
	const account = postgresAccount();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tylt-n8n-pg-'));
	if (account.uid !== undefined) fs.chownSync(dir, account.uid, account.gid!);
	const dataDir = path.join(dir, 'data');
	const env = {
		PATH: process.env.PATH || '/usr/bin:/bin',
		HOME: dir,
		LANG: 'C.UTF-8',
		LC_ALL: 'C.UTF-8',
	};
	const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
	const run = (program: string, args: string[], extraEnv = {}) => {
		const result = spawnSync(path.join(postgresBin, program), args, {
			cwd: dir,
			env: { ...env, ...extraEnv },
			...account,
			encoding: 'utf8',
		});
		if (result.status !== 0) {
			throw new Error(
				`${program} failed (${result.status}):\n${tail(`${result.stdout}\n${result.stderr}`)}`,
			);
		}
	};

	const started = Date.now();
	let postgres: RunningProcess | undefined;
	try {
		run('initdb', [
			'-D',
			dataDir,
			'-U',
			'n8n',
			'--auth=trust',
			'--encoding=UTF8',
			'--locale=C.UTF-8',
			'--no-sync',
		]);
		const initMs = Date.now() - started;
		const port = await freePort();
		const settings = {
			port,
			listen_addresses: HOST,
			unix_socket_directories: dir, // not /var/run/postgresql
			fsync: 'off', // a throwaway cluster: speed over durability
			synchronous_commit: 'off',
			full_page_writes: 'off',
			max_connections: 100,
		};
		const args = [
			'-D',
			dataDir,
			...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
		];
		const running = spawnProcess('postgres', path.join(postgresBin, 'postgres'), args, {
			env,
			cwd: dir,
			...account,
			logFile,
			watchParent: 'wrapper',
			stopSignal: 'SIGINT', // fast shutdown: n8n is gone by then
		});
		postgres = running;
		const ready = async () => /ready to accept connections/.test(running.logs);
		await waitUntil(running, ready, { timeoutMs, what: 'ready to accept connections' });
		// A database of its own, as n8n's docs set it up (the new cluster has only "postgres").
		run('createdb', ['-h', HOST, '-p', String(port), '-U', 'n8n', 'n8n'], {
			PGCONNECT_TIMEOUT: '10',
		});
		const stopPostgres = running.stop;
		return Object.assign(running, {
			host: HOST,
			port,
			database: 'n8n',
			user: 'n8n',
			password: 'n8n',
			initMs,
			readyMs: Date.now() - started,
			stop: async (options?: { timeoutMs?: number }) => {
				const result = await stopPostgres(options);
				removeDir();
				return result;
			},
		});
	} catch (error) {
		await postgres?.stop();
		removeDir();
		throw error;
	}
}
