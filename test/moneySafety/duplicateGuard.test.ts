/**
 * The duplicate guard, piece by piece: where the reference travels, how it is derived when none is set,
 * how far back TYLT's history is read, and what happens when that history cannot be read.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { EVM_ADDRESS, payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import {
	hoursAgo,
	onceEach,
	payoutsPerReference,
	useMoneySafetySandbox,
	useShortRetryBackoff,
} from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const ADDRESS = tronAddress('guarded recipient');
/** The item's payout details (25 USDT on TRX to ADDRESS), for seeded history that is the same payout. */
const SAME_PAYOUT = { toAddress: ADDRESS, settledAmountRequested: 25 };

const creates = () => requestsTo(suite.sandbox, 'createPayout');
const createBodies = () => creates().map((request) => JSON.parse(request.rawBody));
const historyPagesRead = () => requestsTo(suite.sandbox, 'payoutHistory').length;

/** A payout with Reference (on the panel) and the Options given. */
function payoutWith(
	{ reference, ...options }: INodeParameters,
	additionalFields: INodeParameters = {},
) {
	return payoutCreate({ address: ADDRESS, additionalFields, reference, options });
}

describe('the reference', () => {
	it('travels in the comments as [ref:…] before the user’s comment, and only there by default', async () => {
		await suite.run({ parameters: payoutWith({ reference: 'row-17' }, { comments: 'May bonus' }) });

		expect(createBodies()).toEqual([
			expect.objectContaining({ comments: '[ref:row-17] May bonus' }),
		]);
		expect(createBodies()[0]).not.toHaveProperty('merchantOrderId');
		expect(suite.sandbox.payouts[0]).toMatchObject({ comments: '[ref:row-17] May bonus' });
	});

	it('with Send Reference as Merchant Order ID on, also travels as the merchant order ID', async () => {
		await suite.run({
			parameters: payoutWith(
				{ reference: 'row-17', referenceAsMerchantOrderId: true },
				{ comments: 'May bonus' },
			),
		});

		expect(createBodies()).toEqual([
			expect.objectContaining({ comments: '[ref:row-17] May bonus', merchantOrderId: 'row-17' }),
		]);
		expect(suite.sandbox.payouts[0]).toMatchObject({ merchantOrderId: 'row-17' });
	});

	it('is the whole comment when the user set none', async () => {
		await suite.run({ parameters: payoutWith({ reference: 'row-18' }) });

		expect(createBodies()[0].comments).toBe('[ref:row-18]');
	});

	it('with Send Reference as Merchant Order ID off (the default), a re-run finds it by the comments', async () => {
		const parameters = payoutWith(
			{ reference: 'row-19', referenceAsMerchantOrderId: false },
			{ comments: 'June bonus' },
		);

		const [first] = await suite.run({ parameters });
		const [rerun] = await suite.run({ parameters });

		expect(createBodies()).toHaveLength(1);
		expect(createBodies()[0]).not.toHaveProperty('merchantOrderId');
		expect(createBodies()[0].comments).toBe('[ref:row-19] June bonus');
		// TYLT gives the payout a merchant order ID of its own, so only the comments can match.
		expect(suite.sandbox.payouts[0].merchantOrderId).not.toBe('row-19');
		expect(rerun.json).toMatchObject({
			alreadySent: true,
			merchantReference: 'row-19',
			orderId: first.json.orderId,
		});
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['row-19']));
	});

	it('matches a payout in TYLT history by its merchant order ID alone (made outside this node)', async () => {
		const [existing] = suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			merchantOrderId: 'INV-5005',
			comments: 'paid by hand',
			status: 'Completed',
		});

		const [output] = await suite.run({ parameters: payoutWith({ reference: 'INV-5005' }) });

		expect(output.json).toMatchObject({
			alreadySent: true,
			merchantReference: 'INV-5005',
			orderId: existing.orderId,
		});
		expect(creates()).toHaveLength(0);
	});

	it('matches a payout TYLT marked Failed: it counts as sent, and the output shows its status', async () => {
		const [failed] = suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			merchantOrderId: 'MO-other',
			comments: '[ref:row-20]',
			status: 'Failed',
		});

		const [output] = await suite.run({ parameters: payoutWith({ reference: 'row-20' }) });

		expect(output.json).toMatchObject({
			alreadySent: true,
			orderId: failed.orderId,
			status: 'Failed',
		});
		expect(creates()).toHaveLength(0);
	});

	it('returns the newest payout when TYLT holds several with the reference', async () => {
		const [newer] = suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			comments: '[ref:row-21]',
			status: 'Completed',
		});
		const [older] = suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			comments: '[ref:row-21]',
			status: 'Failed',
		});

		const [output] = await suite.run({ parameters: payoutWith({ reference: 'row-21' }) });

		expect(newer.createdAt > older.createdAt).toBe(true);
		expect(output.json.orderId).toBe(newer.orderId);
	});
});

