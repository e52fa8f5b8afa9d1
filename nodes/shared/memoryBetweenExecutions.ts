/** Everything kept in an n8n process between executions, declared here only; accounts keyed by tyltAccountHash. */

type MemoryDeclaration = Record<'usedBy' | 'holds' | 'bound' | 'lifetime' | 'why', string>;

/** `usedBy`: the file whose logic reads and writes it; `why`: what would go wrong, or be slow, without it. */
export const MEMORY_BETWEEN_EXECUTIONS = {
	referenceClaims: {
		usedBy: 'nodes/Tylt/payout/processMemory.ts',
		holds: 'Claims in force: account hash and payout reference → a promise settled on release.',
		bound:
			'One per reference an execution of this process is looking up or sending; none once every execution has released its claims (each does in a finally).',
		lifetime: 'From the claim until its holder has looked up, sent and checked the reference.',
		why: 'Executions that overlap each read history before either created anything; only the claim keeps them from both paying the same reference.',
	},
	sentPayouts: {
		usedBy: 'nodes/Tylt/payout/processMemory.ts',
		holds: "Payouts sent or confirmed here: account hash and reference → TYLT's record, and when.",
		bound: 'PROCESS_MEMORY_LIMITS.maxEntries (10,000) references; past it the oldest is forgotten.',
		lifetime: 'PROCESS_MEMORY_LIMITS.sentMaxAgeMs (24 hours) from when it was sent or confirmed.',
		why: "An execution whose history read predates another execution's send still sees that payout, and does not send it again.",
	},
	referencesInDoubt: {
		usedBy: 'nodes/Tylt/payout/processMemory.ts',
		holds: 'References whose create got no usable answer: account hash and reference → when.',
		bound: 'PROCESS_MEMORY_LIMITS.maxEntries (10,000) references; past it the oldest is forgotten.',
		lifetime:
			'Until a send or history settles it, at most sentMaxAgeMs (24 hours); for its first inDoubtHoldMs (15 minutes) the reference is refused unless history shows it.',
		why: 'A create whose answer was lost may exist at TYLT: the reference is not sent again before fresh history says TYLT does not have it.',
	},
	payoutHistory: {
		usedBy: 'nodes/Tylt/payout/historyCache.ts',
		holds:
			"Each account's payout history window as last read: account hash → the payouts by order ID and by reference, and the read under way.",
		bound:
			'HISTORY_CACHE_LIMITS: 20,000 payouts, 32 MiB of JSON and 100 accounts in all; past them, the accounts used longest ago are forgotten.',
		lifetime: 'Until its last full read is fullReadMaxAgeMs (1 hour) old, or bounds push it out.',
		why: 'The duplicate guard and the 24-hour limit read the whole look-back window; with it, a later execution reads only what is new: one request, not fifty-one, for 10,000 payouts.',
	},
	dailySpendReservations: {
		usedBy: 'nodes/Tylt/payout/limits/reservations.ts',
		holds:
			"What this process's creates put toward Max Amount per 24 Hours that history may not show yet: account hash → reservations (amounts, reference, when sent, order ID).",
		bound: 'JOURNAL_MAX_RESERVATIONS (100,000) per account; past it, creates are refused.',
		lifetime:
			'Until its create surely made no payout; a sent or in-doubt one 24 hours and 15 minutes from its send; one not sent yet until its create is settled.',
		why: "Two executions of one process never both spend the same room: the second one's sum counts the first one's payouts before history lists them.",
	},
	historyAmounts: {
		usedBy: 'nodes/Tylt/payout/limits/spentInWindow.ts',
		holds: 'Each history record as the 24-hour sum reads it: record → its currency and amount.',
		bound: 'Weak: an entry goes with its record, so it holds no more than the history cache does.',
		lifetime: 'As long as its record object, which the history cache hands every execution.',
		why: 'Speed only: a steady-state sum parses only the payouts new since the last one; forgetting it changes no result.',
	},
	credentialsPerExecution: {
		usedBy: 'nodes/Tylt/transport/credentials.ts',
		holds: 'The TYLT API credential decrypted for an execution: execution context → credential.',
		bound: 'Weak: an entry goes with its execution context.',
		lifetime: 'One execution; polls keep nothing here, as a poll context outlives its polls.',
		why: 'n8n reads and decrypts the credential on every authenticated request unless handed it: a 1,000-row run would read it 1,000 times.',
	},
	accountsOfCredentials: {
		usedBy: 'nodes/shared/tyltAccount.ts',
		holds:
			'Each credential object n8n handed over, as read: credential data → its fields and the account they name.',
		bound: 'Weak: an entry goes with its credential object (n8n decrypts one per execution).',
		lifetime: 'As long as the credential object: one execution.',
		why: 'Speed only: every request of an execution signs with the same credential, and reading the account costs a SHA-256 and URL parses per request; forgetting it changes no result.',
	},
	nodeVouchers: {
		usedBy: 'nodes/shared/spendingLimits/nodeVouchers.ts',
		holds:
			"The TYLT node's word for a create it counted against Max Amount per 24 Hours: account hash and exact body text → the vouchers offered.",
		bound: 'One per create under way.',
		lifetime: 'From just before its create is sent until that create ends.',
		why: 'Under the 24-hour limit the credential signs a create only when the node vouched for its exact body, here, where no workflow can reach.',
	},
	callbacksSeen: {
		usedBy: 'nodes/TyltTrigger/dedupe.ts',
		holds: 'Callbacks each webhook trigger saw: workflow and node → the keys, two generations.',
		bound:
			'MAX_TRIGGERS_IN_MEMORY (200) triggers, the one seen longest ago forgotten first; MAX_REMEMBERED_CALLBACKS (1,000 to 2,000) callbacks each.',
		lifetime: "The process (the trigger's static data carries the same keys across restarts).",
		why: 'n8n saves static data whole after each request: two callbacks arriving together could each drop what the other recorded, and a duplicate would run the workflow.',
	},
	callbackSecrets: {
		usedBy: 'nodes/TyltTrigger/callbackSecrets.ts',
		holds:
			'The secrets of each credential a TYLT Trigger read last: credential ID → its API secret and Additional Callback Secret.',
		bound:
			'MAX_CREDENTIALS_REMEMBERED (200) credentials; past it, the one read longest ago is forgotten.',
		lifetime: 'Until the next callback to a trigger with that credential reads it again.',
		why: "In n8n a webhook's credential read waits for n8n to start an expression isolate (90–190 ms measured under load); a callback these secrets verify is answered before it, and still runs nothing until the fresh read verifies it too.",
	},
	callbackReadsInOrder: {
		usedBy: 'nodes/TyltTrigger/callbackSecrets.ts',
		holds:
			'The credential read under way for the last callback of each order a TYLT Trigger answered before reading: credential ID and order ID → that read.',
		bound: 'One per order with a callback between its answer and its run.',
		lifetime: 'One credential read.',
		why: "TYLT sends an order's next callback once the last is answered; answered before the read, the next one's read could end first and its run start first. Each waits for the read before it, so the runs start in the order TYLT sent them.",
	},
	callbackFieldOrders: {
		usedBy: 'nodes/TyltTrigger/canonicalCallback.ts',
		holds: "Recent callbacks' field orders: the names as they came → sorted, with their rules.",
		bound: 'MAX_KNOWN_ORDERS (16) orders; past it, the one met first is dropped.',
		lifetime: 'The process.',
		why: 'Speed only: callbacks of one kind carry the same names in the same order, and comparing names costs less than sorting them; forgetting it changes no result.',
	},
	pollsUnderWay: {
		usedBy: 'nodes/TyltPayoutStatusTrigger/pollPayoutStatus.ts',
		holds: 'The payout status triggers with a poll running: workflow and node IDs.',
		bound: 'One per polling trigger of this process.',
		lifetime: 'One poll.',
		why: 'n8n starts a poll at every scheduled time even while the last one runs; two polls over one state would report the same change twice.',
	},
} as const satisfies Record<string, MemoryDeclaration>;

