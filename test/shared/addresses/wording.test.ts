import { describeCharacter } from '../../../nodes/shared/addresses/wording';

describe('describeCharacter', () => {
	it.each([
		['O', "'O'"],
		['🙂', "'🙂' (U+1F642)"],
		['\u0430', "'\u0430' (U+0430)"],
		['~', "'~'"],
		[' ', 'a space'],
		['\t', 'a tab'],
		['\n', 'a line break'],
		['\r', 'a line break'],
		['\u00a0', 'a non-breaking space'],
		['\u200b', 'a zero-width space'],
		['\u0000', 'the control character U+0000'],
		['\u007f', 'the control character U+007F'],
	])('names %p as %s', (character, description) => {
		expect(describeCharacter(character)).toBe(description);
	});
});
