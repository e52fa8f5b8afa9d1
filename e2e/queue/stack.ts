import type { N8nClient, QueueMode } from '../../tools/n8n';

/** The queue-mode stack queueMode.test.ts starts once for every suite in this folder, and its owner's client. */
export interface QueueStack {
	queue: QueueMode;
	n8n: N8nClient;
}

/**
 * Scales the stack to `count` workers, adding workers or removing the ones added last: each suite says how many
 * it needs, so a second worker one suite started serves the next suite that wants two instead of booting again.
 */
export async function useWorkers(queue: QueueMode, count: number): Promise<void> {
	while (queue.workers.length < count) await queue.addWorker();
	for (const extra of queue.workers.slice(count).reverse()) await queue.removeWorker(extra);
}
