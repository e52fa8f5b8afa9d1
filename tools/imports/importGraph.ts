/**
 * The relative imports between the published sources (nodes/ and credentials/), read with TypeScript's own
 * import scanner and module resolution: which file imports which, the import cycles, and everything a file
 * reaches. Type-only imports count: a cycle of types is still two files that cannot be read one after the other.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'fs';
import { join, relative, resolve } from 'path';
import * as ts from 'typescript';

export const PUBLISHED_FOLDERS = ['nodes', 'credentials'];

/** File (relative to the repository, `/`-separated) → the files it imports by relative path. */
export type ImportGraph = Map<string, string[]>;

export function publishedSources(root: string): string[] {
	return PUBLISHED_FOLDERS.flatMap((folder) => tsFilesUnder(join(root, folder))).map((file) =>
		repoPath(root, file),
	);
}

export function importGraph(root: string): ImportGraph {
	const options: ts.CompilerOptions = { moduleResolution: ts.ModuleResolutionKind.Node10 };
	const graph: ImportGraph = new Map();
	for (const file of publishedSources(root)) {
		const text = readFileSync(join(root, file), 'utf8');
		const imported = ts
			.preProcessFile(text, true, true)
			.importedFiles.map(({ fileName }) => fileName)
			.filter((name) => name.startsWith('.'))
			.flatMap((name) => {
				const { resolvedModule } = ts.resolveModuleName(name, join(root, file), options, ts.sys);
				return resolvedModule && !resolvedModule.isExternalLibraryImport
					? [repoPath(root, resolvedModule.resolvedFileName)]
					: [];
			});
		graph.set(file, [...new Set(imported)].sort());
	}
	return graph;
}

/** Every group of files that import each other in a loop (Tarjan's strongly connected components), sorted. */
export function importCycles(graph: ImportGraph): string[][] {
	const index = new Map<string, number>();
	const lowLink = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const cycles: string[][] = [];
	const visit = (file: string) => {
		index.set(file, index.size);
		lowLink.set(file, index.get(file)!);
		stack.push(file);
		onStack.add(file);
		for (const next of graph.get(file) ?? []) {
			if (!index.has(next)) {
				visit(next);
				lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(next)!));
			} else if (onStack.has(next)) {
				lowLink.set(file, Math.min(lowLink.get(file)!, index.get(next)!));
			}
		}
		if (lowLink.get(file) !== index.get(file)) return;
		const members: string[] = [];
		let member: string;
		do {
			member = stack.pop()!;
			onStack.delete(member);
			members.push(member);
		} while (member !== file);
		if (members.length > 1 || graph.get(file)?.includes(file)) cycles.push(members.sort());
	};
	for (const file of graph.keys()) if (!index.has(file)) visit(file);
	return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The file and every file it reaches through relative imports, sorted. */
export function reachedFrom(graph: ImportGraph, start: string): string[] {
	const reached = new Set<string>([start]);
	for (const file of reached) for (const next of graph.get(file) ?? []) reached.add(next);
	return [...reached].sort();
}

export function lineCount(root: string, file: string): number {
	const text = readFileSync(join(root, file), 'utf8');
	return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function tsFilesUnder(folder: string): string[] {
	if (!existsSync(folder)) return [];
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		if (statSync(path).isDirectory()) return tsFilesUnder(path);
		return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
	});
}

function repoPath(root: string, file: string): string {
	return relative(resolve(root), resolve(file)).split('\\').join('/');
}
