/**
 * The TYLT Payout Status Trigger inside n8n-core's own PollContext, driven the way n8n drives an active polling
 * workflow (n8n 2.41, trigger-execution-context.factory.ts + poll-trigger-executor.ts):
 * - one workflow object and one poll context for as long as the workflow stays active: its static data lives in
 *   memory between polls;
 * - the static data reaches the database only when a poll emits (and once after activation), so `restart()`
 *   starts over from what was saved then, as an n8n restart does;
 * - the first poll runs at activation; an error there fails the activation, an error in a scheduled poll is
 *   recorded and the schedule goes on.
 * Only the credential store is replaced, by one that returns the test's credential data.
 */
import { PollContext } from 'n8n-core';
import type {
	IDataObject,
	INodeExecutionData,
	INodeParameters,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { TyltPayoutStatusTrigger } from '../../nodes/TyltPayoutStatusTrigger/TyltPayoutStatusTrigger.node';
import type { TyltCredentialData } from './n8nContext';
import { additionalData } from './n8nContext';
import { onlyNodeType, workflowNode } from './workflowNode';

const pollTriggerType = new TyltPayoutStatusTrigger();

const NODE_NAME = workflowNode('tyltPayoutStatusTrigger').name;

export class PollingWorkflow {
	/** Every run the trigger started, oldest first: the items of each. */
	readonly runs: IDataObject[][] = [];

	/** What n8n's database holds for the workflow's static data. */
	private saved: IDataObject = {};

	private workflow!: Workflow;

	private context!: PollContext;

	constructor(
		private readonly parameters: INodeParameters,
		private readonly credentials: TyltCredentialData,
	) {
		this.load();
	}

	/** The run items of every run so far, flattened. */
	get emitted(): IDataObject[] {
		return this.runs.flat();
	}

	/** The static data as n8n would save it now (for size checks). */
	get staticData(): IDataObject {
		return JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject;
	}

	/** The trigger's own part of the static data (undefined before a poll stored any). */
	get nodeStaticData(): IDataObject | undefined {
		return this.staticData[`node:${NODE_NAME}`] as IDataObject | undefined;
	}

	/** Activation: the first poll runs at once; it throws when the poll throws (n8n then fails the activation). */
	async activate(): Promise<IDataObject[] | null> {
		const items = await this.runPoll();
		this.save();
		return items;
	}

	/** One scheduled poll. Rethrows the poll's error, which n8n would record as a failed execution. */
	async poll(): Promise<IDataObject[] | null> {
		return await this.runPoll();
	}

	/** n8n stopped and started on the same database: memory is gone, the saved static data is loaded. */
	async restart(): Promise<IDataObject[] | null> {
		this.load();
		return await this.activate();
	}

	/** The editor's Fetch Test Event: the poll in manual mode, on a workflow of its own. */
	async fetchTestEvent(): Promise<IDataObject[] | null> {
		const workflow = buildWorkflow(this.parameters, JSON.parse(JSON.stringify(this.saved)));
		const context = buildContext(workflow, this.credentials, 'manual', () => {
			throw new Error('A manual poll never emits');
		});
		const output = await pollTriggerType.poll.call(context);
		return output === null ? null : output[0].map((item) => item.json);
	}

	private async runPoll(): Promise<IDataObject[] | null> {
		const output = await pollTriggerType.poll.call(this.context);
		if (output === null) return null;
		this.context.__emit(output);
		return output[0].map((item) => item.json);
	}

	private save(): void {
		this.saved = JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject;
	}

	private load(): void {
		this.workflow = buildWorkflow(this.parameters, JSON.parse(JSON.stringify(this.saved)));
		this.context = buildContext(this.workflow, this.credentials, 'trigger', (data) => {
			// n8n saves the static data, then starts the run.
			this.save();
			this.runs.push(data[0].map((item) => item.json));
		});
	}
}

function buildWorkflow(parameters: INodeParameters, staticData: IDataObject): Workflow {
	const node = workflowNode('tyltPayoutStatusTrigger', {
		pollTimes: { item: [{ mode: 'everyMinute' }] },
		...parameters,
	});
	return new Workflow({
		id: 'poll-workflow',
		name: 'TYLT payout status',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: onlyNodeType(pollTriggerType),
		staticData,
		settings: { executionOrder: 'v1' },
	});
}

function buildContext(
	workflow: Workflow,
	credentials: TyltCredentialData,
	mode: WorkflowExecuteMode,
	emit: (data: INodeExecutionData[][]) => void,
): PollContext {
	return new PollContext(
		workflow,
		workflow.getNode(NODE_NAME)!,
		additionalData(credentials),
		mode,
		'activate',
		emit,
		(error: Error) => {
			throw error;
		},
	);
}
