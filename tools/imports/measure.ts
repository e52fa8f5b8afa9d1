/**
 * The weight of the published code, as issue texts measure it: files and lines in nodes/ + credentials/, the
 * files and lines Payout → Create reaches through relative imports, and the import cycles; then, for this
 * repository's own code, the calls from executeAll to authenticate of one default payout (callPath.ts).
 *
 * Usage: npx ts-node --transpile-only tools/imports/measure.ts [REPOSITORY]   (default: this repository)
 */
import { resolve } from 'path';

import { callPathLines, createCallPath } from './callPath';
import { importCycles, importGraph, lineCount, publishedSources, reachedFrom } from './importGraph';

const PAYOUT_CREATE = 'nodes/Tylt/actions/payout/create.operation.ts';

const root = resolve(process.argv[2] ?? resolve(__dirname, '../..'));
const sum = (files: string[]) => files.reduce((lines, file) => lines + lineCount(root, file), 0);

const published = publishedSources(root);
const graph = importGraph(root);
const create = reachedFrom(graph, PAYOUT_CREATE);
const cycles = importCycles(graph);

process.stdout.write(
	[
		`nodes/ + credentials/: ${published.length} files, ${sum(published)} lines`,
		`Payout → Create (${PAYOUT_CREATE} and its transitive relative imports): ${create.length} files, ${sum(create)} lines`,
		`import cycles: ${cycles.length}`,
		...cycles.map((cycle) => `  ${cycle.join(' ↔ ')}`),
		'',
	].join('\n'),
);

// The call path runs this checkout's code, whatever REPOSITORY was measured above.
void createCallPath().then(
	(frames) => process.stdout.write(`${callPathLines(frames).join('\n')}\n`),
	(error: Error) => {
		process.stderr.write(`call path: ${error.message}\n`);
		process.exitCode = 1;
	},
);
