/**
 * The credential's Test on save against what a payout then does with the same limits: a text the Test passes
 * must not block a payout it reads as allowed, or be read another way; one it refuses must stop payouts too.
 * A network-tied entry TYLT does not list (Polygon written POLYGON or ERC20-style where TYLT's list says MATIC,
 * ETH) is a credential error naming the entry, on save, not a payout refused later.
 */
import { CredentialTestContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { tyltApiTest } from '../../nodes/Tylt/methods/credentialTest';
import {
	credentialsFor,
	EVM_ADDRESS,
	payoutCreate,
	requestsTo,
	useTyltNode,
} from '../support/sandboxKit';

const node = useTyltNode();
const { sandbox } = node;

async function testCredential(limits: ICredentialDataDecryptedObject) {
	return await tyltApiTest.call(new CredentialTestContext(), {
		id: 'credential-1',
		name: 'TYLT account',
		type: 'tyltApi',
		data: { ...credentialsFor(sandbox), ...limits },
	});
}

const payTwentyUsdt = async (limits: ICredentialDataDecryptedObject, networkSymbol = 'TRX') => {
	const [output] = await node.run({
		credentials: { ...credentialsFor(sandbox), ...limits },
		parameters: payoutCreate({
			baseAmount: 20,
			networkSymbol,
			...(networkSymbol === 'TRX' ? {} : { address: EVM_ADDRESS }),
			options: {},
		}),
		continueOnFail: true,
	});
	return output.json;
};

describe.each([
	['500 USDT', true],
	['USDT 500', true],
	['usdt\u00a0500', true],
	['500USDT', false],
	['USDT500', false],
	['USDT 5 00', false],
	['USDT 500, usdt 10', false],
	['USDT 500,', false],
	['USDT 5e2', false],
	['USDT 500\u200b', false],
])('Max Amount per Payout %p', (text, readable) => {
	it(`${readable ? 'passes the Test and pays 20 USDT' : 'fails the Test and pays nothing'}`, async () => {
		const limits = { maxAmountPerPayout: text };
		const saved = await testCredential(limits);
		const paid = await payTwentyUsdt(limits);

		expect(saved.status).toBe(readable ? 'OK' : 'Error');
		expect(paid.error === undefined).toBe(readable);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(readable ? 1 : 0);
	});
});

describe('a currency TYLT does not list', () => {
	it('Max Amount per Payout "USTD 500" (a typo of USDT) is named on save: it would refuse every USDT payout', async () => {
		const limits = { maxAmountPerPayout: 'USTD 500' };
		const saved = await testCredential(limits);
		const paid = await payTwentyUsdt(limits);

		expect(paid.error).toMatch(/names no limit for USDT/);
		expect(saved.status).toBe('Error');
		expect(saved.message).toContain('USTD');
	});
});

describe('an address tied to a network TYLT does not list', () => {
	it.each(['POLYGON', 'POL', 'ERC20'])(
		'%s:0x… is named on save as a credential error (TYLT lists MATIC and ETH)',
		async (network) => {
			const saved = await testCredential({ allowedAddresses: `${network}:${EVM_ADDRESS}` });

			expect(saved.status).toBe('Error');
			expect(saved.message).toContain(`${network}:${EVM_ADDRESS}`);
		},
	);

	it('POLYGON:0x… refuses a payout on MATIC as a credential error naming the entry; nothing is sent', async () => {
		const paid = await payTwentyUsdt({ allowedAddresses: `POLYGON:${EVM_ADDRESS}` }, 'MATIC');

		expect(paid.error).toMatch(/Allowed Recipient Addresses/);
		expect(paid.error).toContain(`POLYGON:${EVM_ADDRESS}`);
		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
	});

	it('MATIC:0x… passes and pays on MATIC', async () => {
		const limits = { allowedAddresses: `MATIC:${EVM_ADDRESS}` };
		const saved = await testCredential(limits);
		const paid = await payTwentyUsdt(limits, 'MATIC');

		expect(saved.status).toBe('OK');
		expect(paid.error).toBeUndefined();
	});
});
