/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': 'ts-jest' },
	// Tests start real servers on loopback; keep them from stepping on each other's ports and logs.
	maxWorkers: 2,
	testTimeout: 20000,
};
