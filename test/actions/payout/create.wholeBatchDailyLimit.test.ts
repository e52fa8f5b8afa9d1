/**
 * From version 2 on, without Continue On Fail sends nothing of a batch in which any item fails
 * the checks, Max Amount per 24 Hours included; a dry-run item beside them changes nothing, and the one error
 * names every item the checks refused.
 */
import type { INodeParameters } from 'n8n-workflow';

import {
	credentialsFor,
	payoutCreate,
	requestsTo,
	tronAddress,
	useTyltNode,
} from '../../support/sandboxKit';

const tylt = useTyltNode();
const { sandbox } = tylt;

function createV2(overrides: INodeParameters = {}): INodeParameters {
	return payoutCreate({ amountIn: 'settledCurrency', reference: '', options: {}, ...overrides });
}

const batch = createV2({
	reference: '={{ $json.row }}',
	address: tronAddress('whole batch'),
	baseAmount: '={{ $json.amount }}',
	options: { dryRun: '={{ $json.dry }}' },
});

it('the third real payout does not fit the limit: nothing is sent, the error names it', async () => {
	const error = await tylt.fail({
		credentials: { ...credentialsFor(sandbox), maxAmountPer24Hours: 'USDT 100' },
		items: [
			{ row: 'day-0', amount: 40, dry: false },
			{ row: 'day-1', amount: 40, dry: true },
			{ row: 'day-2', amount: 40, dry: false },
			{ row: 'day-3', amount: 40, dry: false },
		],
		parameters: batch,
	});
	expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
	expect(error.message).toMatch(/item 3\b/);
	expect(error.message).not.toMatch(/item [012]\b/);
});

it('two items over the limit: one error lists both, nothing is sent', async () => {
	const error = await tylt.fail({
		credentials: { ...credentialsFor(sandbox), maxAmountPer24Hours: 'USDT 50' },
		items: [
			{ row: 'two-0', amount: 40, dry: false },
			{ row: 'two-1', amount: 40, dry: false },
			{ row: 'two-2', amount: 40, dry: false },
		],
		parameters: batch,
	});
	expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
	expect(error.message).toContain('items 1, 2');
	expect(error.description).toMatch(/Item 1: [\s\S]*Item 2: /);
});
