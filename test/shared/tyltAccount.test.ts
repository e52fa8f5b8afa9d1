/**
 * The account hash that keys the journal and the vouchers. Two credentials of
 * one TYLT account spelled differently must share one journal (else each process-wide sum misses the other's
 * payouts that history does not list yet), and a voucher given under one spelling is the other's too.
 */
import {
	nodeVoucherFor,
	takeNodeVoucher,
	offerNodeVoucher,
} from '../../nodes/shared/spendingLimits/nodeVouchers';
import {
	credentialAccount,
	credentialFields,
	tyltAccountHash,
	tyltAccountOf,
} from '../../nodes/shared/tyltAccount';

const KEY = 'key-1';

it.each([
	['https://api.tylt.money/', 'https://API.TYLT.MONEY:443'],
	['https://api.tylt.money', ' https://api.tylt.money./ '],
	['https://api.tylt.money', 'https://api.tylt.money/some/prefix//'],
	['http://127.0.0.1:8080', 'http://127.0.0.1:8080/'],
	['https://api.tylt.money', 'https://user@api.tylt.money'],
])('%j and %j are one account', (a, b) => {
	expect(tyltAccountHash({ apiKey: KEY, baseUrl: a })).toBe(
		tyltAccountHash({ apiKey: ` ${KEY}\n`, baseUrl: b }),
	);
});

it.each([
	['https://api.tylt.money', 'http://api.tylt.money'],
	['https://api.tylt.money', 'https://api.tylt.money:8443'],
	['https://api.tylt.money', 'https://api.tylt.money.evil.example'],
])('%j and %j are two accounts: a voucher of one is not the other’s', async (a, b) => {
	const mine = tyltAccountHash({ apiKey: KEY, baseUrl: a });
	const theirs = tyltAccountHash({ apiKey: KEY, baseUrl: b });
	expect(theirs).not.toBe(mine);
	const voucher = nodeVoucherFor(mine, '{"baseAmount":1}');
	const withdraw = offerNodeVoucher(voucher);
	expect(takeNodeVoucher(theirs, '{"baseAmount":1}', voucher.token)).toBe(false);
	withdraw();
});

describe('a credential as n8n hands it over', () => {
	const stored = { apiKey: ` ${KEY}`, apiSecret: 'secret-1', baseUrl: 'https://api.tylt.money/' };

	it('is read once: every request of the execution signs with that one reading of it', () => {
		const data = { ...stored };
		const first = credentialAccount(data);
		expect(credentialAccount(data)).toBe(first);
		expect(first.account).toEqual(tyltAccountOf(credentialFields(data)));
		expect(first.fields).toEqual(credentialFields(data));
	});

	it('is read anew when n8n hands over another one: a changed key signs and is keyed as it is now', () => {
		const before = credentialAccount({ ...stored });
		const after = credentialAccount({ ...stored, apiKey: 'key-2' });
		expect(after.account.apiKey).toBe('key-2');
		expect(after.account.hash).not.toBe(before.account.hash);
		expect(after.account.secrets).toContain('key-2');
		expect(after.account.secrets).not.toContain(KEY);
	});
});
