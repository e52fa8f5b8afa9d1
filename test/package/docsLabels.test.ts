/**
 * README.md and docs/*.md name the labels a user sees, and the code is what those labels are: a label the docs
 * name must be on a node or the credential, in a version the docs name (a label of an older version only, named
 * without "version 1" beside it, describes the old panel as the new one), under the collection the docs put it
 * in, with the default the docs give.
 *
 * How the docs mark a label, so this test finds it: in *italics* (or **bold**), under its collection as a path
 * (*Options → Timeout (Seconds)*), or as the first cell of a table whose header starts with Parameter or Field.
 * Marked text is a claim about a label when it is one (any letter case, n8n's " Name or ID" suffix optional), or
 * when it reads like one without being one: its words and a label's words, one inside the other, differ by at
 * most one word ("Max Amount per Agent Payout" for Max Amount per Payout). Other marked text (n8n's own settings,
 * statuses, workflow names, quoted messages) is left alone. A default is read where the docs state it right
 * after the label: "*Timeout (Seconds)* (default 60)" or a table's next cell "Default **168**".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeProperties, INodeTypeDescription, NodeParameterValueType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { TyltApi } from '../../credentials/TyltApi.credentials';
import { Tylt } from '../../nodes/Tylt/Tylt.node';
import { TyltPayoutStatusTrigger } from '../../nodes/TyltPayoutStatusTrigger/TyltPayoutStatusTrigger.node';
import { TyltTrigger } from '../../nodes/TyltTrigger/TyltTrigger.node';

const root = join(__dirname, '..', '..');

/** One label as a user meets it: on a node version's panel or in a collection there, or on the credential. */
interface Label {
	/** undefined on the credential, which has no versions. */
	version?: number;
	isDefaultVersion: boolean;
	collection?: string;
	label: string;
	defaultValue: NodeParameterValueType | undefined;
}

/** Whether a property shows on a node version, by its '@version' conditions alone (n8n's own evaluation). */
function onVersion(
	property: INodeProperties,
	version: number,
	description: INodeTypeDescription,
): boolean {
	const versionOnly = (conditions?: Record<string, unknown>) =>
		conditions?.['@version'] === undefined ? undefined : { '@version': conditions['@version'] };
	const show = versionOnly(property.displayOptions?.show);
	const hide = versionOnly(property.displayOptions?.hide);
	if (!show && !hide) return true;
	const probe = { ...property, displayOptions: { show, hide } } as INodeProperties;
	return NodeHelpers.displayParameter({}, probe, { typeVersion: version }, description);
}

/** The choices of a dropdown, which a user reads as labels too (Find By → TYLT Order ID). */
function choicesOf(property: INodeProperties): string[] {
	if (property.type !== 'options' && property.type !== 'multiOptions') return [];
	return (property.options ?? []).flatMap((choice) => ('value' in choice ? [choice.name] : []));
}

function labelsOfNode(description: INodeTypeDescription): Label[] {
	const versions = Array.isArray(description.version) ? description.version : [description.version];
	const defaultVersion = description.defaultVersion ?? Math.max(...versions);
	const labels: Label[] = [];
	for (const version of versions) {
		const at = { version, isDefaultVersion: version === defaultVersion };
		for (const property of description.properties.filter((entry) =>
			onVersion(entry, version, description),
		)) {
			if (property.type === 'notice') continue;
			labels.push({ ...at, label: property.displayName, defaultValue: property.default });
			labels.push(
				...choicesOf(property).map((label) => ({ ...at, label, defaultValue: undefined })),
			);
			// A collection's options, or a fixed collection's groups' fields: both listed under the parent's label.
			const children = (property.options ?? []).flatMap((child) =>
				'values' in child ? child.values : [child],
			);
			for (const child of children) {
				if (!('type' in child) || !onVersion(child, version, description)) continue;
				labels.push({
					...at,
					collection: property.displayName,
					label: child.displayName,
					defaultValue: child.default,
				});
				labels.push(
					...choicesOf(child).map((label) => ({ ...at, label, defaultValue: undefined })),
				);
			}
		}
	}
	return labels;
}

