/**
 * Serves the TYLT Trigger the way n8n does, as close as a unit test can get: a real node:http server on
 * 127.0.0.1 whose incoming request becomes n8n's webhook request (raw bytes as `rawBody`, or a lazy
 * `readRawBody()`), whose response gets the express methods n8n hands to nodes, and n8n-core's real
 * WebhookContext in between (real parameter defaults, real credential lookup, real observable static
 * data). What a client reads back is what TYLT would see.
 */
import { createHmac } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, INodeExecutionData, INodeParameters, Workflow } from 'n8n-workflow';

import type { TriggerCredentials } from '../../tools/harness/triggerContext';
import {
	createTriggerContext,
	createTriggerWorkflow,
	triggerType,
} from '../../tools/harness/triggerContext';

export const API_SECRET = 'payout-secret-5f0c1e';
export const PAY_IN_SECRET = 'pay-in-secret-93ab27';

/** TYLT's signature: hex HMAC-SHA256 of the bytes, computed here independently of the node's helper. */
export function sign(body: string | Buffer, secret = API_SECRET): string {
	return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * How n8n hands over the body: `parsed` = already read (`rawBody` set, as n8n does for JSON);
 * `lazy` = not read yet, only `readRawBody()`; `absent` = only the parsed body, no raw bytes at all.
 */
export type RawBodyMode = 'parsed' | 'lazy' | 'absent';

export interface TriggerServerOptions {
	parameters?: INodeParameters;
	apiSecret?: string;
	/** The credential's Additional Callback Secret. */
	additionalSecret?: string;
	rawBody?: RawBodyMode;
	/** The trigger's node version (default: the version a new node gets, 2). */
	typeVersion?: number;
}

export interface TriggerReply {
	status: number;
	contentType: string | null;
	text: string;
}

export interface TriggerServer {
	url: string;
	/** Every workflow run the trigger started, in order: each is the node's output items. */
	runs: INodeExecutionData[][];
	/** The workflow the trigger belongs to; its `staticData` is what n8n would save. */
	workflow: Workflow;
	post(body: string | Buffer, headers?: Record<string, string>): Promise<TriggerReply>;
	/** Edits the stored credential, as a user saving it in n8n does; later reads see the change. */
	changeCredential(changes: Partial<TriggerCredentials>): void;
	/** Makes every credential read wait until the returned function is called. */
	holdCredentialReads(): () => void;
	/** Resolves once every request received so far is handled to the end (the node may answer before). */
	idle(): Promise<void>;
	close(): Promise<void>;
}

// Each server's credential is a credential of its own, as two credentials with other secrets are in n8n.
let credentialsStored = 0;

export async function startTriggerServer(
	options: TriggerServerOptions = {},
): Promise<TriggerServer> {
	// One Workflow for the server's lifetime: its static data persists between calls, as an active
	// workflow's does in n8n (which saves it after each call).
	const workflow = createTriggerWorkflow(
		'trigger-workflow',
		options.parameters ?? {},
		options.typeVersion,
		`trigger-credential-${++credentialsStored}`,
	);
	let credentials: TriggerCredentials = {
		apiKey: 'key-1',
		apiSecret: options.apiSecret ?? API_SECRET,
		baseUrl: '',
		...(options.additionalSecret ? { additionalSecret: options.additionalSecret } : {}),
	};
	const runs: INodeExecutionData[][] = [];
	let credentialReadsHeld: Promise<void> = Promise.resolve();
	const readCredential = async () => {
		await credentialReadsHeld;
		return credentials;
	};

	const handling = new Set<Promise<void>>();
	const server = createServer((incoming, outgoing) => {
		const handled = handle(incoming, outgoing).catch((error: Error) => {
			// n8n answers a webhook that throws with a 500 and a generic message.
			if (!outgoing.headersSent) {
				outgoing.statusCode = 500;
				outgoing.end(
					JSON.stringify({ message: 'Workflow could not be started', cause: error.message }),
				);
			}
		});
		handling.add(handled);
		void handled.finally(() => handling.delete(handled));
	});

	async function handle(incoming: IncomingMessage, outgoing: ServerResponse) {
		const request = await asN8nRequest(incoming, options.rawBody ?? 'parsed');
		const response = asExpressResponse(outgoing);
		const { context } = createTriggerContext(workflow, {
			request,
			response,
			credentials: readCredential,
		});

		const result = await triggerType.webhook.call(context);

		// What n8n does with the result (webhook-helpers: handleImmediateWebhookResponse, onReceived).
		if (result.workflowData !== undefined) runs.push(result.workflowData[0]);
		if (result.noWebhookResponse === true) {
			if (!outgoing.writableEnded) {
				// n8n would leave TYLT hanging here: make that a visible failure instead.
				outgoing.statusCode = 599;
				outgoing.end('node returned noWebhookResponse without answering');
			}
			return;
		}
		const fallback = result.workflowData ? 'Workflow was started' : 'Webhook call received';
		const body = result.webhookResponse ?? { message: fallback };
		response.status(200);
		if (typeof body === 'string') response.send(body);
		else response.json(body as IDataObject);
	}

	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	const url = `http://127.0.0.1:${port}/webhook/tylt`;

	return {
		url,
		runs,
		workflow,
		post: async (body, headers = {}) => await post(url, body, headers),
		changeCredential(changes) {
			credentials = { ...credentials, ...changes };
		},
		holdCredentialReads() {
			let release!: () => void;
			credentialReadsHeld = new Promise((resolve) => (release = resolve));
			return release;
		},
		idle: async () => {
			await Promise.all([...handling]);
		},
		close: async () => await closeServer(server),
	};
}

/** Signs `body` with `secret` and posts it, as TYLT does. */
export function signedHeaders(body: string | Buffer, secret = API_SECRET): Record<string, string> {
	return { 'X-TLP-SIGNATURE': sign(body, secret) };
}

async function post(
	url: string,
	body: string | Buffer,
	headers: Record<string, string>,
): Promise<TriggerReply> {
	const reply = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body,
	});
	return {
		status: reply.status,
		contentType: reply.headers.get('content-type'),
		text: await reply.text(),
	};
}

