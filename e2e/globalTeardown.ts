import { stopAll } from './globalSetup';

export default async function globalTeardown(): Promise<void> {
	await stopAll(globalThis.tyltE2e);
	globalThis.tyltE2e = undefined;
}
