/**
 * Memory of one run in this process. Before the run: two full GCs, then the kernel's peak-RSS mark is reset
 * (`5` into /proc/self/clear_refs resets VmHWM), so the peak RSS afterwards belongs to this run alone. During
 * the run the V8 heap is sampled every millisecond: the node and the raw loop both await each page, so the
 * samples see the heap between every two pages; a last sample is taken when the run returns, result alive.
 * After the run, a GC with the result still referenced gives the heap the result itself keeps.
 */
import { readFileSync, writeFileSync } from 'node:fs';

import type { MemoryRun } from '../lib/jobs';

function gc() {
	const collect = (globalThis as { gc?: () => void }).gc;
	if (!collect) throw new Error('run with --expose-gc');
	collect();
	collect();
}

function statusKb(field: 'VmHWM' | 'VmRSS'): number {
	const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
		readFileSync('/proc/self/status', 'utf8'),
	);
	return match ? Number(match[1]) * 1024 : NaN;
}

function resetPeakRss(): boolean {
	try {
		writeFileSync('/proc/self/clear_refs', '5');
		return true;
	} catch {
		return false;
	}
}

export async function measureMemory<T>(run: () => Promise<T>): Promise<MemoryRun & { value: T }> {
	gc();
	const isolated = resetPeakRss();
	const rssBefore = statusKb('VmRSS');
	const heapBefore = process.memoryUsage().heapUsed;
	let heapPeak = heapBefore;
	const sampler = setInterval(() => {
		heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
	}, 1);
	const cpuBefore = process.cpuUsage();
	const started = performance.now();
	let value: T;
	try {
		value = await run();
	} finally {
		clearInterval(sampler);
	}
	const ms = performance.now() - started;
	const cpu = process.cpuUsage(cpuBefore);
	heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
	const rssPeak = statusKb('VmHWM');
	gc();
	const heapRetained = process.memoryUsage().heapUsed - heapBefore;
	return {
		ms,
		cpuMs: (cpu.user + cpu.system) / 1000,
		value,
		heapPeakBytes: heapPeak - heapBefore,
		heapRetainedBytes: heapRetained,
		rssPeakBytes: rssPeak - rssBefore,
		rssPeakAbsoluteBytes: rssPeak,
		rssPeakIsolated: isolated,
	};
}
