/**
 * The words of every TYLT node's panel, in every version: each description is one sentence a glance takes in
 * (200 characters at most); what needs more is in the docs.
 */
import { Tylt } from '../../nodes/Tylt/Tylt.node';
import { TyltPayoutStatusTrigger } from '../../nodes/TyltPayoutStatusTrigger/TyltPayoutStatusTrigger.node';
import { TyltTrigger } from '../../nodes/TyltTrigger/TyltTrigger.node';
import { everyWord, overGlance } from '../support/panel';

describe.each([
	['TYLT', new Tylt().description],
	['TYLT Trigger', new TyltTrigger().description],
	['TYLT Payout Status Trigger', new TyltPayoutStatusTrigger().description],
])('%s', (_name, description) => {
	it('has no description over 200 characters, in any version or collection', () => {
		const words = everyWord(description);
		expect(words.length).toBeGreaterThan(10);
		expect(overGlance(words)).toEqual([]);
	});
});
