import { SEEDED_CURRENCIES } from '../currencies';
import type { Reply } from '../http';
import { envelopeReply } from '../http';

export function supportedCurrencies(): Reply {
	return envelopeReply(SEEDED_CURRENCIES);
}
