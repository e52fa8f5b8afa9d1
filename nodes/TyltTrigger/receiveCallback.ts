import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { OrderEventKind } from '../shared/payoutEvents/orderEvent';
import { isWanted, readFilters, toOutputJson } from '../shared/payoutEvents/orderEvent';
import { fingerprint, processStore, rememberEverywhere } from './dedupe';
import type { CallbackRequest, CallbackResponse } from './http';
import { acknowledge, readRawBody, refuse } from './http';
import { parseCallback } from './parseCallback';
import { SIGNATURE_HEADER, verifySignature } from './verifySignature';

interface TriggerOptions {
	additionalSecret?: string;
	ignoreDuplicates?: boolean;
}

/** Verify, read, filter, drop duplicates, then answer `ok` and start one run. */
export async function receiveCallback(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const response = this.getResponseObject() as CallbackResponse;
	const request = this.getRequestObject() as CallbackRequest;
	const rawBody = await readRawBody(request, this.getBodyData());

	const credentials = await this.getCredentials('tyltApi');
	const options = this.getNodeParameter('options', {}) as IDataObject & TriggerOptions;
	// The credential's Additional Callback Secret; a version 1 node may still hold one in its options.
	const secrets = [
		String(credentials.apiSecret ?? ''),
		String(credentials.additionalSecret ?? ''),
		options.additionalSecret ?? '',
	];

	const verdict = verifySignature(this.getHeaderData()[SIGNATURE_HEADER], rawBody, secrets);
	if (!verdict.valid) return refuse(response, 401, verdict.reason);

	const callback = parseCallback(rawBody);
	if (callback === undefined) {
		return refuse(response, 400, 'The body is not a TYLT callback: a JSON object was expected');
	}

	const events = this.getNodeParameter('events', ['payout']) as OrderEventKind[];
	const filters = readFilters(this, events, options);
	if (!isWanted(callback, filters)) return acknowledge(response);

	if (options.ignoreDuplicates !== false) {
		const staticData = this.getWorkflowStaticData('node') as IDataObject;
		const inProcess = processStore(
			`${this.getWorkflow().id ?? ''}:${this.getNode().id ?? this.getNode().name}`,
		);
		if (!rememberEverywhere([inProcess, staticData], fingerprint(rawBody, callback.body))) {
			return acknowledge(response);
		}
	}

	return acknowledge(response, [[{ json: toOutputJson(callback) }]]);
}
