/**
 * A create that fails in a way nobody listed: TYLT answered (and made the payout), then the node's reading of the
 * answer threw a plain TypeError. Nothing proves the payout was not made, so every reader takes it as an unknown
 * outcome: the duplicate guard looks for it in history and holds the reference in doubt, the sender without the
 * guard holds it too, and Max Amount per 24 Hours keeps its room.
 */
import type { IDataObject } from 'n8n-workflow';

import * as envelopes from '../../nodes/Tylt/transport/envelopes';
import { inDoubtSince } from '../../nodes/Tylt/payout/processMemory';
import { reservationsOf } from '../../nodes/Tylt/payout/limits/reservations';
import { tyltAccountHash } from '../../nodes/shared/tyltAccount';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { onceEach, payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();
afterEach(() => jest.restoreAllMocks());

/** The next create's answer arrives and its reading throws, as a fault in n8n or in the node would. */
function nextAnswerThrowsTypeError() {
	const check = envelopes.createPayoutEnvelope;
	let thrown = false;
	jest.spyOn(envelopes, 'createPayoutEnvelope').mockImplementation((envelope) => {
		if (thrown) return check(envelope);
		thrown = true;
		throw new TypeError("Cannot read properties of undefined (reading 'orderId')");
	});
}

const credentials = (limits: IDataObject = {}) => ({ ...credentialsFor(suite.sandbox), ...limits });
const account = () => tyltAccountHash(credentials());
const payoutWith = (reference: string, options: IDataObject, baseAmount = 25) =>
	payoutCreate({
		baseAmount,
		address: tronAddress(`unexpected error ${reference}`),
		reference,
		options,
	});

describe('a create whose answer the node failed to read with an unexpected TypeError', () => {
	it('is looked for in history, and its payout is output as confirmed from history', async () => {
		nextAnswerThrowsTypeError();

		const [output] = await suite.run({ parameters: payoutWith('unexpected-found', {}) });

		expect(output.json).toMatchObject({ alreadySent: false, confirmedFromHistory: true });
		expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
	});

	it('with no in-doubt check: an unknown outcome, the reference held in doubt and not sent again', async () => {
		nextAnswerThrowsTypeError();

		const error = await suite.fail({
			parameters: payoutWith('unexpected-held', { inDoubtCheckSeconds: 0 }),
		});
		const heldSince = inDoubtSince(account(), 'unexpected-held');
		const [again] = await suite.run({ parameters: payoutWith('unexpected-held', {}) });

		expect(error.message).toBe(
			'The outcome of this payout is unknown (an unexpected TypeError): TYLT may have created it',
		);
		expect(heldSince).toBeDefined();
		expect(again.json).toMatchObject({ alreadySent: true });
		expect(payoutsPerReference(suite.sandbox)).toEqual(onceEach(['unexpected-held']));
	});

	it('with Duplicate Guard off: an unknown outcome, and the reference held in doubt', async () => {
		nextAnswerThrowsTypeError();

		const error = await suite.fail({
			parameters: payoutWith('unexpected-unguarded', { duplicateGuard: false }),
		});

		expect(error.message).toMatch(/outcome of this payout is unknown \(an unexpected TypeError\)/);
		expect(inDoubtSince(account(), 'unexpected-unguarded')).toBeDefined();
	});

	it('under Max Amount per 24 Hours, keeps its reservation', async () => {
		nextAnswerThrowsTypeError();

		await suite.fail({
			credentials: credentials({ maxAmountPer24Hours: 'USDT 100' }),
			parameters: payoutWith('unexpected-limited', { inDoubtCheckSeconds: 0 }, 60),
		});

		const kept = reservationsOf(tyltAccountHash(credentials({ maxAmountPer24Hours: 'USDT 100' })));
		expect(kept).toHaveLength(1);
		expect(kept[0]).toMatchObject({ reference: 'unexpected-limited' });
	});
});

itShowsNoSecret();
