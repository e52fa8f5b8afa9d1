import type { Reply } from '../http';
import { envelopeReply, errorReply } from '../http';
import type { ApiRequest, ApiState } from './context';

export function payInDetails(request: ApiRequest, state: ApiState): Reply {
	// `instanceId` is the other parameter name seen in merchants' code; either finds the instance.
	const id = request.query.get('merchantOrderId') ?? request.query.get('instanceId');
	if (!id) return errorReply(400, 'merchantOrderId is required.');
	const instance = state.payIns.find(id);
	return instance ? envelopeReply(instance) : errorReply(404, 'Instance not found.');
}
