export default async function globalTeardown(): Promise<void> {
	await globalThis.tyltE2e?.stopAll();
	globalThis.tyltE2e = undefined;
}
