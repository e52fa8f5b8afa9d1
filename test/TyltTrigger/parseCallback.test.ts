import { isFinalRecord, toOutputJson } from '../../nodes/shared/payoutEvents/orderEvent';
import { parseCallback } from '../../nodes/TyltTrigger/parseCallback';

const parse = (body: unknown) => parseCallback(Buffer.from(JSON.stringify(body)))!;

describe('parseCallback', () => {
	it('unwraps `data`, or takes the body itself when there is none', () => {
		expect(parse({ type: 'pay-out', data: { orderId: 'o-1' } }).record).toEqual({ orderId: 'o-1' });
		expect(parse({ type: 'pay-out', orderId: 'o-1' }).record).toEqual({
			type: 'pay-out',
			orderId: 'o-1',
		});
	});

	it.each([
		[{ type: 'pay-in', data: {} }, 'payIn'],
		[{ type: 'PAYIN', data: {} }, 'payIn'],
		[{ type: 'pay-out', data: {} }, 'payout'],
		[{ type: 'payout', data: {} }, 'payout'],
		[{ data: { toAddress: 'T1' } }, 'payout'],
		[{ data: { settledAmountDebited: 1 } }, 'payout'],
		[{ data: { trade: { event: { id: 1 } } } }, 'payIn'],
		[{ trade: { event: { id: 1 } } }, 'payIn'],
		[{ data: { status: 'Under Payment' } }, 'payIn'],
		[{ data: { status: 'Completed' } }, 'payout'],
		[{ type: 'something-else', data: { toAddress: 'T1' } }, 'payout'],
	])('infers the event of %j as %s', (body, event) => {
		expect(parse(body).event).toBe(event);
	});

	it('keeps the original `type`, or null when there is none', () => {
		expect(parse({ type: 'pay-out', data: {} }).type).toBe('pay-out');
		expect(parse({ data: {} }).type).toBeNull();
	});

	it('reads the status from the record, or from a P2P transaction', () => {
		expect(parse({ data: { status: 'Completed' } }).status).toBe('Completed');
		expect(parse({ data: { transaction: { status: 'Expired' } } }).status).toBe('Expired');
		expect(parse({ data: {} }).status).toBeUndefined();
	});

	it('reads isFinal as 1, "1" or true', () => {
		for (const flag of [1, '1', true])
			expect(isFinalRecord(parse({ data: { isFinal: flag } }).record)).toBe(true);
		for (const flag of [0, '0', false, null, 'yes']) {
			expect(isFinalRecord(parse({ data: { isFinal: flag } }).record)).toBe(false);
		}
	});

	it('rejects bodies that are not JSON objects', () => {
		for (const body of ['', 'nope', '[]', '1', 'null']) {
			expect(parseCallback(Buffer.from(body))).toBeUndefined();
		}
	});

	it('outputs the record with `event` and `type` added, and a payout’s reference', () => {
		const callback = parse({
			type: 'pay-out',
			data: { orderId: 'o-1', settledAmountSent: '5.0', comments: '[ref:INV-7] Invoice INV-7' },
		});
		expect(toOutputJson(callback)).toEqual({
			orderId: 'o-1',
			settledAmountSent: 5,
			comments: '[ref:INV-7] Invoice INV-7',
			event: 'payout',
			type: 'pay-out',
			merchantReference: 'INV-7',
		});
	});

	it('gives a pay-in no merchantReference: its merchantOrderId is the pay-in’s own', () => {
		const callback = parse({ type: 'pay-in', data: { orderId: 'o-2', merchantOrderId: 'P-1' } });
		expect(toOutputJson(callback)).not.toHaveProperty('merchantReference');
	});

	it('reads a number too large for a double (1e999) as no value, as the polling trigger reads history: the status', () => {
		// JSON.parse turns 1e999 into Infinity: the digits TYLT sent are lost, so the field says nothing readable.
		const callback = parseCallback(
			Buffer.from('{"data":{"orderId":1e999,"status":1e999,"trade":{"event":{"id":1e999}}}}'),
		)!;
		expect(callback.status).toBeUndefined();
	});
});
