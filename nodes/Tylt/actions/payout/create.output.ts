/**
 * Payout → Create's output item: what the node decided first (alreadySent, the reference, TYLT's status), then
 * TYLT's record, so a table view shows the decision without scrolling. Key order is the only change version 1
 * sees (expressions read keys by name); version 2 also says in words whether the payout was sent or skipped.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { PayoutRecord } from '../../transport/records';
import { decisionFirst } from '../decisionFirst';
import { hasPanelV2 } from '../nodeVersion';

export interface CreateDecision {
	record: PayoutRecord;
	alreadySent: boolean;
	confirmedFromHistory?: boolean;
	reference: string;
	/** Whether the user set the reference (else the node derived it from the payout). */
	referenceSet: boolean;
}

export function createOutput(context: IExecuteFunctions, decision: CreateDecision): IDataObject {
	const { record, alreadySent, reference } = decision;
	const panelV2 = hasPanelV2(context);
	const fields: IDataObject = panelV2 ? { outcome: alreadySent ? 'skipped' : 'sent' } : {};
	fields.alreadySent = alreadySent;
	fields.merchantReference = reference;
	if (record.status !== undefined) fields.status = record.status;
	if (panelV2 && alreadySent) fields.skippedBecause = skippedBecause(decision);
	if (decision.confirmedFromHistory) fields.confirmedFromHistory = true;
	return decisionFirst(fields, record);
}

/** Why a repeat was not sent, and how to pay it again on purpose. */
function skippedBecause({ record, reference, referenceSet }: CreateDecision): string {
	const earlier = `TYLT order ${record.orderId}${record.createdAt ? ` of ${record.createdAt}` : ''}`;
	if (referenceSet) {
		return `Reference ${reference} was already paid (${earlier}), so nothing was sent again; a new payment needs a reference of its own.`;
	}
	return `Reference was left empty and an identical payout (same workflow, node, recipient, currency, network and amount) was already paid (${earlier}), so nothing was sent again; to pay it again on purpose, set a Reference such as the invoice or row ID.`;
}
