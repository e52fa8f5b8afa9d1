/**
 * The payouts an execution will really create, as Check Balance First and Max Amount per 24 Hours both count
 * them: not those the duplicate guard will skip (paid already, or held in doubt), and a reference once.
 */
import { guardSkips } from '../../payout/guard';
import type { CheckedPayout } from './create.check';

export function paidOncePerReference(payouts: readonly CheckedPayout[]): CheckedPayout[] {
	const seen = new Set<string>();
	return payouts.filter((payout) => {
		if (!payout.guard) return true;
		const { reference, formerReferences } = payout;
		if (guardSkips(payout.guard, { reference, formerReferences }, payout.options.lookBackHours)) {
			return false;
		}
		// The guard sends a reference once per execution: a repeat comes back as already sent.
		if (seen.has(reference)) return false;
		seen.add(reference);
		return true;
	});
}
