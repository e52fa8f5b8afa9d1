/**
 * examples/payout-on-form-daily-limit-queue-mode.json keeps Max Amount per 24 Hours in PostgreSQL for every
 * queue-mode worker. Its *Nothing made?* step reads the TYLT node's error text (the only thing the error output
 * holds) and gives the reservation back only when that text says nothing was sent: never for an unknown
 * outcome, a reference in doubt, or an error it does not know. Its SQL is the SQL docs/queue-mode.md shows.
 * (The e2e suite, e2e/queue/dailyLimitAcrossWorkers.ts, runs it on two workers.)
 */
import fs from 'node:fs';
import path from 'node:path';

import examples from '../../examples';
import { invalidFieldError } from '../../nodes/Tylt/helpers/fieldError';
import {
	errorForAttempt,
	requestFailure,
	type Attempt,
	type FailedCall,
} from '../../nodes/Tylt/transport/errors';
import { workflowNode } from '../../tools/harness/workflowNode';

const workflow = examples.load('payoutOnFormDailyLimitQueueMode');
const node = workflowNode('tylt');
const create: FailedCall = { method: 'POST', path: '/createPayoutRequest', movesMoney: true };

/** The message of the error the transport makes of a create's failed attempt. */
function createError(attempt: Exclude<Attempt, { outcome: 'success' }>): string {
	return errorForAttempt(node, create, attempt, 1).message;
}

/** A create that threw this network error (the transport's own reading of it). */
function networkError(code: string, syscall: string): string {
	return createError(
		requestFailure({ code, syscall, message: `${syscall} ${code} 127.0.0.1:1` }, []),
	);
}

interface Condition {
	leftValue: string;
	rightValue: string;
	operator: { operation: string };
}

/** What *Nothing made?* decides for an error text: true → Release reservation. */
function releases(error: string): boolean {
	const { conditions, combinator } = examples.node(workflow, 'Nothing made?').parameters
		.conditions as { conditions: Condition[]; combinator: string };
	expect(combinator).toBe('and');
	return conditions.every(({ leftValue, rightValue, operator }) => {
		expect(leftValue).toBe('={{ $json.error }}');
		// The IF node's own reading of a regex literal: /source/flags.
		const [, source, flags] = /^\/(.*)\/([a-z]*)$/.exec(rightValue)!;
		const matches = new RegExp(source, flags).test(error);
		if (operator.operation === 'regex') return matches;
		if (operator.operation === 'notRegex') return !matches;
		throw new Error(`unexpected operator ${operator.operation}`);
	});
}

describe('Nothing made? releases the reservation', () => {
	it.each([
		[
			'TYLT refused the create',
			createError({
				outcome: 'rejected',
				statusCode: 200,
				envelope: { errorCode: 10011, msg: 'Insufficient balance' },
			}),
		],
		['the create never reached TYLT', networkError('ECONNREFUSED', 'connect')],
		['the execution stopped before the create', createError({ outcome: 'stopped' })],
		[
			'the credential refused to sign it',
			'The TYLT API credential refused this payout, so nothing was sent: Max Amount per Payout refuses 600 USDT (USDT 500)',
		],
		[
			'a field the node refused',
			invalidFieldError(node, {
				label: 'Address',
				value: '0x52908400098527886E0F7030069857D2E4169EE7',
				reason: 'it is an address for another network (such as ETH, ERC20, BSC), not for TRX',
				itemIndex: 0,
			}).message,
		],
		[
			'the credential’s limits',
			"The payout of item 0 was not sent: the TYLT API credential's Max Amount per 24 Hours refuses it: 90 USDT in the last 24 hours plus 30 would pass USDT 100",
		],
		[
			'a reference TYLT holds for another payout',
			'Reference "ORD-1" of item 0 is already used by TYLT payout 123, which pays something else; nothing was sent',
		],
	])('after %s', (_case, error) => {
		expect(releases(error)).toBe(true);
	});
});

describe('Nothing made? keeps the reservation', () => {
	it.each([
		['no answer within the timeout', networkError('ETIMEDOUT', 'read')],
		['a dropped connection', networkError('ECONNRESET', 'read')],
		[
			'a create answered HTTP 429',
			createError({ outcome: 'transient', cause: 'HTTP 429', statusCode: 429 }),
		],
		[
			'a create that failed without a network error',
			createError({ outcome: 'unexplained', cause: 'TypeError: undefined is not a function' }),
		],
		[
			'a reference in doubt',
			'Reference "ORD-1" of item 0 is in doubt: an earlier create of it had an unknown outcome and TYLT history does not show it yet. Check TYLT first; nothing was sent',
		],
		[
			'a reference whose earlier create had an unknown outcome',
			'Reference "ORD-1" of item 0 is already used by TYLT payout 123, which pays something else; nothing was sent now, but an earlier create of this reference had an unknown outcome',
		],
		[
			'a reference that may belong to another payout',
			'Reference "ORD-1" of item 0 may belong to TYLT payout 123: check TYLT first; nothing was sent',
		],
		['an error it does not know', 'Something else went wrong'],
	])('after %s', (_case, error) => {
		expect(releases(error)).toBe(false);
	});
});

describe('the SQL', () => {
	const docs = fs.readFileSync(path.join(__dirname, '../../docs/queue-mode.md'), 'utf8');
	const query = (name: string) => String(examples.node(workflow, name).parameters.query);
	const setup = query('Create tables, set limits');
	const tables = setup.slice(0, setup.indexOf('INSERT INTO'));

	it('sets up the tables the sticky note and docs/queue-mode.md show', () => {
		expect(tables).toMatch(/^CREATE TABLE IF NOT EXISTS tylt_payout_limits/);
		expect(String(examples.node(workflow, 'Sticky Note').parameters.content)).toContain(
			tables.trim(),
		);
		expect(docs).toContain(tables.trim());
	});

	it('reserves and releases as docs/queue-mode.md shows, reserving in one transaction', () => {
		expect(docs).toContain(query('Reserve within 24-hour limit'));
		expect(docs).toContain(query('Release reservation'));
		expect(examples.node(workflow, 'Reserve within 24-hour limit').parameters.options).toEqual(
			expect.objectContaining({ queryBatching: 'transaction' }),
		);
	});
});
