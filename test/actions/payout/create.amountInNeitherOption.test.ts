/**
 * Amount In (node version 2 on) decides whether Base Amount is fiat or crypto. Were any value but
 * 'fiat' read as "crypto", a saved value that is not one of the two options (a hand-edited or generated
 * workflow, an older export: 'Fiat', 'fiatCurrency', 'FIAT') would send a fiat amount as that many crypto units.
 * Fail closed: a value that is neither option must fail the item and send nothing.
 */
import { failureOf, payoutCreate, requestsTo, useTyltNode } from '../../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

describe('Amount In that is neither option', () => {
	it.each(['Fiat', 'FIAT', 'fiatCurrency', 'fiat '])(
		'"%s" with Base Currency EUR fails the item and sends nothing',
		async (amountIn) => {
			const run = tylt.run({
				parameters: payoutCreate({
					amountIn,
					baseCurrency: 'EUR',
					baseAmount: 40,
					reference: `amount-in-${amountIn.trim()}`,
					options: {},
				}),
			});
			const outcome = await failureOf(run).catch((error: Error) => error);

			const sent = requestsTo(sandbox, 'createPayout').map((request) => request.rawBody);
			expect(sent).toEqual([]);
			expect(outcome.message).toMatch(/Amount In/);
		},
	);
});
