import { randomUUID } from 'node:crypto';

import type { WorkflowJson } from '../../tools/n8n';

/** The payout the HTTP Request workflows send unless told otherwise: 12 USDT on Tron. */
export const HTTP_REQUEST_PAYOUT = {
	baseAmount: 12,
	address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
	settledCurrency: 'USDT',
	networkSymbol: 'TRX',
};

/**
 * Manual Trigger → HTTP Request (v4.2: every supported n8n has it) POSTing a payout to `url` with a TYLT API
 * credential; the node is named Pay.
 */
export function httpRequestPayout(request: {
	url: string;
	credential: { id: string; name: string };
	body?: Record<string, unknown>;
	options?: Record<string, unknown>;
}): WorkflowJson {
	const node = (name: string, type: string, typeVersion: number, parameters: object) => ({
		id: randomUUID(),
		name,
		type,
		typeVersion,
		position: [0, 0] as [number, number],
		parameters,
	});
	return {
		name: `HTTP Request with the TYLT credential ${randomUUID().slice(0, 6)}`,
		nodes: [
			node('Start', 'n8n-nodes-base.manualTrigger', 1, {}),
			{
				...node('Pay', 'n8n-nodes-base.httpRequest', 4.2, {
					method: 'POST',
					url: request.url,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'tyltApi',
					sendBody: true,
					specifyBody: 'json',
					jsonBody: JSON.stringify(request.body ?? HTTP_REQUEST_PAYOUT),
					options: request.options ?? {},
				}),
				credentials: { tyltApi: request.credential },
			},
		],
		connections: { Start: { main: [[{ node: 'Pay', type: 'main', index: 0 }]] } },
	};
}
