import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';
import { ObservableObject } from 'n8n-workflow';

import {
	MAX_REMEMBERED_CALLBACKS,
	fingerprint,
	processStore,
	rememberCallback,
	rememberEverywhere,
} from '../../nodes/TyltTrigger/dedupe';

/** How the earlier version wrote a body before hashing it: keys sorted at every level, compact. */
function sortedKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(sortedKeys);
	if (value === null || typeof value !== 'object') return value;
	return Object.fromEntries(
		Object.keys(value)
			.sort()
			.map((name) => [name, sortedKeys((value as Record<string, unknown>)[name])]),
	);
}

function arriving(body: unknown, raw = JSON.stringify(body)) {
	return fingerprint(Buffer.from(raw));
}

describe('rememberCallback', () => {
	it('recognises the same content in any whitespace and key order; any changed field is new', () => {
		const store: IDataObject = {};
		const pending = { type: 'pay-out', data: { orderId: 'o-1', status: 'Pending', note: 'a' } };

		expect(rememberCallback(store, arriving(pending))).toBe(true);
		expect(rememberCallback(store, arriving(pending))).toBe(false);
		expect(rememberCallback(store, arriving(pending, JSON.stringify(pending, null, 2)))).toBe(
			false,
		);
		expect(
			rememberCallback(
				store,
				arriving(null, '{"data":{"note":"a","status":"Pending","orderId":"o-1"},"type":"pay-out"}'),
			),
		).toBe(false);
		expect(
			rememberCallback(store, arriving({ ...pending, data: { ...pending.data, note: 'b' } })),
		).toBe(true);
		const completed = { type: 'pay-out', data: { orderId: 'o-1', status: 'Completed' } };
		expect(rememberCallback(store, arriving(completed))).toBe(true);
	});

	it('keeps array order: the same elements in another order are another callback', () => {
		const store: IDataObject = {};
		const transactions = (...hashes: string[]) => ({
			data: {
				orderId: 'o-2',
				transactions: hashes.map((transactionHash) => ({ transactionHash })),
			},
		});
		expect(rememberCallback(store, arriving(transactions('a', 'b')))).toBe(true);
		expect(rememberCallback(store, arriving(transactions('b', 'a')))).toBe(true);
		expect(rememberCallback(store, arriving(transactions('a', 'b')))).toBe(false);
	});

	it('still knows callbacks an earlier version saved by their exact bytes', () => {
		const body = JSON.stringify({ data: { orderId: 'o-3', status: 'Completed' } });
		const store: IDataObject = {
			seenCallbacks: {
				current: { [`b:${arriving(null, body).bytes}`]: 1 },
				previous: {},
				count: 1,
			},
		};
		expect(rememberCallback(store, arriving(null, body))).toBe(false);
	});

	it('takes the forms TYLT writes one value in as the same callback; a different value is still new', () => {
		const store: IDataObject = {};
		const record = {
			orderId: 'o-9',
			merchantOrderId: 'm-9',
			status: 'Under Payment',
			isFinal: 0,
			settledAmountSent: 24.5,
			transactions: [{ amount: 24.5, transactionHash: '0xabc' }],
		};
		expect(rememberCallback(store, arriving({ data: record }))).toBe(true);

		const sameInOtherForms = [
			{ status: 'UNDER PAYMENT' },
			{ status: ' under  payment ' },
			{ isFinal: '0' },
			{ isFinal: false },
			{ settledAmountSent: '24.50' },
			{ transactions: [{ amount: '24.5', transactionHash: '0xabc' }] },
		];
		for (const change of sameInOtherForms) {
			expect(rememberCallback(store, arriving({ data: { ...record, ...change } }))).toBe(false);
		}
		const numbered = { ...record, orderId: 4242, merchantOrderId: 77 };
		expect(rememberCallback(store, arriving({ data: numbered }))).toBe(true);
		expect(
			rememberCallback(
				store,
				arriving({ data: { ...numbered, orderId: '4242', merchantOrderId: '77' } }),
			),
		).toBe(false);

		const reallyChanged = [
			{ status: 'Over Payment' },
			{ isFinal: 1 },
			{ settledAmountSent: '24.51' },
			{ transactions: [{ amount: 24.5, transactionHash: '0xdef' }] },
		];
		for (const change of reallyChanged) {
			expect(rememberCallback(store, arriving({ data: { ...record, ...change } }))).toBe(true);
		}
	});

	it('an amount string a number cannot hold exactly stays text: not the same as the rounded number', () => {
		const store: IDataObject = {};
		const exact = { data: { orderId: 'o-10', baseAmount: '0.123456789012345678' } };
		expect(rememberCallback(store, arriving(exact))).toBe(true);
		const rounded = { data: { orderId: 'o-10', baseAmount: 0.123456789012345678 } };
		expect(rememberCallback(store, arriving(rounded))).toBe(true);
	});

	it('still knows callbacks an earlier version saved by their canonical form, in TYLT’s usual spelling', () => {
		const body = {
			type: 'pay-out',
			data: { orderId: 'o-11', status: 'Completed', isFinal: 1, settledAmountSent: 25 },
		};
		const earlierKey = createHash('sha256')
			.update(JSON.stringify(sortedKeys(body)))
			.digest('hex')
			.slice(0, 32);
		const store: IDataObject = {
			seenCallbacks: { current: { [`c:${earlierKey}`]: 1 }, previous: {}, count: 1 },
		};
		expect(rememberCallback(store, arriving(body))).toBe(false);
	});

	it('writes the canonical form exactly as before: names sorted by code unit, JSON escapes, arrays in order', () => {
		// Remembered keys are hashes of this text: any change to it would forget every saved callback.
		const raw =
			'{"b":true,"10":2,"9":[],"a":[{"y":"\u00e9\\n\u2028","x":null}],"a\\"q":{},"é":-1e21,"status":"Under Payment"}';
		const canonical =
			'{"10":2,"9":[],"a":[{"x":null,"y":"é\\n\u2028"}],"a\\"q":{},"b":true,"status":"Under Payment","é":-1e+21}';
		const hashed = createHash('sha256').update(canonical).digest('hex').slice(0, 32);

		expect(JSON.stringify(JSON.parse(raw))).not.toBe(canonical);
		expect(fingerprint(Buffer.from(raw)).canonical).toBe(hashed);
		expect(fingerprint(Buffer.from(raw), JSON.parse(raw)).canonical).toBe(hashed);
	});

	it('identifies a body that is not JSON by its exact bytes', () => {
		const store: IDataObject = {};
		expect(rememberCallback(store, arriving(null, 'not json'))).toBe(true);
		expect(rememberCallback(store, arriving(null, 'not json'))).toBe(false);
		expect(rememberCallback(store, arriving(null, 'not  json'))).toBe(true);
	});

	it('tells P2P steps apart even while the status stays the same', () => {
		const store: IDataObject = {};
		const step = (id: number) => ({
			trade: { event: { id } },
			transaction: { merchantOrderId: 'm-1', status: 'Pending' },
		});

		expect(rememberCallback(store, arriving(step(1)))).toBe(true);
		expect(rememberCallback(store, arriving(step(2)))).toBe(true);
		expect(rememberCallback(store, arriving(step(2)))).toBe(false);
	});

	it('without an order id or a status, only the same content is a duplicate', () => {
		const store: IDataObject = {};
		expect(rememberCallback(store, arriving({ data: { orderId: 'o-1' }, n: 1 }))).toBe(true);
		expect(rememberCallback(store, arriving({ data: { orderId: 'o-1' }, n: 2 }))).toBe(true);
		expect(rememberCallback(store, arriving({ data: { status: 'Pending' }, n: 1 }))).toBe(true);
		expect(rememberCallback(store, arriving({ data: { status: 'Pending' }, n: 2 }))).toBe(true);
		expect(rememberCallback(store, arriving({ n: 2, data: { status: 'Pending' } }))).toBe(false);
	});

	it(`remembers at least the newest ${MAX_REMEMBERED_CALLBACKS} callbacks, and at most twice as many`, () => {
		const store: IDataObject = {};
		const callback = (n: number) => ({ data: { orderId: `o-${n}`, status: 'Pending' } });
		const total = 2 * MAX_REMEMBERED_CALLBACKS + 5;
		for (let n = 0; n < total; n++) {
			expect(rememberCallback(store, arriving(callback(n)))).toBe(true);
		}

		// The newest MAX are always known; the oldest generation has been forgotten and would run again.
		for (const n of [total - 1, total - MAX_REMEMBERED_CALLBACKS]) {
			expect(rememberCallback(store, arriving(callback(n)))).toBe(false);
		}
		expect(rememberCallback(store, arriving(callback(0)))).toBe(true);
	});

	it('marks n8n’s observable static data as changed, so n8n saves what it learned', () => {
		// n8n hands a trigger its static data wrapped like this; only a marked change is written back.
		const loaded = ObservableObject.create({}) as IDataObject & { __dataChanged: boolean };
		rememberCallback(loaded, arriving({ data: { orderId: 'o-1', status: 'Pending' } }));
		expect(loaded.__dataChanged).toBe(true);

		const reloaded = ObservableObject.create(JSON.parse(JSON.stringify(loaded))) as IDataObject & {
			__dataChanged: boolean;
		};
		expect(
			rememberCallback(reloaded, arriving({ data: { orderId: 'o-1', status: 'Pending' } })),
		).toBe(false);
		expect(reloaded.__dataChanged).toBe(false);
		rememberCallback(reloaded, arriving({ data: { orderId: 'o-2', status: 'Pending' } }));
		expect(reloaded.__dataChanged).toBe(true);
	});
});

