import { TPNK_NETWORKS, tpnkAccount, tpnkAddressProblem } from '../../../nodes/shared/addresses/tpnk';
import { ZERO_ADDRESS_REASON } from '../../../nodes/shared/addresses/zeroAddress';

const ACCOUNT_ID = '123e4567-e89b-12d3-a456-426614174000';

describe('tpnkAddressProblem', () => {
	it.each([ACCOUNT_ID, ACCOUNT_ID.toUpperCase(), 'f47ac10b-58cc-4372-a567-0e02b2c3d479'])(
		'accepts the UUID %s',
		(address) => {
			expect(tpnkAddressProblem(address)).toBeUndefined();
		},
	);

	it.each([
		['a digit missing', ACCOUNT_ID.slice(0, -1)],
		['no hyphens', ACCOUNT_ID.replace(/-/g, '')],
		['braces', `{${ACCOUNT_ID}}`],
		['a letter beyond f', ACCOUNT_ID.replace('e', 'g')],
		['a TRON address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
	])('refuses %s', (_name, address) => {
		expect(tpnkAddressProblem(address)).toMatch(
			/^a TPNK address is a TYLT account ID written as a UUID/,
		);
	});

	it('refuses the nil UUID', () => {
		expect(tpnkAddressProblem('00000000-0000-0000-0000-000000000000')).toBe(ZERO_ADDRESS_REASON);
	});
});

describe('tpnkAccount', () => {
	it('is one account in any letter case', () => {
		expect(tpnkAccount(ACCOUNT_ID.toUpperCase())).toBe(ACCOUNT_ID);
	});
});

describe('TPNK_NETWORKS', () => {
	it('includes TPNK', () => {
		expect(TPNK_NETWORKS.has('TPNK')).toBe(true);
	});
});
