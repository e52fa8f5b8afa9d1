/**
 * examples/payout-on-form.json (or payout-on-form-queue-mode.json), active in a real n8n (regular or queue mode), and the drill of issue #10:
 * one order number submitted several times at the same moment, round after round, each round a new order.
 */
import { randomUUID } from 'node:crypto';

import type { PayoutRecord } from '../../sandbox';
import {
	n8nVersion,
	nodeOutput,
	type Execution,
	type N8nClient,
	type StoredWorkflow,
	type WorkflowJson,
} from '../../tools/n8n';
import { referenceOf, type E2eContext } from './context';
import { examples, type ExampleName } from './examples';
import { submitForm, type FormEnding, type Login } from './form';

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
 * The payout form example (examples/payout-on-form.json, or `example`) bound to the TYLT credential, a Basic
 * Auth credential and the store a queue-mode example keeps its claims in (payout-on-form-queue-mode.json: Redis;
 * payout-on-form-daily-limit-queue-mode.json: Postgres), active under a form path of its own; resolves once
 * `formBaseUrl` (the regular n8n, or queue mode's webhook processor) serves its production form.
 */
export async function activatePayoutForm(
	n8n: N8nClient,
	options: {
		formBaseUrl: string;
		tylt: CredentialRef;
		login: CredentialRef & Login;
		/** Default 'payoutOnForm'. */
		example?: Extract<
			ExampleName,
			'payoutOnForm' | 'payoutOnFormQueueMode' | 'payoutOnFormDailyLimitQueueMode'
		>;
		/** For payoutOnFormQueueMode: the Redis its claim step uses. */
		redis?: CredentialRef;
		/** For payoutOnFormDailyLimitQueueMode: the PostgreSQL its reservations live in. */
		postgres?: CredentialRef;
		/** Changes the test's copy of the example before it is stored. */
		adjust?: (workflow: WorkflowJson) => void;
	},
): Promise<ActivePayoutForm> {
	const example = options.example ?? 'payoutOnForm';
	const workflow = examples.useCredential(
		examples.useCredential(examples.load(example), options.tylt),
		options.login,
		'httpBasicAuth',
	);
	if (example === 'payoutOnFormQueueMode') {
		if (!options.redis) throw new Error(`The ${example} example needs options.redis`);
		examples.useCredential(workflow, options.redis, 'redis');
	}
	if (example === 'payoutOnFormDailyLimitQueueMode') {
		if (!options.postgres) throw new Error(`The ${example} example needs options.postgres`);
		examples.useCredential(workflow, options.postgres, 'postgres');
	}
	options.adjust?.(workflow);
	if (n8nVersion().startsWith('1.')) formTriggerForN8n1(workflow);
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

/**
 * n8n 1.x knows the Form Trigger up to version 2.3 (1.123) or 2.2 (1.100), which name each submitted value by
 * its field's label; the examples use 2.5 (n8n 2.x), which names it by the field name. On 1.x (`npm run
 * test:e2e:compat`) the suite runs the form with version 2.2 and each label set to its field name, so every
 * node after it reads the same fields as on 2.x.
 */
function formTriggerForN8n1(workflow: WorkflowJson): void {
	for (const node of workflow.nodes.filter((each) => each.type === 'n8n-nodes-base.formTrigger')) {
		node.typeVersion = Math.min(node.typeVersion, 2.2);
		for (const field of node.parameters.formFields.values as Array<Record<string, string>>) {
			field.fieldLabel = field.fieldName;
		}
	}
}

/** The sandbox payouts that carry `reference` (in the comments' tag, or as merchantOrderId). */
function payoutsFor(payouts: PayoutRecord[], reference: string): PayoutRecord[] {
	return payouts.filter(
		(payout) => referenceOf(payout) === reference || payout.merchantOrderId === reference,
	);
}

/**
 * The payout form of the e2e suite's n8n, activated behind a basic-auth login of its own (stored as a credential
 * named `credentialName`): what a file that submits the form sets up once, in its beforeAll.
 */
export async function openPayoutForm(
	e2e: E2eContext,
	login: Login,
	credentialName: string,
): Promise<ActivePayoutForm> {
	const stored = await e2e.n8n.createCredential({
		name: credentialName,
		type: 'httpBasicAuth',
		data: { ...login },
	});
	return await activatePayoutForm(e2e.n8n, {
		formBaseUrl: e2e.state.n8n.url,
		tylt: e2e.state.credential,
		login: { ...stored, ...login },
	});
}

/** A submission whose ending did not come within SUBMISSION_TIMEOUT_MS. */
export const NO_ANSWER = 'no answer';
/**
 * Many times a submission's few seconds (to its ending, which then resumes the execution once more) on a busy
 * machine: a submission whose ending did not come by then never gets one.
 */
export const SUBMISSION_TIMEOUT_MS = 30000;

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
	/** The title of the form ending each submitter saw (or NO_ANSWER), sorted; see drillEnding. */
	endings: string[];
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
		const submissions = await Promise.all(
			Array.from({ length: options.submissionsPerRound }, async () => {
				try {
					const answer = await submitForm(
						form.url,
						form.workflow,
						{ ...request },
						form.login,
						SUBMISSION_TIMEOUT_MS,
					);
					return { status: answer.status, ending: drillEnding(answer.ending) };
				} catch (error) {
					if ((error as Error).name === 'TimeoutError') {
						return { status: NO_ANSWER, ending: NO_ANSWER } as const;
					}
					throw error;
				}
			}),
		);
		const ms = Date.now() - started;
		rounds.push({
			orderNumber,
			answers: submissions.map((submission) => submission.status),
			endings: submissions.map((submission) => submission.ending).sort(),
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

/** The titles of examples/payout-on-form.json's endings (its Form Ending nodes), as the submitter reads them. */
export const ENDINGS = {
	paid: 'Paid',
	alreadyPaid: 'Already paid',
	inDoubt: 'In doubt: do not submit again',
	refused: 'Not paid',
	overTheLimit: 'Not paid: over the limit',
	/** payout-on-form-queue-mode.json: another submission of the order holds its Redis claim. */
	claimedElsewhere: 'Already submitted',
} as const;

/**
 * An ending as the drill records it: the title of an ending a drill expects (paid, already paid, claimed
 * elsewhere), any other with its message too, so a failed expectation shows what the submitter was told.
 */
function drillEnding(ending: FormEnding | undefined): string {
	if (!ending) return NO_ANSWER;
	const expected: string[] = [ENDINGS.paid, ENDINGS.alreadyPaid, ENDINGS.claimedElsewhere];
	return expected.includes(ending.title) ? ending.title : `${ending.title}: ${ending.message}`;
}

/** Every submission of every round was answered 200 (the form's answer, then its ending page). */
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

/** Every round's submitters saw one "Paid" and, all the others, `others` (sorted as DrillRound.endings). */
export function expectOnePaidEnding(
	report: DrillReport,
	others: string = ENDINGS.alreadyPaid,
): void {
	const oneRound = [ENDINGS.paid, ...Array(report.submissionsPerRound - 1).fill(others)].sort();
	expect(report.rounds.map((round) => round.endings)).toEqual(report.rounds.map(() => oneRound));
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
