/**
 * What n8n's AI Workflow Builder is told about the TYLT nodes (builderHint, read by n8n 2.x, ignored by older
 * n8n): a workflow it writes sets Reference to each payment's own ID, keeps the duplicate guard, puts a TYLT
 * Trigger's Production URL in Callback URL, and knows which nodes belong together. The hints are plain data:
 * the description still serializes as n8n sends it to the editor, and n8n-workflow reads a builder-written
 * payout as it reads any other.
 */
import type { INode, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Tylt } from '../../nodes/Tylt/Tylt.node';
import { TyltPayoutStatusTrigger } from '../../nodes/TyltPayoutStatusTrigger/TyltPayoutStatusTrigger.node';
import { TyltTrigger } from '../../nodes/TyltTrigger/TyltTrigger.node';
import { descriptionAtVersion } from '../support/panel';

const tylt = new Tylt().description;
const trigger = new TyltTrigger().description;
const polling = new TyltPayoutStatusTrigger().description;
const PACKAGE_NODES = [tylt, trigger, polling].map(({ name }) => `n8n-nodes-tylt.${name}`);

/** Payout → Create's parameter `name` on the panel a new node gets, at the top or under a collection. */
function createParameter(name: string): INodeProperties {
	const isCreate = (property: INodeProperties) =>
		property.displayOptions?.show?.operation?.includes('create');
	for (const property of descriptionAtVersion(tylt.properties, tylt.defaultVersion!).filter(
		isCreate,
	)) {
		if (property.name === name) return property;
		const inside = ((property.options ?? []) as INodeProperties[]).find(
			(option) => option.name === name,
		);
		if (inside) return inside;
	}
	throw new Error(`No Create parameter ${name} on a new node`);
}
const hintOf = (name: string) => createParameter(name).builderHint?.propertyHint ?? '';

describe('Payout → Create', () => {
	it('asks for Reference as an expression giving each payment its own ID, never a constant', () => {
		expect(hintOf('reference')).toMatch(/expression/);
		expect(hintOf('reference')).toMatch(/payment’s own ID/);
		expect(hintOf('reference')).toMatch(/never a constant/);
	});

	it('keeps the duplicate guard on', () => {
		expect(hintOf('duplicateGuard')).toMatch(/^Keep true/);
	});

	it('puts a TYLT Trigger’s Production URL in Callback URL, never its Test URL', () => {
		expect(hintOf('callBackUrl')).toMatch(/Production URL of a TYLT Trigger/);
		expect(hintOf('callBackUrl')).toMatch(/never its Test URL/);
	});

	it('lets no AI agent pay unless the user asks', () => {
		expect(hintOf('agentMaxAmount')).toMatch(/^Leave empty unless the user explicitly asks/);
		expect(hintOf('agentMaxAmount')).toMatch(/with its currency, such as USDT 100/);
	});
});

describe.each([
	['TYLT', tylt, ['tyltTrigger', 'tyltPayoutStatusTrigger']],
	['TYLT Trigger', trigger, ['tylt', 'tyltPayoutStatusTrigger']],
	['TYLT Payout Status Trigger', polling, ['tylt', 'tyltTrigger']],
])('%s', (_name, description: INodeTypeDescription, related) => {
	it('says what it is for and names the package’s other nodes as related', () => {
		expect(description.builderHint?.searchHint).toEqual(expect.any(String));
		const nodeTypes = description.builderHint?.relatedNodes?.map((node) => node.nodeType);
		expect(nodeTypes).toEqual(related.map((name) => `n8n-nodes-tylt.${name}`));
		expect(nodeTypes?.every((nodeType) => PACKAGE_NODES.includes(nodeType))).toBe(true);
	});

	it('is plain data that n8n sends to the editor as it is', () => {
		const sent = JSON.parse(JSON.stringify(description)) as INodeTypeDescription;
		expect(sent.builderHint).toEqual(description.builderHint);
	});
});

it('tells the TYLT Trigger that it sends nothing and where its Production URL goes', () => {
	expect(trigger.builderHint?.searchHint).toMatch(/it sends nothing/);
	expect(trigger.builderHint?.searchHint).toMatch(/Production URL .* Callback URL/);
});

it('a payout as the builder is told to write it passes n8n-workflow’s parameter checks', () => {
	const parameters = {
		resource: 'payout',
		operation: 'create',
		settledCurrency: 'USDT',
		networkSymbol: 'TRX',
		address: '={{ $json.wallet }}',
		baseAmount: '={{ $json.amount }}',
		reference: '={{ $json.invoiceNumber }}',
		additionalFields: { callBackUrl: 'https://n8n.example.com/webhook/abc/webhook' },
		options: { duplicateGuard: true },
	};
	const node = { typeVersion: 3, parameters } as unknown as INode;
	const resolved = NodeHelpers.getNodeParameters(
		tylt.properties,
		parameters,
		true,
		false,
		node,
		tylt,
	);
	expect(resolved).toMatchObject(parameters);
	expect(
		NodeHelpers.getNodeParametersIssues(tylt.properties, { ...node, parameters: resolved! }, tylt),
	).toBeNull();
});
