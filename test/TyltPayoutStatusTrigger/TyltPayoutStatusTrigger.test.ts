import { TyltPayoutStatusTrigger } from '../../nodes/TyltPayoutStatusTrigger/TyltPayoutStatusTrigger.node';
import codex from '../../nodes/TyltPayoutStatusTrigger/TyltPayoutStatusTrigger.node.json';
import { TyltTrigger } from '../../nodes/TyltTrigger/TyltTrigger.node';

const { description } = new TyltPayoutStatusTrigger();

describe('TYLT Payout Status Trigger description', () => {
	it('is a polling trigger of its own type, named as users search for it', () => {
		expect(description).toMatchObject({
			displayName: 'TYLT Payout Status Trigger',
			name: 'tyltPayoutStatusTrigger',
			group: ['trigger'],
			polling: true,
			inputs: [],
			credentials: [{ name: 'tyltApi', required: true }],
		});
		expect(description.webhooks).toBeUndefined();
		expect(codex.node).toBe('n8n-nodes-tylt.tyltPayoutStatusTrigger');
	});

	it('offers the filters of the TYLT Trigger, with the same parameter names', () => {
		const webhookProperties = new TyltTrigger().description.properties;
		for (const name of ['statuses', 'finalOnly']) {
			const polling = description.properties.find((property) => property.name === name)!;
			const webhook = webhookProperties.find((property) => property.name === name)!;
			expect({ ...polling, options: undefined }).toEqual({ ...webhook, options: undefined });
		}
		const optionNames = (properties: typeof webhookProperties) =>
			(
				properties.find((property) => property.name === 'options')!.options as Array<{
					name: string;
				}>
			).map((option) => option.name);
		expect(optionNames(description.properties)).toEqual(
			expect.arrayContaining(['otherStatuses', 'includeNewPayouts', 'maxAgeHours']),
		);
		expect(optionNames(webhookProperties)).toContain('otherStatuses');
	});
});

describe('examples/payout-settled-polling.json', () => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const examples = require('../../examples/index.js') as {
		load(name: string): {
			nodes: Array<{ name: string; type: string; parameters: Record<string, unknown> }>;
			connections: unknown;
		};
	};

	it('is examples/payout-settled.json with the polling trigger: the same nodes after it, the same filters', () => {
		const webhook = examples.load('payoutSettled');
		const polling = examples.load('payoutSettledPolling');
		const after = (workflow: typeof webhook) =>
			workflow.nodes.filter(
				(node) => !/Trigger$/i.test(node.type) && node.type !== 'n8n-nodes-base.stickyNote',
			);
		expect(after(polling)).toEqual(after(webhook));
		expect(polling.connections).toEqual(webhook.connections);
		const trigger = (workflow: typeof webhook) =>
			workflow.nodes.find((node) => node.name === 'Payout settled')!;
		expect(trigger(polling).type).toBe('n8n-nodes-tylt.tyltPayoutStatusTrigger');
		expect(trigger(polling).parameters).toMatchObject({
			statuses: trigger(webhook).parameters.statuses,
			finalOnly: trigger(webhook).parameters.finalOnly,
		});
	});
});
