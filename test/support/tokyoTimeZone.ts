/**
 * A jest test environment that runs its test file with the process in Asia/Tokyo (UTC+9, no daylight saving),
 * so a time read in the host's zone instead of UTC is off by nine hours whatever zone the test machine has.
 * Use it with a docblock at the top of the test file:
 *
 *     /** @jest-environment ./test/support/tokyoTimeZone.ts *\/
 *
 * The zone has to be set on the worker's real process (Node re-reads TZ when process.env.TZ is assigned);
 * the test file's own `process.env` is a copy, and assigning TZ there changes nothing. Restored afterwards,
 * as a worker runs other files next.
 */
import { TestEnvironment } from 'jest-environment-node';

export const TOKYO = 'Asia/Tokyo';

export default class TokyoTimeZone extends TestEnvironment {
	private savedZone: string | undefined;

	async setup(): Promise<void> {
		this.savedZone = process.env.TZ;
		process.env.TZ = TOKYO;
		await super.setup();
	}

	async teardown(): Promise<void> {
		if (this.savedZone === undefined) delete process.env.TZ;
		else process.env.TZ = this.savedZone;
		await super.teardown();
	}
}
