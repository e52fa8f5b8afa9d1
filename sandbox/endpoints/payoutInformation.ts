import type { Reply } from '../http';
import { errorReply, jsonReply } from '../http';
import type { ApiRequest, ApiState } from './context';

/**
 * One payout by TYLT's orderId, answered as TYLT's docs show it: `{ msg: "", data: <payout record> }`, with no
 * errorCode. How TYLT answers an unknown orderId is not shown; the sandbox answers HTTP 404 with `data: null`
 * (faults can stand in for the other plausible answers: `data: null` with HTTP 200, a non-zero errorCode).
 */
export function payoutInformation(request: ApiRequest, state: ApiState): Reply {
	const orderId = request.query.get('orderId');
	if (!orderId) return errorReply(400, 'orderId is required.');
	const record = state.payouts.find(orderId);
	return record ? jsonReply(200, { msg: '', data: record }) : errorReply(404, 'Payout not found.');
}
