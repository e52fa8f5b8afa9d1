/**
 * A CPU profiler attached to n8n's main process over the inspector protocol (n8n runs with --inspect when
 * the bench has --profile). Runs in a worker: the coordinator's Node has no WebSocket client.
 */
import { writeFileSync } from 'node:fs';

import type { JobModule } from '../lib/jobs';
import type { CpuProfile } from '../lib/profileSummary';
import { summariseProfile } from '../lib/profileSummary';

interface Session {
	socket: WebSocket;
	nextId: number;
	pending: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
}

let session: Session | undefined;

async function connect(wsUrl: string): Promise<Session> {
	const socket = new WebSocket(wsUrl);
	await new Promise<void>((resolve, reject) => {
		socket.addEventListener('open', () => resolve(), { once: true });
		socket.addEventListener('error', () => reject(new Error(`cannot reach ${wsUrl}`)), {
			once: true,
		});
	});
	const opened: Session = { socket, nextId: 1, pending: new Map() };
	socket.addEventListener('message', (event) => {
		const message = JSON.parse(String(event.data)) as {
			id?: number;
			result?: unknown;
			error?: { message: string };
		};
		const waiting = message.id === undefined ? undefined : opened.pending.get(message.id);
		if (!waiting) return;
		opened.pending.delete(message.id!);
		if (message.error) waiting.reject(new Error(message.error.message));
		else waiting.resolve(message.result);
	});
	return opened;
}

async function send(method: string, params: object = {}): Promise<unknown> {
	if (!session) throw new Error('profile.start first');
	const id = session.nextId++;
	const answer = new Promise((resolve, reject) => session!.pending.set(id, { resolve, reject }));
	session.socket.send(JSON.stringify({ id, method, params }));
	return await answer;
}

export const profileJobs: JobModule<'profile'> = {
	async 'profile.start'(params) {
		session ??= await connect(params.wsUrl);
		await send('Profiler.enable');
		await send('Profiler.setSamplingInterval', { interval: params.samplingIntervalUs });
		await send('Profiler.start');
		return null;
	},
	/** Stops, writes the raw profile to `file` (open it in Chrome DevTools), returns its summary. */
	async 'profile.stop'(params) {
		// The profiler stops when the message arrives; the answer comes after the profile is serialised.
		const profileEndedAt = Date.now();
		const { profile } = (await send('Profiler.stop')) as { profile: CpuProfile };
		writeFileSync(params.file, JSON.stringify(profile));
		return summariseProfile(params.label, profile, params.node, {
			profileEndedAt,
			nodeStartedAt: params.nodeStartedAt,
			nodeMs: params.nodeMs,
		});
	},
};