describe('the hash of the exact bytes: looked up only while an earlier version’s keys may be there', () => {
	/** `body`'s fingerprint, counting how often the hash of its exact bytes is asked for. */
	function counted(body: unknown) {
		const print = arriving(body);
		const counter = {
			reads: 0,
			canonical: print.canonical,
			get bytes() {
				counter.reads++;
				return print.bytes;
			},
		};
		return counter;
	}
	const completed = (orderId: string) => ({ data: { orderId, status: 'Completed' } });
	const seenIn = (store: IDataObject) =>
		store.seenCallbacks as unknown as {
			current: Record<string, 1>;
			previous: Record<string, 1>;
			count: number;
		};
	/** What 0.1.0 did with a callback: its key is the hash of the exact bytes. */
	function writtenByEarlierVersion(store: IDataObject, body: unknown) {
		const seen = seenIn(store);
		if (seen.count >= MAX_REMEMBERED_CALLBACKS) {
			seen.previous = seen.current;
			seen.current = {};
			seen.count = 0;
		}
		seen.current[`b:${arriving(body).bytes}`] = 1;
		seen.count += 1;
	}

	it('is never computed for a memory this version started, even after n8n saved and reloaded it', () => {
		const store: IDataObject = {};
		const first = counted(completed('o-1'));
		expect(rememberCallback(store, first)).toBe(true);
		expect(rememberCallback(store, counted(completed('o-2')))).toBe(true);
		expect(rememberCallback(store, first)).toBe(false);
		expect(first.reads).toBe(0);

		const reloaded = ObservableObject.create(JSON.parse(JSON.stringify(store))) as IDataObject;
		const third = counted(completed('o-3'));
		expect(rememberCallback(reloaded, third)).toBe(true);
		expect(rememberCallback(reloaded, counted(completed('o-1')))).toBe(false);
		expect(third.reads).toBe(0);
	});

	it('is looked up again once an earlier version wrote to the memory, and finds what it wrote', () => {
		const store: IDataObject = {};
		rememberCallback(store, arriving(completed('o-1')));
		writtenByEarlierVersion(store, completed('o-2'));

		expect(rememberCallback(store, arriving(completed('o-2')))).toBe(false);
		expect(rememberCallback(store, arriving(completed('o-3')))).toBe(true);
		const later = counted(completed('o-4'));
		expect(rememberCallback(store, later)).toBe(true);
		expect(later.reads).toBeGreaterThan(0);
	});

	it('is looked up again when an earlier version started a generation, whatever the count says', () => {
		const store: IDataObject = {};
		for (let n = 0; n < MAX_REMEMBERED_CALLBACKS; n++) {
			rememberCallback(store, arriving(completed(`first-${n}`)));
		}
		// The earlier version fills the memory up to the same count, so only the generation tells.
		for (let n = 0; n < MAX_REMEMBERED_CALLBACKS; n++) {
			writtenByEarlierVersion(store, completed(`earlier-${n}`));
		}
		expect(seenIn(store).count).toBe(MAX_REMEMBERED_CALLBACKS);

		expect(rememberCallback(store, arriving(completed('earlier-7')))).toBe(false);
	});

	it('stops once this version has started both generations: the earlier keys are forgotten by then', () => {
		// A memory as 0.1.0 saved it.
		const store: IDataObject = { seenCallbacks: { current: {}, previous: {}, count: 0 } };
		writtenByEarlierVersion(store, {});
		writtenByEarlierVersion(store, completed('o-old'));
		for (let n = 0; n < 2 * MAX_REMEMBERED_CALLBACKS; n++) {
			const print = counted(completed(`o-${n}`));
			expect(rememberCallback(store, print)).toBe(true);
			// Until this version starts its second generation, the earlier keys may still be there.
			if (n < MAX_REMEMBERED_CALLBACKS) expect(print.reads).toBeGreaterThan(0);
		}

		const after = counted(completed('o-old'));
		expect(rememberCallback(store, after)).toBe(true);
		expect(after.reads).toBe(0);
	});
});

