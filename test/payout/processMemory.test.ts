/**
 * What the process remembers between executions is bounded in age and size, and keyed by account.
 */
import { forgetProcessMemory } from '../../nodes/shared/memoryBetweenExecutions';
import {
	claimReference,
	guardMemoryNow,
	heldClaims,
	inDoubtSince,
	isHeldInDoubt,
	markInDoubt,
	PROCESS_MEMORY_LIMITS,
	rememberSent,
	liveGuardMemory,
} from '../../nodes/Tylt/payout/processMemory';

const { sentRecently } = liveGuardMemory;
import type { PayoutRecord } from '../../nodes/Tylt/transport/records';

const configured = { ...PROCESS_MEMORY_LIMITS };
afterEach(() => {
	Object.assign(PROCESS_MEMORY_LIMITS, configured);
	forgetProcessMemory();
});

const payout = (orderId: string) => ({ orderId }) as PayoutRecord;

it('keeps a sent payout per account and reference, inside the asked window only', () => {
	rememberSent('account-a', 'row-1', payout('PO1'));

	expect(sentRecently('account-a', 'row-1', Date.now() - 1000)?.orderId).toBe('PO1');
	expect(sentRecently('account-b', 'row-1', Date.now() - 1000)).toBeUndefined();
	expect(sentRecently('account-a', 'row-1', Date.now() + 1000)).toBeUndefined();
});

it('hands out copies of a sent payout: a reader that edits one changes nothing the next reader gets', () => {
	rememberSent('account-a', 'row-1', { ...payout('PO1'), toAddress: 'T-first', transactions: [] });

	const live = sentRecently('account-a', 'row-1', 0) as PayoutRecord;
	live.toAddress = 'T-edited';
	(live.transactions as unknown[]).push({ txid: 'edited' });
	const frozen = guardMemoryNow().sentRecently('account-a', 'row-1', 0) as PayoutRecord;
	frozen.toAddress = 'T-edited';

	expect(sentRecently('account-a', 'row-1', 0)).toMatchObject({
		toAddress: 'T-first',
		transactions: [],
	});
	expect(guardMemoryNow().sentRecently('account-a', 'row-1', 0)?.toAddress).toBe('T-first');
});

it('a reference found sent is no longer in doubt', () => {
	markInDoubt('account-a', 'row-1');
	expect(inDoubtSince('account-a', 'row-1')).toBeDefined();

	rememberSent('account-a', 'row-1', payout('PO1'));

	expect(inDoubtSince('account-a', 'row-1')).toBeUndefined();
});

it('remembers a reference in doubt past its hold, no longer held, until sentMaxAgeMs', () => {
	const sinceMs = Date.now() - 60_000;
	markInDoubt('account-a', 'row-1', sinceMs);
	PROCESS_MEMORY_LIMITS.inDoubtHoldMs = 30_000;

	expect(inDoubtSince('account-a', 'row-1')).toBe(sinceMs);
	expect(isHeldInDoubt(sinceMs)).toBe(false);
	expect(isHeldInDoubt(Date.now() - 10_000)).toBe(true);

	PROCESS_MEMORY_LIMITS.sentMaxAgeMs = 30_000;
	expect(inDoubtSince('account-a', 'row-1')).toBeUndefined();
});

it('drops the oldest entries beyond maxEntries', () => {
	PROCESS_MEMORY_LIMITS.maxEntries = 3;
	for (const row of ['row-1', 'row-2', 'row-3', 'row-4']) {
		rememberSent('account-a', row, payout(row));
	}

	expect(sentRecently('account-a', 'row-1', 0)).toBeUndefined();
	expect(sentRecently('account-a', 'row-4', 0)?.orderId).toBe('row-4');
});

/**
 * Claims per account and reference: one holder at a time, waiters in turn, always released.
 */
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
