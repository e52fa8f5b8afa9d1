import { validateCreateBody } from '../createPayoutValidation';
import type { Reply } from '../http';
import { errorReply, jsonReply, parseJsonObject } from '../http';
import type { ApiRequest, ApiState } from './context';

export function createPayout(request: ApiRequest, state: ApiState): Reply {
	// The spec requires this header; a client that omits it would be misparsed by a strict real server.
	const mediaType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	if (mediaType !== 'application/json') {
		return errorReply(415, 'Content-Type must be application/json.');
	}
	const body = parseJsonObject(request.rawBody.toString('utf8'));
	if (!body) return errorReply(400, 'Request body must be a JSON object.');

	const validation = validateCreateBody(body);
	if ('error' in validation) return errorReply(400, validation.error);

	const record = state.payouts.create(validation.order);
	return jsonReply(200, {
		data: record,
		errorCode: 0,
		msg: 'Payout request created successfully.',
	});
}
