/// <reference lib="dom" />
/**
 * Payout → Create: names instead of ids, every label in the node's order, the collections' choices, the
 * currency and network lists loaded from the sandbox when opened, one line per entry; currency-dropdown.png,
 * network-dropdown.png and payout-create.png.
 */
import path from 'node:path';
import type { INodeProperties, INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { SEEDED_CURRENCIES, type NetworkRecord } from '../../../sandbox';
import { REPO_ROOT } from '../../n8n';
import { show } from './checks';
import {
	PAYOUT_NODE_NAME,
	SAMPLE_ADDRESS,
	STAGE_NODE_VERSION,
	TYLT_NODE,
	type PanelCapture,
} from './stage';

// What the UX guidelines ask the panel to show.
const REQUIRED_LABELS = [
	'Credential',
	'Resource',
	'Operation',
	'Settled Currency',
	'Network',
	'Address',
	'Amount In',
	'Base Amount',
	'Reference',
	'Additional Fields',
	'Options',
];

/**
 * The parameters the built node declares for the given resource and operation (and any other selector's
 * value) in the node version the stage's workflows hold: what n8n shows, in that order (n8n's own
 * displayParameter decides, `@version` included). Payout → Create by default.
 */
export function declaredParameters(
	values: Record<string, string | boolean> = { resource: 'payout', operation: 'create' },
): INodeProperties[] {
	const built = path.join(REPO_ROOT, 'dist', 'nodes', 'Tylt', 'Tylt.node.js');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { Tylt } = require(built) as { Tylt: new () => INodeType };
	const { description } = new Tylt();
	const node = { typeVersion: STAGE_NODE_VERSION };
	return description.properties.filter(
		(property) =>
			// Only what the values given decide: a parameter shown for a value not given is left out.
			Object.keys(property.displayOptions?.show ?? {}).every(
				(name) => name === '@version' || name in values,
			) && NodeHelpers.displayParameter(values, property, node, description),
	);
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
const networkName = (network: NetworkRecord) => `${network.networkName} (${network.networkSymbol})`;

/** The sandbox's seeded currencies as the lists must offer them: one line each, with where it pays out. */
const CURRENCIES = SEEDED_CURRENCIES.map((currency) => {
	const withdrawable = currency.networks.filter((network) => network.canWithdraw === 1);
	const name = `${currency.currencyName} (${currency.currencySymbol})`;
	return {
		name,
		line: `${name} — ${withdrawable.map((network) => network.networkSymbol).join(', ')}`,
		symbol: currency.currencySymbol,
		withdrawable,
		depositOnly: currency.networks.filter((network) => network.canWithdraw !== 1),
	};
}).sort(byName);

export async function payoutPanel({
	editor,
	stage,
	checks,
	saveScreenshot,
}: PanelCapture): Promise<void> {
	const { check, same } = checks;
	const usdt = CURRENCIES.find((currency) => currency.symbol === 'USDT')!;
	await editor.openNodePanel(stage.payoutWorkflowId, TYLT_NODE);
	const title = await editor.textOf('[data-test-id="node-title-container"]');
	check(
		title === PAYOUT_NODE_NAME,
		'double-clicking the TYLT node on the canvas opens its panel',
		title,
	);

	// Values shown by name (the stored values are ids: a credential id, "payout", "create").
	const shown = {
		credential: await editor.inputText('[data-test-id="node-credentials-select"]'),
		resource: await editor.inputText('resource'),
		operation: await editor.inputText('operation'),
	};
	const { credential } = stage;
	same(
		shown,
		{ credential: credential.name, resource: 'Payout', operation: 'Create' },
		`the panel shows names, not ids: credential "${credential.name}", Payout, Create`,
	);
	check(
		!(await editor.textOf('[data-test-id="ndv"]')).includes(credential.id),
		`the credential id ${credential.id} appears nowhere in the panel`,
	);

	const labels = await editor.visibleLabels();
	const allLabels = [await editor.textOf('[data-test-id="credentials-label"]'), ...labels];
	const missing = REQUIRED_LABELS.filter((label) => !allLabels.includes(label));
	check(
		missing.length === 0,
		`the panel has the labels ${REQUIRED_LABELS.map((label) => `"${label}"`).join(', ')}`,
		`missing ${show(missing)} in ${show(allLabels)}`,
	);
	const declared = declaredParameters();
	same(
		labels,
		// A notice has no label: its text is the displayName.
		declared
			.filter((property) => property.type !== 'notice')
			.map((property) => property.displayName),
		"the panel shows Payout → Create's parameters in the node's order, each with its displayName",
	);
	// A dropdown loads when the panel mounts, which can be before the node has its credential.
	const lists = declared.filter((property) => property.type === 'resourceLocator');
	check(
		declared.every((property) => !property.typeOptions?.loadOptionsMethod) &&
			show(lists.map((list) => list.name)) === show(['settledCurrency', 'networkSymbol']),
		'nothing loads from TYLT when the panel opens: Settled Currency and Network are lists loaded when opened',
		show(declared.map((property) => `${property.name}: ${property.type}`)),
	);
	for (const collection of declared.filter((property) => property.type === 'collection')) {
		// The Options list opened: what a user decides first, the AI agent's cap last.
		const choices = await editor.collectionChoices(
			collection.name,
			collection.name === 'options'
				? async () => await saveScreenshot('payout-create-options.png')
				: undefined,
		);
		// Add lists what n8n's displayParameter shows for a collection with nothing set yet.
		const expected = (collection.options as INodeProperties[])
			.filter((option) =>
				NodeHelpers.displayParameter({}, option, { typeVersion: STAGE_NODE_VERSION }, null),
			)
			.map((option) => option.displayName);
		same(choices, expected, `"${collection.displayName}" offers ${show(expected)}`);
	}

	await editor.restMouse();
	const currencyList = await editor.openList('settledCurrency');
	same(
		currencyList,
		{ entries: CURRENCIES.map((currency) => currency.line) },
		'Settled Currency lists the sandbox’s currencies on the first try, each on one line with the networks it pays out on (never a deposit-only one)',
	);
	await editor.restMouse();
	await saveScreenshot('currency-dropdown.png');

	// A network that only takes deposits is never offered (USD Coin on Polygon in the sandbox).
	const depositOnly = CURRENCIES.find((currency) => currency.depositOnly.length > 0);
	if (depositOnly) {
		await editor.chooseListEntry('settledCurrency', depositOnly.line);
		const { entries } = await editor.openList('networkSymbol');
		const names = entries.map((entry) => entry.split(' — ')[0]);
		check(
			show(names) ===
				show(depositOnly.withdrawable.map(networkName).sort((a, b) => a.localeCompare(b))) &&
				depositOnly.depositOnly.every((network) => !names.includes(networkName(network))),
			`with ${depositOnly.name}, Network omits the deposit-only ${depositOnly.depositOnly.map(networkName).join(', ')}`,
			show(entries),
		);
		await editor.closeDropdown();
	}

	await editor.openList('settledCurrency');
	await editor.chooseListEntry('settledCurrency', usdt.line);
	const networkList = await editor.openList('networkSymbol');
	const expectedNetworks = usdt.withdrawable
		.map((network) => ({ name: networkName(network), network }))
		.sort(byName);
	same(
		networkList.entries.map((entry) => entry.split(' — ')[0]),
		expectedNetworks.map((entry) => entry.name),
		`with USDT, Network lists its withdrawable networks: ${expectedNetworks.map((entry) => entry.name).join(', ')}`,
	);
	const number = (text: string) => Number(text.replace(/[,\s]/g, ''));
	for (const { name, network } of expectedNetworks) {
		const line = networkList.entries.find((entry) => entry.startsWith(`${name} — `)) ?? '';
		const match = /min\s+([\d.,]+)\s+·\s+max\s+([\d.,]+)\s+·\s+fee\s+([\d.,]+)\s+USDT$/.exec(line);
		check(
			match !== null &&
				number(match[1]) === network.minimumWithdrawal &&
				number(match[2]) === network.maximumWithdrawal &&
				number(match[3]) === network.networkFees,
			`"${name}" shows min ${network.minimumWithdrawal}, max ${network.maximumWithdrawal} and fee ${network.networkFees} USDT on its line`,
			show(line),
		);
	}
	await editor.restMouse();
	await saveScreenshot('network-dropdown.png');

	const tronLine = networkList.entries.find((entry) => entry.startsWith('Tron (TRX) — '))!;
	await editor.chooseListEntry('networkSymbol', tronLine);
	await editor.fillParameter('address', SAMPLE_ADDRESS);
	await editor.fillParameter('baseAmount', '25');
	const filled = {
		settledCurrency: await editor.listText('settledCurrency'),
		networkSymbol: await editor.listText('networkSymbol'),
	};
	same(
		filled,
		{ settledCurrency: usdt.line, networkSymbol: tronLine },
		`the chosen currency and network show by name, not as USDT and TRX`,
	);
	const issues = await editor.page.$$eval(
		'[data-test-id="ndv"] [data-test-id="parameter-issues"]',
		(elements) =>
			(elements as HTMLElement[]).filter((element) => element.offsetParent !== null).length,
	);
	check(
		issues === 0,
		'with currency, network, address and amount set the panel flags no issue',
		issues,
	);
	await editor.restMouse();
	await saveScreenshot('payout-create.png');
}
