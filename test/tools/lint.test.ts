/**
 * `npm run lint` (scripts/lint.sh) is n8n's `n8n-node lint` in strict mode over the product: it fails on what
 * n8n's rules refuse in nodes/ or credentials/ and on an eslint.config.mjs that is not the template's, and it
 * leaves development code alone, which `n8n-node lint` at a package's root does not.
 */
import { spawnSync } from 'node:child_process';
import {
	cpSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = join(__dirname, '..', '..');
const templateConfig = join(
	root,
	'node_modules/@n8n/node-cli/dist/template/templates/shared/default/eslint.config.mjs',
);

interface Run {
	status: number | null;
	output: string;
}

function run(command: string, args: string[], cwd: string): Run {
	const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
	// n8n-node colours its output; the assertions read the words.
	const output = `${result.stdout}${result.stderr}`.replace(/\u001b\[[0-9;]*m/g, '');
	return { status: result.status, output };
}

const lint = (packageDir: string) =>
	run('sh', [join(root, 'scripts', 'lint.sh'), packageDir], root);

function write(dir: string, file: string, text: string): void {
	mkdirSync(dirname(join(dir, file)), { recursive: true });
	writeFileSync(join(dir, file), text);
}

/** A strict community package: the template's config, one helper in nodes/, a dev script in tools/. */
function probePackage(dir: string): void {
	const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
	manifest.name = 'n8n-nodes-lint-probe';
	manifest.n8n = { ...manifest.n8n, nodes: ['dist/nodes/Probe/Probe.node.js'], credentials: [] };
	write(dir, 'package.json', JSON.stringify(manifest, null, 2));
	cpSync(templateConfig, join(dir, 'eslint.config.mjs'));
	write(
		dir,
		'nodes/Probe/format.ts',
		'export const formatAmount = (amount: number) => amount.toFixed(2);\n',
	);
	write(dir, 'tools/dev.ts', 'setTimeout(() => console.log(process.env.HOME), 10);\n');
	// Installed, as on a clone after `npm ci` (and so that npm exec finds eslint instead of fetching one).
	symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
}

describe('lint (npm run lint)', () => {
	let scratch: string;
	beforeEach(() => {
		scratch = mkdtempSync(join(tmpdir(), 'tylt-lint-test-'));
		probePackage(scratch);
	});
	afterEach(() => rmSync(scratch, { recursive: true, force: true }));

	it("keeps this repository's eslint.config.mjs the template's, whitespace aside (strict mode)", () => {
		const normalized = (file: string) => readFileSync(file, 'utf8').replace(/\s+/g, ' ').trim();
		expect(normalized(join(root, 'eslint.config.mjs'))).toBe(normalized(templateConfig));
	});

	it('passes a clean product although its tools/ uses process, timers and the console', () => {
		const atRoot = run(join(root, 'node_modules', '.bin', 'n8n-node'), ['lint'], scratch);
		expect(atRoot.status).not.toBe(0);
		expect(atRoot.output).toContain('tools/dev.ts');

		const { status, output } = lint(scratch);
		expect(output).not.toContain('tools/dev.ts');
		expect(status).toBe(0);
	}, 120_000);

	it("fails on a rule n8n's config sets for nodes/ and names it", () => {
		write(
			scratch,
			'nodes/Probe/format.ts',
			'export const logAmount = (amount: number) => console.log(amount);\n',
		);
		const { status, output } = lint(scratch);
		expect(status).toBe(1);
		expect(output).toContain('nodes/Probe/format.ts');
		expect(output).toContain('no-console');
	}, 60_000);

	it('fails in strict mode when eslint.config.mjs is not the template', () => {
		write(scratch, 'eslint.config.mjs', `// our comment\n${readFileSync(templateConfig, 'utf8')}`);
		const { status, output } = lint(scratch);
		expect(status).toBe(1);
		expect(output).toContain('Strict mode violation');
	}, 60_000);
});
