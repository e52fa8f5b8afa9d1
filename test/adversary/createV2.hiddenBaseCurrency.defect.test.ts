/**
 * Adversary (issue 23, node version 2): version 2 reads Base Currency only when Amount In is Fiat Currency and
 * drops a Base Currency under Additional Fields (version 1's place) without a word. A saved version-2 node that
 * holds one there (a version-1 node whose typeVersion was raised, a generated or hand-written workflow) meant
 * 40 EUR and sends 40 USDT. The saved JSON and the visible choice disagree: fail closed, send nothing, and name
 * the field.
 */
import { failureOf, payoutCreate, requestsTo, useTyltNode } from '../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

it('Additional Fields → Base Currency EUR with Amount In left at Settled Currency sends nothing', async () => {
	const outcome = await failureOf(
		tylt.run({
			typeVersion: 2,
			parameters: payoutCreate({
				amountIn: 'settledCurrency',
				baseAmount: 40,
				additionalFields: { baseCurrency: 'EUR' },
				reference: 'hidden-base-currency',
				options: {},
			}),
		}),
	).catch((error: Error) => error);

	expect(requestsTo(sandbox, 'createPayout').map((request) => request.rawBody)).toEqual([]);
	expect(outcome.message).toMatch(/Base Currency|Amount In/);
});
