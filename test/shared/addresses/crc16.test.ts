import { crc16Xmodem } from '../../../nodes/shared/addresses/crc16';

describe('crc16Xmodem', () => {
	// The catalogue check value of CRC-16/XMODEM (Greg Cook's CRC catalogue): the CRC of "123456789".
	it('gives 0x31C3 for "123456789"', () => {
		expect(crc16Xmodem(Buffer.from('123456789'))).toBe(0x31c3);
	});

	it('gives 0 for no bytes', () => {
		expect(crc16Xmodem(new Uint8Array())).toBe(0);
	});
});