const credential = new TyltApi();
const LABELS: Label[] = [
	...[new Tylt(), new TyltTrigger(), new TyltPayoutStatusTrigger()].flatMap(({ description }) =>
		labelsOfNode(description),
	),
	...credential.properties
		.filter((property) => property.type !== 'notice')
		.map((property) => ({
			isDefaultVersion: true,
			label: property.displayName,
			defaultValue: property.default,
		})),
];

/** A label as the docs may write it: n8n's lint makes a loaded dropdown's label end in "Name or ID". */
const spelled = (label: string) =>
	label
		.replace(/ Names? or IDs?$/, '')
		.replace(/\s+/g, ' ')
		.toLowerCase();

const STOP_WORDS = new Set([
	'a',
	'an',
	'and',
	'as',
	'by',
	'for',
	'from',
	'in',
	'of',
	'on',
	'or',
	'per',
	'the',
	'to',
	'with',
]);
/** A label's words in order, in lower case, without the small words a sentence may add or drop. */
const plainWords = (text: string) =>
	spelled(text)
		.split(/[^a-z0-9]+/)
		.filter((word) => word && !STOP_WORDS.has(word));
/** The same words as a set, singular: what a near miss shares with a label. */
const wordsOf = (text: string) =>
	new Set(plainWords(text).map((word) => word.replace(/ies$/, 'y').replace(/(?<!s)s$/, '')));

const COLLECTIONS = new Set(
	LABELS.flatMap(({ collection }) => (collection ? [spelled(collection)] : [])),
);
const SPELLINGS = [...new Set(LABELS.map(({ label }) => label))].map((label) => ({
	label,
	words: wordsOf(label),
}));

/** The label a marked text is written loosely ("By TYLT order ID", "Page size."), if any. */
const looselyWritten = (text: string) =>
	SPELLINGS.find(
		(candidate) => plainWords(candidate.label).join(' ') === plainWords(text).join(' '),
	)?.label;

/**
 * The label a marked text reads like without being one, if any. Labels start with a capital letter, so
 * lower-case marked text ("**not found**") is prose.
 */
function nearMiss(text: string): string | undefined {
	const words = wordsOf(text);
	if (words.size < 2 || !/^[A-Z0-9]/.test(text)) return undefined;
	const inside = (small: Set<string>, large: Set<string>) =>
		[...small].every((word) => large.has(word));
	return SPELLINGS.find(
		(candidate) =>
			candidate.words.size >= 2 &&
			Math.abs(candidate.words.size - words.size) <= 1 &&
			(inside(words, candidate.words) || inside(candidate.words, words)),
	)?.label;
}

/** A doc's text in blocks: a paragraph, or a table row with its header row (the context of its cells). */
interface Block {
	file: string;
	line: number;
	text: string;
	context: string;
	tableHeader?: string;
}

