/** The checks of `npm run screenshots`: each passed one is logged and counted, the first failed one ends the run. */

export class CheckFailed extends Error {}

export const show = (value: unknown): string => JSON.stringify(value);

export class Checks {
	readonly passed: string[] = [];

	constructor(private readonly log: (line: string) => void) {}

	/** Records `description` as passed, or throws CheckFailed with it and what was found instead. */
	readonly check = (condition: boolean, description: string, detail?: unknown): void => {
		if (!condition) {
			throw new CheckFailed(`${description}${detail === undefined ? '' : `\n  got: ${detail}`}`);
		}
		this.passed.push(description);
		this.log(`ok  ${description}`);
	};

	/** check() that `actual` is `expected` (same values, same order). */
	readonly same = (actual: unknown, expected: unknown, description: string): void =>
		this.check(
			show(actual) === show(expected),
			description,
			`${show(actual)}, expected ${show(expected)}`,
		);
}
