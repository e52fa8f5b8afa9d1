/// <reference lib="dom" />
/**
 * A parameter that offers a list loaded from the node's service, opened once as a person opens it, whichever
 * kind the node declares: an `options` field with a loader (n8n loads it when the panel mounts; the click shows
 * what that load got) or a `resourceLocator` in its "From List" mode (n8n loads it when the list opens).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'puppeteer-core';

export type ListKind = 'options' | 'resourceLocator';

/** What an opened list shows. */
export interface OpenedList {
	kind: ListKind;
	/** Each entry's first line, in screen order. */
	entries: string[];
	/** What the field shows instead of entries (n8n's "Error fetching options from …", "No results"); '' with entries. */
	message: string;
}

const optionsField = (name: string) => `[data-test-id="parameter-input-${name}"]`;
const locatorField = (name: string) => `[data-test-id="resource-locator-${name}"]`;
// A resource locator's list is a popover n8n teleports out of the panel; a closed one stays hidden in the page,
// so only what is shown counts. Its class names are CSS modules (`_loadingItem_1x2y3`): matched by the part
// n8n wrote.
const LOCATOR_ENTRY = '[data-test-id="rlc-item"]';
const LOCATOR_ERROR = '[data-test-id="rlc-error-container"]';
const LOCATOR_NO_RESULTS = '[class*="messageContainer"]';
const LOCATOR_LOADING = '[class*="loadingItem"]';
/** How long an empty list must stay empty before it counts as the answer, not as a load about to start. */
const EMPTY_SETTLES_MS = 1000;

/** Which kind of list field the open panel shows for the parameter `name`. */
export async function listKind(page: Page, name: string): Promise<ListKind> {
	const kind = await page
		.waitForFunction(
			(locator: string, options: string) =>
				(document.querySelector(locator) && 'resourceLocator') ||
				(document.querySelector(options) && 'options'),
			{ timeout: 15000 },
			locatorField(name),
			optionsField(name),
		)
		.catch(() => {
			throw new Error(`the open panel shows no list field named ${name}`);
		});
	return (await kind.jsonValue()) as ListKind;
}

/**
 * Opens the list of the parameter `name` with one click, as a person does (no reload, no second try), waits
 * until it has settled (entries, an error, or nothing for EMPTY_SETTLES_MS) and reads it. The list stays open.
 */
export async function openList(page: Page, name: string, timeout = 15000): Promise<OpenedList> {
	const kind = await listKind(page, name);
	return kind === 'options'
		? await openOptions(page, name, timeout)
		: await openLocatorList(page, name, timeout);
}

async function openOptions(page: Page, name: string, timeout: number): Promise<OpenedList> {
	const input = `${optionsField(name)} input`;
	// The mount's load in flight shows "Loading options…"; a failed one shows n8n's message in the field and
	// may leave it disabled, when a click opens nothing.
	await page.waitForFunction(
		(selector: string) => {
			const element = document.querySelector<HTMLInputElement>(selector);
			return element && !/^Loading options/.test(element.value || element.placeholder);
		},
		{ timeout },
		input,
	);
	const shownInField = async () =>
		await page.$eval(input, (element) => {
			const field = element as HTMLInputElement;
			return { text: field.value || field.placeholder, disabled: field.disabled };
		});
	const before = await shownInField();
	if (before.disabled) return { kind: 'options', entries: [], message: before.text };
	await page.click(input);
	const listId = await page
		.waitForFunction(
			(selector: string) => {
				const element = document.querySelector(selector);
				return element?.getAttribute('aria-expanded') === 'true'
					? element.getAttribute('aria-controls')
					: false;
			},
			{ timeout: 5000 },
			input,
		)
		.then(async (handle) => String(await handle.jsonValue()));
	const entries = await settledEntries(
		page,
		`[id="${listId}"] .el-select-dropdown__item`,
		`[id="${listId}"] .el-select-dropdown__empty`,
		timeout,
	);
	return { kind: 'options', entries, message: entries.length ? '' : (await shownInField()).text };
}

