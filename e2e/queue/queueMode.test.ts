/**
 * n8n in queue mode, as queue-mode users run it: Redis, PostgreSQL, a main process, a worker and a webhook
 * processor, each with n8n-nodes-tylt in its own ~/.n8n/nodes (tools/n8n/queue.ts), started once for the
 * queue project's suites (a stack takes about a minute to start). They run here, in the process that started
 * it, because they read each process's log as it grows and scale workers out and back in; a globalSetup could
 * hand them its URLs only.
 *
 * In this order, each suite scaling the workers to what it needs (useWorkers in stack.ts), so a worker one suite
 * started serves the next one that needs it:
 * 1. the payout form submitted several times at once (concurrentSubmissions.ts): on the stack's one worker,
 *    then on two;
 * 2. one 24-hour limit across the two workers, reserved in PostgreSQL (dailyLimitAcrossWorkers.ts);
 * 3. the money loop (moneyLoop.ts), on one worker: its last test stops the worker that has the package.
 * Each suite has a TYLT sandbox and credentials of its own. `npm run test:e2e:queue` runs this file alone.
 * Logs of the last run: .cache/n8n-e2e-queue/{main,worker,worker-2,worker-without-package,webhook,redis,postgres}.log
 */
import path from 'node:path';

import {
	REPO_ROOT,
	setupOwner,
	startQueueMode,
	type N8nClient,
	type QueueMode,
} from '../../tools/n8n';
import { describeConcurrentSubmissions } from './concurrentSubmissions';
import { describeDailyLimitAcrossWorkers } from './dailyLimitAcrossWorkers';
import { describeMoneyLoop } from './moneyLoop';
import type { QueueStack } from './stack';

const LOG_DIR = path.join(REPO_ROOT, '.cache', 'n8n-e2e-queue');

let queue: QueueMode | undefined;
let n8n: N8nClient | undefined;
const stack = (): QueueStack => {
	if (!queue || !n8n) throw new Error('the queue-mode stack did not start (see beforeAll)');
	return { queue, n8n };
};

beforeAll(async () => {
	const started = Date.now();
	queue = await startQueueMode({
		logDir: LOG_DIR,
		log: (line) => console.log(`[e2e queue] ${line}`),
	});
	n8n = await setupOwner(queue.main);
	console.log(
		`[e2e queue] main ${queue.url}, webhook processor ${queue.webhookUrl}, worker ${queue.worker.url}; ` +
			`redis :${queue.redis.port}, postgres :${queue.postgres.port}; ` +
			`${JSON.stringify(queue.timings)}; setup ${Date.now() - started} ms; logs ${LOG_DIR}`,
	);
}, 900000);

afterAll(async () => {
	await queue?.stop();
}, 120000);

describeConcurrentSubmissions(stack);
describeDailyLimitAcrossWorkers(stack);
describeMoneyLoop(stack);
