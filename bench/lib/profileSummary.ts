/**
 * Where n8n's main thread spent its time while a node ran, from a CPU profile (V8's .cpuprofile format).
 * The node's run is the window n8n's run data gives (its start and executionTime), placed on the profile's
 * clock by the wall-clock time at which the profiler stopped (V8's profile `startTime` lies well before the
 * first sample, its `endTime` is the stop); every busy sample inside it is classified by
 * what is on its stack. The window also holds what n8n does beside the node meanwhile (the bench polling the
 * execution over REST, every 100 ms).
 */

interface CallFrame {
	functionName: string;
	url: string;
	lineNumber: number;
}

interface ProfileNode {
	id: number;
	callFrame: CallFrame;
	children?: number[];
}

export interface CpuProfile {
	nodes: ProfileNode[];
	startTime: number;
	endTime: number;
	samples: number[];
	timeDeltas: number[];
}

/** A node's code in the profile: a part of the path of its files. */
export interface NodeFrame {
	name: string;
	urlPart: string;
}

export const TYLT_NODE_FRAME: NodeFrame = { name: 'TYLT', urlPart: '/dist/nodes/Tylt/' };
export const HTTP_NODE_FRAME: NodeFrame = {
	name: 'HTTP Request',
	urlPart: '/n8n-nodes-base/dist/nodes/HttpRequest/',
};

export interface ProfileSummary {
	label: string;
	node: string;
	/** The node's window: wall time, and the part of it the main thread was busy. */
	wallMs: number;
	busyMs: number;
	buckets: Array<{ bucket: string; ms: number }>;
	/** Check of the window's placement: the node's window and the first and last sample with the node's own code on the stack, in ms from the profile's start. */
	placement: {
		fromMs: number;
		toMs: number;
		firstOwnMs: number;
		lastOwnMs: number;
		profileMs: number;
	};
}

type Classifier = { bucket: string; test: (frame: CallFrame) => boolean };

const named =
	(...names: string[]) =>
	(frame: CallFrame) =>
		names.includes(frame.functionName);
const inFile =
	(...parts: string[]) =>
	(frame: CallFrame) =>
		parts.some((part) => frame.url.includes(part));

/** First match wins, over the whole stack: a credential read inside the request helper is a credential read. */
function classifiers(node: NodeFrame): Classifier[] {
	return [
		{
			bucket: 'n8n reading and decrypting a credential (database)',
			test: named('getCredentials', 'getDecrypted'),
		},
		{
			bucket: "the credential's authenticate (signing)",
			test: inFile(
				'/dist/credentials/TyltApi',
				'/dist/nodes/shared/signing',
				'/dist/nodes/shared/outgoingRequest',
				'/dist/nodes/shared/credentialRefusal',
				'/dist/nodes/shared/tyltAccount',
			),
		},
		{ bucket: 'n8n resolving parameters (expressions)', test: named('_getNodeParameter') },
		{
			bucket: 'HTTP client (n8n request helper, axios, follow-redirects, node:http, sockets)',
			test: (frame) =>
				inFile(
					'/axios/',
					'/follow-redirects/',
					'/@n8n/backend-network/',
					'request-helpers/',
					'node:_http',
					'node:http',
					'node:net',
					'node:internal/stream',
				)(frame) || named('onStreamRead', 'afterConnect', 'emitCloseNT')(frame),
		},
		{ bucket: `the ${node.name} node's own code`, test: inFile(node.urlPart) },
		{
			bucket: "n8n's server beside the node (REST, database)",
			test: inFile('/@n8n/typeorm/', '/sqlite3/', '/express/', '/router/', '/n8n/dist/'),
		},
	];
}

/** The node's run in wall-clock time, and when (wall clock) the profile ended. */
export interface ProfileWindow {
	profileEndedAt: number;
	nodeStartedAt: number;
	nodeMs: number;
}

export function summariseProfile(
	label: string,
	profile: CpuProfile,
	node: NodeFrame,
	window: ProfileWindow,
): ProfileSummary {
	const byId = new Map(profile.nodes.map((entry) => [entry.id, entry]));
	const parent = new Map<number, number>();
	for (const entry of profile.nodes)
		for (const child of entry.children ?? []) parent.set(child, entry.id);
	const stackOf = (sampleId: number) => {
		const stack: CallFrame[] = [];
		for (let id: number | undefined = sampleId; id !== undefined; id = parent.get(id))
			stack.push(byId.get(id)!.callFrame);
		return stack;
	};
	// Sample times below are µs after profile.startTime; the profile's end is the stop, at profileEndedAt.
	const endUs = profile.endTime - profile.startTime;
	const fromUs = endUs - (window.profileEndedAt - window.nodeStartedAt) * 1000;
	const toUs = fromUs + window.nodeMs * 1000;

	const rules = classifiers(node);
	const buckets = new Map<string, number>();
	let wallUs = 0;
	let idleUs = 0;
	let atUs = 0;
	let firstOwnUs = NaN;
	let lastOwnUs = NaN;
	for (let index = 0; index < profile.samples.length; index++) {
		const deltaUs = profile.timeDeltas[index] ?? 0;
		atUs += deltaUs;
		const stack = stackOf(profile.samples[index]);
		if (stack.some((frame) => frame.url.includes(node.urlPart))) {
			if (Number.isNaN(firstOwnUs)) firstOwnUs = atUs;
			lastOwnUs = atUs;
		}
		if (atUs < fromUs || atUs > toUs) continue;
		wallUs += deltaUs;
		const top = stack[0]?.functionName ?? '';
		if (top === '(idle)') {
			idleUs += deltaUs;
			continue;
		}
		const rule = rules.find((candidate) => stack.some(candidate.test));
		const bucket =
			rule?.bucket ??
			(top === '(garbage collector)'
				? 'garbage collection'
				: top === '(program)'
					? '(program): V8 and native work outside any JS function'
					: 'other');
		buckets.set(bucket, (buckets.get(bucket) ?? 0) + deltaUs);
	}
	return {
		label,
		node: node.name,
		wallMs: wallUs / 1000,
		busyMs: (wallUs - idleUs) / 1000,
		buckets: [...buckets.entries()]
			.map(([bucket, us]) => ({ bucket, ms: us / 1000 }))
			.sort((a, b) => b.ms - a.ms),
		placement: {
			fromMs: fromUs / 1000,
			toMs: toUs / 1000,
			firstOwnMs: firstOwnUs / 1000,
			lastOwnMs: lastOwnUs / 1000,
			profileMs: atUs / 1000,
		},
	};
}