describe('rememberEverywhere: callbacks that arrive together', () => {
	const completed = (orderId: string) => ({
		type: 'pay-out',
		data: { orderId, status: 'Completed', isFinal: 1 },
	});

	it('still catches a resend when concurrent requests saved stale copies of the static data', () => {
		const memory = processStore('race-workflow:node-1');
		// n8n loads static data per request: two callbacks handled at once each see an empty copy,
		// and the save of the second overwrites the first's record.
		const copyForA: IDataObject = {};
		const copyForB: IDataObject = {};
		expect(rememberEverywhere([memory, copyForA], arriving(completed('A')))).toBe(true);
		expect(rememberEverywhere([memory, copyForB], arriving(completed('B')))).toBe(true);
		const savedLast = copyForB; // A is missing from what n8n kept

		expect(rememberEverywhere([memory, { ...savedLast }], arriving(completed('A')))).toBe(false);
		expect(rememberEverywhere([memory, { ...savedLast }], arriving(completed('B')))).toBe(false);
	});

	it('records in every store even when the first already knew the callback', () => {
		const memory = processStore('race-workflow:node-2');
		rememberEverywhere([memory, {}], arriving(completed('C')));
		const freshStatic: IDataObject = {};

		expect(rememberEverywhere([memory, freshStatic], arriving(completed('C')))).toBe(false);
		expect(rememberCallback(freshStatic, arriving(completed('C')))).toBe(false);
	});

	it('keeps one memory per trigger, so two triggers do not silence each other', () => {
		expect(rememberEverywhere([processStore('wf-1:a')], arriving(completed('D')))).toBe(true);
		expect(rememberEverywhere([processStore('wf-1:b')], arriving(completed('D')))).toBe(true);
		expect(processStore('wf-1:a')).toBe(processStore('wf-1:a'));
	});
});
