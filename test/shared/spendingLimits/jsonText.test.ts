/** JSON read the way the limits need it (nodes/shared/spendingLimits/jsonText.ts): nothing JSON.parse drops. */
import { readJson } from '../../../nodes/shared/spendingLimits/jsonText';

describe('readJson', () => {
	it('keeps every member of an object, a repeated key included, in order', () => {
		expect(readJson(' {"a":1, "b":"x" ,"a" : 2}\n')).toEqual({
			kind: 'object',
			members: [
				['a', { kind: 'number', text: '1' }],
				['b', { kind: 'string', value: 'x' }],
				['a', { kind: 'number', text: '2' }],
			],
		});
	});

	it('keeps a number as the digits written, and decodes escapes in keys and strings', () => {
		expect(readJson('{"base\\u0041mount":500.000000000000000001,"s":"\\"é\\n"}')).toEqual({
			kind: 'object',
			members: [
				['baseAmount', { kind: 'number', text: '500.000000000000000001' }],
				['s', { kind: 'string', value: '"é\n' }],
			],
		});
		expect(readJson('-1.5e+3')).toEqual({ kind: 'number', text: '-1.5e+3' });
	});

	it('reads lists, nesting and literals', () => {
		expect(readJson('[[],{},true,false,null]')).toEqual({
			kind: 'array',
			items: [
				{ kind: 'array', items: [] },
				{ kind: 'object', members: [] },
				{ kind: 'literal', value: true },
				{ kind: 'literal', value: false },
				{ kind: 'literal', value: null },
			],
		});
	});

	it.each([
		'',
		'{',
		'{"a":1,}',
		'[1,]',
		'{"a" 1}',
		'0500',
		'"a\tb"',
		'{} {}',
		"{'a':1}",
		'NaN',
		'{"a":1}x',
	])('reads %j as no JSON value', (text) => {
		expect(readJson(text)).toBeUndefined();
	});
});
