/**
 * `npm run test:e2e`: the example workflows and every TYLT operation in a real n8n 2.41.1 against the sandbox.
 * One n8n and one sandbox per run (e2e/globalSetup.ts), so the files run one after another (--runInBand).
 */
/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/e2e'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': 'ts-jest' },
	globalSetup: '<rootDir>/e2e/globalSetup.ts',
	globalTeardown: '<rootDir>/e2e/globalTeardown.ts',
	maxWorkers: 1,
	// n8n runs workflows in the background and callbacks travel over HTTP: generous, not tight.
	testTimeout: 120000,
	slowTestThreshold: 30,
};
