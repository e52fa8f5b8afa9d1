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
