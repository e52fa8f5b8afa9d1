import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Credentials } from './auth';
import { authenticate, expectedSignedBytes } from './auth';
import type { SandboxClock } from './clock';
import type { ApiState } from './endpoints/context';
import type { FaultQueue } from './faults';
import { applyFault } from './faults';
import type { Reply } from './http';
import { BodyTooLargeError, errorReply, readBody, sendReply } from './http';
import { matchRoute } from './routes';
import type { TimerRegistry } from './timers';
import type { LoggedRequest } from './types';

export interface PipelineContext {
	credentials: Credentials;
	clock: SandboxClock;
	faults: FaultQueue;
	timers: TimerRegistry;
	state: ApiState;
	/** Every API request is appended here on arrival. */
	requests: LoggedRequest[];
	/** The wait before each authenticated request is handled; a holder, so the control API can change it. */
	latency: { ms: number };
}

function lowerCasedHeaders(req: IncomingMessage): Record<string, string> {
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(req.headers)) {
		if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
	}
	return headers;
}

/**
 * One TYLT API request, in stages: route → authenticate → fault → endpoint. Authentication comes before
 * faults so a badly signed request never uses up a fault a test injected for the real call.
 */
async function decide(
	log: LoggedRequest,
	rawBody: Buffer,
	context: PipelineContext,
): Promise<Reply> {
	const route = matchRoute(log.method, log.path);
	if ('kind' in route) return route;
	log.endpoint = route.endpoint;

	const signedBytes = expectedSignedBytes({
		method: log.method,
		endpoint: route.endpoint,
		query: log.query,
		rawBody,
	});
	log.signedString = signedBytes.toString('utf8');
	const denied = authenticate(log.headers, signedBytes, context.credentials);
	if (denied) return denied;

	const request = { headers: log.headers, query: new URLSearchParams(log.query), rawBody };
	const proceed = async () => route.handle(request, context.state);
	// Like a remote API, the request is handled only after the wait; a reset during it drops the request.
	if (context.latency.ms > 0 && !(await context.timers.sleep(context.latency.ms))) {
		return { kind: 'drop' };
	}
	const fault = context.faults.take(route.endpoint);
	return fault ? applyFault(fault, proceed, (ms) => context.timers.sleep(ms)) : proceed();
}

export async function handleApiRequest(
	req: IncomingMessage,
	res: ServerResponse,
	context: PipelineContext,
): Promise<void> {
	const target = req.url ?? '/';
	const queryStart = target.indexOf('?');
	const log: LoggedRequest = {
		method: req.method ?? 'GET',
		path: queryStart === -1 ? target : target.slice(0, queryStart),
		query: queryStart === -1 ? '' : target.slice(queryStart + 1),
		headers: lowerCasedHeaders(req),
		rawBody: '',
		status: 0,
		receivedAt: context.clock.now(),
	};
	context.requests.push(log);

	let reply: Reply;
	try {
		const rawBody = await readBody(req);
		log.rawBody = rawBody.toString('utf8');
		reply = await decide(log, rawBody, context);
	} catch (error) {
		reply =
			error instanceof BodyTooLargeError
				? errorReply(413, error.message)
				: errorReply(500, `Sandbox error: ${(error as Error).message}`);
	}
	log.status = reply.kind === 'answer' ? reply.status : 0;
	sendReply(res, reply);
}
