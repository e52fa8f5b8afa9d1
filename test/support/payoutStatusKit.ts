/** What the polling trigger's tests share: a trigger on the sandbox, and payouts created by the TYLT node. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runTyltNode } from '../../tools/harness/n8nContext';
import { PollingWorkflow } from '../../tools/harness/pollContext';
import { credentialsFor, payoutCreate, requestsTo, tronAddress } from './sandboxKit';
import type { TyltSandbox } from '../../sandbox';

let payoutsCreated = 0;

export function pollingWorkflow(sandbox: TyltSandbox, parameters: INodeParameters = {}) {
	return new PollingWorkflow(parameters, credentialsFor(sandbox));
}

/** A new payout (Pending) made by Payout → Create, to a recipient of its own. */
export async function createPayout(sandbox: TyltSandbox): Promise<IDataObject> {
	const label = `poll-test-${++payoutsCreated}`;
	const [created] = await runTyltNode({
		parameters: payoutCreate({ address: tronAddress(label), reference: label, options: {} }),
		credentials: credentialsFor(sandbox),
	});
	return created.json;
}

/** `orderId:status` of each item, for short assertions. */
export function changes(items: IDataObject[] | null): string[] {
	return (items ?? []).map((item) => `${String(item.orderId)}:${String(item.status)}`);
}

/** The history pages (`page` numbers) requested while `action` ran. */
export async function pagesReadBy<T>(
	sandbox: TyltSandbox,
	action: () => Promise<T>,
): Promise<{ result: T; pages: number[] }> {
	const before = requestsTo(sandbox, 'payoutHistory').length;
	const result = await action();
	const pages = requestsTo(sandbox, 'payoutHistory')
		.slice(before)
		.map((request) => Number(new URLSearchParams(request.query).get('page')));
	return { result, pages };
}
