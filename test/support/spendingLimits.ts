/** The credential's limit fields read as the signing reads them, throwing the first entry that cannot be read. */
import type { SpendingLimitTexts } from '../../nodes/shared/spendingLimits/fields';
import {
	readSpendingLimits,
	UnreadableLimitError,
	type SpendingLimits,
} from '../../nodes/shared/spendingLimits/parse';

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
