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
import { tyltAccountHash } from '../../nodes/shared/tyltAccount';

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
