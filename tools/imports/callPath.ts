/**
 * The call path of one payout: one default version-2 Payout → Create item (Duplicate Guard on, no spending limits)
 * run in-process against the sandbox, through n8n-core's real request helpers (tools/harness/n8nContext.ts). The
 * stack is taken where the credential's `authenticate` signs the create, and the frames of the published code
 * (nodes/, credentials/) from `executeAll` to `authenticate` are its calls, both ends included. V8 follows an
 * `await` from one frame to the next, so the stack shows every async function on the way; a callback run by
 * `.then` would show as a frame whose awaited caller is missing, and the path printed would stop short there.
 *
 * Usage: npx ts-node --transpile-only tools/imports/callPath.ts   (measure.ts prints it too)
 */
import type { IAllExecuteFunctions } from 'n8n-workflow';
import { relative, resolve } from 'path';

// `nodes/Tylt/Tylt.node` names Tylt.node.ts, but Node tries .json before an extension ts-node adds (jest tries
// .ts first): .json goes last, so the harness's import finds the node, not its codex file.
// (Jest's own require has no extensions to reorder.)
const loaders: Partial<NodeJS.RequireExtensions> | undefined = require.extensions;
if (loaders?.['.json']) {
	const jsonLoader = loaders['.json'];
	delete loaders['.json'];
	loaders['.json'] = jsonLoader;
}

const { createExecuteContext } =
	require('../harness/n8nContext') as typeof import('../harness/n8nContext');
const { Tylt } =
	require('../../nodes/Tylt/Tylt.node') as typeof import('../../nodes/Tylt/Tylt.node');
const { forgetProcessMemory } =
	require('../../nodes/shared/memoryBetweenExecutions') as typeof import('../../nodes/shared/memoryBetweenExecutions');
const { startSandbox } = require('../../sandbox') as typeof import('../../sandbox');

const REPOSITORY = resolve(__dirname, '../..');
const PUBLISHED = /^(nodes|credentials)\//;

export interface CallFrame {
	name: string;
	/** The file, relative to the repository, and the line. */
	at: string;
}

/** The published code's frames of `stack` (innermost first, as V8 writes them), outermost first. */
function publishedFrames(stack: string): CallFrame[] {
	return stack
		.split('\n')
		.flatMap((line) => {
			// `at [async ]name (file:line:column)`, or `at [async ]file:line:column` for an anonymous function.
			const frame =
				/^\s*at (?:async )?(.*?) \((.+):(\d+):\d+\)$/.exec(line) ??
				/^\s*at (?:async )?()(\/.+):(\d+):\d+$/.exec(line);
			if (!frame) return [];
			const file = relative(REPOSITORY, frame[2]).split('\\').join('/');
			const name = frame[1] || '(anonymous function)';
			return PUBLISHED.test(file) ? [{ name, at: `${file}:${frame[3]}` }] : [];
		})
		.reverse();
}

/**
 * The frames from `executeAll` to the credential's `authenticate` while it signs one default create: the stack
 * where the transport hands the create to n8n's `httpRequestWithAuthentication` (which calls `authenticate`: the
 * last call), taken there because n8n-core's helper awaits a Promise.race that V8's async stack does not cross.
 */
export async function createCallPath(): Promise<CallFrame[]> {
	const sandbox = await startSandbox({ autoSettle: false });
	let stack: string | undefined;
	try {
		forgetProcessMemory();
		const context = createExecuteContext({
			credentials: { apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret, baseUrl: sandbox.url },
			parameters: {
				resource: 'payout',
				operation: 'create',
				settledCurrency: 'USDT',
				networkSymbol: 'TRX',
				address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
				baseAmount: 25,
				additionalFields: {},
			},
		});
		const { helpers } = context;
		const send = helpers.httpRequestWithAuthentication;
		helpers.httpRequestWithAuthentication = async function (this: IAllExecuteFunctions, ...args) {
			if (args[1].method === 'POST' && stack === undefined) {
				const limit = Error.stackTraceLimit;
				Error.stackTraceLimit = Infinity;
				stack = new Error().stack;
				Error.stackTraceLimit = limit;
			}
			return await send.apply(this, args);
		};
		await new Tylt().execute.call(context);
	} finally {
		forgetProcessMemory();
		await sandbox.close();
	}
	if (stack === undefined) throw new Error('The create was never sent: no call path to show');
	const frames = publishedFrames(stack);
	const start = frames.findIndex((frame) => frame.name.endsWith('executeAll'));
	if (start < 0) {
		throw new Error(
			`The stack stops before executeAll (a callback run by .then, which V8's async stack does not follow):\n${stack}`,
		);
	}
	return [
		...frames.slice(start),
		{ name: 'TyltApi.authenticate', at: 'credentials/TyltApi.credentials.ts (by n8n-core)' },
	];
}

export function callPathLines(frames: readonly CallFrame[]): string[] {
	return [
		`calls from executeAll to authenticate (one default v2 Payout → Create, guard on): ${frames.length}`,
		...frames.map(
			(frame, index) => `  ${String(index + 1).padStart(2)}. ${frame.name}  ${frame.at}`,
		),
	];
}

if (require.main === module) {
	void createCallPath().then(
		(frames) => process.stdout.write(`${callPathLines(frames).join('\n')}\n`),
		(error: Error) => {
			process.stderr.write(`${error.stack ?? error.message}\n`);
			process.exitCode = 1;
		},
	);
}
