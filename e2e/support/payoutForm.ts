/**
 * examples/payout-on-form.json, active in a real n8n (regular or queue mode), and the drill of issue #10:
 * one order number submitted several times at the same moment, round after round, each round a new order.
 */
import { randomUUID } from 'node:crypto';

import type { PayoutRecord } from '../../sandbox';
import {
	nodeOutput,
	type Execution,
	type N8nClient,
	type StoredWorkflow,
	type WorkflowJson,
} from '../../tools/n8n';
import { referenceOf } from './context';
import { examples } from './examples';
import { submitForm, type Login } from './form';

export interface PayoutFormRequest {
	orderNumber: string;
	wallet: string;
	amount: number;
	currency: string;
	network: string;
}

export interface ActivePayoutForm {
	workflow: StoredWorkflow;
	/** The production form URL. */
	url: string;
	login: Login;
}

interface CredentialRef {
	id: string;
	name: string;
}

/**
 * The example bound to the TYLT credential and a Basic Auth credential, active under a form path of its own;
 * resolves once `formBaseUrl` (the regular n8n, or queue mode's webhook processor) serves its production form.
 */
export async function activatePayoutForm(
	n8n: N8nClient,
	options: {
		formBaseUrl: string;
		tylt: CredentialRef;
		login: CredentialRef & Login;
		/** Changes the example before it is stored (e.g. withRedisClaim). */
		change?: (workflow: WorkflowJson) => WorkflowJson;
	},
): Promise<ActivePayoutForm> {
	let workflow = examples.useCredential(
		examples.useCredential(examples.load('payoutOnForm'), options.tylt),
		options.login,
		'httpBasicAuth',
	);
	if (options.change) workflow = options.change(workflow);
	examples.setFormPath(workflow, `e2e-payout-${randomUUID()}`);
	const stored = await n8n.createWorkflow(workflow);
	await n8n.activate(stored.id);
	const url = examples.formUrl(options.formBaseUrl, workflow);
	await n8n.waitForWebhook(url);
	return {
		workflow: stored,
		url,
		login: { user: options.login.user, password: options.login.password },
	};
}

/** The sandbox payouts that carry `reference` (in the comments' tag, or as merchantOrderId). */
function payoutsFor(payouts: PayoutRecord[], reference: string): PayoutRecord[] {
	return payouts.filter(
		(payout) => referenceOf(payout) === reference || payout.merchantOrderId === reference,
	);
}

/** A submission the form did not answer within SUBMISSION_TIMEOUT_MS. */
export const NO_ANSWER = 'no answer';
/** Several times a round's one or two seconds: a submission waiting this long is never answered. */
export const SUBMISSION_TIMEOUT_MS = 10000;

/** Issue #10's drill, as both the regular and the queue-mode file run it. */
export const DRILL = {
	/** A create (and a history read) at a remote TYLT takes about this long. */
	tyltLatencyMs: 300,
	rounds: 10,
	/** What each round submits, under a new order number. */
	order: {
		wallet: 'TDy2r6LnrvAvn8GMgfe9PaSbDLmTkG4uJF',
		amount: 25,
		currency: 'USDT',
		network: 'TRX',
	} satisfies Omit<PayoutFormRequest, 'orderNumber'>,
};

export interface DrillRound {
	orderNumber: string;
	/** Every submission's HTTP status (or NO_ANSWER), in the order they were sent. */
	answers: Array<number | typeof NO_ANSWER>;
	/** The payouts TYLT holds for the order after every submission was answered. */
	payouts: PayoutRecord[];
	ms: number;
}

export interface DrillReport {
	submissionsPerRound: number;
	rounds: DrillRound[];
	/** Rounds whose order was paid more than once. */
	paidTwice: DrillRound[];
	/** Payouts beyond the first, over all rounds. */
	extraPayouts: number;
	/** e.g. "2 of 10 rounds paid more than once (3 extra payouts); 2 submissions at once, 412 ms a round" */
	summary: string;
}

