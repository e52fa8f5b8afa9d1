import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { OrderEventKind } from '../shared/payoutEvents/orderEvent';
import { isWanted, readFilters, toOutputJson } from '../shared/payoutEvents/orderEvent';
import { readCallbackSecrets, sameSecrets, secretsLastRead } from './callbackSecrets';
import { fingerprint, processStore, rememberEverywhere } from './dedupe';
import type { CallbackRequest, CallbackResponse } from './http';
import { acknowledge, answerOk, readRawBody, refuse } from './http';
import type { TyltCallback } from './parseCallback';
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
	const signature = this.getHeaderData()[SIGNATURE_HEADER];
	const options = this.getNodeParameter('options', {}) as IDataObject & TriggerOptions;
	// A version 1 node may still hold an Additional Secret in its options.
	const optionSecret = options.additionalSecret ?? '';
	// n8n-core copies the node on every getNode(): once per callback is enough.
	const node = this.getNode();
	const credentialId = node.credentials?.tyltApi?.id ?? undefined;

	// n8n makes the credential read wait for an expression isolate. A callback that the secrets read for the
	// previous one verify is answered `ok` first; whether it runs is still decided below, by the fresh read.
	const previous = secretsLastRead(credentialId);
	let answered: TyltCallback | undefined;
	if (previous && verifySignature(signature, rawBody, [...previous, optionSecret]).valid) {
		answered = parseCallback(rawBody);
		if (answered) answerOk(response);
	}

	// Answered already, TYLT may send the order's next callback now: this one's run must still start first.
	const secrets = await readCallbackSecrets(this, credentialId, answered && orderOf(answered));
	if (!(answered && previous && sameSecrets(previous, secrets))) {
		const verdict = verifySignature(signature, rawBody, [...secrets, optionSecret]);
		if (!verdict.valid) {
			// Answered already only when the credential changed since: the secret that signed it is gone.
			return answered ? { noWebhookResponse: true } : refuse(response, 401, verdict.reason);
		}
	}

	const callback = answered ?? parseCallback(rawBody);
	if (callback === undefined) {
		return refuse(response, 400, 'The body is not a TYLT callback: a JSON object was expected');
	}
	const alreadyAnswered = answered !== undefined;

	const events = this.getNodeParameter('events', ['payout']) as OrderEventKind[];
	const filters = readFilters(this, events, options);
	if (!isWanted(callback, filters)) return acknowledge(response, alreadyAnswered);

	if (options.ignoreDuplicates !== false) {
		const staticData = this.getWorkflowStaticData('node') as IDataObject;
		const inProcess = processStore(`${this.getWorkflow().id ?? ''}:${node.id ?? node.name}`);
		if (!rememberEverywhere([inProcess, staticData], fingerprint(rawBody, callback.body))) {
			return acknowledge(response, alreadyAnswered);
		}
	}

	return acknowledge(response, alreadyAnswered, [[{ json: toOutputJson(callback) }]]);
}

/** The order a callback is about, as the order of its runs is kept per order (callbackSecrets.ts). */
function orderOf(callback: TyltCallback): string {
	return String(callback.record.orderId ?? callback.record.merchantOrderId ?? '');
}
