/**
 * What every money-safety file shares: one sandbox per file, runs of the node that keep everything they
 * showed (output items and errors) for the file's closing secret scan, and the sandbox's evidence of how
 * many payouts exist per reference.
 */
import { inspect } from 'node:util';

import { ExecuteContext } from 'n8n-core';
import type { INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { heldClaims } from '../../nodes/Tylt/payout/processMemory';
import { RETRY_POLICY } from '../../nodes/Tylt/transport/request';
import type { EndpointName, SandboxOptions, TyltSandbox } from '../../sandbox';
import { requestsTo, useTyltNode, type NodeRun, type NodeRunError } from './sandboxKit';

// The money-safety files wait on sandbox states with the client's one helper.
export { until } from './sandboxClient';

/** Distinctive, so a leak anywhere is found by a plain substring search. */
export const API_SECRET = 'money-safety-secret-must-never-show-5c2e91d7';

export interface MoneySafetySuite {
	readonly sandbox: TyltSandbox;
	/** Runs the node and keeps its output for the secret scan. */
	run(options: NodeRun): Promise<INodeExecutionData[]>;
	/** Runs the node, expects it to fail, and keeps the error for the secret scan. */
	fail(options: NodeRun): Promise<NodeRunError>;
	/** Keeps an error caught outside `fail` (e.g. from a transport call) for the secret scan. */
	keepError(error: unknown): void;
	/**
	 * Has TYLT answer the endpoint's next call with HTTP 200 and a non-zero errorCode, runs the node, and
	 * returns the error after checking it is TYLT's own: a NodeApiError carrying TYLT's msg.
	 */
	failOnTyltError(
		endpoint: EndpointName,
		answer: { errorCode: number; msg: string },
		options: NodeRun,
	): Promise<NodeRunError>;
}

/**
 * The file's sandbox (useTyltNode: started in beforeAll, reset before each test, closed in afterAll), with
 * every signature it received remembered before each reset, for `itShowsNoSecret`.
 */
export function useMoneySafetySandbox(options: Omit<SandboxOptions, 'apiSecret'> = {}) {
	const shown: string[] = [];
	const signatures = new Set<string>();
	// Registered before useSandbox's reset, so it reads each test's request log before the log is cleared.
	beforeEach(() => rememberSignatures());
	const node = useTyltNode({ autoSettle: false, ...options, apiSecret: API_SECRET });
	const sandbox = node.sandbox;
	// Whatever a case did (sent, waited, failed, was refused), no reference claim outlives its execution.
	afterEach(() => expect(heldClaims()).toBe(0));

	function rememberSignatures() {
		for (const request of sandbox.requests) {
			const signature = request.headers['x-tlp-signature'];
			if (signature) signatures.add(signature);
		}
	}

	const keepError = (error: unknown) => {
		const runError = error as NodeRunError;
		shown.push(
			String(runError?.message),
			String(runError?.description ?? ''),
			JSON.stringify(runError) ?? '',
			String(runError?.stack),
			inspect(runError, { depth: 8, showHidden: true }),
		);
	};

	const suite: MoneySafetySuite = {
		sandbox,
		async run(run) {
			const output = await node.run(run);
			shown.push(JSON.stringify(output), inspect(output, { depth: 10 }));
			return output;
		},
		async fail(run) {
			const error = await node.fail(run);
			keepError(error);
			return error;
		},
		keepError,
		async failOnTyltError(endpoint, answer, options) {
			suite.sandbox.injectFault(endpoint, { kind: 'errorCode', ...answer });
			const error = await suite.fail(options);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toContain(answer.msg);
			return error;
		},
	};

	/** Declare last in the file: nothing this file's runs showed holds the secret or a signature. */
	function itShowsNoSecret() {
		describe('everything this file’s runs showed', () => {
			it('holds neither the API secret nor any request signature (outputs and errors)', () => {
				rememberSignatures();
				// Guards against a vacuous pass: the scan must have something to scan and something to look for.
				expect(shown.length).toBeGreaterThan(0);
				expect(signatures.size).toBeGreaterThan(0);
				const leaks = shown.flatMap((text, index) =>
					[API_SECRET, ...signatures]
						.filter((secret) => text.includes(secret))
						.map((secret) => `shown text #${index} contains ${secret}`),
				);
				expect(leaks).toEqual([]);
			});
		});
	}

	return { suite, itShowsNoSecret };
}

/**
 * The reference the node put in a payout: the tag its comments begin with (the node puts it first), else
 * the last `[ref:…]` tag (the previous version appended it).
 */
function referenceInComments(comments: unknown): string | undefined {
	const text = String(comments ?? '');
	const leading = /^\s*\[ref:([^\]\s]+)\]/.exec(text);
	if (leading) return leading[1];
	const tags = [...text.matchAll(/\[ref:([^\]\s]+)\]/g)];
	return tags.length === 0 ? undefined : tags[tags.length - 1][1];
}

