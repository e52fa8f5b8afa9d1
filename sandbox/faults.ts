import { STATUS_CODES } from 'node:http';

import { formatTransactionTime, parseRecordTime } from './clock';
import type { Reply } from './http';
import { jsonReply } from './http';
import type { EndpointName, Fault } from './types';

/** Runs the endpoint for real; a fault decides whether, when, and what of its answer reaches the client. */
export type Proceed = () => Promise<Reply>;

type Sleep = (ms: number) => Promise<boolean>;

type FaultBehaviour<Kind extends Fault['kind']> = (
	fault: Extract<Fault, { kind: Kind }>,
	proceed: Proceed,
	sleep: Sleep,
) => Promise<Reply>;

/** One entry per fault kind: a new kind is a new line here, a new member of `Fault`, and nothing else. */
const FAULT_BEHAVIOURS: { [Kind in Fault['kind']]: FaultBehaviour<Kind> } = {
	async status(fault, proceed) {
		if (fault.processed) await proceed();
		return {
			kind: 'answer',
			status: fault.status,
			// Without a body, answer in TYLT's own envelope so clients can be tested on the status alone.
			body:
				fault.body ??
				JSON.stringify({
					data: null,
					errorCode: fault.status,
					msg: STATUS_CODES[fault.status] ?? '',
				}),
			headers: {
				'content-type':
					fault.contentType ??
					(fault.body === undefined
						? 'application/json; charset=utf-8'
						: 'text/plain; charset=utf-8'),
				...fault.headers,
			},
		};
	},
	// The work still happens after the wait, as at a slow real server: a client that gave up may have created a payout.
	async delay(fault, proceed, sleep) {
		return (await sleep(fault.ms)) ? proceed() : { kind: 'drop' };
	},
	async drop() {
		return { kind: 'drop' };
	},
	// The endpoint runs and its real answer is cut in half in transit: a create did happen.
	async malformedJson(_fault, proceed) {
		const reply = await proceed();
		if (reply.kind === 'drop') return reply;
		return {
			...reply,
			status: 200,
			body: reply.body.slice(0, Math.max(1, Math.floor(reply.body.length / 2))),
		};
	},
	async errorCode(fault) {
		return jsonReply(200, { data: null, errorCode: fault.errorCode, msg: fault.msg });
	},
	async createdButResponseLost(_fault, proceed) {
		await proceed();
		return { kind: 'drop' };
	},
	// TYLT's spec gives transaction times without a zone, and merchants' mocks answer record times that way too.
	async zonelessTimes(_fault, proceed) {
		const reply = await proceed();
		if (reply.kind === 'drop') return reply;
		try {
			return { ...reply, body: JSON.stringify(withoutZones(JSON.parse(reply.body))) };
		} catch {
			return reply; // not JSON: no times to rewrite
		}
	},
};

/** The spec's record time: ISO 8601 UTC, whole seconds, trailing Z. */
const RECORD_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

function withoutZones(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withoutZones);
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value).map(([name, nested]) => [name, withoutZones(nested)]),
		);
	}
	if (typeof value === 'string' && RECORD_TIME.test(value)) {
		return formatTransactionTime(parseRecordTime(value) ?? 0);
	}
	return value;
}

export function applyFault(fault: Fault, proceed: Proceed, sleep: Sleep): Promise<Reply> {
	const behaviour = FAULT_BEHAVIOURS[fault.kind] as FaultBehaviour<Fault['kind']>;
	return behaviour(fault, proceed, sleep);
}

export const FAULT_KINDS = Object.keys(FAULT_BEHAVIOURS) as Array<Fault['kind']>;

/** Faults waiting for their endpoint, first injected first applied; each applies to `times` requests. */
export class FaultQueue {
	private pending: Array<{ endpoint: EndpointName; fault: Fault; remaining: number }> = [];

	add(endpoint: EndpointName, fault: Fault): void {
		this.pending.push({ endpoint, fault, remaining: fault.times ?? 1 });
	}

	take(endpoint: EndpointName): Fault | undefined {
		const next = this.pending.find((entry) => entry.endpoint === endpoint);
		if (!next) return undefined;
		next.remaining -= 1;
		if (next.remaining <= 0) this.pending = this.pending.filter((entry) => entry !== next);
		return next.fault;
	}

	clear(): void {
		this.pending = [];
	}
}

const isNumber = (value: unknown): value is number =>
	typeof value === 'number' && Number.isFinite(value);

/** Fields each kind needs, checked for faults that arrive as JSON over the control surface. */
const REQUIRED_FIELDS: { [Kind in Fault['kind']]: Array<[string, (value: unknown) => boolean]> } = {
	status: [['status', (value) => isNumber(value) && value >= 100 && value <= 599]],
	delay: [['ms', (value) => isNumber(value) && value >= 0]],
	drop: [],
	malformedJson: [],
	errorCode: [
		['errorCode', isNumber],
		['msg', (value) => typeof value === 'string'],
	],
	createdButResponseLost: [],
	zonelessTimes: [],
};

/** Undefined when `value` is a usable fault, otherwise what is wrong with it. */
export function faultProblem(value: unknown): string | undefined {
	if (value === null || typeof value !== 'object') return 'fault must be an object';
	const fault = value as Record<string, unknown>;
	if (!FAULT_KINDS.includes(fault.kind as Fault['kind'])) {
		return `fault.kind must be one of ${FAULT_KINDS.join(', ')}`;
	}
	if (
		fault.times !== undefined &&
		!(isNumber(fault.times) && fault.times >= 1) &&
		fault.times !== Infinity
	) {
		return 'fault.times must be a number of at least 1';
	}
	for (const [field, valid] of REQUIRED_FIELDS[fault.kind as Fault['kind']]) {
		if (!valid(fault[field]))
			return `fault.${field} is missing or invalid for kind ${String(fault.kind)}`;
	}
	return undefined;
}
