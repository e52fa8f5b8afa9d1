/**
 * The command-line tools people run: `npm run sandbox` (sandbox/cli.ts) and sandbox/send-callback.ts.
 */
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';

import { expectedSignature, httpCall, startReceiver } from '../support/sandboxClient';

describe('command-line tools', () => {
	const tsNode = join(__dirname, '..', '..', 'node_modules', '.bin', 'ts-node');

	it('send-callback.ts POSTs a signed sample callback and prints the answer', async () => {
		const receiver = await startReceiver();
		try {
			const output = await new Promise<string>((resolve, reject) =>
				execFile(
					tsNode,
					[
						'--transpile-only',
						join(__dirname, '..', '..', 'sandbox', 'send-callback.ts'),
						receiver.url,
						'--status',
						'Completed',
						'--secret',
						's3cret',
					],
					(error, stdout) => (error ? reject(error) : resolve(stdout)),
				),
			);
			expect(output).toContain('HTTP 200');
			const [callback] = receiver.received;
			expect(callback.headers['x-tlp-signature']).toBe(
				expectedSignature('s3cret', callback.rawBody),
			);
			expect(JSON.parse(callback.rawBody.toString('utf8')).data.status).toBe('Completed');
		} finally {
			await receiver.close();
		}
	});

	it('cli.ts prints the credential and stops cleanly on SIGTERM', async () => {
		const child = spawn(
			tsNode,
			['--transpile-only', join(__dirname, '..', '..', 'sandbox', 'cli.ts')],
			{
				env: { ...process.env, TYLT_SANDBOX_PORT: '0', TYLT_SANDBOX_API_KEY: 'cli-key' },
			},
		);
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
		const exited = new Promise<number | null>((resolve) =>
			child.on('exit', (code) => resolve(code)),
		);
		while (!output.includes('Ctrl+C') && child.exitCode === null) {
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
		expect(url).toBeDefined();
		expect(output).toContain('cli-key');
		expect(output).toContain('sandbox-api-secret');
		expect((await httpCall(`${url}/_sandbox`)).status).toBe(200);
		child.kill('SIGTERM');
		expect(await exited).toBe(0);
	});
});
