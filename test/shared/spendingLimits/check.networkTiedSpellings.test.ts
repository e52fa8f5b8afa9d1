/**
 * Allowed Recipient Addresses tied to a network (`ETH:0x…`), attacked at the signing, which binds every request
 * the credential signs: another network, another spelling of the network or of the address, a body whose
 * networkSymbol is duplicated, nested, in the query or missing. Each refusal here is a payout that must not be
 * signed; each allowance one TYLT can only read as the tied network and address. A bare entry keeps allowing
 * any network.
 */
import type { QueryValue } from '../../../nodes/shared/outgoingRequest';
import type { SpendingLimitTexts } from '../../../nodes/shared/spendingLimits/fields';
import {
	readSpendingLimits,
	UnreadableLimitError,
} from '../../../nodes/shared/spendingLimits/parse';
import { TYLT_ENDPOINTS } from '../../../nodes/Tylt/transport/calls';
import { signingRefusal } from '../../support/spendingLimits';

const EVM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const SOLANA = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const TIED: SpendingLimitTexts = {
	allowedAddresses: `ETH:${EVM}, TRX:${TRON}\nSOL:${SOLANA}`,
};

/** What the signing says of a create with this body text (and query): undefined when it would sign it. */
const refusal = (
	bodyText: string,
	limits: SpendingLimitTexts = TIED,
	qs: Record<string, QueryValue> = {},
) =>
	signingRefusal(limits, { method: 'POST', url: TYLT_ENDPOINTS.createPayout, body: bodyText, qs });
const body = (fields: Record<string, unknown>) =>
	JSON.stringify({ baseAmount: 20, settledCurrency: 'USDT', ...fields });

describe('an address tied to ETH, paid on another network', () => {
	it.each(['BSC', 'bsc', 'MATIC', 'POL', 'ARB', 'BASE', 'ERC20', 'BEP20', 'TRX'])(
		'on %p: refused',
		(networkSymbol) => {
			expect(refusal(body({ address: EVM, networkSymbol }))).toMatch(
				/^Allowed Recipient Addresses allows the recipient .* only on ETH, not on /,
			);
		},
	);
});

describe('an address tied to ETH, its network spelled so TYLT might read it as another or as none', () => {
	it.each([
		['a leading space', ' ETH'],
		['a trailing line break', 'ETH\n'],
		['a zero-width space', 'ETH\u200b'],
		['Cyrillic look-alikes', '\u0415\u0422\u041d'],
		['full-width letters', '\uff25\uff34\uff28'],
		['a space inside', 'E TH'],
		['a NUL after it', 'ETH\u0000BSC'],
		['an empty string', ''],
	])('with %s: refused', (_case, networkSymbol) => {
		expect(refusal(body({ address: EVM, networkSymbol }))).toMatch(
			/is not a network symbol as TYLT writes them/,
		);
	});

	it.each<[string, unknown]>([
		['a list', ['ETH']],
		['an object', { symbol: 'ETH' }],
		['a number', 1],
		['null', null],
		['true', true],
	])('given as %s: refused', (_case, networkSymbol) => {
		expect(refusal(body({ address: EVM, networkSymbol }))).toMatch(/^Allowed Recipient Addresses/);
	});

	it('missing: refused', () => {
		expect(refusal(body({ address: EVM }))).toMatch(/its networkSymbol missing/);
	});
});

describe('a body that names its network twice or elsewhere', () => {
	it.each([
		[
			'the key twice',
			`{"baseAmount":20,"settledCurrency":"USDT","address":"${EVM}","networkSymbol":"ETH","networkSymbol":"BSC"}`,
		],
		[
			'the key twice, once escaped',
			`{"baseAmount":20,"settledCurrency":"USDT","address":"${EVM}","networkSymbol":"ETH","network\\u0053ymbol":"BSC"}`,
		],
		[
			'another letter case of the key',
			`{"baseAmount":20,"settledCurrency":"USDT","address":"${EVM}","networkSymbol":"ETH","NetworkSymbol":"BSC"}`,
		],
		[
			'a long s in the key',
			`{"baseAmount":20,"settledCurrency":"USDT","address":"${EVM}","networkSymbol":"ETH","network\u017fymbol":"BSC"}`,
		],
		[
			'a nested copy',
			`{"baseAmount":20,"settledCurrency":"USDT","address":"${EVM}","networkSymbol":"ETH","payout":{"networkSymbol":"BSC"}}`,
		],
	])('%s: refused', (_case, text) => {
		expect(refusal(text)).toBeDefined();
	});

	it('in the query, beside ETH in the body: refused', () => {
		expect(
			refusal(body({ address: EVM, networkSymbol: 'ETH' }), TIED, { networkSymbol: 'BSC' }),
		).toMatch(/POST \/transactions\/merchant\/createPayoutRequest\?networkSymbol=BSC is not POST/);
	});
});

describe('the tied address spelled another way', () => {
	it.each([
		['in lower case', EVM.toLowerCase()],
		['in upper-case hex', `0x${EVM.slice(2).toUpperCase()}`],
		['EIP-55', EVM],
	])('an ETH address %s, on ETH or eth: allowed (one address)', (_case, address) => {
		expect(refusal(body({ address, networkSymbol: 'ETH' }))).toBeUndefined();
		expect(refusal(body({ address, networkSymbol: 'eth' }))).toBeUndefined();
	});

	it.each([
		['an ETH address with 0X', 'ETH', `0X${EVM.slice(2)}`],
		['an ETH address with a zero-width space', 'ETH', `${EVM}\u200b`],
		['an ETH address with a full-width digit', 'ETH', `${EVM.slice(0, -1)}\uff19`],
		['a TRON address in another letter case', 'TRX', TRON.toLowerCase()],
		['a TRON address with its first letter swapped', 'TRX', `t${TRON.slice(1)}`],
		['a Solana address in upper case', 'SOL', SOLANA.toUpperCase()],
		['the ETH address on TRX, where TRON is tied', 'TRX', EVM],
		['the TRON address on ETH, where the ETH address is tied', 'ETH', TRON],
	])('%s: refused', (_case, networkSymbol, address) => {
		expect(refusal(body({ address, networkSymbol }))).toMatch(/Allowed Recipient Addresses/);
	});
});

describe('a bare entry keeps today’s meaning', () => {
	it('a bare EVM address is allowed on every network', () => {
		for (const networkSymbol of ['ETH', 'BSC', 'MATIC', 'TRX']) {
			expect(
				refusal(body({ address: EVM, networkSymbol }), { allowedAddresses: EVM.toLowerCase() }),
			).toBeUndefined();
		}
	});

	it('TON’s raw form `0:…` is a bare address, not a network named 0', () => {
		const raw = `0:${'ab'.repeat(32)}`;
		expect(
			refusal(body({ address: raw, networkSymbol: 'TON' }), { allowedAddresses: raw }),
		).toBeUndefined();
	});

	it('a Bitcoin Cash address written with its bitcoincash: prefix reads as the bare address it always was', () => {
		const cashAddress = 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a';
		expect(readSpendingLimits({ allowedAddresses: cashAddress })).not.toBeInstanceOf(
			UnreadableLimitError,
		);
	});
});
