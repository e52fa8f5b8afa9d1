/** JSON read keeping repeated keys and each number's digits: limits check the text TYLT reads, not JSON.parse's. */

export type JsonValue =
	| { kind: 'object'; members: Array<[key: string, value: JsonValue]> }
	| { kind: 'array'; items: JsonValue[] }
	| { kind: 'string'; value: string }
	| { kind: 'number'; text: string }
	| { kind: 'literal'; value: boolean | null };

const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
// Any character but a quote, a backslash or a control character below U+0020, or an escape.
const STRING = /"(?:[\x20\x21\x23-\x5b\x5d-\uffff]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const LITERAL = /true|false|null/y;

/** The value `text` holds; undefined when it is not exactly one JSON value. */
export function readJson(text: string): JsonValue | undefined {
	const reader = { text, at: 0 };
	try {
		const value = readValue(reader);
		skipSpace(reader);
		return reader.at === text.length ? value : undefined;
	} catch {
		return undefined;
	}
}

interface Reader {
	text: string;
	at: number;
}

function readValue(reader: Reader): JsonValue {
	skipSpace(reader);
	const character = reader.text[reader.at];
	if (character === '{') return readObject(reader);
	if (character === '[') return readArray(reader);
	if (character === '"') return { kind: 'string', value: readString(reader) };
	const number = match(reader, NUMBER);
	if (number !== undefined) return { kind: 'number', text: number };
	const literal = match(reader, LITERAL);
	if (literal === undefined) throw new SyntaxError('not JSON');
	return { kind: 'literal', value: JSON.parse(literal) as boolean | null };
}

function readObject(reader: Reader): JsonValue {
	const members: Array<[string, JsonValue]> = [];
	reader.at++;
	readList(reader, '}', () => {
		skipSpace(reader);
		const key = readString(reader);
		skipSpace(reader);
		if (reader.text[reader.at++] !== ':') throw new SyntaxError('not JSON');
		members.push([key, readValue(reader)]);
	});
	return { kind: 'object', members };
}

function readArray(reader: Reader): JsonValue {
	const items: JsonValue[] = [];
	reader.at++;
	readList(reader, ']', () => items.push(readValue(reader)));
	return { kind: 'array', items };
}

/** Entries separated by commas up to `close`, the opening bracket already read. */
function readList(reader: Reader, close: string, readEntry: () => void) {
	skipSpace(reader);
	if (reader.text[reader.at] === close) {
		reader.at++;
		return;
	}
	for (;;) {
		readEntry();
		skipSpace(reader);
		const separator = reader.text[reader.at++];
		if (separator === close) return;
		if (separator !== ',') throw new SyntaxError('not JSON');
	}
}

function readString(reader: Reader): string {
	const token = match(reader, STRING);
	if (token === undefined) throw new SyntaxError('not JSON');
	return JSON.parse(token) as string;
}

function match(reader: Reader, pattern: RegExp): string | undefined {
	pattern.lastIndex = reader.at;
	const found = pattern.exec(reader.text);
	if (!found) return undefined;
	reader.at += found[0].length;
	return found[0];
}

function skipSpace(reader: Reader) {
	while (/[ \t\n\r]/.test(reader.text[reader.at] ?? '')) reader.at++;
}
