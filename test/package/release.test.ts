/**
 * What n8n's verification and a fresh clone check before any code runs: package.json names one public
 * GitHub repository (the one npm provenance points at), the publish workflow uses npm's trusted publishing
 * with provenance and no long-lived token, and the committed lockfile is what npm installs (npm ci in CI).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const manifest = JSON.parse(read('package.json'));

/** owner/name of a GitHub URL in any of the forms package.json uses, or undefined. */
function githubRepository(url: string): string | undefined {
	return /^(?:git\+)?https:\/\/github\.com\/([^/#]+\/[^/#]+?)(?:\.git)?(?:[/#].*)?$/.exec(url)?.[1];
}

describe('package.json names one repository', () => {
	it('in repository, homepage and bugs', () => {
		const repository = githubRepository(manifest.repository.url);
		expect(repository).toBe('n8n-nodes-tylt/n8n-nodes-tylt');
		expect(githubRepository(manifest.homepage)).toBe(repository);
		expect(githubRepository(manifest.bugs.url)).toBe(repository);
	});
});

describe('the publish workflow', () => {
	const workflow = read('.github/workflows/publish.yml');
	const steps = workflow.split('\n').filter((line) => !line.trimStart().startsWith('#'));
	const code = steps.join('\n');

	it('signs with the workflow identity and publishes with provenance', () => {
		expect(code).toMatch(/^\s+id-token: write\b/m);
		expect(code).toMatch(/^\s+- run: npm publish --provenance --access public$/m);
		expect(manifest.publishConfig.provenance).toBe('true');
	});

	it('uses no long-lived token (npm trusted publishing) and an npm that can', () => {
		expect(code).not.toMatch(/NPM_TOKEN|NODE_AUTH_TOKEN|_authToken|registry-url/);
		expect(code).toContain('npm install -g npm@^11.5.1');
	});

	it('installs the committed lockfile and runs the checks CI runs before publishing', () => {
		const order = [
			'npm ci',
			'npm run lint',
			'npm run typecheck',
			'npm run scan',
			'npm test',
			'npm publish',
		];
		const positions = order.map((command) => code.indexOf(`run: ${command}`));
		expect(positions.every((position) => position >= 0)).toBe(true);
		expect([...positions].sort((a, b) => a - b)).toEqual(positions);
	});
});

describe('the committed lockfile', () => {
	const lock = JSON.parse(read('package-lock.json'));
	const rootEntry = lock.packages[''];

	it('records package.json as it is (else npm install rewrites it and npm ci refuses it)', () => {
		expect(rootEntry.engines).toEqual(manifest.engines);
		expect(rootEntry.devDependencies).toEqual(manifest.devDependencies);
		expect(rootEntry.peerDependencies).toEqual(manifest.peerDependencies);
	});

	it('is what CI installs, with npm ci', () => {
		expect(read('.ci/run')).toMatch(/^npm ci\b/m);
	});
});
