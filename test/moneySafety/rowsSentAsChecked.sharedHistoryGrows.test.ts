/**
 * The guard's verdict over a batch sent row by row is the one it gives when every row is checked before the first
 * create, even when another execution's incremental read of the same account grows the history cache's window, which
 * the batch's ledger holds, in place: the verdict reads a copy of history's index frozen before the first create. Each case runs the same batch
 * twice on a fresh sandbox and process memory, once with Duplicate Guard written as an expression (`={{ true }}`:
 * every row is checked first), once as a user saves it, and expects the same rows paid and the same failed item.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { forgetProcessMemory } from '../../nodes/shared/memoryBetweenExecutions';
import { tyltAccountHash } from '../../nodes/shared/tyltAccount';
import * as processMemory from '../../nodes/Tylt/payout/processMemory';
import { checkedFirst, payoutRows, v1Batch, verdictOf } from '../support/bothWaysKit';
import { payoutsPerReference, useMoneySafetySandbox } from '../support/moneySafetyKit';
import { credentialsFor, failureOf, payoutCreate, tronAddress } from '../support/sandboxKit';

const { suite, itShowsNoSecret } = useMoneySafetySandbox({ autoSettle: true });

afterEach(() => jest.restoreAllMocks());

describe('a reference held in doubt when the batch begins, shown by another execution’s history read while it runs', () => {
	/**
	 * An earlier create of `grown-3` got no answer a second ago. When the batch's row 1 goes to its turn, a run with
	 * Duplicate Guard off pays `grown-3` (TYLT makes it), then a dry run of another row reads history: an incremental
	 * read of the window the batch's ledger holds, which it grows in place with `grown-3`'s payout.
	 */
	async function runBatch(
		parameters: INodeParameters,
		items: IDataObject[],
		{
			historyReadAfterwards,
			typeVersion = 1,
			continueOnFail = false,
		}: { historyReadAfterwards: boolean; typeVersion?: number; continueOnFail?: boolean },
	) {
		const [held, turnOfRow1] = [String(items[3].row), String(items[1].row)];
		suite.sandbox.reset();
		forgetProcessMemory();
		jest.restoreAllMocks();
		// A dated payout in the window, so the next execution's read builds on the batch's (an incremental read).
		suite.sandbox.seedPayouts(1);
		const account = tyltAccountHash(credentialsFor(suite.sandbox));
		processMemory.markInDoubt(account, held, Date.now() - 1000);
		const claimReference = processMemory.claimReference;
		let otherRuns: Promise<void> | undefined;
		jest.spyOn(processMemory, 'claimReference').mockImplementation(async (who, reference) => {
			if (reference === turnOfRow1) {
				otherRuns ??= (async () => {
					await suite.run({
						typeVersion: 1,
						items: [items[3]],
						continueOnFail: true,
						parameters: v1Batch({ duplicateGuard: false }),
					});
					if (!historyReadAfterwards) return;
					await suite.run({
						typeVersion: 1,
						items: [{ row: 'grown-other', address: tronAddress('grown other') }],
						parameters: v1Batch({ dryRun: true }),
					});
				})();
				await otherRuns;
			}
			return await claimReference(who, reference);
		});
		if (continueOnFail) {
			const output = await suite.run({ typeVersion, items, parameters, continueOnFail });
			await otherRuns;
			return { verdicts: output.map(verdictOf), paid: payoutsPerReference(suite.sandbox) };
		}
		const error = await failureOf(suite.run({ typeVersion, items, parameters })).catch(
			() => undefined,
		);
		if (error) suite.keepError(error);
		await otherRuns;
		return { failedItem: error?.context.itemIndex, paid: payoutsPerReference(suite.sandbox) };
	}

	// The history cache's window grows in place with the dry run's read after the verdict was frozen: the frozen
	// copy of history's index does not show the payout, so row 3 is refused as in doubt at its check and rows 4
	// and 5 are never started, as checked whole first.
	it('version 1 without Continue On Fail stops at that reference and pays none after it, as checked whole first', async () => {
		const items = payoutRows('grown', 6);
		const parameters = v1Batch({ concurrentPayouts: 1 });

		const wholeFirst = await runBatch(checkedFirst(parameters), items, {
			historyReadAfterwards: true,
		});
		const rowByRow = await runBatch(parameters, items, { historyReadAfterwards: true });

		expect(wholeFirst.failedItem).toBe(3);
		expect(Object.keys(wholeFirst.paid).sort()).toEqual([
			'(none)',
			'grown-0',
			'grown-1',
			'grown-2',
			'grown-3',
		]);
		expect(rowByRow).toEqual(wholeFirst);
	});

	// The same grown window: row 3 is refused as in doubt, as checked whole first, not output as already sent.
	it('version 3 with Continue On Fail answers that row as checked whole first', async () => {
		const items = payoutRows('grown-cof', 6);
		const parameters = payoutCreate({
			address: '={{ $json.address }}',
			reference: '={{ $json.row }}',
			options: { maxPayoutsPerSecond: 1 },
		});
		const run = { historyReadAfterwards: true, typeVersion: 3, continueOnFail: true };

		const wholeFirst = await runBatch(checkedFirst(parameters), items, run);
		const rowByRow = await runBatch(parameters, items, run);

		expect(wholeFirst.verdicts).toEqual(['paid', 'paid', 'paid', 'refused', 'paid', 'paid']);
		expect(rowByRow).toEqual(wholeFirst);
	});

	it('without that read, row by row stops at that reference as checked whole first (the copy holds the mark)', async () => {
		const items = payoutRows('grown', 6);
		const parameters = v1Batch({ concurrentPayouts: 1 });

		const wholeFirst = await runBatch(checkedFirst(parameters), items, {
			historyReadAfterwards: false,
		});
		const rowByRow = await runBatch(parameters, items, { historyReadAfterwards: false });

		expect(wholeFirst.failedItem).toBe(3);
		expect(rowByRow).toEqual(wholeFirst);
	});
});

itShowsNoSecret();
