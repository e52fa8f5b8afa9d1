/**
 * Claims per account and reference: one holder at a time, waiters in turn, always released.
 */
import { claimReference, heldClaims } from '../../nodes/Tylt/payout/claims';

const tick = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => expect(heldClaims()).toBe(0));

it('lets one holder in at a time per account and reference; the others wait for its release', async () => {
	const order: string[] = [];
	const holder = await claimReference('account-a', 'row-1');
	const waiters = ['b', 'c'].map(async (name) => {
		const release = await claimReference('account-a', 'row-1');
		order.push(`${name} holds`);
		await tick();
		order.push(`${name} releases`);
		release();
	});

	await tick();
	expect(order).toEqual([]);
	holder();
	await Promise.all(waiters);

	// Never two holders at once: each hold ends before the next begins.
	expect(order).toEqual(['b holds', 'b releases', 'c holds', 'c releases']);
});

it('does not hold up another reference or another account', async () => {
	const holder = await claimReference('account-a', 'row-1');

	const otherReference = await claimReference('account-a', 'row-2');
	const otherAccount = await claimReference('account-b', 'row-1');

	otherReference();
	otherAccount();
	holder();
});

it('a release called twice does not free a later holder’s claim', async () => {
	const first = await claimReference('account-a', 'row-1');
	first();
	const second = await claimReference('account-a', 'row-1');
	first();

	let thirdGotIn = false;
	const third = claimReference('account-a', 'row-1').then((release) => {
		thirdGotIn = true;
		return release;
	});
	await tick();
	expect(thirdGotIn).toBe(false);
	second();
	(await third)();
});
