#!/usr/bin/env node
'use strict';
/**
 * Smoke check of the provisioned n8n runtime (provisions nothing: run scripts/n8n/provision.sh first).
 *   node scripts/n8n/smoke.js [packageDir]      packageDir defaults to the repo root (needs npm run build)
 * Starts n8n with the package installed as a community package, lists its node and credential types,
 * creates owner + API key + a tyltApi credential, tests that credential against a local stub server, runs a
 * core-only Manual Trigger workflow once, and stops everything. Exit code 0 when all of that worked.
 */
const http = require('node:http');
const path = require('node:path');
const { startN8n, setupOwner, nodeOutput, REPO_ROOT } = require('./n8n.js');

const PACKAGE_PREFIX = 'n8n-nodes-tylt.';

function step(label, started) {
	console.log(`[smoke] ${label}: ${Date.now() - started} ms`);
}

async function startStub() {
	// Answers every request with 200 JSON, like a TYLT endpoint that accepts the credential.
	const seen = [];
	const server = http.createServer((req, res) => {
		seen.push(`${req.method} ${req.url}`);
		req.resume();
		req.on('end', () => {
			res.setHeader('content-type', 'application/json');
			res.end(JSON.stringify({ data: [], errorCode: 0, msg: 'stub' }));
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { server, seen, url: `http://127.0.0.1:${server.address().port}` };
}

async function main() {
	const packageDir = path.resolve(process.argv[2] || REPO_ROOT);
	const total = Date.now();
	let n8n;
	const stub = await startStub();
	try {
		let t = Date.now();
		n8n = await startN8n({ packageDir });
		console.log(
			`[smoke] n8n ready at ${n8n.url} (broker ${n8n.brokerPort}, package ${n8n.package.name} → ${n8n.package.target}): ${n8n.readyMs} ms`,
		);

		t = Date.now();
		const client = await setupOwner(n8n);
		step(`owner + login + API key (${client.scopes.length} scopes)`, t);

		t = Date.now();
		const nodeTypes = await client.nodeTypes(PACKAGE_PREFIX);
		const credentialTypes = await client.credentialTypes('tylt');
		step('type lists', t);
		console.log(
			`[smoke] node types: ${nodeTypes.map((type) => `${type.name} v${[].concat(type.version).join('/')}`).join(', ') || 'NONE'}`,
		);
		console.log(
			`[smoke] credential types: ${credentialTypes.map((type) => type.name).join(', ') || 'NONE'}`,
		);
		if (!nodeTypes.length)
			throw new Error(
				`no node type starts with ${PACKAGE_PREFIX}; n8n log:\n${n8n.logs.slice(-3000)}`,
			);
		if (!credentialTypes.some((type) => type.name === 'tyltApi'))
			throw new Error('credential type tyltApi is missing');

		t = Date.now();
		const credential = await client.createCredential({
			name: 'TYLT smoke',
			type: 'tyltApi',
			data: { apiKey: 'smoke-key', apiSecret: 'smoke-secret', baseUrl: stub.url },
		});
		step(`credential ${credential.id} (${credential.type}) created`, t);

		t = Date.now();
		const tested = await client.testCredential({
			type: 'tyltApi',
			data: { apiKey: 'smoke-key', apiSecret: 'smoke-secret', baseUrl: stub.url },
		});
		step(
			`credential test → ${JSON.stringify(tested)} (stub saw: ${stub.seen.join(', ') || 'nothing'})`,
			t,
		);

		t = Date.now();
		const workflow = await client.createWorkflow({
			name: 'smoke: manual trigger',
			nodes: [
				{
					id: 'a0000000-0000-4000-8000-000000000001',
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: 'a0000000-0000-4000-8000-000000000002',
					name: 'Set',
					type: 'n8n-nodes-base.set',
					typeVersion: 3.4,
					position: [200, 0],
					parameters: {
						assignments: {
							assignments: [{ id: 'x1', name: 'smoke', value: 'ok', type: 'string' }],
						},
						options: {},
					},
				},
				{
					// the Code node runs in n8n's JS task runner (a child process on the broker port)
					id: 'a0000000-0000-4000-8000-000000000003',
					name: 'Code',
					type: 'n8n-nodes-base.code',
					typeVersion: 2,
					position: [400, 0],
					parameters: {
						jsCode:
							'return $input.all().map((item) => ({ json: { ...item.json, viaTaskRunner: true } }));',
					},
				},
			],
			connections: {
				Start: { main: [[{ node: 'Set', type: 'main', index: 0 }]] },
				Set: { main: [[{ node: 'Code', type: 'main', index: 0 }]] },
			},
		});
		const execution = await client.runWorkflowOnce(workflow.id);
		step(
			`manual run of a core workflow (Manual Trigger → Set → Code) → ${execution.status}, output ${JSON.stringify(nodeOutput(execution, 'Code'))}`,
			t,
		);
		if (execution.status !== 'success')
			throw new Error(`manual run failed: ${JSON.stringify(execution.data.resultData.error)}`);
	} finally {
		if (n8n) {
			const stopped = await n8n.stop();
			console.log(
				`[smoke] n8n stopped (code ${stopped.code}, signal ${stopped.signal}): ${stopped.stopMs} ms`,
			);
		}
		stub.server.close();
	}
	step('total', total);
}

main().catch((error) => {
	console.error(`[smoke] FAILED: ${error.stack || error}`);
	process.exitCode = 1;
});
