/**
 * Baseline of case 1: the raw signed loop. For each payout it builds the same JSON body the node sends
 * (same fields, same order: the reference tagged in the comments, as the node's defaults send it; the report
 * checks the fields against the node's first body), signs it with node:crypto and
 * POSTs it, one after another, one new connection each (bench/lib/rawHttp.ts), reading every answer.
 */
import { createHmac } from 'node:crypto';

import { rawRequest } from '../lib/rawHttp';
import type { JobModule } from '../lib/jobs';

const CREATE_PATH = '/transactions/merchant/createPayoutRequest';

export const createJobs: JobModule<'create'> = {
	async 'create.raw'(params) {
		const url = params.url + CREATE_PATH;
		let created = 0;
		const started = performance.now();
		for (const payout of params.payouts) {
			const body = JSON.stringify({
				baseAmount: payout.amount,
				address: payout.address,
				settledCurrency: 'USDT',
				networkSymbol: 'TRX',
				comments: `[ref:${payout.ref}]`,
			});
			const answer = await rawRequest(
				url,
				'POST',
				{
					'Content-Type': 'application/json',
					'X-TLP-APIKEY': params.apiKey,
					'X-TLP-SIGNATURE': createHmac('sha256', params.apiSecret).update(body).digest('hex'),
				},
				body,
			);
			const envelope = JSON.parse(answer.text) as { data?: { orderId?: string } };
			if (answer.status !== 200 || !envelope.data?.orderId) {
				throw new Error(`create answered HTTP ${answer.status}: ${answer.text.slice(0, 300)}`);
			}
			created++;
		}
		return { ms: performance.now() - started, created };
	},
};
