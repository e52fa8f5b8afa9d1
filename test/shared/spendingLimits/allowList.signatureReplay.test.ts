/**
 * TYLT's signature binds only the signed text (a body's exact text, or a GET's query as compact JSON), never the
 * path or the method (tylt-api-spec.txt, Authentication), and nothing in it expires. n8n-core's request helper
 * keeps the signed request's headers on the error it throws (`error.cause.options.headers`: the API key and the
 * signature), where an expression in the next node of the workflow reads them, as this test does with n8n's own
 * expression engine. So a text a limited credential signs for a read or a pay-in is a payout TYLT accepts when
 * it is the payout's body: the workflow author replays it at the create with no credential at all, past every
 * limit. These reproduce that through n8n-core's request helper, as the HTTP Request node calls the credential.
 */
import type { IRequestOptions } from 'n8n-workflow';

import type { SpendingLimitTexts } from '../../../nodes/shared/spendingLimits/fields';
import { createExecuteContext } from '../../../tools/harness/n8nContext';
import { CREATE_PATH, httpRequestNode } from '../../support/httpRequestNode';
import { credentialsFor, payoutCreate, tronAddress, useSandbox } from '../../support/sandboxKit';

const sandbox = useSandbox();

const RECIPIENT = tronAddress('replay: the listed recipient');
const ALL_THREE: SpendingLimitTexts = {
	maxAmountPerPayout: 'USDT 10',
	maxAmountPer24Hours: 'USDT 10',
	allowedAddresses: `TRX:${RECIPIENT}`,
};
const PAST_EVERY_LIMIT = {
	baseAmount: 50000,
	settledCurrency: 'USDT',
	networkSymbol: 'TRX',
	address: tronAddress('replay: nobody listed'),
};

/** The key and signature as an expression in the next node reads them off the failed request's error item. */
function keyAndSignatureInTheNextNode(error: Error): { apiKey: string; signature: string } {
	const next = createExecuteContext({
		parameters: payoutCreate({
			address:
				'={{ $json.error.cause.options.headers["X-TLP-APIKEY"] + " " + $json.error.cause.options.headers["X-TLP-SIGNATURE"] }}',
		}),
		credentials: credentialsFor(sandbox),
		items: [{ error }],
	});
	const [apiKey, signature] = String(next.getNodeParameter('address', 0)).split(' ');
	return { apiKey, signature };
}

/** A plain POST to the create with stolen headers, as an HTTP Request node without authentication sends it. */
async function replayAsCreate(
	body: string,
	{ apiKey, signature }: { apiKey: string; signature: string },
) {
	await fetch(sandbox.url + CREATE_PATH, {
		method: 'POST',
		body,
		headers: {
			'content-type': 'application/json',
			'x-tlp-apikey': apiKey,
			'x-tlp-signature': signature,
		},
	});
}

async function signedThenFailed(options: Partial<IRequestOptions>): Promise<Error> {
	const outcome = await httpRequestNode(sandbox, ALL_THREE, options);
	if (!('error' in outcome))
		throw new Error('Expected the request to fail, so that its error item exists');
	return outcome.error;
}

describe('under all three limits, no text the credential signs pays past them when replayed at the create', () => {
	it('a read of a path TYLT does not have, whose query is a payout past every limit', async () => {
		const error = await signedThenFailed({
			method: 'GET',
			uri: `${sandbox.url}/transactions/merchant/getAccountStatement`,
			qs: PAST_EVERY_LIMIT,
		});

		await replayAsCreate(JSON.stringify(PAST_EVERY_LIMIT), keyAndSignatureInTheNextNode(error));

		expect(sandbox.payouts).toEqual([]);
	});

	it('a pay-in creation whose body is a payout past every limit', async () => {
		const error = await signedThenFailed({
			uri: `${sandbox.url}/transactions/merchant/createPayinRequest`,
			body: PAST_EVERY_LIMIT,
		});

		await replayAsCreate(JSON.stringify(PAST_EVERY_LIMIT), keyAndSignatureInTheNextNode(error));

		expect(sandbox.payouts).toEqual([]);
	});

	it('a read whose query is a payout within Max Amount per Payout, replayed past Max Amount per 24 Hours', async () => {
		const withinOnePayout = { ...PAST_EVERY_LIMIT, baseAmount: 10, address: RECIPIENT };
		const error = await signedThenFailed({
			method: 'GET',
			uri: `${sandbox.url}/transactions/merchant/getAccountStatement`,
			qs: withinOnePayout,
		});
		const stolen = keyAndSignatureInTheNextNode(error);

		for (let replay = 0; replay < 3; replay++) {
			await replayAsCreate(JSON.stringify(withinOnePayout), stolen);
		}

		expect(sandbox.payouts.length).toBeLessThanOrEqual(1);
	});
});