describe('the default reference (no Reference set)', () => {
	const PAYOUT_FROM_ITEM = payoutCreate({
		settledCurrency: '={{ $json.currency }}',
		networkSymbol: '={{ $json.network }}',
		address: '={{ $json.address }}',
		baseAmount: '={{ $json.amount }}',
		amountIn: 'settledCurrency',
	});
	/** Amount In takes no expression: an item sized in fiat runs in a node whose Amount In is Fiat Currency. */
	const FIAT_PAYOUT_FROM_ITEM = {
		...PAYOUT_FROM_ITEM,
		amountIn: 'fiat',
		baseCurrency: '={{ $json.fiat }}',
	};
	const base = { currency: 'USDT', network: 'TRX', address: ADDRESS, amount: 25, fiat: '' };
	const onBsc = { ...base, network: 'BSC', address: EVM_ADDRESS };
	const variants: Record<string, IDataObject> = {
		base,
		sameAgain: { ...base },
		amountAsText: { ...base, amount: '25' },
		symbolsInLowerCase: { ...base, currency: 'usdt', network: 'trx' },
		otherAddress: { ...base, address: tronAddress('someone else') },
		otherAmount: { ...base, amount: 25.01 },
		inFiat: { ...base, fiat: 'USD' },
		onBsc,
		onBscInLowerCase: { ...onBsc, address: EVM_ADDRESS.toLowerCase() },
		otherCurrency: { ...onBsc, currency: 'USDC' },
		otherNetwork: { ...onBsc, network: 'ETH' },
	};

	/** Each variant's reference from one dry run per kind of amount (crypto, fiat), in one node. */
	async function referencesOf(): Promise<Record<string, string>> {
		const references: Record<string, string> = {};
		for (const [parameters, inFiat] of [
			[PAYOUT_FROM_ITEM, false],
			[FIAT_PAYOUT_FROM_ITEM, true],
		] as const) {
			const names = Object.keys(variants).filter((name) => Boolean(variants[name].fiat) === inFiat);
			const output = await suite.run({
				items: names.map((name) => variants[name]),
				parameters: { ...parameters, options: { dryRun: true } },
			});
			output.forEach((item, index) => {
				references[names[index]] = String(item.json.merchantReference);
			});
		}
		return references;
	}

	it('is the same for the same payout, however its values are written', async () => {
		const reference = await referencesOf();

		expect(reference.base).toMatch(/^n8n-[0-9a-f]{24}$/);
		expect(reference.sameAgain).toBe(reference.base);
		expect(reference.amountAsText).toBe(reference.base);
		expect(reference.symbolsInLowerCase).toBe(reference.base);
		// One EVM wallet, checksummed or in lower case: one recipient, one reference.
		expect(reference.onBscInLowerCase).toBe(reference.onBsc);
		expect(creates()).toHaveLength(0);
	});

	it('pays an EVM wallet once when a re-run spells it in another letter case', async () => {
		const [first] = await suite.run({ items: [onBsc], parameters: PAYOUT_FROM_ITEM });
		const [again] = await suite.run({
			items: [{ ...onBsc, address: EVM_ADDRESS.toLowerCase() }],
			parameters: PAYOUT_FROM_ITEM,
		});

		expect(again.json).toMatchObject({ alreadySent: true, orderId: first.json.orderId });
		expect(creates()).toHaveLength(1);
	});

	it('differs when the address, amount, fiat currency, currency or network differs', async () => {
		const reference = await referencesOf();

		const distinct = [
			reference.base,
			reference.otherAddress,
			reference.otherAmount,
			reference.inFiat,
			reference.onBsc,
			reference.otherCurrency,
			reference.otherNetwork,
		];
		expect(new Set(distinct).size).toBe(distinct.length);
	});

	it('is the one a real run sends, and the same in a later execution', async () => {
		const { base: dryRunReference } = await referencesOf();

		const [sent] = await suite.run({ items: [base], parameters: PAYOUT_FROM_ITEM });
		const [again] = await suite.run({ items: [base], parameters: PAYOUT_FROM_ITEM });

		expect(sent.json.merchantReference).toBe(dryRunReference);
		expect(createBodies()[0]).toMatchObject({ comments: `[ref:${dryRunReference}]` });
		expect(again.json).toMatchObject({ alreadySent: true, merchantReference: dryRunReference });
		expect(creates()).toHaveLength(1);
	});
});

