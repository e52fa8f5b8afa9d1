/**
 * Max Amount per 24 Hours and rows the batch's decision expects the duplicate guard to skip, so they carry no room
 * of their own: a later row of a reference (it comes back as already sent), and a reference held in doubt. When
 * the guard sends such a row after all (TYLT refused the first row's create), it fits the limit, so it must be paid
 * as without the limit; a reference held in doubt when the batch is decided is refused then, in words that are true.
 */
import { tyltAccountHash } from '../../../nodes/shared/tyltAccount';
import { DailyLimit } from '../../../nodes/Tylt/payout/limits/dailyLimit';
import * as processMemory from '../../../nodes/Tylt/payout/processMemory';
import { markInDoubt } from '../../../nodes/Tylt/payout/processMemory';
import { credentialsFor, payoutCreate, tronAddress } from '../../support/sandboxKit';
import { onceEach, payoutsPerReference, useMoneySafetySandbox } from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const credentials = () => ({ ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' });

it('a row repeating a reference TYLT refused is paid within the limit, as without the limit', async () => {
	suite.sandbox.injectFault('createPayout', {
		kind: 'errorCode',
		errorCode: 4017,
		msg: 'Payouts are paused for this merchant',
	});

	const output = await suite.run({
		credentials: credentials(),
		items: [{ row: 'repeat-after-refusal' }, { row: 'repeat-after-refusal' }],
		parameters: payoutCreate({
			baseAmount: 25,
			address: tronAddress('repeat after refusal'),
			reference: '={{ $json.row }}',
		}),
		continueOnFail: true,
	});

	expect(String(output[0].json.error)).toContain('Payouts are paused for this merchant');
	expect(output[1].json).toMatchObject({ alreadySent: false });
	expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['repeat-after-refusal']));
});

describe('a reference whose hold in doubt ends while the batch runs', () => {
	afterEach(() => jest.restoreAllMocks());

	it('is refused before anything is sent, as without the limit: the hold was on when the batch was decided', async () => {
		// An earlier create of the reference had an unknown outcome (TYLT never made it); its hold ends right after
		// the batch's decision, as a 15-minute hold does at some moment of a batch.
		markInDoubt(tyltAccountHash(credentials()), 'hold-ends-in-batch', Date.now());
		let holdOver = false;
		const isHeldInDoubt = processMemory.isHeldInDoubt;
		jest
			.spyOn(processMemory, 'isHeldInDoubt')
			.mockImplementation((...args) => !holdOver && isHeldInDoubt(...args));
		const decideBatch = DailyLimit.prototype.decideBatch;
		jest.spyOn(DailyLimit.prototype, 'decideBatch').mockImplementation(async function (
			this: DailyLimit,
			...args
		) {
			const decided = await decideBatch.apply(this, args);
			holdOver = true;
			return decided;
		});

		const output = await suite.run({
			credentials: credentials(),
			items: [{ row: 'hold-ends-in-batch' }],
			parameters: payoutCreate({
				baseAmount: 25,
				address: tronAddress('hold ends in batch'),
				reference: '={{ $json.row }}',
			}),
			continueOnFail: true,
		});

		expect(String(output[0].json.error)).toContain(
			'Reference "hold-ends-in-batch" of item 0 is in doubt',
		);
		expect(payoutsPerReference(suite.sandbox)).toEqual({});
	});
});

itShowsNoSecret();
