/** scripts/n8n/queue.js (plain CommonJS), typed for the queue-mode e2e file. */
import type { N8nInstance } from './n8n';

export interface QueueProcess
	extends Pick<N8nInstance, 'url' | 'port' | 'userFolder' | 'logFile' | 'readyMs'> {
	command: 'start' | 'worker' | 'webhook';
	pid: number;
	readonly logs: string;
	readonly exited: boolean;
	package: { name: string; link: string; target: string } | null;
	env: Record<string, string>;
	stop(): Promise<{ stopMs: number }>;
}

export interface QueueService {
	name: string;
	pid: number;
	port: number;
	logFile: string;
	readonly logs: string;
	readonly exited: boolean;
}

export interface QueueMode {
	main: QueueProcess;
	/** The first worker (workers[0]). */
	worker: QueueProcess;
	/** Every worker started so far, addWorker's included. */
	workers: QueueProcess[];
	webhook: QueueProcess;
	redis: QueueService;
	postgres: QueueService & { database: string; user: string; initMs: number };
	/** main's URL (editor, /rest, /api/v1) */
	url: string;
	/** the webhook processor's URL (production /webhook and /form) */
	webhookUrl: string;
	folder: string;
	timings: Record<string, number>;
	dependencies: {
		redisServer: string;
		postgresBin: string;
		installed: string[];
		installMs: number;
	};
	/** The queue-mode settings every n8n process got. */
	env: Record<string, string>;
	/** One more worker; `packageDir: null` = without the package. Stopped by stop(). */
	addWorker(options?: {
		name?: string;
		packageDir?: string | null;
		concurrency?: number;
	}): Promise<QueueProcess>;
	stop(): Promise<{ stopMs: number }>;
}

interface QueueLibrary {
	startQueueMode(options?: {
		packageDir?: string | null;
		logDir?: string;
		webhookProcessor?: boolean;
		/** How many workers to start (default 1). */
		workers?: number;
		/** Each worker's --concurrency (default 5). */
		concurrency?: number;
		env?: Record<string, string>;
		install?: boolean;
		log?: (line: string) => void;
	}): Promise<QueueMode>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { startQueueMode } = require('../../scripts/n8n/queue.js') as QueueLibrary;
