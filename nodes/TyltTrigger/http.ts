import type { IDataObject, IWebhookResponseData } from 'n8n-workflow';

/** The parts of n8n's (express) request and response the trigger uses. */
export interface CallbackRequest {
	rawBody?: Buffer | string;
	readRawBody?: () => Promise<void>;
}

export interface CallbackResponse {
	status(code: number): CallbackResponse;
	setHeader(name: string, value: string): unknown;
	send(body: string): unknown;
	json(body: IDataObject): unknown;
}

/** The bytes TYLT signed, else n8n's parsed body re-serialised compactly, as the signature check tries. */
export async function readRawBody(request: CallbackRequest, parsedBody: unknown): Promise<Buffer> {
	if (request.rawBody === undefined && typeof request.readRawBody === 'function') {
		await request.readRawBody();
	}
	const { rawBody } = request;
	if (Buffer.isBuffer(rawBody)) return rawBody;
	if (typeof rawBody === 'string') return Buffer.from(rawBody, 'utf8');
	return Buffer.from(JSON.stringify(parsedBody ?? {}), 'utf8');
}

/** TYLT requires 200 `ok` for every callback it should consider delivered, started a run or not. */
export function answerOk(response: CallbackResponse) {
	response.setHeader('Content-Type', 'text/plain; charset=utf-8');
	response.status(200).send('ok');
}

/** Answers `ok` unless `alreadyAnswered`, and hands n8n the run to start, if any. */
export function acknowledge(
	response: CallbackResponse,
	alreadyAnswered: boolean,
	workflowData?: IWebhookResponseData['workflowData'],
): IWebhookResponseData {
	if (!alreadyAnswered) answerOk(response);
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
