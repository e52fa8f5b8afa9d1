/// <reference lib="dom" />
/**
 * Payout → Create: names instead of ids, every label in the node's order, the collections' choices, the
 * currency and network dropdowns filled from the sandbox; currency-dropdown.png, network-dropdown.png and
 * payout-create.png.
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

// What the UX guidelines ask the panel to show (dropdowns loaded from TYLT say "Name or ID").
const REQUIRED_LABELS = [
	'Credential',
	'Resource',
	'Operation',
	'Settled Currency Name or ID',
	'Network Name or ID',
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

/** The sandbox's seeded currencies as the dropdowns must offer them. */
const CURRENCIES = SEEDED_CURRENCIES.map((currency) => ({
	name: `${currency.currencyName} (${currency.currencySymbol})`,
	symbol: currency.currencySymbol,
	withdrawable: currency.networks.filter((network) => network.canWithdraw === 1),
	depositOnly: currency.networks.filter((network) => network.canWithdraw !== 1),
})).sort(byName);

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

	// Values shown by name (the stored values are ids: a credential id, "payout", "create", "USDT").
	const settledCurrency = await editor.waitForOptions('settledCurrency');
	const shown = {
		credential: await editor.inputText('[data-test-id="node-credentials-select"]'),
		resource: await editor.inputText('resource'),
		operation: await editor.inputText('operation'),
		settledCurrency,
	};
	const { credential } = stage;
	same(
		shown,
		{
			credential: credential.name,
			resource: 'Payout',
			operation: 'Create',
			settledCurrency: usdt.name,
		},
		`the panel shows names, not ids: credential "${credential.name}", Payout, Create, "${usdt.name}"`,
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
	const loaded = declared.filter((property) => property.typeOptions?.loadOptionsMethod);
	check(
		loaded.length > 0 && loaded.every((property) => / Name or ID$/.test(property.displayName)),
		'every dropdown loaded from TYLT is labelled "… Name or ID"',
		show(loaded.map((property) => property.displayName)),
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
	const currencyList = await editor.openDropdown('settledCurrency');
	const currencyNames = CURRENCIES.map((currency) => currency.name);
	same(
		currencyList.options.map((option) => option.name),
		currencyNames,
		`Settled Currency lists the sandbox's currencies by name: ${currencyNames.join(', ')}`,
	);
	for (const currency of CURRENCIES) {
		const { description } = currencyList.options.find((option) => option.name === currency.name)!;
		const listed = description.replace(/^Pays out on:\s*/, '').split(/,\s*/);
		// Exactly the networks open for withdrawals, by name: a deposit-only one would mislead.
		check(
			/^Pays out on: /.test(description) &&
				show(listed) === show(currency.withdrawable.map((network) => network.networkName)),
			`"${currency.name}" says which networks it pays out on`,
			show(description),
		);
	}
	await editor.restMouse();
	await saveScreenshot('currency-dropdown.png');

	// A network that only takes deposits is never offered (USD Coin on Polygon in the sandbox).
	const depositOnly = CURRENCIES.find((currency) => currency.depositOnly.length > 0);
	if (depositOnly) {
		await editor.chooseOption('settledCurrency', currencyList.listId, depositOnly.name);
		const names = (await editor.openDropdown('networkSymbol')).options.map((option) => option.name);
		check(
			show(names) ===
				show(depositOnly.withdrawable.map(networkName).sort((a, b) => a.localeCompare(b))) &&
				depositOnly.depositOnly.every((network) => !names.includes(networkName(network))),
			`with ${depositOnly.name}, Network omits the deposit-only ${depositOnly.depositOnly.map(networkName).join(', ')}`,
			show(names),
		);
		await editor.closeDropdown();
	}

	const again = await editor.openDropdown('settledCurrency');
	await editor.chooseOption('settledCurrency', again.listId, usdt.name);
	const networkList = await editor.openDropdown('networkSymbol');
	const expectedNetworks = usdt.withdrawable
		.map((network) => ({ name: networkName(network), network }))
		.sort(byName);
	const networkNames = expectedNetworks.map((entry) => entry.name);
	same(
		networkList.options.map((option) => option.name),
		networkNames,
		`with USDT, Network lists its withdrawable networks by name: ${networkNames.join(', ')}`,
	);
	const number = (text: string) => Number(text.replace(/[,\s]/g, ''));
	for (const { name, network } of expectedNetworks) {
		const { description } = networkList.options.find((option) => option.name === name)!;
		const match = /Min\s+([\d.,]+)\s+USDT.*Max\s+([\d.,]+)\s+USDT.*fee\s+([\d.,]+)\s+USDT/i.exec(
			description,
		);
		check(
			match !== null &&
				number(match[1]) === network.minimumWithdrawal &&
				number(match[2]) === network.maximumWithdrawal &&
				number(match[3]) === network.networkFees,
			`"${name}" shows min ${network.minimumWithdrawal}, max ${network.maximumWithdrawal} and fee ${network.networkFees} USDT`,
			show(description),
		);
	}
	await editor.restMouse();
	await saveScreenshot('network-dropdown.png');

	const tron = expectedNetworks.find((entry) => entry.network.networkSymbol === 'TRX')!;
	await editor.chooseOption('networkSymbol', networkList.listId, tron.name);
	await editor.fillParameter('address', SAMPLE_ADDRESS);
	await editor.fillParameter('baseAmount', '25');
	const filled = {
		settledCurrency: await editor.inputText('settledCurrency'),
		networkSymbol: await editor.inputText('networkSymbol'),
	};
	same(
		filled,
		{ settledCurrency: usdt.name, networkSymbol: tron.name },
		`the chosen currency and network show as "${usdt.name}" and "${tron.name}", not USDT and TRX`,
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