export type MemoryName = keyof typeof MEMORY_BETWEEN_EXECUTIONS;

/** A container that can be emptied where it is, so every file holding it sees it empty. */
export type ForgettableContainer = { clear(): void } | unknown[];

const kept = new Map<MemoryName, ForgettableContainer>();

/** The container of the memory declared as `name`, taken once at load. */
export function keptBetweenExecutions<Container extends ForgettableContainer>(
	name: MemoryName,
	container: Container,
): Container {
	kept.set(name, container);
	return container;
}

/** Empties every memory: what a fresh process would hold (tests start each case from one). */
export function forgetProcessMemory() {
	for (const container of kept.values()) {
		if (Array.isArray(container)) container.length = 0;
		else container.clear();
	}
}

/** The memories the code loaded so far has taken, by name (for tests). */
export function keptMemories(): ReadonlyMap<MemoryName, ForgettableContainer> {
	return kept;
}

/** A WeakMap that can be emptied: a WeakMap itself cannot, so this one replaces it. */
export class ForgettableWeakMap<Key extends object, Value> {
	private entries = new WeakMap<Key, Value>();

	get(key: Key): Value | undefined {
		return this.entries.get(key);
	}

	has(key: Key): boolean {
		return this.entries.has(key);
	}

	set(key: Key, value: Value): this {
		this.entries.set(key, value);
		return this;
	}

	clear() {
		this.entries = new WeakMap();
	}
}