/** A createdAt `hours` ago in TYLT's record time format: ISO 8601 UTC, whole seconds. */
export function hoursAgo(hours: number): string {
	return new Date(Date.now() - hours * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** How many payouts the sandbox holds per reference: the money that actually left. */
export function payoutsPerReference(sandbox: TyltSandbox): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const payout of sandbox.payouts) {
		const reference = referenceInComments(payout.comments) ?? '(none)';
		counts[reference] = (counts[reference] ?? 0) + 1;
	}
	return counts;
}

/** How many create requests TYLT answered with HTTP 200, per reference in the sent body. */
export function acceptedCreatesPerReference(sandbox: TyltSandbox): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const request of requestsTo(sandbox, 'createPayout')) {
		if (request.status !== 200) continue;
		const reference = referenceInComments(JSON.parse(request.rawBody).comments) ?? '(none)';
		counts[reference] = (counts[reference] ?? 0) + 1;
	}
	return counts;
}

/** `{ a: 1, b: 1, … }` for the given references: exactly one payout each. */
export function onceEach(references: string[]): Record<string, number> {
	return Object.fromEntries(references.map((reference) => [reference, 1]));
}

/**
 * Shortens the back-off between read retries for the enclosing block (restored after it), so tests that
 * exhaust retries count attempts without waiting seconds. A Retry-After header still sets its own wait.
 */
export function useShortRetryBackoff() {
	const configuredPolicy = { ...RETRY_POLICY };
	beforeAll(() => {
		RETRY_POLICY.baseDelayMs = 1;
	});
	afterAll(() => {
		Object.assign(RETRY_POLICY, configuredPolicy);
	});
}

/**
 * Has TYLT answer the next history request with the first 200 payouts as a TYLT listing by last change would
 * show them: the one at position 100 created 400 hours ago (it settled just now). History out of creation order
 * is read to its end.
 */
export function listFirstPageByLastChange(sandbox: TyltSandbox) {
	const firstPage = sandbox.payouts
		.slice(0, 200)
		.map((record, index) => (index === 100 ? { ...record, createdAt: hoursAgo(400) } : record));
	sandbox.injectFault('payoutHistory', {
		kind: 'status',
		status: 200,
		body: JSON.stringify({ data: firstPage, errorCode: 0, msg: '' }),
		contentType: 'application/json',
	});
}

/**
 * Creates whose starts the node spaced by `pauseMs`, as the sandbox saw them arrive. Each start is scheduled a
 * pause after the one before, so the whole run spans every pause; a loaded machine may delay one arrival and
 * shorten the gap after it, so single gaps are not held to it, and the span is allowed half a pause of slack.
 * Without any spacing the creates arrive within a few milliseconds of each other.
 */
export function expectSpacedStarts(arrivals: readonly number[], pauseMs: number) {
	const span = arrivals[arrivals.length - 1] - arrivals[0];
	expect(span).toBeGreaterThanOrEqual((arrivals.length - 1) * pauseMs - pauseMs / 2);
}

/**
 * TYLT's history as it was before any payout of the test, for the next few reads: it does not list them yet
 * (what this process's Max Amount per 24 Hours reservations are for).
 */
export function historyNotListingThemYet(sandbox: TyltSandbox) {
	for (let read = 0; read < 10; read++) {
		sandbox.injectFault('payoutHistory', {
			kind: 'status',
			status: 200,
			body: JSON.stringify({ data: [], errorCode: 0, msg: '' }),
			contentType: 'application/json',
		});
	}
}

/**
 * How many creates TYLT had received when the node first read `parameterName` of the item `itemIndex`, through
 * n8n-core's own parameter reading: a batch checked whole before its first create has sent none by its last row.
 * Read `count` after the run; `restore` ends the watch.
 */
export function createsReceivedWhenRead(
	sandbox: TyltSandbox,
	parameterName: string,
	itemIndex: number,
): { readonly count: number | undefined; restore(): void } {
	type ReadParameter = (
		this: ExecuteContext,
		name: string,
		index: number,
		...rest: unknown[]
	) => unknown;
	let owner = ExecuteContext.prototype as object;
	while (!Object.prototype.hasOwnProperty.call(owner, '_getNodeParameter')) {
		owner = Object.getPrototypeOf(owner) as object;
	}
	const reading = owner as { _getNodeParameter: ReadParameter };
	const original = reading._getNodeParameter;
	let count: number | undefined;
	const spy = jest.spyOn(reading, '_getNodeParameter').mockImplementation(function (
		this: ExecuteContext,
		name,
		index,
		...rest
	) {
		if (count === undefined && name === parameterName && index === itemIndex) {
			count = requestsTo(sandbox, 'createPayout').length;
		}
		return original.call(this, name, index, ...rest);
	});
	return {
		get count() {
			return count;
		},
		restore: () => spy.mockRestore(),
	};
}
