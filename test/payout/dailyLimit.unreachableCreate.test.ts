/**
 * Adversary (issue 26, third round): a reservation that never settles, second way. A create that never left this
 * machine (connection refused: TyltUnreachableError, "Nothing reached TYLT ... the payout was not sent") keeps its
 * room under Max Amount per 24 Hours for 24 hours 15 minutes: settleFailed frees the room only for TYLT's
 * refusal, a create that did not start, the re-check's refusal and an unsigned create. Denial of service: one
 * network blip during a large payout blocks the owner's limit for a day although nothing was paid.
 */
import { TyltApi } from '../../credentials/TyltApi.credentials';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from '../support/sandboxKit';
import { useMoneySafetySandbox } from '../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();

const RECIPIENT = tronAddress('unreachable-create');
const run = (baseAmount: number, reference: string) => ({
	credentials: { ...credentialsFor(suite.sandbox), maxAmountPer24Hours: 'USDT 100' },
	parameters: payoutCreate({ baseAmount, address: RECIPIENT, options: { reference } }),
	continueOnFail: true,
});

afterEach(() => jest.restoreAllMocks());

it('a create refused at connect frees its room: nothing reached TYLT', async () => {
	const authenticate = TyltApi.prototype.authenticate;
	let refused = false;
	// The first create cannot connect (ECONNREFUSED at connect): it never leaves this machine.
	jest.spyOn(TyltApi.prototype, 'authenticate').mockImplementation(async function (
		this: TyltApi,
		credentials,
		options,
	) {
		if (!refused && String(options.url).endsWith('/createPayoutRequest')) {
			refused = true;
			throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
				code: 'ECONNREFUSED',
				syscall: 'connect',
			});
		}
		return await authenticate.call(this, credentials, options);
	});

	const [first] = await suite.run(run(80, 'unreachable-first'));
	expect(String(first.json.error)).toMatch(/the payout was not sent/);
	expect(suite.sandbox.payouts).toHaveLength(0);

	const [second] = await suite.run(run(80, 'unreachable-second'));

	// Before a fix: refused ("80 USDT would take the last 24 hours to 160 USDT"), for 24 hours 15 minutes.
	expect(second.json.error).toBeUndefined();
	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(1);
});

itShowsNoSecret();
