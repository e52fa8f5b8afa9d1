/**
 * Timeout (Seconds) bounds how long the node waits for
 * TYLT's answer. The HTTP client's timeout is an idle timeout on the socket: an answer that keeps trickling
 * (a byte-by-byte proxy, an overloaded TYLT; the spec names no latency) never trips it. Timeout 1 s, an answer
 * spread over ~4 s in chunks 250 ms apart: the request is not cut off. Trickled forever, the execution hangs
 * forever; on the polling trigger, the poll never ends and every later poll is skipped without a word.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { credentialsFor, payoutCreate, requestsTo } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';
import { RETRY_POLICY } from '../../nodes/Tylt/transport/request';
import { outcomeOf } from '../support/runOutcome';

const { suite } = useMoneySafetySandbox();

const CHUNKS = 16;
const CHUNK_GAP_MS = 250;

/** A stand-in in front of the sandbox: forwards each request and trickles the currency list's answer. */
async function tricklingProxy(
	target: string,
): Promise<{ url: string; close: () => Promise<void> }> {
	const server = http.createServer((req, res) => {
		const body: Buffer[] = [];
		req.on('data', (chunk: Buffer) => body.push(chunk));
		req.on('end', async () => {
			const headers = { ...req.headers };
			delete headers.host;
			const answer = await fetch(`${target}${req.url}`, {
				method: req.method,
				headers: headers as Record<string, string>,
				body: req.method === 'GET' ? undefined : Buffer.concat(body),
			});
			const text = Buffer.from(await answer.arrayBuffer());
			res.writeHead(answer.status, { 'content-type': 'application/json' });
			if (!String(req.url).includes('getSupportedCryptoCurrenciesList')) {
				res.end(text);
				return;
			}
			const size = Math.ceil(text.length / CHUNKS);
			for (let at = 0; at < text.length; at += size) {
				res.write(text.subarray(at, at + size));
				await new Promise((resolve) => setTimeout(resolve, CHUNK_GAP_MS));
			}
			res.end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

const retries = { ...RETRY_POLICY };
beforeAll(() => Object.assign(RETRY_POLICY, { maxRetries: 0 }));
afterAll(() => Object.assign(RETRY_POLICY, retries));

it('an answer trickling past Timeout (Seconds) is cut off there, and nothing is sent', async () => {
	const proxy = await tricklingProxy(suite.sandbox.url);
	try {
		const outcome = await outcomeOf(
			suite.run({
				credentials: { ...credentialsFor(suite.sandbox), baseUrl: proxy.url },
				parameters: payoutCreate({ reference: 'trickled', options: { timeoutSeconds: 1 } }),
			}),
		);
		expect(outcome).toHaveProperty('error');
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
	} finally {
		await proxy.close();
	}
}, 30_000);
