import type { ClientRequest, IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

import { hmacHex } from './signature';
import type { CallbackDelivery, PayoutRecord, SendCallbackOptions } from './types';

// Enough to show what a receiver answered (TYLT expects `ok`) without buffering a runaway reply.
const MAX_RESPONSE_CHARS = 64 * 1024;

export interface CallbackResult {
	status?: number;
	responseBody?: string;
	error?: string;
}

/** TYLT's callback body: compact JSON `{"type":...,"data":<record>}`; these exact bytes are what gets signed. */
export function callbackBody(type: string, record: PayoutRecord | Record<string, unknown>): string {
	return JSON.stringify({ type, data: record });
}

/**
 * POSTs one signed callback and reports what happened; never throws and never retries (TYLT does not).
 * `onRequest` lets the caller abort it on close().
 */
export function postCallback(
	url: string,
	rawBody: string,
	signature: string,
	timeoutMs: number,
	onRequest: (request: ClientRequest) => void = () => {},
): Promise<CallbackResult> {
	return new Promise((resolve) => {
		let target: URL;
		try {
			target = new URL(url);
		} catch {
			resolve({ error: `Invalid callback URL: ${url}` });
			return;
		}
		const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
		// agent: false means one connection per callback, closed afterwards: no keep-alive socket outlives a test.
		const request = send(target, {
			method: 'POST',
			agent: false,
			headers: {
				'content-type': 'application/json',
				'content-length': String(Buffer.byteLength(rawBody)),
				'x-tlp-signature': signature,
			},
		});
		onRequest(request);
		request.setTimeout(timeoutMs, () => {
			request.destroy(new Error(`No answer within ${timeoutMs} ms`));
		});
		request.on('error', (error) => resolve({ error: error.message }));
		request.on('response', (response: IncomingMessage) => {
			let responseBody = '';
			response.setEncoding('utf8');
			response.on('data', (chunk: string) => {
				if (responseBody.length < MAX_RESPONSE_CHARS) responseBody += chunk;
			});
			response.on('end', () => resolve({ status: response.statusCode, responseBody }));
			response.on('error', (error) =>
				resolve({ status: response.statusCode, error: error.message }),
			);
		});
		request.end(rawBody);
	});
}

/**
 * Sends and records every callback of one sandbox. Callbacks of one order go out one after another, so a
 * receiver sees Pending before Completed even when settlement happens while the first POST is in flight.
 */
export class CallbackDispatcher {
	readonly deliveries: CallbackDelivery[] = [];

	private readonly inFlight = new Set<Promise<unknown>>();

	private readonly openRequests = new Set<ClientRequest>();

	private readonly lastPerOrder = new Map<string, Promise<unknown>>();

	private closed = false;

	constructor(
		private readonly defaultSecret: string,
		private readonly timeoutMs: number,
	) {}

	/** Builds and signs the body now (a snapshot of `record`), records it, and delivers it in order. */
	send(
		url: string,
		record: PayoutRecord | Record<string, unknown>,
		options: SendCallbackOptions = {},
	): Promise<CallbackDelivery> {
		const rawBody = callbackBody(options.type ?? 'pay-out', record);
		const delivery: CallbackDelivery = {
			url,
			rawBody,
			signature: hmacHex(options.secret ?? this.defaultSecret, rawBody),
		};
		if (typeof record.orderId === 'string') delivery.orderId = record.orderId;
		if (typeof record.status === 'string') delivery.payoutStatus = record.status;
		this.deliveries.push(delivery);

		const previous =
			(delivery.orderId && this.lastPerOrder.get(delivery.orderId)) || Promise.resolve();
		const delivered = previous
			.then(() =>
				// A callback queued behind one that close() aborted must not open a new connection afterwards.
				this.closed
					? { error: 'Sandbox closed' }
					: postCallback(url, rawBody, delivery.signature, this.timeoutMs, (request) => {
							this.openRequests.add(request);
							request.on('close', () => this.openRequests.delete(request));
						}),
			)
			.then((result) => Object.assign(delivery, result));
		this.track(delivered);
		if (delivery.orderId) this.lastPerOrder.set(delivery.orderId, delivered);
		return delivered;
	}

	/** Resolves once every callback sent so far (and any chained behind it) has been answered or has failed. */
	async idle(): Promise<void> {
		while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
	}

	/** Forgets the log; deliveries already under way finish into the forgotten entries. */
	clear(): void {
		this.deliveries.length = 0;
		this.lastPerOrder.clear();
	}

	/** For close(): abort every open POST (recorded as an error), then wait for the bookkeeping to settle. */
	async abort(): Promise<void> {
		this.closed = true;
		for (const request of this.openRequests) request.destroy(new Error('Sandbox closed'));
		await this.idle();
	}

	private track(promise: Promise<unknown>): void {
		this.inFlight.add(promise);
		void promise.finally(() => this.inFlight.delete(promise));
	}
}