async function openLocatorList(page: Page, name: string, timeout: number): Promise<OpenedList> {
	await page.click(`${locatorField(name)} [data-test-id="rlc-input"]`);
	const entries = await settledEntries(
		page,
		LOCATOR_ENTRY,
		`${LOCATOR_ERROR}, ${LOCATOR_NO_RESULTS}`,
		timeout,
		LOCATOR_LOADING,
	);
	const message = entries.length
		? ''
		: await page.evaluate((selector: string) => {
				const shown = Array.from(document.querySelectorAll<HTMLElement>(selector)).find(
					(element) => element.getClientRects().length > 0,
				);
				return (shown?.innerText ?? '').replace(/\s+/g, ' ').trim();
			}, `[data-test-id="rlc-error-message"], ${LOCATOR_NO_RESULTS}`);
	return { kind: 'resourceLocator', entries, message };
}

/**
 * The entries an open list settles on: as soon as an entry shows; an error or empty state only once it has
 * shown for EMPTY_SETTLES_MS with nothing loading (a list opened a moment before its load starts looks empty).
 */
async function settledEntries(
	page: Page,
	entrySelector: string,
	emptySelector: string,
	timeout: number,
	loadingSelector?: string,
): Promise<string[]> {
	const deadline = Date.now() + timeout;
	let emptySince: number | undefined;
	for (;;) {
		const shown = await page.evaluate(
			(entry: string, empty: string, loading: string | null) => {
				const visible = (element: Element) => (element as HTMLElement).getClientRects().length > 0;
				return {
					entries: Array.from(document.querySelectorAll(entry))
						.filter(visible)
						.map((element) => (element as HTMLElement).innerText.split('\n')[0].trim()),
					empty: Array.from(document.querySelectorAll(empty)).some(visible),
					loading: loading ? Array.from(document.querySelectorAll(loading)).some(visible) : false,
				};
			},
			entrySelector,
			emptySelector,
			loadingSelector ?? null,
		);
		if (shown.entries.length) return shown.entries;
		if (shown.empty && !shown.loading) {
			emptySince ??= Date.now();
			if (Date.now() - emptySince >= EMPTY_SETTLES_MS) return [];
		} else {
			emptySince = undefined;
		}
		if (Date.now() > deadline) {
			throw new Error(
				`the list (${entrySelector}) showed neither entries nor a message within ${timeout} ms`,
			);
		}
		await sleep(100);
	}
}

/** Clicks the entry of the open list whose first line reads (or matches) `line`; the list closes on the choice. */
export async function chooseEntry(
	page: Page,
	kind: ListKind,
	line: string | RegExp,
): Promise<string> {
	const entrySelector = kind === 'options' ? '.el-select-dropdown__item' : LOCATOR_ENTRY;
	const matches = (text: string) => (typeof line === 'string' ? text === line : line.test(text));
	for (const entry of await page.$$(entrySelector)) {
		const text = await entry.evaluate((element) =>
			(element as HTMLElement).getClientRects().length > 0
				? (element as HTMLElement).innerText.split('\n')[0].trim()
				: '',
		);
		if (!text || !matches(text)) continue;
		await entry.click();
		// The closing list still covers the fields below it until it has faded out.
		await page.waitForFunction(
			(selector: string) =>
				!Array.from(document.querySelectorAll(selector)).some(
					(element) => (element as HTMLElement).getClientRects().length > 0,
				),
			{ timeout: 5000 },
			entrySelector,
		);
		return text;
	}
	throw new Error(`the open list has no entry ${typeof line === 'string' ? `"${line}"` : line}`);
}

/** Closes the open list, if one is open, without choosing (Escape with none open would close the panel). */
export async function closeList(page: Page): Promise<void> {
	const open = await page.evaluate(
		(selectors: string) =>
			Array.from(document.querySelectorAll(selectors)).some(
				(element) => (element as HTMLElement).getClientRects().length > 0,
			),
		`.el-select-dropdown, ${LOCATOR_ENTRY}, ${LOCATOR_ERROR}, ${LOCATOR_NO_RESULTS}`,
	);
	if (!open) return;
	await page.keyboard.press('Escape');
	await sleep(300);
}
