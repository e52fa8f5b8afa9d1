import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

export type TyltContext = IExecuteFunctions | ILoadOptionsFunctions;

export interface TyltRequest {
	method: IHttpRequestMethods;
	path: string;
	body?: IDataObject;
	qs?: IDataObject;
	itemIndex?: number;
}

/** The envelope every TYLT call answers with. `errorCode` is absent on create, 0 on success elsewhere. */
interface TyltEnvelope {
	data?: unknown;
	errorCode?: number;
	msg?: string;
}

const REQUEST_TIMEOUT_MS = 60_000;

/**
 * Sends one signed call (the credential signs it) and returns the envelope's `data`.
 * Every failure becomes a NodeApiError built from TYLT's own `msg` and the status alone:
 * the request options, which hold the key and the signature, never reach an error.
 */
export async function tyltApiRequest(this: TyltContext, request: TyltRequest): Promise<unknown> {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: request.path,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: REQUEST_TIMEOUT_MS,
	};
	if (request.body) options.body = request.body;
	if (request.qs) options.qs = request.qs;

	let response: { statusCode: number; statusMessage?: string; body: unknown };
	try {
		response = await this.helpers.httpRequestWithAuthentication.call(this, 'tyltApi', options);
	} catch (error) {
		throw new NodeApiError(
			this.getNode(),
			{ code: String((error as JsonObject).code ?? ''), message: String((error as Error).message) },
			{
				message: `Could not reach TYLT: ${(error as Error).message}`,
				description: `${request.method} ${request.path}`,
				itemIndex: request.itemIndex,
			},
		);
	}

	const envelope = parseEnvelope(response.body);
	const httpFailed = response.statusCode < 200 || response.statusCode > 299;
	const apiFailed =
		envelope !== undefined && typeof envelope.errorCode === 'number' && envelope.errorCode !== 0;
	if (httpFailed || apiFailed || envelope === undefined) {
		throw tyltError.call(this, request, response.statusCode, envelope);
	}
	return envelope.data;
}

function parseEnvelope(body: unknown): TyltEnvelope | undefined {
	if (typeof body === 'string') {
		try {
			body = JSON.parse(body);
		} catch {
			return undefined;
		}
	}
	if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
	return body as TyltEnvelope;
}

function tyltError(
	this: TyltContext,
	request: TyltRequest,
	statusCode: number,
	envelope: TyltEnvelope | undefined,
): NodeApiError {
	const tyltMessage = envelope?.msg ? String(envelope.msg) : undefined;
	const summary =
		envelope === undefined
			? 'TYLT answered with a body that is not a JSON envelope'
			: (tyltMessage ?? `TYLT answered HTTP ${statusCode}`);
	const errorResponse: JsonObject = { httpCode: String(statusCode) };
	if (envelope?.errorCode !== undefined) errorResponse.errorCode = envelope.errorCode;
	if (tyltMessage) errorResponse.msg = tyltMessage;

	return new NodeApiError(this.getNode(), errorResponse, {
		message: `TYLT error: ${summary}`,
		description: [
			`${request.method} ${request.path} answered HTTP ${statusCode}`,
			envelope?.errorCode !== undefined ? `errorCode ${String(envelope.errorCode)}` : undefined,
			statusCode === 401 ? 'Check the API key and secret of the TYLT credential' : undefined,
		]
			.filter(Boolean)
			.join('; '),
		httpCode: String(statusCode),
		itemIndex: request.itemIndex,
	});
}