function blocksOf(file: string): Block[] {
	const lines = readFileSync(join(root, file), 'utf8').split('\n');
	const blocks: Block[] = [];
	let paragraph: string[] = [];
	let paragraphStart = 0;
	let tableHeader: string | undefined;
	let inFence = false;
	const endParagraph = () => {
		if (paragraph.length > 0) {
			const text = paragraph.join(' ');
			blocks.push({ file, line: paragraphStart + 1, text, context: text });
		}
		paragraph = [];
	};
	lines.forEach((raw, index) => {
		const fence = raw.startsWith('```');
		if (fence) inFence = !inFence;
		// Code is never a label: a field's JSON name in backticks, a command, a code block.
		const line = raw.replace(/`[^`]*`/g, '');
		if (fence || inFence || line.startsWith('#') || line.trim() === '') {
			endParagraph();
			tableHeader = undefined;
			return;
		}
		if (line.startsWith('|')) {
			endParagraph();
			if (tableHeader === undefined) tableHeader = line;
			else if (!/^\|[\s:|-]+$/.test(line))
				blocks.push({
					file,
					line: index + 1,
					text: line,
					context: `${tableHeader} ${line}`,
					tableHeader,
				});
			return;
		}
		if (paragraph.length === 0) paragraphStart = index;
		paragraph.push(line.trim());
	});
	endParagraph();
	return blocks;
}

/** Something the docs mark, the text right after it (where a default is stated) and where it is. */
interface Mention {
	text: string;
	after: string;
	block: Block;
}

function mentionsOf(block: Block): Mention[] {
	const mentions: Mention[] = [];
	const marked = /(\*\*|(?<![*\w\\])\*)(?![\s*])(.+?)(?<![\s\\])\1(?![*\w])/g;
	for (const match of block.text.matchAll(marked)) {
		const text = match[2].replace(/\*/g, '');
		if (/^["“']/.test(text)) continue; // a quoted message, not a label
		mentions.push({ text, after: block.text.slice(match.index + match[0].length), block });
	}
	if (block.tableHeader && /^\|\s*(Parameter|Field)\b/.test(block.tableHeader)) {
		const [, firstCell, ...rest] = block.text.split('|');
		for (const cell of firstCell.split(/,\s+/)) {
			mentions.push({ text: cell.replace(/\*/g, '').trim(), after: `|${rest.join('|')}`, block });
		}
	}
	return mentions;
}

/** The versions a block names ("version 1", "Version 2", "versions 1 and 2"). */
function versionsNamed(context: string): Set<number> {
	const named = new Set<number>();
	for (const match of context.matchAll(/\bversions?\s+(\d+)(?:\s*(?:,|and|or)\s*(\d+))?/gi)) {
		named.add(Number(match[1]));
		if (match[2]) named.add(Number(match[2]));
	}
	return named;
}

/** A default stated right after a label: "(default 60)", "(…, default **off**)", a next cell "Default 50". */
function statedDefault(after: string): string | undefined {
	const match =
		/^\s*\([^()]*?\bdefault\s+\**([^\s,;)*]+)/i.exec(after) ??
		/^\s*\|[^|]*?\bdefault\s+\**([^\s,;.)*|]+)/i.exec(after);
	return match?.[1];
}

function sameDefault(stated: string, actual: NodeParameterValueType | undefined): boolean {
	if (typeof actual === 'boolean') return stated.toLowerCase() === (actual ? 'on' : 'off');
	if (typeof actual === 'number') return Number(stated.replace(/,/g, '')) === actual;
	return String(actual) === stated;
}

const isLabel = (text: string) =>
	looselyWritten(text) !== undefined ||
	LABELS.some(({ label }) => spelled(label) === spelled(text));

/** A label without the docs' remarks after it in brackets ("Additional Callback Secret (optional)"). */
function withoutQualifiers(text: string): string {
	for (let shorter = text; ; ) {
		if (isLabel(shorter)) return shorter;
		const remark = /^(.*\S)\s*\([^()]*\)$/.exec(shorter);
		if (!remark) return shorter;
		shorter = remark[1];
	}
}

const where = ({ block }: Mention) => `${block.file}:${block.line}`;

/** What is wrong with one mention, or undefined when it is not about a label or is right. */
function problemOf(mention: Mention): string | undefined {
	const segments = mention.text.split(/\s*→\s*/);
	const named = withoutQualifiers(segments[segments.length - 1].replace(/\s*\(\s*\)$/, '').trim());
	const parent = segments.length > 1 ? segments[segments.length - 2] : undefined;
	const collection = parent && COLLECTIONS.has(spelled(parent)) ? spelled(parent) : undefined;
	const loosely = looselyWritten(named);
	const sameName = LABELS.filter(
		({ label }) => spelled(label) === spelled(named) || label === loosely,
	);
	if (sameName.length === 0) {
		const like = nearMiss(named);
		return like
			? `${where(mention)} names "${named}", which no node or credential has (the label is "${like}"?)`
			: undefined;
	}
	if (
		collection === undefined &&
		segments.length > 1 &&
		!sameName.some((label) => !label.collection)
	)
		return undefined; // another node's or n8n's path (Settings → …, the HTTP Request node's options)
	const placed = sameName.filter(
		(label) => collection === undefined || spelled(label.collection ?? '') === collection,
	);
	if (placed.length === 0)
		return `${where(mention)} puts "${named}" under ${parent}, but it is under ${sameName.map((label) => label.collection ?? 'no collection').join(' or ')}`;
	const versions = versionsNamed(mention.block.context);
	const current = placed.filter(
		(label) =>
			label.isDefaultVersion || (label.version !== undefined && versions.has(label.version)),
	);
	if (current.length === 0)
		return `${where(mention)} names "${mention.text}" as if on today's panel, but only version ${[...new Set(placed.map((label) => label.version))].join(', ')} has it: say which version`;
	const stated = statedDefault(mention.after);
	if (stated !== undefined && !current.some((label) => sameDefault(stated, label.defaultValue)))
		return `${where(mention)} gives "${named}" the default ${stated}; the code's is ${current.map((label) => JSON.stringify(label.defaultValue)).join(' or ')}`;
	return undefined;
}

const DOCS = [
	'README.md',
	...readdirSync(join(root, 'docs'))
		.filter((file) => file.endsWith('.md'))
		.map((file) => `docs/${file}`),
];
const MENTIONS = DOCS.flatMap(blocksOf).flatMap(mentionsOf);

it('reads every label the docs name from the nodes and the credential', () => {
	const checked = MENTIONS.filter((mention) =>
		LABELS.some(({ label }) => spelled(label) === spelled(mention.text.split(/\s*→\s*/).pop()!)),
	);
	// A floor, so a change to how the docs are read that finds no labels fails here.
	expect(checked.length).toBeGreaterThan(80);
});

it('names only labels that are on a node or the credential, in the version, place and default given', () => {
	expect(MENTIONS.map(problemOf).filter(Boolean)).toEqual([]);
});

describe('the reading of the docs', () => {
	const mention = (text: string, after = '', context = text): Mention => ({
		text,
		after,
		block: { file: 'probe.md', line: 1, text: context, context },
	});

	it('finds a label the code does not have but that reads like one', () => {
		expect(problemOf(mention('Max Amount per Agent Payout'))).toMatch(
			/the label is "Max Amount per Payout"/,
		);
		expect(problemOf(mention('Options → Duplicate Look-Back'))).toMatch(
			/Duplicate Look-Back \(Hours\)/,
		);
	});

	it('finds an older version’s label named as today’s, and accepts it where the version is named', () => {
		expect(problemOf(mention('Options → Concurrent Payouts'))).toMatch(/only version 1 has it/);
		expect(
			problemOf(
				mention('Options → Concurrent Payouts', '', 'Version 1: Options → Concurrent Payouts'),
			),
		).toBeUndefined();
	});

	it('reads a label with a remark in brackets after it as that label', () => {
		expect(problemOf(mention('Additional Callback Secret (optional)'))).toBeUndefined();
		expect(problemOf(mention('Pause Between Payouts (pacing)'))).toMatch(
			/Pause Between Payouts \(Ms\)/,
		);
	});

	it('finds a label under the wrong collection', () => {
		expect(problemOf(mention('Additional Fields → Timeout (Seconds)'))).toMatch(/under Options/);
	});

	it('finds a default that differs from the code, after the label or in the next cell', () => {
		expect(problemOf(mention('Timeout (Seconds)', ' (default 30)'))).toMatch(/the code's is 60/);
		expect(problemOf(mention('Timeout (Seconds)', ' (default **60**)'))).toBeUndefined();
		expect(problemOf(mention('Options → Look-Back (Hours)', ' | Default **24**.'))).toMatch(/168/);
		expect(problemOf(mention('Duplicate Guard', ' (default **off**)'))).toMatch(/true/);
	});

	it('leaves alone what is not a label: n8n’s settings, statuses, another node’s options', () => {
		for (const text of [
			'Retry On Fail',
			'Settings → On Error → Continue',
			'Paid',
			'Options → Proxy',
			'Test',
		])
			expect(problemOf(mention(text))).toBeUndefined();
	});
});
