/**
 * A request as the HTTP Request node sends it with the TYLT API credential: n8n-core's legacy request helper
 * (requestWithAuthentication), which calls the credential's authenticate(). Settles to the answer or the error.
 */
import type { IRequestOptions } from 'n8n-workflow';

import type { SpendingLimitTexts } from '../../nodes/shared/spendingLimits/fields';
import type { TyltSandbox } from '../../sandbox';
import { createExecuteContext } from '../../tools/harness/n8nContext';
import { credentialsFor } from './sandboxKit';

export const CREATE_PATH = '/transactions/merchant/createPayoutRequest';

export type HttpRequestOutcome = { answer: unknown } | { error: Error };

export async function httpRequestNode(
	sandbox: TyltSandbox,
	limits: SpendingLimitTexts,
	options: Partial<IRequestOptions>,
): Promise<HttpRequestOutcome> {
	const context = createExecuteContext({
		parameters: {},
		credentials: { ...credentialsFor(sandbox), ...limits },
	});
	const request = {
		method: 'POST',
		uri: sandbox.url + CREATE_PATH,
		json: true,
		...options,
	} as IRequestOptions;
	return await context.helpers.requestWithAuthentication.call(context, 'tyltApi', request).then(
		(answer: unknown) => ({ answer }),
		(error: Error) => ({ error }),
	);
}
