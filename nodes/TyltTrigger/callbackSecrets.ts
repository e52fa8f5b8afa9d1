import type { IWebhookFunctions } from 'n8n-workflow';

import { keptBetweenExecutions } from '../shared/memoryBetweenExecutions';

/** Each credential's callback secrets as last read (why: MEMORY_BETWEEN_EXECUTIONS.callbackSecrets). */
const lastRead = keptBetweenExecutions('callbackSecrets', new Map<string, string[]>());
export const MAX_CREDENTIALS_REMEMBERED = 200;

/** The read under way for the last answered callback of each order (why: MEMORY_BETWEEN_EXECUTIONS.callbackReadsInOrder). */
const readsUnderWay = keptBetweenExecutions(
	'callbackReadsInOrder',
	new Map<string, Promise<unknown>>(),
);

/**
 * The API secret and the Additional Callback Secret of the trigger's credential (`id`), read now. `afterEarlierOf`:
 * a callback answered already, of the order named; its read ends after the read of the one before it.
 */
export async function readCallbackSecrets(
	context: IWebhookFunctions,
	id: string | undefined,
	afterEarlierOf?: string,
): Promise<string[]> {
	const credentials = await inArrivalOrder(
		afterEarlierOf === undefined ? undefined : `${id ?? ''}\u0000${afterEarlierOf}`,
		async () => await context.getCredentials('tyltApi'),
	);
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

/** Runs `read` once the read before it under `key` has ended, so they end in the order they began. */
async function inArrivalOrder<T>(key: string | undefined, read: () => Promise<T>): Promise<T> {
	if (key === undefined) return await read();
	const earlier = readsUnderWay.get(key);
	const mine = (async () => {
		if (earlier) await earlier.catch(() => undefined);
		return await read();
	})();
	readsUnderWay.set(key, mine);
	try {
		return await mine;
	} finally {
		if (readsUnderWay.get(key) === mine) readsUnderWay.delete(key);
	}
}
