import type { IncomingMessage, ServerResponse } from 'node:http';

import { parseJsonObject, jsonReply, readBody, sendReply } from './http';
import { ENDPOINT_NAMES } from './routes';
import type { Sandbox } from './sandbox';
import type { EndpointName, Fault, HistoryPaging, PayoutOutcome } from './types';

const CONTROL_PREFIX = '/_sandbox';

/** Control calls are not TYLT calls: they skip authentication and are never logged in `requests`. */
export function isControlPath(url: string): boolean {
	const path = url.split('?')[0];
	return path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`);
}

/** A mistake in a control call, answered with HTTP 400 and this message. */
class ControlError extends Error {}

type ControlBody = Record<string, unknown>;

interface ControlAction {
	summary: string;
	run: (body: ControlBody, sandbox: Sandbox) => unknown;
}

function numberField(body: ControlBody, field: string, minimum: number): number {
	const value = body[field];
	if (typeof value !== 'number' || !Number.isFinite(value) || value < minimum) {
		throw new ControlError(`${field} must be a number of at least ${minimum}`);
	}
	return value;
}

function stringField(body: ControlBody, field: string): string {
	const value = body[field];
	if (typeof value !== 'string' || value === '')
		throw new ControlError(`${field} must be a non-empty string`);
	return value;
}

function optionalStringField(body: ControlBody, field: string): string | undefined {
	return body[field] === undefined ? undefined : stringField(body, field);
}

function objectField(body: ControlBody, field: string): Record<string, unknown> | undefined {
	const value = body[field];
	if (value === undefined) return undefined;
	if (value === null || typeof value !== 'object' || Array.isArray(value)) {
		throw new ControlError(`${field} must be an object`);
	}
	return value as Record<string, unknown>;
}

/** Each entry calls the same method as the programmatic API, so both surfaces behave alike. */
const CONTROL_ACTIONS: Record<string, ControlAction> = {
	'GET /_sandbox': {
		summary: 'this list',
		run: () =>
			Object.entries(CONTROL_ACTIONS).map(([route, action]) => `${route}: ${action.summary}`),
	},
	'POST /_sandbox/reset': {
		summary: 'back to the seeded state (payouts, balances, pay-ins, logs, faults, outcomes)',
		run: (_body, sandbox) => sandbox.reset(),
	},
	'POST /_sandbox/seed-payouts': {
		summary:
			'{count, template?, spacingMs?}: add history records, spacingMs (default 1000) apart, older than existing ones',
		run: (body, sandbox) =>
			sandbox.seedPayouts(
				numberField(body, 'count', 0),
				objectField(body, 'template'),
				body.spacingMs === undefined ? undefined : numberField(body, 'spacingMs', 1000),
			),
	},
	'POST /_sandbox/seed-payin': {
		summary: '{merchantOrderId, details?}: add a pay-in instance for getInstanceDetails',
		run: (body, sandbox) =>
			sandbox.seedPayIn(stringField(body, 'merchantOrderId'), objectField(body, 'details')),
	},
	'POST /_sandbox/balances': {
		summary:
			"{USDT: 918, ...}: set these currencies' balances (others keep theirs), as getAccountBalance lists them",
		run: (body, sandbox) => {
			try {
				return sandbox.setBalances(body as Record<string, number>);
			} catch (error) {
				throw new ControlError((error as Error).message);
			}
		},
	},
	'POST /_sandbox/advance': {
		summary: '{ms}: move the sandbox clock, settle what is due, wait for the callbacks',
		run: (body, sandbox) => sandbox.advanceTime(numberField(body, 'ms', 0)),
	},
	'GET /_sandbox/requests': {
		summary: 'every API request received',
		run: (_body, sandbox) => sandbox.requests,
	},
	'GET /_sandbox/callbacks': {
		summary: 'every callback sent, with the receiver answer',
		run: (_body, sandbox) => sandbox.callbacks,
	},
	'GET /_sandbox/payouts': {
		summary: 'current payouts, newest first',
		run: (_body, sandbox) => sandbox.payouts,
	},
	'POST /_sandbox/faults': {
		summary: `{endpoint, fault}: endpoint is one of ${ENDPOINT_NAMES.join(', ')}`,
		run: (body, sandbox) => {
			const endpoint = stringField(body, 'endpoint') as EndpointName;
			if (!ENDPOINT_NAMES.includes(endpoint)) {
				throw new ControlError(`endpoint must be one of ${ENDPOINT_NAMES.join(', ')}`);
			}
			try {
				sandbox.injectFault(endpoint, body.fault as Fault);
			} catch (error) {
				throw new ControlError((error as Error).message);
			}
		},
	},
	'POST /_sandbox/latency': {
		summary:
			'{ms}: every API request waits this long before it is handled (0: none; reset restores the start value)',
		run: (body, sandbox) => {
			sandbox.latencyMs = numberField(body, 'ms', 0);
		},
	},
	'POST /_sandbox/history-paging': {
		summary:
			"{maxRows?, offsetBy?, pastEnd?, shortPages?, cappedPages?, minRows?, maxPage?}: how history pages are cut (pastEnd 'lastPage': a page past the end repeats the last one; shortPages {from, through?, rowsFewer}: those pages serve fewer rows; cappedPages {from, through?, maxRows}: those pages are capped lower; minRows: no page serves fewer; maxPage: later pages are empty); reset restores the default",
		run: (body, sandbox) => {
			try {
				sandbox.historyPaging = { ...sandbox.historyPaging, ...body } as HistoryPaging;
			} catch (error) {
				throw new ControlError((error as Error).message);
			}
			return sandbox.historyPaging;
		},
	},
	'DELETE /_sandbox/faults': {
		summary: 'remove every pending fault',
		run: (_body, sandbox) => sandbox.clearFaults(),
	},
	'POST /_sandbox/outcome': {
		summary: '{outcome: Completed|Failed, address?}: how due payouts (to that address) settle',
		run: (body, sandbox) => {
			const outcome = stringField(body, 'outcome');
			if (outcome !== 'Completed' && outcome !== 'Failed') {
				throw new ControlError('outcome must be Completed or Failed');
			}
			const address = optionalStringField(body, 'address');
			sandbox.setPayoutOutcome(
				outcome as PayoutOutcome,
				address === undefined ? undefined : (record) => record.toAddress === address,
			);
		},
	},
	'POST /_sandbox/send-callback': {
		summary: '{url, orderId?, status?}: POST a correctly signed payout callback to any URL',
		run: (body, sandbox) => {
			const record = sandbox.callbackRecord(
				optionalStringField(body, 'orderId'),
				optionalStringField(body, 'status'),
			);
			return sandbox.sendCallback(stringField(body, 'url'), record);
		},
	},
};

export async function handleControlRequest(
	req: IncomingMessage,
	res: ServerResponse,
	sandbox: Sandbox,
): Promise<void> {
	const path = (req.url ?? '/').split('?')[0].replace(/\/+$/, '');
	const action = CONTROL_ACTIONS[`${req.method ?? 'GET'} ${path}`];
	try {
		const text = (await readBody(req)).toString('utf8');
		if (!action) {
			sendReply(
				res,
				jsonReply(404, {
					error: `No control endpoint ${req.method} ${path}`,
					endpoints: Object.keys(CONTROL_ACTIONS),
				}),
			);
			return;
		}
		const body = text.trim() === '' ? {} : parseJsonObject(text);
		if (!body) throw new ControlError('body must be a JSON object');
		const data = (await action.run(body, sandbox)) ?? null;
		sendReply(res, jsonReply(200, { data }));
	} catch (error) {
		const status = error instanceof ControlError ? 400 : 500;
		sendReply(res, jsonReply(status, { error: (error as Error).message }));
	}
}
