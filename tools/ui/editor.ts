/// <reference lib="dom" />
/**
 * What a person does in n8n 2.41's editor, as puppeteer-core steps. Selectors are the editor's own
 * data-test-id attributes (the ones n8n's Playwright suite uses) plus Element Plus's dropdown classes.
 */
import type { ElementHandle, Page } from 'puppeteer-core';

export interface DropdownOption {
	name: string;
	description: string;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const parameterInput = (name: string) => `[data-test-id="parameter-input-${name}"]`;

/** Signs in through the sign-in form and waits until the editor has left /signin. */
export async function signIn(
	page: Page,
	baseUrl: string,
	{ email, password }: { email: string; password: string },
): Promise<void> {
	await page.goto(`${baseUrl}/signin`, { waitUntil: 'networkidle0' });
	await page.waitForSelector('[data-test-id="signin-form"]');
	await page.type('[data-test-id="emailOrLdapLoginId"] input', email);
	await page.type('[data-test-id="password"] input', password);
	await page.click('[data-test-id="form-submit-button"]');
	await page.waitForFunction(() => !location.pathname.startsWith('/signin'), { timeout: 30000 });
}

/** Opens a stored workflow and double-clicks the canvas node of `nodeType` to open its panel. */
export async function openNodePanel(
	page: Page,
	baseUrl: string,
	workflowId: string,
	nodeType: string,
): Promise<void> {
	await page.goto(`${baseUrl}/workflow/${workflowId}`, { waitUntil: 'networkidle0' });
	const node = await page.waitForSelector(
		`[data-test-id="canvas-node"][data-node-type="${nodeType}"]`,
		{ visible: true },
	);
	await node!.click({ count: 2 });
	await page.waitForSelector('[data-test-id="ndv"] [data-test-id="node-parameters"]', {
		visible: true,
	});
}

/** The innerText of the first element matching `selector`, trimmed. */
export async function textOf(page: Page, selector: string): Promise<string> {
	return (await page.$eval(selector, (element) => (element as HTMLElement).innerText)).trim();
}

/** The visible parameter labels of the open panel, in screen order, without the credential's. */
export async function visibleLabels(page: Page): Promise<string[]> {
	return await page.$$eval(
		'[data-test-id="ndv"] [data-test-id="node-parameters"] label.n8n-input-label',
		(labels) =>
			(labels as HTMLElement[])
				.filter(
					(label) =>
						label.offsetParent !== null && !label.closest('[data-test-id="node-credentials-slot"]'),
				)
				.map((label) => label.innerText.split('\n')[0].trim()),
	);
}

/** The text shown in a parameter's input (for a dropdown: the selected option's name). */
export async function inputText(page: Page, selector: string): Promise<string> {
	return await page.$eval(`${selector} input`, (input) => (input as HTMLInputElement).value);
}

/** Waits until a dropdown parameter has finished loading its options; returns its shown value. */
export async function waitForOptions(page: Page, name: string, timeout = 15000): Promise<string> {
	const selector = parameterInput(name);
	await page.waitForFunction(
		(sel: string) => {
			const input = document.querySelector<HTMLInputElement>(`${sel} input`);
			return input && !input.disabled && !/^Loading options/.test(input.value);
		},
		{ timeout },
		selector,
	);
	return await inputText(page, selector);
}

/**
 * Opens a dropdown parameter and reads its options. A click while the options are still loading is
 * ignored by the editor, hence the wait first.
 */
export async function openDropdown(
	page: Page,
	name: string,
): Promise<{ listId: string; options: DropdownOption[] }> {
	const selector = parameterInput(name);
	await waitForOptions(page, name);
	for (let attempt = 1; ; attempt++) {
		await page.click(`${selector} input`);
		try {
			await page.waitForFunction(
				(sel: string) =>
					document.querySelector(`${sel} input`)?.getAttribute('aria-expanded') === 'true',
				{ timeout: 3000 },
				selector,
			);
			break;
		} catch {
			if (attempt === 3) throw new Error(`the ${name} dropdown did not open after 3 clicks`);
		}
	}
	const listId = await page.$eval(
		`${selector} input`,
		(input) => input.getAttribute('aria-controls') ?? '',
	);
	await page.waitForSelector(`[id="${listId}"] .el-select-dropdown__item`, { visible: true });
	await sleep(300); // the popper's fade-in, so that screenshots show it fully drawn
	const options = await page.$$eval(`[id="${listId}"] .el-select-dropdown__item`, (items) =>
		items.map((item) => ({
			name: ((item.querySelector('.option-headline') ?? item) as HTMLElement).innerText.trim(),
			description: (item.querySelector<HTMLElement>('.option-description')?.innerText ?? '').trim(),
		})),
	);
	return { listId, options };
}

/** Clicks the option named `optionName` in an open dropdown and waits until the input shows it. */
export async function chooseOption(
	page: Page,
	name: string,
	listId: string,
	optionName: string,
): Promise<void> {
	for (const item of await page.$$(`[id="${listId}"] .el-select-dropdown__item`)) {
		const text = await item.evaluate((element) =>
			((element.querySelector('.option-headline') ?? element) as HTMLElement).innerText.trim(),
		);
		if (text !== optionName) continue;
		await item.click();
		await page.waitForFunction(
			(sel: string, expected: string) =>
				document.querySelector<HTMLInputElement>(`${sel} input`)?.value === expected,
			{ timeout: 5000 },
			parameterInput(name),
			optionName,
		);
		await sleep(300); // the dropdown's fade-out
		return;
	}
	throw new Error(`the ${name} dropdown has no option "${optionName}"`);
}

export async function closeDropdown(page: Page): Promise<void> {
	await page.keyboard.press('Escape');
	await sleep(300);
}

/** Types into a text or number parameter, replacing what is there. */
export async function fillParameter(page: Page, name: string, text: string): Promise<void> {
	const input = `${parameterInput(name)} input`;
	await page.click(input, { count: 3 });
	await page.keyboard.type(text);
	// Blur rather than Tab: Tab would focus, and so open, the next dropdown ("Add Field").
	await page.$eval(input, (element) => (element as HTMLInputElement).blur());
	await sleep(200);
}

/** The choices behind a collection's "Add Field" / "Add Option" button. */
export async function collectionChoices(page: Page, collectionName: string): Promise<string[]> {
	// Each collection renders its own button below its label: pick the one inside this collection.
	const handle = await page.evaluateHandle((name: string) => {
		let scope = document.querySelector(
			`[data-test-id="node-parameters"] label.n8n-input-label[for="${name}"]`,
		);
		while (scope && !scope.querySelector('[data-test-id="collection-parameter-add"]')) {
			scope = scope.parentElement;
		}
		return scope?.querySelector('[data-test-id="collection-parameter-add"]') ?? null;
	}, collectionName);
	const add = handle.asElement() as ElementHandle<Element> | null;
	if (!add) throw new Error(`no "add" button for the ${collectionName} collection`);
	await add.click();
	// Another collection's closed list stays in the page, hidden: wait for a visible choice.
	const visibleChoices = () =>
		Array.from(
			document.querySelectorAll<HTMLElement>('[data-test-id="collection-parameter-option"]'),
		)
			.filter((item) => item.offsetParent !== null)
			.map((item) => item.innerText.trim());
	await page.waitForFunction(`(${visibleChoices})().length > 0`);
	await sleep(300);
	const choices = await page.evaluate(visibleChoices);
	await closeDropdown(page);
	return choices;
}

/** Moves the mouse off the parameters, so no hover toolbar (Fixed / Expression) shows in a screenshot. */
export async function restMouse(page: Page): Promise<void> {
	await page.mouse.move(1200, 860);
	await sleep(300);
}
