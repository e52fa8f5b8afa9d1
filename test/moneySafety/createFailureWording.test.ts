/**
 * Cases that once went wrong: a user comment that mentions another reference, the wording of network
 * failures on a create, and a dry run over repeated references.
 */
import type { NodeApiError } from 'n8n-workflow';

import { createPayoutRequest } from '../../nodes/Tylt/transport';
import { createExecuteContext } from '../../tools/harness/n8nContext';
import { credentialsFor, payoutCreate, tronAddress } from '../support/sandboxKit';
import { payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

it('reads the node’s own tag, not a reference the user’s comment mentions, so a re-run pays once', async () => {
	const parameters = payoutCreate({
		address: tronAddress('retry recipient'),
		additionalFields: { comments: 'Retry of [ref:row-17]' },
		options: { reference: 'row-17-b' },
	});
	await suite.run({ parameters });
	const [rerun] = await suite.run({ parameters });

	expect(rerun.json.alreadySent).toBe(true);
	expect(payoutsPerReference(suite.sandbox)).toEqual({ 'row-17-b': 1 });
});

it('says a create that could not reach TYLT was not sent', async () => {
	const context = createExecuteContext({
		parameters: payoutCreate(),
		credentials: { ...credentialsFor(suite.sandbox), baseUrl: 'http://127.0.0.1:1' },
	});
	const error = await createPayoutRequest
		.call(
			context,
			{ baseAmount: 25, address: tronAddress('x'), settledCurrency: 'USDT', networkSymbol: 'TRX' },
			0,
		)
		.then(
			() => undefined,
			(caught: NodeApiError) => caught,
		);

	expect(error?.message).toContain('the payout was not sent');
	expect(error?.message).not.toContain('unknown');
});

it('says a create that timed out has an unknown outcome because of the timeout', async () => {
	suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 600 });
	const error = await suite.fail({
		parameters: payoutCreate({
			options: { reference: 'slow-1', timeoutSeconds: 0.2, inDoubtCheckSeconds: 0 },
		}),
	});

	expect(error.message).toContain('outcome of this payout is unknown');
	expect(error.message).toContain('no answer within the timeout');
});

it('dry run reports a repeated reference as not sent again, as a real run would skip it', async () => {
	const items = [{}, {}];
	const dry = await suite.run({
		items,
		parameters: payoutCreate({ options: { reference: 'row-50', dryRun: true } }),
	});
	const real = await suite.run({
		items,
		parameters: payoutCreate({ options: { reference: 'row-50' } }),
	});

	expect(real.map((item) => item.json.alreadySent)).toEqual([false, true]);
	expect(dry.map((item) => item.json.wouldSend)).toEqual([true, false]);
});

itShowsNoSecret();
