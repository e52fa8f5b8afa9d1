/**
 * Payout → Create and the TYLT API credential's spending limits, item by item: Max Amount per Payout and
 * Allowed Recipient Addresses are checked for each item before anything of the execution is sent, with the
 * words the credential's signing would refuse it in, so a batch with Continue On Fail pays the items within
 * them. (The signing checks again: it binds every request, the HTTP Request node's too.)
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { perPayoutVerdict, type PerPayoutVerdict } from '../../../shared/spendingLimits/check';
import type { SpendingLimitTexts } from '../../../shared/spendingLimits/fields';
import type { PayoutRequestBody } from '../../transport/records';
import { TYLT_ENDPOINTS } from '../../transport/endpoints';

/** Whether Max Amount per Payout and Allowed Recipient Addresses allow this body (and which entry allowed it). */
export function payoutLimitVerdict(
	texts: SpendingLimitTexts,
	body: PayoutRequestBody,
): PerPayoutVerdict {
	// The create as the signing will read it: only its path and body text matter to the limits.
	return perPayoutVerdict(texts, {
		method: 'POST',
		url: TYLT_ENDPOINTS.createPayout,
		path: TYLT_ENDPOINTS.createPayout,
		query: [],
		bodyText: JSON.stringify(body),
	});
}

/** An item the credential's limits refuse: nothing was sent for it. */
export function limitRefusedError(
	node: INode,
	itemIndex: number,
	reason: string,
): NodeOperationError {
	return new NodeOperationError(
		node,
		`The payout of item ${itemIndex} was not sent: the TYLT API credential's spending limits refuse it: ${reason}`,
		{
			itemIndex,
			description:
				'The limits are fields of the TYLT API credential and bind every workflow that uses it; whoever may edit the credential can change them. Nothing was sent to TYLT for this item.',
		},
	);
}
