/**
 * Everything the package keeps between executions is declared in one module, taken there by the file that
 * uses it, and forgotten by one call.
 */
import { readFileSync } from 'fs';
import type { IExecuteFunctions } from 'n8n-workflow';
import { resolve } from 'path';

import '../../credentials/TyltApi.credentials';
import '../../nodes/Tylt/Tylt.node';
import '../../nodes/TyltPayoutStatusTrigger/TyltPayoutStatusTrigger.node';
import '../../nodes/TyltTrigger/TyltTrigger.node';
import {
	claimReference,
	heldClaims,
	inDoubtSince,
	markInDoubt,
	rememberSent,
	liveGuardMemory,
} from '../../nodes/Tylt/payout/processMemory';

const { sentRecently } = liveGuardMemory;
import { reservationsOf, reserve } from '../../nodes/Tylt/payout/limits/reservations';
import { accountHistory, cachedAccounts } from '../../nodes/Tylt/payout/historyCache';
import { credentialsOnce } from '../../nodes/Tylt/transport/credentials';
import type { PayoutRecord } from '../../nodes/Tylt/transport/records';
import {
	ForgettableWeakMap,
	MEMORY_BETWEEN_EXECUTIONS,
	forgetProcessMemory,
	keptMemories,
	type ForgettableContainer,
	type MemoryName,
} from '../../nodes/shared/memoryBetweenExecutions';
import {
	nodeVoucherFor,
	takeNodeVoucher,
	offerNodeVoucher,
} from '../../nodes/shared/spendingLimits/nodeVouchers';
import { processStore } from '../../nodes/TyltTrigger/dedupe';
import { publishedSources } from '../../tools/imports/importGraph';

const root = resolve(__dirname, '../..');
const REGISTRY = 'nodes/shared/memoryBetweenExecutions.ts';
const declared = Object.keys(MEMORY_BETWEEN_EXECUTIONS).sort() as MemoryName[];

afterEach(() => forgetProcessMemory());

describe('the declared memories', () => {
	it('are each taken by the file the declaration names, once, when the nodes and the credential load', () => {
		const takenBy = new Map<string, string[]>();
		for (const file of publishedSources(root)) {
			const text = readFileSync(resolve(root, file), 'utf8');
			for (const [, name] of text.matchAll(/keptBetweenExecutions(?:<[^(]*>)?\(\s*'(\w+)'/g)) {
				takenBy.set(name, [...(takenBy.get(name) ?? []), file]);
			}
		}
		expect([...takenBy.keys()].sort()).toEqual(declared);
		for (const name of declared) {
			expect({ name, files: takenBy.get(name) }).toEqual({
				name,
				files: [MEMORY_BETWEEN_EXECUTIONS[name].usedBy.split(' ')[0]],
			});
		}
		expect([...keptMemories().keys()].sort()).toEqual(declared);
	});

	it('are the only memory a module starts: no other module-level let, empty collection or generic instance', () => {
		const startsMemory =
			/^(?:export )?(?:(?:let|var) |const \w+(?::[^=]+)? = (?:new (?:Map|Set|WeakMap|WeakSet)(?:<[^;]*?>)?\(\);|new \w+<|\[\];))/m;
		const offenders = publishedSources(root).filter(
			(file) => file !== REGISTRY && startsMemory.test(readFileSync(resolve(root, file), 'utf8')),
		);
		expect(offenders).toEqual([]);
	});
});

describe('forgetProcessMemory', () => {
	const OBJECT_KEY = {};
	interface Keyed {
		get(key: string): unknown;
		set(key: string, value: unknown): void;
	}

	function putOneEntry(container: ForgettableContainer) {
		if (Array.isArray(container)) container.push('entry');
		else if (container instanceof Set) container.add('entry');
		else if (container instanceof ForgettableWeakMap) container.set(OBJECT_KEY, 'entry');
		else (container as unknown as Keyed).set('key', 'entry');
	}

	function holdsAnEntry(container: ForgettableContainer): boolean {
		if (Array.isArray(container)) return container.length > 0;
		if (container instanceof Set || container instanceof Map) return container.size > 0;
		if (container instanceof ForgettableWeakMap) return container.has(OBJECT_KEY);
		return (container as unknown as Keyed).get('key') !== undefined;
	}

	it('empties every declared memory in one call', () => {
		const memories = [...keptMemories()];
		for (const [, container] of memories) putOneEntry(container);
		expect(
			memories.filter(([, container]) => !holdsAnEntry(container)).map(([name]) => name),
		).toEqual([]);

		forgetProcessMemory();

		expect(
			memories.filter(([, container]) => holdsAnEntry(container)).map(([name]) => name),
		).toEqual([]);
	});

	it('leaves the code that uses each memory as a fresh process would find it', async () => {
		const record = { orderId: 'PO1' } as PayoutRecord;
		rememberSent('account-a', 'row-1', record);
		markInDoubt('account-a', 'row-2');
		reserve('account-a', [], 'row-4');
		accountHistory('account-a');
		await claimReference('account-a', 'row-3');
		const voucher = nodeVoucherFor('account-a', '{"body":1}');
		const withdrawVoucher = offerNodeVoucher(voucher);
		processStore('workflow:node').seen = true;
		let credentialReads = 0;
		const execution = {
			getNode: () => ({ credentials: { tyltApi: { id: '1', name: 'TYLT' } } }),
			getCredentials: async () => {
				credentialReads++;
				return { apiKey: 'key' };
			},
		} as unknown as IExecuteFunctions;
		await credentialsOnce.call(execution);

		forgetProcessMemory();

		expect(sentRecently('account-a', 'row-1', 0)).toBeUndefined();
		expect(inDoubtSince('account-a', 'row-2')).toBeUndefined();
		expect(reservationsOf('account-a')).toEqual([]);
		expect(cachedAccounts()).toBe(0);
		expect(heldClaims()).toBe(0);
		expect(takeNodeVoucher('account-a', '{"body":1}', voucher.token)).toBe(false);
		expect(processStore('workflow:node')).toEqual({});
		await credentialsOnce.call(execution);
		expect(credentialReads).toBe(2);
		withdrawVoucher();
	});
});
