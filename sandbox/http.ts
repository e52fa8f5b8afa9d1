import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';

/** What the pipeline decided for a request: answer it, or destroy the socket without a word. */
export type Reply =
	| { kind: 'answer'; status: number; body: string; headers: Record<string, string> }
	| { kind: 'drop' };

// TYLT publishes no size limit; 1 MiB is far above any real payout body and keeps a runaway client cheap.
const MAX_BODY_BYTES = 1024 * 1024;

export class BodyTooLargeError extends Error {}

export function jsonReply(
	status: number,
	value: unknown,
	headers: Record<string, string> = {},
): Reply {
	return {
		kind: 'answer',
		status,
		body: JSON.stringify(value),
		headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
	};
}

/** TYLT's envelope: list calls and errors carry `data`, a numeric `errorCode` (0 = success) and `msg`. */
export function envelopeReply(data: unknown, msg = '', status = 200): Reply {
	return jsonReply(status, { data, errorCode: 0, msg });
}

/** Errors use the same envelope with `data: null`; errorCode mirrors the HTTP status unless told otherwise. */
export function errorReply(status: number, msg: string, errorCode = status): Reply {
	return jsonReply(status, { data: null, errorCode, msg });
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) {
				reject(new BodyTooLargeError(`Request body exceeds ${MAX_BODY_BYTES} bytes.`));
				req.destroy();
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

export function sendReply(res: ServerResponse, reply: Reply): void {
	if (reply.kind === 'drop') {
		res.socket?.destroy();
		return;
	}
	if (res.destroyed || res.headersSent) return;
	res.writeHead(reply.status, STATUS_CODES[reply.status] ?? '', {
		...reply.headers,
		'content-length': String(Buffer.byteLength(reply.body)),
	});
	res.end(reply.body);
}

/** Parses a control or create body: undefined when it is not a JSON object. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
	try {
		const value: unknown = JSON.parse(text);
		return value !== null && typeof value === 'object' && !Array.isArray(value)
			? (value as Record<string, unknown>)
			: undefined;
	} catch {
		return undefined;
	}
}
