/**
 * A stand-in for a Slack / Telegram incoming webhook: an HTTP server on 127.0.0.1 that answers every request
 * 200 `ok` and records it. examples/settlement-notification.json posts its messages here in the e2e suite.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedMessage {
	method: string;
	path: string;
	contentType: string;
	body: string;
	/** The body parsed as JSON, or undefined. */
	json: any;
}

export interface MessageReceiver {
	/** The URL to post messages to (`/services/e2e`, like a Slack webhook path). */
	url: string;
	messages: ReceivedMessage[];
	close(): Promise<void>;
}

export async function startMessageReceiver(): Promise<MessageReceiver> {
	const messages: ReceivedMessage[] = [];
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const body = Buffer.concat(chunks).toString('utf8');
			let json: any;
			try {
				json = JSON.parse(body);
			} catch {
				json = undefined;
			}
			messages.push({
				method: request.method ?? '',
				path: request.url ?? '',
				contentType: request.headers['content-type'] ?? '',
				body,
				json,
			});
			response.writeHead(200, { 'content-type': 'text/plain' });
			response.end('ok');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/services/e2e`,
		messages,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/**
 * A receiver for the whole test file: started before its tests, closed after them, emptied before each test.
 * The object stands for the running receiver, so a test reads `url` and `messages` as it would on it.
 */
export function useMessageReceiver(): MessageReceiver {
	let running: MessageReceiver | undefined;
	const current = () => {
		if (!running) throw new Error('The message receiver runs only inside tests and hooks');
		return running;
	};
	beforeAll(async () => {
		running = await startMessageReceiver();
	});
	afterAll(async () => {
		await running?.close();
	});
	beforeEach(() => {
		current().messages.length = 0;
	});
	return {
		get url() {
			return current().url;
		},
		get messages() {
			return current().messages;
		},
		close: async () => await current().close(),
	};
}
