/**
 * What a failed create says about its payout: "not sent" only when it surely was not (the create never reached
 * TYLT), and "unknown" with its cause when it may have been made (no answer within the timeout).
 */
import { createPayoutRequest } from '../../nodes/Tylt/transport/calls';
import { createExecuteContext } from '../../tools/harness/n8nContext';
import { credentialsFor, payoutCreate, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

it('says a create that could not reach TYLT was not sent', async () => {
	const context = createExecuteContext({
		parameters: payoutCreate(),
		credentials: { ...credentialsFor(suite.sandbox), baseUrl: 'http://127.0.0.1:1' },
	});
	const created = await createPayoutRequest.call(
		context,
		{ baseAmount: 25, address: tronAddress('x'), settledCurrency: 'USDT', networkSymbol: 'TRX' },
		0,
	);
	const error = created.outcome === 'made' ? undefined : created.error;

	expect(created.outcome).toBe('notMade');
	expect(error?.message).toContain('the payout was not sent');
	expect(error?.message).not.toContain('unknown');
});

it('says a create that timed out has an unknown outcome because of the timeout', async () => {
	suite.sandbox.injectFault('createPayout', { kind: 'delay', ms: 600 });
	const error = await suite.fail({
		parameters: payoutCreate({
			reference: 'slow-1',
			options: { timeoutSeconds: 0.2, inDoubtCheckSeconds: 0 },
		}),
	});

	expect(error.message).toContain('outcome of this payout is unknown');
	expect(error.message).toContain('no answer within the timeout');
});

itShowsNoSecret();
