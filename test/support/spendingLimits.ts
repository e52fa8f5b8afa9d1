/** The credential's limit fields and the signing's verdict, read as the signing reads them. */
import {
	readOutgoingRequest,
	type AuthenticatableRequest,
} from '../../nodes/shared/outgoingRequest';
import { spendingLimitRefusal } from '../../nodes/shared/spendingLimits/check';
import type { SpendingLimitTexts } from '../../nodes/shared/spendingLimits/fields';
import {
	readSpendingLimits,
	UnreadableLimitError,
	type SpendingLimits,
} from '../../nodes/shared/spendingLimits/parse';

/** The limit fields read, throwing the first entry that cannot be read. */
export function parseSpendingLimits(texts: SpendingLimitTexts): SpendingLimits {
	const limits = readSpendingLimits(texts);
	if (limits instanceof UnreadableLimitError) throw limits;
	return limits;
}

export function parseCurrencyLimits(
	field: 'maxAmountPerPayout' | 'maxAmountPer24Hours',
	text: string | undefined,
) {
	const limits = parseSpendingLimits({ [field]: text });
	return field === 'maxAmountPerPayout' ? limits.perPayout : limits.per24Hours;
}

export function parseAllowedAddresses(text: string | undefined) {
	return parseSpendingLimits({ allowedAddresses: text }).allowedAddresses;
}

const PAYOUT_REFUSED = 'The TYLT API credential refused this payout, so nothing was sent: ';

/**
 * What the signing says of a request on https://api.tylt.money, read as the credential reads it: undefined when
 * it would sign it; for a payout, the reason after "refused this payout…: "; else the whole refusal.
 */
export function signingRefusal(
	limits: SpendingLimitTexts,
	request: AuthenticatableRequest,
): string | undefined {
	const outgoing = readOutgoingRequest('https://api.tylt.money', request);
	const refusal = spendingLimitRefusal(limits, outgoing, 'account');
	return refusal?.startsWith(PAYOUT_REFUSED) ? refusal.slice(PAYOUT_REFUSED.length) : refusal;
}
