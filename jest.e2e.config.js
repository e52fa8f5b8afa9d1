/**
 * `npm run test:e2e`: the example workflows and every TYLT operation in a real n8n 2.41.1 against the sandbox.
 *
 * Two projects, run one file after another (--runInBand):
 * - `e2e`: one n8n and one sandbox for all its files (e2e/globalSetup.ts);
 * - `queue`: e2e/queue/, n8n in queue mode (Redis, PostgreSQL, main, worker, webhook processor) started by the
 *   test file itself. Jest runs a project's globalSetup only when one of its files runs, so
 *   `npm run test:e2e:queue` (--selectProjects queue) starts no regular n8n.
 */
const shared = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': 'ts-jest' },
	slowTestThreshold: 30,
};

/** @type {import('jest').Config} */
module.exports = {
	maxWorkers: 1,
	// n8n runs workflows in the background and callbacks travel over HTTP: generous, not tight. (A global
	// option: e2e/queue sets longer timeouts on its own hooks.)
	testTimeout: 120000,
	projects: [
		{
			...shared,
			displayName: 'e2e',
			rootDir: __dirname,
			roots: ['<rootDir>/e2e'],
			testPathIgnorePatterns: ['/node_modules/', '<rootDir>/e2e/queue/'],
			globalSetup: '<rootDir>/e2e/globalSetup.ts',
			globalTeardown: '<rootDir>/e2e/globalTeardown.ts',
		},
		{
			...shared,
			displayName: 'queue',
			rootDir: __dirname,
			roots: ['<rootDir>/e2e/queue'],
		},
	],
};
