/** What `npm publish` would ship: the built nodes and the package's own documents, nothing else. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const manifest = require(join(root, 'package.json'));

function packedFiles(): string[] {
	if (!existsSync(join(root, 'dist', 'nodes', 'Tylt', 'Tylt.node.js'))) {
		execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
	}
	const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: root,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'ignore'],
	});
	const [pack] = JSON.parse(output) as Array<{ files: Array<{ path: string }> }>;
	return pack.files.map((file) => file.path);
}

describe('the published package', () => {
	let files: string[];
	beforeAll(() => {
		files = packedFiles();
	}, 120_000);

	it('holds only dist/, README.md, LICENSE and package.json', () => {
		const allowedAtTop = new Set(['README.md', 'LICENSE', 'package.json']);
		const unexpected = files.filter((path) => !path.startsWith('dist/') && !allowedAtTop.has(path));
		expect(unexpected).toEqual([]);
		expect(files).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json']));
	});

	it('ships every node and credential n8n is told to load, with icons and codex files', () => {
		const declared = [...manifest.n8n.nodes, ...manifest.n8n.credentials] as string[];
		expect(files).toEqual(expect.arrayContaining(declared));
		expect(files).toEqual(
			expect.arrayContaining([
				'dist/nodes/Tylt/tylt.svg',
				'dist/nodes/Tylt/tylt.dark.svg',
				'dist/nodes/Tylt/Tylt.node.json',
				'dist/nodes/TyltTrigger/TyltTrigger.node.json',
				'dist/nodes/TyltPayoutStatusTrigger/TyltPayoutStatusTrigger.node.json',
			]),
		);
	});

	it('ships no tests, sandbox, sources or declaration files', () => {
		// n8n's verification scan lints every .ts in the tarball with the source rules: it reads
		// credentials/TyltApi.credentials.d.ts as a misnamed credential file and fails the package.
		expect(files.filter((path) => /(^|\/)test\/|sandbox|\.test\.|\.ts$/.test(path))).toEqual([]);
	});

	it('has no runtime dependencies and n8n-workflow only as a peer', () => {
		expect(manifest.dependencies).toBeUndefined();
		expect(manifest.peerDependencies).toEqual({ 'n8n-workflow': '*' });
	});
});
