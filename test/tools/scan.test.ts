/**
 * `npm run scan` (tools/scan/scan.ts) must fail the way n8n's verification would: a package that breaks one of
 * n8n's rules fails even with an inline `eslint-disable`, and a folder with nothing to lint is not a pass.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

function scan(packageDir: string): { status: number | null; output: string } {
	const result = spawnSync(
		join(root, 'node_modules', '.bin', 'ts-node'),
		['--transpile-only', '--project', 'tools/scan/tsconfig.json', 'tools/scan/scan.ts', packageDir],
		{ cwd: root, encoding: 'utf8' },
	);
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A minimal community package whose node logs to the console, with the rule disabled inline. */
function packageLoggingToConsole(dir: string): void {
	const manifest = {
		name: 'n8n-nodes-scan-probe',
		version: '0.0.1',
		keywords: ['n8n-community-node-package'],
		files: ['nodes'],
		n8n: { n8nNodesApiVersion: 1, nodes: ['nodes/Probe/Probe.node.js'] },
	};
	writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
	mkdirSync(join(dir, 'nodes', 'Probe'), { recursive: true });
	const code =
		"// eslint-disable-next-line no-console\nconsole.log('probe');\nmodule.exports = {};\n";
	writeFileSync(join(dir, 'nodes', 'Probe', 'Probe.node.js'), code);
}

describe('n8n verification scan (npm run scan)', () => {
	let scratch: string;
	beforeEach(() => {
		scratch = mkdtempSync(join(tmpdir(), 'tylt-scan-test-'));
	});
	afterEach(() => rmSync(scratch, { recursive: true, force: true }));

	it('fails both legs on console use, ignoring the inline disable', () => {
		packageLoggingToConsole(scratch);
		const { status, output } = scan(scratch);
		expect(status).toBe(1);
		expect(output).toContain('FAIL  source files');
		expect(output).toContain('FAIL  npm pack output');
		expect(output).toContain('no-console');
	}, 60_000);

	it('fails the tarball leg when a node package.json declares was not built', () => {
		packageLoggingToConsole(scratch);
		const manifest = JSON.parse(readFileSync(join(scratch, 'package.json'), 'utf8'));
		manifest.n8n.nodes.push('nodes/Probe/NotBuilt.node.js');
		writeFileSync(join(scratch, 'package.json'), JSON.stringify(manifest));
		const { output } = scan(scratch);
		expect(output).toContain(
			'FAIL  npm pack output: not in the tarball: nodes/Probe/NotBuilt.node.js',
		);
	}, 60_000);

	it('does not call an empty folder a pass', () => {
		writeFileSync(join(scratch, 'README.md'), 'nothing to lint\n');
		const { status, output } = scan(scratch);
		expect(status).toBe(1);
		expect(output).toContain('no files to lint');
	}, 60_000);
});
