/** The A/B rounds every case runs its variants in. */

export interface Rounds<Variant extends string, Run> {
	variants: readonly Variant[];
	rounds: number;
	/** Starts each log line, e.g. `history: 20000 records`. */
	label: string;
	log(message: string): void;
	run(variant: Variant): Promise<Run>;
	/** What a log line says about a measured run. */
	describe(run: Run): string;
	/** One untimed run of each variant first, so that no variant pays for loading code the others reuse. */
	warmUp: boolean;
}

/**
 * Round r runs the variants rotated by r (A/B, then B/A; A/B/C, B/C/A, C/A/B): none always goes first, so
 * none always runs on the machine as the one before it left it.
 */
export async function alternate<Variant extends string, Run>(
	spec: Rounds<Variant, Run>,
): Promise<Record<Variant, Run[]>> {
	const { variants, rounds, label, log } = spec;
	if (spec.warmUp) {
		log(`${label}: warm-up (${variants.join(', ')})`);
		for (const variant of variants) await spec.run(variant);
	}
	const runs = Object.fromEntries(variants.map((variant) => [variant, []])) as unknown as Record<
		Variant,
		Run[]
	>;
	for (let round = 0; round < rounds; round++) {
		const shift = round % variants.length;
		for (const variant of [...variants.slice(shift), ...variants.slice(0, shift)]) {
			const measured = await spec.run(variant);
			runs[variant].push(measured);
			log(`${label}: round ${round + 1}/${rounds} ${variant}: ${spec.describe(measured)}`);
		}
	}
	return runs;
}
