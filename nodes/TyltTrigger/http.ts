import type { IDataObject, IWebhookResponseData } from 'n8n-workflow';

/** The parts of n8n's (express) request the trigger reads. */
export interface CallbackRequest {
	rawBody?: Buffer | string;
	readRawBody?: () => Promise<void>;
}

/** The parts of n8n's (express) response the trigger writes. */
export interface CallbackResponse {
	status(code: number): CallbackResponse;
	setHeader(name: string, value: string): unknown;
	send(body: string): unknown;
	json(body: IDataObject): unknown;
}

/**
 * The exact bytes TYLT signed: `rawBody` once n8n has parsed the body, else what `readRawBody()` fills in,
 * else n8n's parsed body re-serialised compactly (the form the signature check also falls back to).
 */
export async function readRawBody(request: CallbackRequest, parsedBody: unknown): Promise<Buffer> {
	if (request.rawBody === undefined && typeof request.readRawBody === 'function') {
		await request.readRawBody();
	}
	const { rawBody } = request;
	if (Buffer.isBuffer(rawBody)) return rawBody;
	if (typeof rawBody === 'string') return Buffer.from(rawBody, 'utf8');
	return Buffer.from(JSON.stringify(parsedBody ?? {}), 'utf8');
}

/**
 * TYLT requires HTTP 200 with the body text `ok` for every callback it should consider delivered,
 * including those the filters or the dedupe keep from starting the workflow.
 */
export function acknowledge(
	response: CallbackResponse,
	workflowData?: IWebhookResponseData['workflowData'],
): IWebhookResponseData {
	response.setHeader('Content-Type', 'text/plain; charset=utf-8');
	response.status(200).send('ok');
	// The answer is already sent, so n8n must not add its own; the run (if any) starts afterwards.
	return { noWebhookResponse: true, workflowData };
}

/** Refuses a callback without starting the workflow. `reason` goes to the caller: never put a secret in it. */
export function refuse(
	response: CallbackResponse,
	statusCode: 400 | 401,
	reason: string,
): IWebhookResponseData {
	response.status(statusCode).json({ error: reason });
	return { noWebhookResponse: true };
}
