/**
 * The TYLT nodes in examples/*.json are what a user imports first: each TYLT action node is on the version new
 * nodes get, with only parameters that version's panel shows (a version-1 name would be dropped by n8n or open
 * the old panel), and a form ending tells the person who submitted about their order, never n8n's item indexes.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import examples from '../../examples';
import { invalidFieldError } from '../../nodes/Tylt/helpers/fieldError';
import { Tylt } from '../../nodes/Tylt/Tylt.node';
import { workflowNode } from '../../tools/harness/workflowNode';

const { description } = new Tylt();
const names = Object.keys(examples.FILES) as Array<keyof typeof examples.FILES>;
const tyltNodes = names.flatMap((name) =>
	examples
		.load(name)
		.nodes.filter((node) => node.type === 'n8n-nodes-tylt.tylt')
		.map((node) => [`${examples.FILES[name]}: ${node.name}`, node] as const),
);

it('has TYLT action nodes to check', () => {
	expect(tyltNodes.length).toBeGreaterThanOrEqual(10);
});

describe.each(tyltNodes)('%s', (_where, node) => {
	it('is on the version new TYLT nodes get', () => {
		expect(node.typeVersion).toBe(description.defaultVersion);
	});

	it('sets only parameters that version’s panel shows, each option one its collection offers', () => {
		const parameters = node.parameters as INodeParameters;
		const at = { typeVersion: node.typeVersion };
		const values = NodeHelpers.getNodeParameters(
			description.properties,
			parameters,
			true,
			false,
			at,
			description,
		)!;
		const shown = description.properties.filter((property) =>
			NodeHelpers.displayParameter(values, property, at, description),
		);
		const unknown: string[] = [];
		for (const [name, value] of Object.entries(parameters)) {
			const property = shown.find((candidate) => candidate.name === name);
			if (!property) {
				unknown.push(name);
				continue;
			}
			if (property.type !== 'collection') continue;
			const options = (property.options ?? []) as INodeProperties[];
			for (const option of Object.keys(value as object)) {
				if (!options.some((candidate) => candidate.name === option)) {
					unknown.push(`${name}.${option}`);
				}
			}
		}
		expect(unknown).toEqual([]);
	});

	it('writes each list field as n8n saves one: a mode the field has, and a symbol or an expression', () => {
		const parameters = node.parameters as INodeParameters;
		const lists = description.properties.filter(
			(property) =>
				property.type === 'resourceLocator' &&
				property.name in parameters &&
				NodeHelpers.displayParameter(parameters, property, node, description),
		);
		for (const list of lists) {
			const saved = parameters[list.name] as { __rl?: unknown; mode?: unknown; value?: unknown };
			expect(saved).toEqual({ __rl: true, mode: expect.any(String), value: expect.any(String) });
			expect(list.modes!.map((mode) => mode.name)).toContain(saved.mode);
			// An expression goes By Symbol: From List would show it as an entry the list does not have.
			expect(saved.mode === 'id').toBe(String(saved.value).startsWith('='));
		}
	});
});

describe('form endings', () => {
	const endings = names.flatMap((name) =>
		examples
			.load(name)
			.nodes.filter((node) => node.type === 'n8n-nodes-base.form')
			.map((node) => String((node.parameters as INodeParameters).completionMessage ?? '')),
	);
	const withError = endings.filter((message) => message.includes('$json.error'));
	// The expression each ending uses on the node's error: `$json.error.replace(<regex>, '')`.
	const stripping = /\$json\.error\.replace\(\/(.+?)\/g, ''\)/;

	it('show the node’s error only through the one expression that takes item indexes out', () => {
		expect(withError.length).toBeGreaterThanOrEqual(4);
		for (const message of withError) {
			expect(message.match(/\$json\.error/g)).toHaveLength(1);
			expect(message).toMatch(stripping);
		}
	});

	it.each([
		[
			'a bad field',
			invalidFieldError(workflowNode('tylt'), {
				label: 'Address',
				value: '0x52908400098527886E0F7030069857D2E4169EE7',
				reason: 'it is an address for another network (such as ETH, ERC20, BSC), not for TRX',
				itemIndex: 0,
			}).message,
		],
		[
			'a payout the spending limits refuse',
			"The payout of item 0 was not sent: the TYLT API credential's spending limits refuse it: over 500 USDT",
		],
		[
			'a reference in doubt',
			'Reference "ORD-1" of item 0 is in doubt: an earlier create of it had an unknown outcome',
		],
	])('turn %s into words about the order only', (_case, message) => {
		const source = stripping.exec(withError[0])![1];
		const shown = message.replace(new RegExp(source, 'g'), '');
		expect(shown).not.toMatch(/\bitem \d/);
		expect(shown.length).toBeGreaterThan(20);
	});
});
