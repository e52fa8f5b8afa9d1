/**
 * Version 2's one error for a batch that sent nothing names each refused row and why, also when the refused rows
 * share one error that names no row (a history read that failed): a user must learn which rows to look at.
 */
import { payoutCreate, requestsTo, tronAddress } from '../../support/sandboxKit';
import {
	hoursAgo,
	useMoneySafetySandbox,
	useShortRetryBackoff,
} from '../../support/moneySafetyKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox();
useShortRetryBackoff();

it('rows 6 to 9 refused because the longer look-back row 6 asks cannot be read: the error names them', async () => {
	suite.sandbox.seedPayouts(3, { createdAt: hoursAgo(100) });
	const items = Array.from({ length: 10 }, (_, index) => ({
		row: `row-${index}`,
		address: tronAddress(`names each row ${index}`),
		lookBack: index === 6 ? 720 : 168,
	}));
	// The first read (168 hours: a short page, then an empty one) is served; every read after it fails.
	suite.sandbox.injectFault('payoutHistory', { kind: 'delay', ms: 0, times: 2 });
	suite.sandbox.injectFault('payoutHistory', { kind: 'status', status: 503, times: 50 });

	const error = await suite.fail({
		items,
		parameters: payoutCreate({
			amountIn: 'settledCurrency',
			address: '={{ $json.address }}',
			reference: '={{ $json.row }}',
			options: { lookBackHours: '={{ $json.lookBack }}' },
		}),
	});

	expect(requestsTo(suite.sandbox, 'createPayout')).toHaveLength(0);
	const shown = `${error.message}\n${error.description}`;
	for (const refused of [6, 7, 8, 9])
		expect(shown).toMatch(new RegExp(`\\b(item|items)\\b[^.]*\\b${refused}\\b`, 'i'));
	expect(shown).not.toMatch(/\bitems? [^.]*\b0\b/i);
});

itShowsNoSecret();