/**
 * `rounds` times: a new order number, submitted `submissionsPerRound` times at the same moment (the requests
 * start in one tick); waits for every answer (the form answers when its execution ended), then reads what TYLT
 * holds for the order. Collects every round, so the report gives the rate, not only the first failure.
 */
export async function concurrentSubmissionDrill(
	form: ActivePayoutForm,
	options: {
		submissionsPerRound: number;
		/** What TYLT holds now (the sandbox). */
		payouts: () => Promise<PayoutRecord[]>;
		rounds?: number;
		order?: Omit<PayoutFormRequest, 'orderNumber'>;
	},
): Promise<DrillReport> {
	const { rounds: roundCount = DRILL.rounds, order = DRILL.order } = options;
	const rounds: DrillRound[] = [];
	const runTag = randomUUID().slice(0, 8);
	for (let round = 1; round <= roundCount; round++) {
		const orderNumber = `ORD-${runTag}-${options.submissionsPerRound}x-${round}`;
		const request: PayoutFormRequest = { ...order, orderNumber };
		const started = Date.now();
		const answers = await Promise.all(
			Array.from({ length: options.submissionsPerRound }, async () => {
				try {
					const answer = await submitForm(
						form.url,
						form.workflow,
						{ ...request },
						form.login,
						SUBMISSION_TIMEOUT_MS,
					);
					return answer.status;
				} catch (error) {
					if ((error as Error).name === 'TimeoutError') return NO_ANSWER;
					throw error;
				}
			}),
		);
		const ms = Date.now() - started;
		rounds.push({
			orderNumber,
			answers,
			payouts: payoutsFor(await options.payouts(), orderNumber),
			ms,
		});
	}
	const paidTwice = rounds.filter((round) => round.payouts.length > 1);
	const extraPayouts = paidTwice.reduce((sum, round) => sum + round.payouts.length - 1, 0);
	const averageMs = Math.round(rounds.reduce((sum, round) => sum + round.ms, 0) / rounds.length);
	return {
		submissionsPerRound: options.submissionsPerRound,
		rounds,
		paidTwice,
		extraPayouts,
		summary:
			`${paidTwice.length} of ${rounds.length} rounds paid more than once (${extraPayouts} extra payouts); ` +
			`${options.submissionsPerRound} submissions at once, ${averageMs} ms a round`,
	};
}

/** Every submission of every round was answered 200 (the form's answer once its execution ended). */
export function expectEveryAnswer200(report: DrillReport): void {
	expect(report.rounds.map((round) => round.answers)).toEqual(
		report.rounds.map(() => Array(report.submissionsPerRound).fill(200)),
	);
}

/** TYLT holds exactly one payout for every round's order. */
export function expectOnePayoutPerOrder(report: DrillReport): void {
	expect(report.paidTwice.map((round) => round.orderNumber)).toEqual([]);
	expect(report.rounds.map((round) => round.payouts.length)).toEqual(report.rounds.map(() => 1));
}

/** What the executions of one order did, from n8n's stored executions of the form workflow. */
export interface OrderExecutions {
	orderNumber: string;
	statuses: string[];
	/** Executions whose Send payout created a payout (`alreadySent: false`). */
	sent: number;
	/** Executions whose Send payout output an existing payout (`alreadySent: true`). */
	alreadySent: number;
	/** The TYLT order ids the executions output, distinct, sorted. */
	orderIds: string[];
}

/** Groups the executions by the order number the form was submitted with; orders in `orderNumbers`' order. */
export function executionsByOrder(
	executions: Execution[],
	orderNumbers: string[],
): OrderExecutions[] {
	return orderNumbers.map((orderNumber) => {
		const runs = executions.filter(
			(execution) => nodeOutput(execution, 'Payout request form')[0]?.orderNumber === orderNumber,
		);
		const outputs = runs.flatMap((execution) =>
			execution.data?.resultData.runData['Send payout'] ? nodeOutput(execution, 'Send payout') : [],
		);
		return {
			orderNumber,
			statuses: runs.map((execution) => execution.status),
			sent: outputs.filter((item) => item.alreadySent === false).length,
			alreadySent: outputs.filter((item) => item.alreadySent === true).length,
			orderIds: [...new Set(outputs.map((item) => String(item.orderId)))].sort(),
		};
	});
}

