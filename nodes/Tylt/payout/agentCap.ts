/**
 * The limit on what an AI agent may pay per call when Payout → Create runs as an agent tool. The agent picks
 * amounts, currencies and addresses itself, so the cap is one amount in one stated currency: a call sized in
 * any other currency (another crypto, or a fiat Base Currency) cannot be compared with it and is refused.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { compareExact, exactDecimal } from '../../shared/decimalText';
import { invalidFieldError } from '../helpers/fieldError';
import type { PayoutRequestBody } from '../transport/records';

export interface AgentCap {
	/** The largest amount per call; 0 means agents may not pay at all. */
	maxAmount: number;
	/** The currency the cap is in (upper case), e.g. USDT or USD; empty when not set. */
	currency: string;
}

/** Refuses, before anything is read or sent, a tool run whose cap is not fully set. */
export function assertAgentCapSet(node: INode, cap: AgentCap, itemIndex: number): void {
	if (cap.maxAmount > 0 && cap.currency !== '') return;
	throw new NodeOperationError(
		node,
		'Payout → Create cannot run as an AI agent tool until the workflow sets a maximum amount and its currency',
		{
			itemIndex,
			description:
				'Set Options → AI Agent Max Amount on this node to the largest amount an agent may pay per call, and Options → AI Agent Max Amount Currency to the currency that amount is in (for example USDT, or USD when payouts are sized in a fiat Base Currency).',
		},
	);
}

/** Refuses a payout an agent may not make: in another currency than the cap's, or above the cap. */
export function assertWithinAgentCap(
	node: INode,
	cap: AgentCap,
	body: PayoutRequestBody,
	itemIndex: number,
): void {
	const sizedInFiat = body.baseCurrency !== undefined;
	const amountCurrency = (body.baseCurrency ?? body.settledCurrency).toUpperCase();
	if (amountCurrency !== cap.currency) {
		throw invalidFieldError(node, {
			label: sizedInFiat ? 'Base Currency' : 'Settled Currency',
			name: sizedInFiat ? 'baseCurrency' : 'settledCurrency',
			value: amountCurrency,
			reason: `an AI agent may pay only amounts in ${cap.currency} (Options → AI Agent Max Amount Currency), so an amount in ${amountCurrency} cannot be checked against the maximum of ${cap.maxAmount} ${cap.currency}`,
			itemIndex,
		});
	}
	if (!isAtMost(body.baseAmount, cap.maxAmount)) {
		throw invalidFieldError(node, {
			label: 'Base Amount',
			name: 'baseAmount',
			value: body.baseAmount,
			reason: `an AI agent may pay at most ${cap.maxAmount} ${cap.currency} per call (Options → AI Agent Max Amount)`,
			itemIndex,
		});
	}
}

/** `amount` ≤ `cap` as exact decimals (both as the decimals they are sent and typed as); false when unsure. */
function isAtMost(amount: number, cap: number): boolean {
	const exactAmount = exactDecimal(amount);
	const exactCap = exactDecimal(cap);
	return (
		exactAmount !== undefined && exactCap !== undefined && compareExact(exactAmount, exactCap) <= 0
	);
}
