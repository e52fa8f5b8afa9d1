import type { N8nClient, QueueMode } from '../../tools/n8n';

/** The queue-mode stack queueMode.test.ts starts once for every suite in this folder, and its owner's client. */
export interface QueueStack {
	queue: QueueMode;
	n8n: N8nClient;
}
