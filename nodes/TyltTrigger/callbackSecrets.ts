import type { IWebhookFunctions } from 'n8n-workflow';

import { keptBetweenExecutions } from '../shared/memoryBetweenExecutions';

/** Each credential's callback secrets as last read (why: MEMORY_BETWEEN_EXECUTIONS.callbackSecrets). */
const lastRead = keptBetweenExecutions('callbackSecrets', new Map<string, string[]>());
export const MAX_CREDENTIALS_REMEMBERED = 200;

/** The API secret and the Additional Callback Secret of the trigger's credential (`id`), read now. */
export async function readCallbackSecrets(
	context: IWebhookFunctions,
	id: string | undefined,
): Promise<string[]> {
	const credentials = await context.getCredentials('tyltApi');
	const secrets = [String(credentials.apiSecret ?? ''), String(credentials.additionalSecret ?? '')];
	if (id !== undefined) {
		// Re-inserted, so the Map's first key is the credential read longest ago.
		lastRead.delete(id);
		lastRead.set(id, secrets);
		if (lastRead.size > MAX_CREDENTIALS_REMEMBERED) {
			lastRead.delete(lastRead.keys().next().value as string);
		}
	}
	return secrets;
}

/** What the last read of the credential `id` held; undefined before the first. */
export function secretsLastRead(id: string | undefined): string[] | undefined {
	return id === undefined ? undefined : lastRead.get(id);
}

export function sameSecrets(first: string[], second: string[]): boolean {
	return first.length === second.length && first.every((secret, index) => secret === second[index]);
}
