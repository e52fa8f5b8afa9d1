/** What the numbers were measured on. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Machine {
	cpuModel: string;
	cores: number;
	ramGb: number;
	kernel: string;
	benchNode: string;
	workerNode: string;
	n8nVersion: string;
	n8nCoreInHarness: string;
	commit: string;
	/** Files under nodes/ or credentials/ that differ from the commit: the measured code is not the commit's. */
	uncommittedNodeFiles: string[];
	date: string;
	/** 1, 5 and 15 minute load averages when the bench started and ended: anything else running skews it. */
	loadAtStart: number[];
	loadAtEnd: number[];
}

function cpuModel(): string {
	try {
		const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
		if (match) return match[1].trim();
	} catch {
		// not Linux
	}
	return os.cpus()[0]?.model ?? 'unknown';
}

function git(repoRoot: string, args: string[]): string {
	try {
		return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
	} catch {
		return '';
	}
}

function packageVersion(file: string): string {
	try {
		return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
	} catch {
		return 'unknown';
	}
}

export function describeMachine(
	repoRoot: string,
	workerNodeBin: string,
	n8nPackageDir: string,
): Machine {
	return {
		cpuModel: cpuModel(),
		cores: os.cpus().length,
		ramGb: os.totalmem() / 1024 ** 3,
		kernel: `${os.type()} ${os.release()}`,
		benchNode: process.version,
		workerNode: execFileSync(workerNodeBin, ['--version'], { encoding: 'utf8' }).trim(),
		n8nVersion: packageVersion(path.join(n8nPackageDir, 'package.json')),
		n8nCoreInHarness: packageVersion(
			path.join(repoRoot, 'node_modules', 'n8n-core', 'package.json'),
		),
		commit: git(repoRoot, ['rev-parse', '--short', 'HEAD']),
		uncommittedNodeFiles: git(repoRoot, ['status', '--porcelain', '--', 'nodes', 'credentials'])
			.split('\n')
			.filter(Boolean)
			.map((line) => line.slice(3)),
		date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
		loadAtStart: os.loadavg(),
		loadAtEnd: [],
	};
}
