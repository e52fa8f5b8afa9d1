/**
 * The baselines' HTTP client: plain node:http, one new connection per request (`agent: false`, so Node
 * sends `Connection: close`). That is what n8n 2.41 does for a node's request: its outbound client
 * (@n8n/backend-network, node-agents.js) builds a new http.Agent for every request, without keepAlive, so
 * no connection is ever reused. The sandbox's request log shows the `connection` header of both sides.
 */
import { request } from 'node:http';

export interface RawResponse {
	status: number;
	text: string;
}

export function rawRequest(
	url: string,
	method: 'GET' | 'POST',
	headers: Record<string, string>,
	body?: string | Buffer,
	timeoutMs = 60_000,
): Promise<RawResponse> {
	return new Promise((resolve, reject) => {
		const outgoing = request(url, { method, headers, agent: false }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('end', () =>
				resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
			);
			response.on('error', reject);
		});
		outgoing.setTimeout(timeoutMs, () =>
			outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)),
		);
		outgoing.on('error', reject);
		outgoing.end(body);
	});
}
