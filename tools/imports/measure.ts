/**
 * The weight of the published code, as issue texts measure it: files and lines in nodes/ + credentials/, the
 * files and lines Payout → Create reaches through relative imports, and the import cycles.
 *
 * Usage: npx ts-node --transpile-only tools/imports/measure.ts [REPOSITORY]   (default: this repository)
 */
import { resolve } from 'path';

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
