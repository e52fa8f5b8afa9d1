/**
 * What n8n's node search shows for the package. The editor lists a trigger and the action node whose name it
 * is minus "Trigger" as one entry, under the action node's name and with the trigger's description
 * (generateMergedNodesAndActions in n8n's editor, 1.x and 2.x); a trigger without such an action node is an
 * entry of its own. So TYLT Trigger's description is what a user reads for "TYLT": it must say what the TYLT
 * node does first, and the codex's aliases must find it.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { INodeTypeDescription } from 'n8n-workflow';

import { Tylt } from '../../nodes/Tylt/Tylt.node';
import { TyltPayoutStatusTrigger } from '../../nodes/TyltPayoutStatusTrigger/TyltPayoutStatusTrigger.node';
import { TyltTrigger } from '../../nodes/TyltTrigger/TyltTrigger.node';

interface SearchEntry {
	name: string;
	displayName: string;
	description: string;
}

/** The node search's entries, merged as n8n's editor merges them. */
function searchEntries(nodes: INodeTypeDescription[]): SearchEntry[] {
	const isTrigger = (node: INodeTypeDescription) => node.group.includes('trigger');
	const entries: SearchEntry[] = nodes
		.filter((node) => !isTrigger(node))
		.map(({ name, displayName, description }) => ({ name, displayName, description }));
	for (const trigger of nodes.filter(isTrigger)) {
		const app = entries.find((entry) => entry.name === trigger.name.replace('Trigger', ''));
		if (app) app.description = trigger.description;
		else entries.push({ ...trigger, description: trigger.description });
	}
	return entries;
}

const PACKAGE = 'n8n-nodes-tylt';
const nodes = [new Tylt(), new TyltTrigger(), new TyltPayoutStatusTrigger()].map(
	({ description }) => ({ ...description, name: `${PACKAGE}.${description.name}` }),
);
const entry = (displayName: string) =>
	searchEntries(nodes).find((candidate) => candidate.displayName === displayName)!;

it('lists two entries: TYLT (the action node and TYLT Trigger) and TYLT Payout Status Trigger', () => {
	expect(searchEntries(nodes).map((candidate) => candidate.displayName)).toEqual([
		'TYLT',
		'TYLT Payout Status Trigger',
	]);
});

it('describes the TYLT entry by what the TYLT node does first, then by its trigger', () => {
	const { description } = entry('TYLT');
	expect(description).toMatch(/^Send crypto payouts and read balances and history/);
	expect(description).toMatch(/callbacks/);
	expect(description).not.toMatch(/^Starts the workflow/);
});

it('describes the polling trigger by its own description', () => {
	expect(entry('TYLT Payout Status Trigger').description).toBe(
		new TyltPayoutStatusTrigger().description.description,
	);
	expect(entry('TYLT Payout Status Trigger').description).toMatch(/polling payout history/);
});

it('keeps the TYLT node’s own description for where n8n shows it alone (AI agent tools, the workflow builder)', () => {
	expect(new Tylt().description.description).toMatch(/^Send crypto payouts/);
	expect(new Tylt().description.description).not.toMatch(/callback/);
});

it.each([
	['Tylt/Tylt.node.json', 'tylt'],
	['TyltTrigger/TyltTrigger.node.json', 'tyltTrigger'],
	['TyltPayoutStatusTrigger/TyltPayoutStatusTrigger.node.json', 'tyltPayoutStatusTrigger'],
])('%s names its own node and gives search words', (file, name) => {
	const codex = JSON.parse(fs.readFileSync(path.join(__dirname, '../../nodes', file), 'utf8')) as {
		node: string;
		alias?: string[];
	};
	expect(codex.node).toBe(`${PACKAGE}.${name}`);
	expect(codex.alias).toEqual(expect.arrayContaining(['crypto', 'payout', 'usdt']));
});
