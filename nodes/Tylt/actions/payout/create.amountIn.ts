/**
 * What a version-2 item's Base Amount is in: Amount In decides, and its Base Currency on the panel when it is
 * Fiat Currency. Anything the node cannot be sure of fails the item before anything is sent: an amount meant as
 * fiat must never go out as that many crypto units.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { invalidFieldError } from '../../helpers/fieldError';
import { AMOUNT_IN_FIAT, AMOUNT_IN_SETTLED } from './create.panelV2';

/** The item's Base Currency (undefined: the amount is in the settled crypto). */
export function baseCurrencyV2(context: IExecuteFunctions, itemIndex: number): string | undefined {
	const amountIn = context.getNodeParameter('amountIn', itemIndex);
	if (amountIn !== AMOUNT_IN_SETTLED && amountIn !== AMOUNT_IN_FIAT) {
		throw invalidFieldError(context.getNode(), {
			label: 'Amount In',
			name: 'amountIn',
			value: amountIn,
			reason: `it must be exactly "${AMOUNT_IN_SETTLED}" (Settled Currency) or "${AMOUNT_IN_FIAT}" (Fiat Currency), so whether the amount is crypto or fiat is not known`,
			itemIndex,
		});
	}
	return amountIn === AMOUNT_IN_FIAT ? panelBaseCurrency(context, itemIndex) : undefined;
}

function panelBaseCurrency(context: IExecuteFunctions, itemIndex: number): string {
	const baseCurrency = context.getNodeParameter('baseCurrency', itemIndex, '');
	if (typeof baseCurrency !== 'string' || baseCurrency.trim() === '') {
		throw invalidFieldError(context.getNode(), {
			label: 'Base Currency',
			name: 'baseCurrency',
			value: baseCurrency,
			reason: 'Amount In is Fiat Currency, so a 3-letter fiat code such as USD is required',
			itemIndex,
		});
	}
	return baseCurrency;
}
