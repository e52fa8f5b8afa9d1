import type { Reply } from '../http';
import { envelopeReply } from '../http';
import type { ApiRequest, ApiState } from './context';

/**
 * `getAccountBalance` as TYLT's docs show it: one entry per currency, the balance a JSON number. Payouts are
 * debited when they settle, so a Pending payout is still in the balance (TYLT does not say which it does).
 */
export function accountBalance(_request: ApiRequest, state: ApiState): Reply {
	return envelopeReply(
		Object.entries(state.payouts.balances).map(([currencySymbol, balance]) => ({
			currencySymbol,
			balance,
		})),
	);
}
