import { resolve } from 'path';

import { importCycles, importGraph } from '../../tools/imports/importGraph';

const root = resolve(__dirname, '../..');

describe('relative imports in nodes/ and credentials/', () => {
	it('form no cycle', () => {
		const cycles = importCycles(importGraph(root)).map((cycle) => cycle.join(' ↔ '));
		expect(cycles).toEqual([]);
	});

	it('are read with their type-only imports: a cycle of types counts', () => {
		// types.ts imports nothing but a type from operationScope.ts.
		expect(importGraph(root).get('nodes/Tylt/actions/types.ts')).toContain(
			'nodes/Tylt/actions/operationScope.ts',
		);
	});
});

describe('importCycles', () => {
	it('finds each loop once, however long, and nothing that merely reaches one', () => {
		const graph = new Map([
			['a.ts', ['b.ts']],
			['b.ts', ['c.ts']],
			['c.ts', ['a.ts', 'd.ts']],
			['d.ts', []],
			['e.ts', ['a.ts', 'e.ts']],
		]);
		expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
	});
});
