/**
 * `npm test` on a fresh clone: like `npm run dev` and `npm run test:all`, it installs the committed lockfile
 * first when node_modules is missing (scripts/installIfMissing.sh), then runs jest with the arguments given;
 * on a clone already installed it runs jest at once. Run here as npm runs the script (`sh -c`), in a copy of
 * the repository's package.json and scripts, with an `npm` on PATH that records its call and installs stubs.
 */
import { spawnSync } from 'node:child_process';
import {
	chmodSync,
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const testScript: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts
	.test;

let clone: string;
let fakeBin: string;

function writeExecutable(file: string, text: string): void {
	writeFileSync(file, text);
	chmodSync(file, 0o755);
}

/** An `npm` that logs its arguments and, for `ci`, installs a jest that logs its own. */
function installFakeNpm(): void {
	writeExecutable(
		join(fakeBin, 'npm'),
		`#!/bin/sh
echo "npm $*" >> "${clone}/calls.log"
mkdir -p node_modules/.bin
for tool in jest ts-node; do
	printf '#!/bin/sh\\necho "%s $*" >> "${clone}/calls.log"\\n' "$tool" > "node_modules/.bin/$tool"
	chmod +x "node_modules/.bin/$tool"
done
`,
	);
}

function npmTest(args: string): { status: number | null; calls: string[] } {
	const result = spawnSync('sh', ['-c', `${testScript} ${args}`], {
		cwd: clone,
		encoding: 'utf8',
		env: { ...process.env, PATH: `${fakeBin}:${process.env.PATH}` },
	});
	const log = join(clone, 'calls.log');
	const calls = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
	return { status: result.status, calls };
}

beforeEach(() => {
	clone = mkdtempSync(join(tmpdir(), 'tylt-cold-clone-'));
	fakeBin = join(clone, 'fake-bin');
	mkdirSync(fakeBin);
	cpSync(join(root, 'package.json'), join(clone, 'package.json'));
	cpSync(join(root, 'scripts'), join(clone, 'scripts'), { recursive: true });
	installFakeNpm();
});

afterEach(() => rmSync(clone, { recursive: true, force: true }));

it('installs the committed lockfile on a clone without node_modules, then runs jest with its arguments', () => {
	const { status, calls } = npmTest('--listTests');

	expect(status).toBe(0);
	expect(calls).toEqual(['npm ci --no-audit --no-fund', 'jest --listTests']);
});

it('runs jest at once on a clone already installed', () => {
	expect(npmTest('').status).toBe(0);
	rmSync(join(clone, 'calls.log'));

	const { status, calls } = npmTest('test/some.test.ts');

	expect(status).toBe(0);
	expect(calls).toEqual(['jest test/some.test.ts']);
});
