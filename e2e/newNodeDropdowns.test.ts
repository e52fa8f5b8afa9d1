/**
 * A new TYLT node in n8n's real editor, as a user meets it: a freshly loaded editor, a new workflow (its trigger
 * only: on an empty canvas the node panel offers triggers), the node
 * added from the node panel with no credential chosen, then its Settled Currency and Network dropdowns, which
 * must list TYLT's currencies and networks on the first try, with no "Error fetching options" on the way.
 * Debian's Chromium drives the editor in a process of its own (tools/ui/newNodeDropdowns.ts); the screenshot of
 * the open Network dropdown is left in the temp folder for a person to look at.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { SEEDED_CURRENCIES } from '../sandbox';
import { REPO_ROOT } from '../tools/n8n';
import {
	NEW_NODE_DROPDOWNS_SCRIPT,
	RESULT_PREFIX,
	type NewNodeJob,
	type NewNodeSeen,
} from '../tools/ui/newNodeDropdowns';
import { useE2e } from './support/context';

const e2e = useE2e();

export const SCREENSHOT = path.join(os.tmpdir(), 'tylt-new-node-dropdowns.png');

async function seeInTheEditor(job: NewNodeJob): Promise<NewNodeSeen> {
	const { stdout, stderr } = await promisify(execFile)(
		process.execPath,
		[
			'--require',
			'ts-node/register/transpile-only',
			NEW_NODE_DROPDOWNS_SCRIPT,
			JSON.stringify(job),
		],
		{ cwd: REPO_ROOT, timeout: 110_000, maxBuffer: 8 * 1024 * 1024 },
	);
	process.stderr.write(stderr);
	const line = stdout.split('\n').find((candidate) => candidate.startsWith(RESULT_PREFIX));
	if (!line) throw new Error(`the editor run printed no result:\n${stdout}\n${stderr}`);
	return JSON.parse(line.slice(RESULT_PREFIX.length)) as NewNodeSeen;
}

describe('a new TYLT node in the editor', () => {
	it('lists TYLT’s currencies and networks on the first try, once the credential is attached', async () => {
		const usdt = SEEDED_CURRENCIES.find((currency) => currency.currencySymbol === 'USDT')!;
		const workflow = await e2e.create({
			name: `New TYLT node ${randomUUID().slice(0, 6)}`,
			nodes: [
				{
					id: randomUUID(),
					name: 'When clicking ‘Execute workflow’',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
			],
			connections: {},
		});

		const seen = await seeInTheEditor({
			n8nUrl: e2e.state.n8n.url,
			workflowId: workflow.id,
			email: e2e.state.n8n.email,
			password: e2e.state.n8n.password,
			credentialName: e2e.state.credential.name,
			currencyOption: `${usdt.currencyName} (USDT)`,
			screenshot: SCREENSHOT,
			scratch: path.join(os.tmpdir(), `tylt-editor-e2e-${process.pid}`),
		});

		// The loads' answers are shown only when an error was seen, to say which call failed and how.
		expect({
			optionErrors: seen.optionErrors,
			loads: seen.optionErrors.length ? seen.loads : [],
		}).toEqual({
			optionErrors: [],
			loads: [],
		});
		expect(seen.currencies.sort()).toEqual(
			SEEDED_CURRENCIES.map(
				(currency) => `${currency.currencyName} (${currency.currencySymbol})`,
			).sort(),
		);
		expect(seen.networks.sort()).toEqual(
			usdt.networks
				.filter((network) => network.canWithdraw === 1)
				.map((network) => `${network.networkName} (${network.networkSymbol})`)
				.sort(),
		);
		// Every request that reached TYLT was signed with the attached credential and answered.
		const requests = await e2e.sandbox.requests();
		expect(requests.length).toBeGreaterThan(0);
		expect(requests.map((request) => [request.endpoint, request.status])).toEqual(
			requests.map(() => ['currencies', 200]),
		);
		console.log(
			`[editor] credential ${seen.attachedByN8n ? 'attached by n8n' : 'attached by hand'}: ${seen.credential}; ` +
				`${seen.loads.length} dropdown loads; screenshot ${SCREENSHOT}`,
		);
	});
});
