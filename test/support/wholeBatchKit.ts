/**
 * What the whole-batch tests of Payout → Create share: a batch of rows (`{ row, address, amount }`) whose
 * reference, recipient and amount come from each row, and the two guard verdicts a row can meet before the
 * first send: its reference held by TYLT for another payout, or held in doubt by this process.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { PayoutRecord, TyltSandbox } from '../../sandbox';
import type { MoneySafetySuite } from './moneySafetyKit';
import { payoutsPerReference } from './moneySafetyKit';
import { payoutCreate } from './sandboxKit';

// A type, not an interface: n8n's items take any object of plain fields.
export type BatchRow = {
	row: string;
	address: string;
};

/**
 * Payout → Create reading each row's reference and recipient, and its amount unless `amountFromRow` is false
 * (rows without one pay the default). A reference in doubt is refused at once: no wait to re-check TYLT.
 */
export function batchCreate(
	options: Record<string, unknown> = {},
	{ amountFromRow = true }: { amountFromRow?: boolean } = {},
): INodeParameters {
	return payoutCreate({
		amountIn: 'settledCurrency',
		address: '={{ $json.address }}',
		...(amountFromRow ? { baseAmount: '={{ $json.amount }}' } : {}),
		reference: '={{ $json.row }}',
		options: { inDoubtCheckSeconds: 0, ...options },
	});
}

/** TYLT history holds the row's reference for a payout of 99 USDT to the row's recipient. */
export function heldForAnotherAmount(sandbox: TyltSandbox, row: BatchRow): PayoutRecord {
	return sandbox.seedPayouts(1, {
		comments: `[ref:${row.row}]`,
		toAddress: row.address,
		settledCurrency: 'USDT',
		network: 'TRX',
		settledAmountRequested: 99,
	})[0];
}

/**
 * Runs the row alone with `parameters` and loses the create's answer before TYLT made the payout: this process
 * then holds the row's reference in doubt.
 */
export async function heldInDoubt(
	suite: MoneySafetySuite,
	row: BatchRow,
	parameters: INodeParameters,
): Promise<void> {
	suite.sandbox.injectFault('createPayout', { kind: 'drop' });
	await suite.fail({ items: [row], parameters });
	expect(payoutsPerReference(suite.sandbox)[row.row]).toBeUndefined();
}
