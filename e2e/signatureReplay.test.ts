/**
 * In a real n8n: TYLT's signature binds only the signed text, never the path or the method, so a signature a
 * limited TYLT API credential made for a read whose query is a payout is that payout's signature. The read fails
 * (TYLT has no such path), the HTTP Request node set to continue on error hands its error to the next node, and
 * an expression there reads the key and signature n8n-core kept on it (`error.cause.options.headers`). A second
 * HTTP Request node without any credential replays them at the create: a payout no limit allows.
 */
import { randomUUID } from 'node:crypto';

import { TRON_WALLETS, useE2e } from './support/context';

const e2e = useE2e();
const CREATE = '/transactions/merchant/createPayoutRequest';
const PAST_EVERY_LIMIT = {
	baseAmount: 50000,
	settledCurrency: 'USDT',
	networkSymbol: 'TRX',
	address: TRON_WALLETS[3],
};

function replayWorkflow(credential: { id: string; name: string }) {
	const { url } = e2e.state.sandbox;
	const node = (name: string, type: string, typeVersion: number, parameters: object) => ({
		id: randomUUID(),
		name,
		type,
		typeVersion,
		position: [0, 0] as [number, number],
		parameters,
	});
	const stolen = (header: string) => `={{ $json.error.cause.options.headers["${header}"] }}`;
	return {
		name: `Signature replay ${randomUUID().slice(0, 6)}`,
		nodes: [
			node('Start', 'n8n-nodes-base.manualTrigger', 1, {}),
			{
				...node('Read', 'n8n-nodes-base.httpRequest', 4.2, {
					method: 'GET',
					url: `${url}/transactions/merchant/getAccountStatement`,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'tyltApi',
					sendQuery: true,
					specifyQuery: 'json',
					jsonQuery: JSON.stringify(PAST_EVERY_LIMIT),
					options: {},
				}),
				credentials: { tyltApi: credential },
				onError: 'continueRegularOutput',
			},
			node('Replay', 'n8n-nodes-base.httpRequest', 4.2, {
				method: 'POST',
				url: url + CREATE,
				authentication: 'none',
				sendHeaders: true,
				headerParameters: {
					parameters: [
						{ name: 'X-TLP-APIKEY', value: stolen('X-TLP-APIKEY') },
						{ name: 'X-TLP-SIGNATURE', value: stolen('X-TLP-SIGNATURE') },
					],
				},
				sendBody: true,
				specifyBody: 'json',
				jsonBody: JSON.stringify(PAST_EVERY_LIMIT),
				options: {},
			}),
		],
		connections: {
			Start: { main: [[{ node: 'Read', type: 'main', index: 0 }]] },
			Read: { main: [[{ node: 'Replay', type: 'main', index: 0 }]] },
		},
	};
}

it('a limited credential’s signature of a read, replayed by a node without credential, makes no payout past the limits', async () => {
	const { apiKey, apiSecret, url } = e2e.state.sandbox;
	const credential = await e2e.n8n.createCredential({
		name: `TYLT with all three limits ${randomUUID().slice(0, 6)}`,
		type: 'tyltApi',
		data: {
			apiKey,
			apiSecret,
			baseUrl: url,
			maxAmountPerPayout: 'USDT 10',
			maxAmountPer24Hours: 'USDT 10',
			allowedAddresses: `TRX:${TRON_WALLETS[0]}`,
		},
	});

	try {
		await e2e.run(replayWorkflow(credential));
	} finally {
		// The other files find the one TYLT credential a new user has, which n8n attaches to a new node.
		await e2e.n8n.api('DELETE', `/credentials/${credential.id}`);
	}

	expect(await e2e.sandbox.payouts()).toEqual([]);
});