/** What every round must show when the order was paid exactly once: the executions' side. */
export function paidOnce(round: DrillRound): OrderExecutions {
	return {
		orderNumber: round.orderNumber,
		statuses: round.answers.map(() => 'success'),
		sent: 1,
		alreadySent: round.answers.length - 1,
		orderIds: round.payouts.map((payout) => payout.orderId),
	};
}

/** How long a Redis claim on an order number lasts: the duplicate guard's default look-back (168 h). */
const REDIS_CLAIM_TTL_SECONDS = 168 * 3600;

/**
 * The queue-mode recipe for several workers: between "Within limit?" and "Send payout", n8n's Redis node
 * increments `tylt-payout:<order number>` (Redis INCR is atomic for every worker on that Redis) and only the
 * submission that got 1 goes on to Send payout; the others end in "Claimed by another submission: not paid".
 * Send payout reads the form's fields from the Form Trigger, since the Redis node outputs only the counter.
 */
export function withRedisClaim(workflow: WorkflowJson, redis: CredentialRef): WorkflowJson {
	const send = examples.node(workflow, 'Send payout');
	const [x, y] = send.position;
	send.position = [x + 480, y];
	for (const [name, value] of Object.entries(send.parameters)) {
		send.parameters[name] = fromFormTrigger(value);
	}
	workflow.nodes.push(
		{
			id: 'c1a1e7a0-6f0d-4a36-9d55-4b8f7e0c1a01',
			name: 'Claim order (Redis)',
			type: 'n8n-nodes-base.redis',
			typeVersion: 1,
			position: [x, y],
			parameters: {
				operation: 'incr',
				key: '=tylt-payout:{{ $json.orderNumber }}',
				expire: true,
				ttl: REDIS_CLAIM_TTL_SECONDS,
			},
			credentials: { redis: { id: redis.id, name: redis.name } },
		},
		{
			id: 'c1a1e7a0-6f0d-4a36-9d55-4b8f7e0c1a02',
			name: 'First claim?',
			type: 'n8n-nodes-base.if',
			typeVersion: 2.2,
			position: [x + 240, y],
			parameters: {
				conditions: {
					options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
					conditions: [
						{
							id: 'c1a1e7a0-6f0d-4a36-9d55-4b8f7e0c1a03',
							leftValue: '={{ Object.values($json)[0] }}',
							rightValue: 1,
							operator: { type: 'number', operation: 'equals' },
						},
					],
					combinator: 'and',
				},
				options: {},
			},
		},
		{
			id: 'c1a1e7a0-6f0d-4a36-9d55-4b8f7e0c1a04',
			name: 'Claimed by another submission: not paid',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [x + 480, y + 200],
			parameters: {},
		},
	);
	const to = (node: string) => [{ node, type: 'main', index: 0 }];
	workflow.connections['Within limit?'].main[0] = to('Claim order (Redis)');
	workflow.connections['Claim order (Redis)'] = { main: [to('First claim?')] };
	workflow.connections['First claim?'] = {
		main: [to('Send payout'), to('Claimed by another submission: not paid')],
	};
	return workflow;
}

/** `$json.x` in an expression (or in the strings of a collection) → the Form Trigger's field x. */
function fromFormTrigger(value: unknown): unknown {
	if (typeof value === 'string') {
		return value.replace(/\$json\./g, () => "$('Payout request form').item.json.");
	}
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value).map(([key, inner]) => [key, fromFormTrigger(inner)]),
		);
	}
	return value;
}