describe('how far back TYLT history is read (Duplicate Look-Back)', () => {
	const PAGE = 200;

	/** Newest first: `recent` payouts of the last minutes, a page of week-old ones, then the match, older still. */
	function seedHistory(recent: number) {
		suite.sandbox.seedPayouts(recent, { comments: 'recent, someone else' });
		suite.sandbox.seedPayouts(PAGE, { comments: 'old, someone else', createdAt: hoursAgo(200) });
		return suite.sandbox.seedPayouts(1, {
			...SAME_PAYOUT,
			comments: '[ref:old-row]',
			merchantOrderId: 'old-row',
			createdAt: hoursAgo(201),
		})[0];
	}

	it('stops at the first page older than the cutoff: a match beyond it is not found, and is sent again', async () => {
		seedHistory(PAGE);

		const [output] = await suite.run({
			parameters: payoutWith({ reference: 'old-row', lookBackHours: 168 }),
		});

		expect(historyPagesRead()).toBe(2);
		expect(output.json.alreadySent).toBe(false);
		expect(payoutsPerReference(suite.sandbox)['old-row']).toBe(2);
	});

	it('finds the same payout when the look-back reaches it', async () => {
		const match = seedHistory(PAGE);

		const [output] = await suite.run({
			parameters: payoutWith({ reference: 'old-row', lookBackHours: 240 }),
		});

		// Two full pages, the short one holding the match, and the empty page that ends history (a short page
		// never ends a read the guard decides from).
		expect(historyPagesRead()).toBe(4);
		expect(output.json).toMatchObject({ alreadySent: true, orderId: match.orderId });
		expect(creates()).toHaveLength(0);
	});

	it.each([
		[168, 2],
		// The whole history is inside: six full pages, a short one, and the empty page that ends it.
		[1000, 8],
	])(
		'reads no further than needed: 250 recent and 1,000 500-hour-old payouts, look-back %i hours → %i pages',
		async (lookBackHours, pages) => {
			suite.sandbox.seedPayouts(250, { comments: 'recent' });
			suite.sandbox.seedPayouts(1000, { comments: 'old', createdAt: hoursAgo(500) });

			await suite.run({ parameters: payoutWith({ reference: 'new-row', lookBackHours }) });

			expect(historyPagesRead()).toBe(pages);
			expect(creates()).toHaveLength(1);
		},
	);

	// Only the window counts (an old match on a page read anyway is not found), and a window holding more
	// than 10,000 payouts is an error: historyWindow.test.ts.
});

describe('when TYLT history cannot be read', () => {
	useShortRetryBackoff();

	it('no payout is sent: the guard fails closed, for every item of the execution', async () => {
		suite.sandbox.injectFault('payoutHistory', { kind: 'status', status: 503, times: 10 });

		const output = await suite.run({
			items: [{ ref: 'row-1' }, { ref: 'row-2' }],
			parameters: payoutWith({ reference: '={{ $json.ref }}' }),
			continueOnFail: true,
		});

		expect(output.map((item) => item.json.error)).toEqual([
			expect.stringContaining('TYLT did not answer usefully'),
			expect.stringContaining('TYLT did not answer usefully'),
		]);
		expect(creates()).toHaveLength(0);
		expect(suite.sandbox.payouts).toHaveLength(0);
	});

	it('a TYLT error on history (errorCode) stops the payout with TYLT’s message', async () => {
		await suite.failOnTyltError(
			'payoutHistory',
			{ errorCode: 1002, msg: 'History is being rebuilt' },
			{ parameters: payoutWith({ reference: 'row-1' }) },
		);

		expect(historyPagesRead()).toBe(1);
		expect(creates()).toHaveLength(0);
	});
});

itShowsNoSecret();
