/**
 * examples/payout-on-form.json, active in a real n8n (regular or queue mode), and the drill of issue #10:
 * one order number submitted several times at the same moment, round after round, each round a new order.
 */
import { randomUUID } from 'node:crypto';

import type { PayoutRecord } from '../../test/sandbox';
import { examples } from './examples';
import { submitForm, type Login } from './form';
import { nodeOutput, type Execution, type N8nClient, type StoredWorkflow } from './n8n';

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
	options: { formBaseUrl: string; tylt: CredentialRef; login: CredentialRef & Login },
): Promise<ActivePayoutForm> {
	const workflow = examples.useCredential(
		examples.useCredential(examples.load('payoutOnForm'), options.tylt),
		options.login,
		'httpBasicAuth',
	);
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

/** The sandbox payouts that carry `reference` (as merchantOrderId or as `[ref:…]` in the comments). */
export function payoutsFor(payouts: PayoutRecord[], reference: string): PayoutRecord[] {
	return payouts.filter(
		(payout) =>
			payout.merchantOrderId === reference || payout.comments.includes(`[ref:${reference}]`),
	);
}

export interface DrillRound {
	orderNumber: string;
	/** Every submission's HTTP answer, in the order they were sent. */
	answers: number[];
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
		rounds: number;
		order: Omit<PayoutFormRequest, 'orderNumber'>;
		/** What TYLT holds now (the sandbox). */
		payouts: () => Promise<PayoutRecord[]>;
	},
): Promise<DrillReport> {
	const rounds: DrillRound[] = [];
	const runTag = randomUUID().slice(0, 8);
	for (let round = 1; round <= options.rounds; round++) {
		const orderNumber = `ORD-${runTag}-${options.submissionsPerRound}x-${round}`;
		const request: PayoutFormRequest = { ...options.order, orderNumber };
		const started = Date.now();
		const answers = await Promise.all(
			Array.from(
				{ length: options.submissionsPerRound },
				async () => (await submitForm(form.url, form.workflow, { ...request }, form.login)).status,
			),
		);
		const ms = Date.now() - started;
		rounds.push({ orderNumber, answers, payouts: payoutsFor(await options.payouts(), orderNumber), ms });
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