async function readAll(incoming: IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of incoming) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

function parseJson(bytes: Buffer): IDataObject {
	try {
		return JSON.parse(bytes.toString('utf8')) as IDataObject;
	} catch {
		return {};
	}
}

type N8nRequest = IncomingMessage & {
	body?: IDataObject;
	rawBody?: Buffer;
	readRawBody?: () => Promise<void>;
};

async function asN8nRequest(incoming: IncomingMessage, mode: RawBodyMode): Promise<N8nRequest> {
	const request = incoming as N8nRequest;
	if (mode === 'lazy') {
		// Like n8n's raw-body reader: the stream is only consumed when a node asks for it.
		request.body = {};
		request.readRawBody = async () => {
			request.rawBody = await readAll(incoming);
		};
		return request;
	}
	const bytes = await readAll(incoming);
	request.body = parseJson(bytes);
	if (mode === 'parsed') request.rawBody = bytes;
	return request;
}

interface ExpressMethods {
	status(code: number): ExpressResponse;
	type(type: string): ExpressResponse;
	contentType(type: string): ExpressResponse;
	send(body?: string | Buffer): ExpressResponse;
	json(body: unknown): ExpressResponse;
}

type ExpressResponse = ServerResponse & ExpressMethods;

const SHORT_TYPES: Record<string, string> = {
	json: 'application/json',
	text: 'text/plain',
	html: 'text/html',
};

/**
 * Adds express's response methods to node's ServerResponse, as express does, with express's
 * content-type behaviour (`send` of a string defaults to HTML and adds a charset). `setHeader` and
 * `end` are node's own, and chain.
 */
function asExpressResponse(outgoing: ServerResponse): ExpressResponse {
	const response = outgoing as ExpressResponse;
	const methods: ExpressMethods = {
		status(code) {
			response.statusCode = code;
			return response;
		},
		type(type) {
			response.setHeader('Content-Type', type.includes('/') ? type : (SHORT_TYPES[type] ?? type));
			return response;
		},
		contentType(type) {
			return response.type(type);
		},
		send(body) {
			if (typeof body === 'string') {
				const type = response.getHeader('Content-Type');
				if (type === undefined) response.setHeader('Content-Type', 'text/html; charset=utf-8');
				else if (!String(type).includes('charset')) {
					response.setHeader('Content-Type', `${String(type)}; charset=utf-8`);
				}
			}
			response.end(body);
			return response;
		},
		json(body) {
			if (response.getHeader('Content-Type') === undefined) {
				response.setHeader('Content-Type', 'application/json; charset=utf-8');
			}
			response.end(JSON.stringify(body));
			return response;
		},
	};
	return Object.assign(response, methods);
}

async function closeServer(server: Server): Promise<void> {
	server.closeAllConnections();
	await new Promise<void>((resolve, reject) =>
		server.close((error) => (error ? reject(error) : resolve())),
	);
}
