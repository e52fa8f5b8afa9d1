/**
 * `npm run scan`: the ESLint legs of n8n's verification of community packages, offline.
 *
 * n8n's scanner (`@n8n/scan-community-package`) lints the source checkout (the files it names) and the
 * unpacked `npm pack` tarball with its own configuration, inline disables ignored. This runs both legs
 * through its exported `analyzePackage`, so a rule n8n would fail us on fails here first.
 *
 *   ts-node --project tools/scan/tsconfig.json tools/scan/scan.ts [packageDir]   (default: this repository)
 *
 * Build first (`npm run build`): the tarball leg lints dist/. Exits 1 when a leg fails.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import type { ScanResult } from '@n8n/scan-community-package/scanner/scanner.mjs';

interface Leg {
	name: string;
	run(): Promise<ScanResult>;
}

// tools/scan/tsconfig.json compiles with module node16, which keeps import() a real dynamic import: the
// scanner is ESM only.
const scanner = () => import('@n8n/scan-community-package/scanner/scanner.mjs');

/** The node and credential files package.json tells n8n to load. */
function declaredFiles(packageDir: string): string[] {
	const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
		n8n?: { nodes?: string[]; credentials?: string[] };
	};
	return [...(manifest.n8n?.nodes ?? []), ...(manifest.n8n?.credentials ?? [])];
}

async function scanSources(packageDir: string): Promise<ScanResult> {
	const { analyzePackage, SOURCE_FILE_PATTERNS } = await scanner();
	return analyzePackage(packageDir, SOURCE_FILE_PATTERNS);
}

/** What n8n downloads: `npm pack`, unpacked, linted with the scanner's default patterns. */
async function scanTarball(packageDir: string): Promise<ScanResult> {
	const { analyzePackage } = await scanner();
	const scratch = mkdtempSync(join(tmpdir(), 'tylt-scan-'));
	try {
		const packed = execFileSync(
			'npm',
			['pack', '--ignore-scripts', '--silent', '--pack-destination', scratch],
			{ cwd: packageDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
		);
		const tarball = join(scratch, packed.trim().split('\n').pop() as string);
		execFileSync('tar', ['-xzf', tarball, '-C', scratch]);
		const unpacked = join(scratch, 'package');
		const missing = declaredFiles(unpacked).filter((file) => !existsSync(join(unpacked, file)));
		// Linting a tarball without its nodes would pass while proving nothing.
		if (missing.length > 0)
			return {
				passed: false,
				message: `not in the tarball: ${missing.join(', ')} (npm run build first?)`,
			};
		return await analyzePackage(unpacked);
	} finally {
		rmSync(scratch, { recursive: true, force: true });
	}
}

/** The scanner passes an empty selection; here that means the wrong folder or an empty tarball. */
function failClosed(result: ScanResult): ScanResult {
	return result.passed && result.message === 'No files found to analyze'
		? { passed: false, message: 'no files to lint (wrong folder, or nothing built?)' }
		: result;
}

async function main(): Promise<number> {
	const packageDir = resolve(process.argv[2] ?? join(__dirname, '..', '..'));
	const legs: Leg[] = [
		{ name: 'source files', run: () => scanSources(packageDir) },
		{ name: 'npm pack output', run: () => scanTarball(packageDir) },
	];
	let failed = 0;
	for (const leg of legs) {
		const result = failClosed(await leg.run());
		console.log(
			`${result.passed ? 'pass' : 'FAIL'}  ${leg.name}${result.message ? `: ${result.message}` : ''}`,
		);
		if (!result.passed) {
			failed++;
			if (result.details) console.log(result.details);
		}
	}
	return failed === 0 ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
