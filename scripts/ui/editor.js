'use strict';
/**
 * What a person does in n8n 2.41's editor, as puppeteer-core steps. Selectors are the editor's own
 * data-test-id attributes (the ones n8n's Playwright suite uses) plus Element Plus's dropdown classes.
 */

const LOADING_OPTIONS = /^Loading options/;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const parameterInput = (name) => `[data-test-id="parameter-input-${name}"]`;

/** Signs in through the sign-in form and waits until the editor has left /signin. */
async function signIn(page, baseUrl, { email, password }) {
	await page.goto(`${baseUrl}/signin`, { waitUntil: 'networkidle0' });
	await page.waitForSelector('[data-test-id="signin-form"]');
	await page.type('[data-test-id="emailOrLdapLoginId"] input', email);
	await page.type('[data-test-id="password"] input', password);
	await page.click('[data-test-id="form-submit-button"]');
	await page.waitForFunction(() => !location.pathname.startsWith('/signin'), { timeout: 30000 });
}

/** Opens a stored workflow and double-clicks the canvas node of `nodeType` to open its panel. */
async function openNodePanel(page, baseUrl, workflowId, nodeType) {
	await page.goto(`${baseUrl}/workflow/${workflowId}`, { waitUntil: 'networkidle0' });
	const node = await page.waitForSelector(
		`[data-test-id="canvas-node"][data-node-type="${nodeType}"]`,
		{ visible: true },
	);
	await node.click({ count: 2 });
	await page.waitForSelector('[data-test-id="ndv"] [data-test-id="node-parameters"]', {
		visible: true,
	});
}

async function panelTitle(page) {
	return (await page.$eval('[data-test-id="node-title-container"]', (el) => el.innerText)).trim();
}

/** The visible parameter labels of the open panel, in screen order, without the credential's: [{ name, label }]. */
async function visibleLabels(page) {
	return await page.$$eval(
		'[data-test-id="ndv"] [data-test-id="node-parameters"] label.n8n-input-label',
		(labels) =>
			labels
				.filter(
					(label) =>
						label.offsetParent !== null && !label.closest('[data-test-id="node-credentials-slot"]'),
				)
				.map((label) => ({
					name: label.getAttribute('for') || '',
					label: label.innerText.split('\n')[0].trim(),
				})),
	);
}

/** The text shown in a parameter's input (for a dropdown: the selected option's name). */
async function inputText(page, selector) {
	return await page.$eval(`${selector} input`, (input) => input.value);
}

/** Waits until a dropdown parameter has finished loading its options; returns its shown value. */
async function waitForOptions(page, name, timeout = 15000) {
	const selector = parameterInput(name);
	await page.waitForFunction(
		(sel, loading) => {
			const input = document.querySelector(`${sel} input`);
			return input && !input.disabled && !new RegExp(loading).test(input.value);
		},
		{ timeout },
		selector,
		LOADING_OPTIONS.source,
	);
	return await inputText(page, selector);
}

/**
 * Opens a dropdown parameter and reads its options. A click while the options are still loading is
 * ignored by the editor, hence the wait first.
 * @returns {Promise<{listId:string, options:{name:string, description:string}[]}>}
 */
async function openDropdown(page, name) {
	const selector = parameterInput(name);
	await waitForOptions(page, name);
	for (let attempt = 1; ; attempt++) {
		await page.click(`${selector} input`);
		try {
			await page.waitForFunction(
				(sel) => document.querySelector(`${sel} input`).getAttribute('aria-expanded') === 'true',
				{ timeout: 3000 },
				selector,
			);
			break;
		} catch (error) {
			if (attempt === 3) throw new Error(`the ${name} dropdown did not open after 3 clicks`);
		}
	}
	const listId = await page.$eval(`${selector} input`, (input) =>
		input.getAttribute('aria-controls'),
	);
	await page.waitForSelector(`[id="${listId}"] .el-select-dropdown__item`, { visible: true });
	await sleep(300); // the popper's fade-in, so that screenshots show it fully drawn
	const options = await page.$$eval(`[id="${listId}"] .el-select-dropdown__item`, (items) =>
		items.map((item) => ({
			name: (item.querySelector('.option-headline') || item).innerText.trim(),
			description: (item.querySelector('.option-description')?.innerText || '').trim(),
		})),
	);
	return { listId, options };
}

/** Clicks the option named `optionName` in an open dropdown and waits until the input shows it. */
async function chooseOption(page, name, listId, optionName) {
	const items = await page.$$(`[id="${listId}"] .el-select-dropdown__item`);
	for (const item of items) {
		const text = await item.evaluate((el) =>
			(el.querySelector('.option-headline') || el).innerText.trim(),
		);
		if (text === optionName) {
			await item.click();
			await page.waitForFunction(
				(sel, expected) => document.querySelector(`${sel} input`)?.value === expected,
				{ timeout: 5000 },
				parameterInput(name),
				optionName,
			);
			await sleep(300); // the dropdown's fade-out
			return;
		}
	}
	throw new Error(`the ${name} dropdown has no option "${optionName}"`);
}

async function closeDropdown(page) {
	await page.keyboard.press('Escape');
	await sleep(300);
}

/** Types into a text or number parameter, replacing what is there. */
async function fillParameter(page, name, text) {
	const input = `${parameterInput(name)} input`;
	await page.click(input, { count: 3 });
	await page.keyboard.type(text);
	// Blur rather than Tab: Tab would focus, and so open, the next dropdown ("Add Field").
	await page.$eval(input, (element) => element.blur());
	await sleep(200);
}

/** The choices behind a collection's "Add Field" / "Add Option" button. */
async function collectionChoices(page, collectionName) {
	// Each collection renders its own button below its label: pick the one inside this collection.
	const handle = await page.evaluateHandle((name) => {
		const label = document.querySelector(
			`[data-test-id="node-parameters"] label.n8n-input-label[for="${name}"]`,
		);
		let scope = label;
		while (scope && !scope.querySelector('[data-test-id="collection-parameter-add"]')) {
			scope = scope.parentElement;
		}
		return scope ? scope.querySelector('[data-test-id="collection-parameter-add"]') : null;
	}, collectionName);
	const add = handle.asElement();
	if (!add) throw new Error(`no "add" button for the ${collectionName} collection`);
	await add.click();
	// Another collection's closed list stays in the page, hidden: wait for a visible choice.
	await page.waitForFunction(() =>
		[...document.querySelectorAll('[data-test-id="collection-parameter-option"]')].some(
			(item) => item.offsetParent !== null,
		),
	);
	await sleep(300);
	const choices = await page.$$eval('[data-test-id="collection-parameter-option"]', (items) =>
		items.filter((item) => item.offsetParent !== null).map((item) => item.innerText.trim()),
	);
	await closeDropdown(page);
	return choices;
}

/** Moves the mouse off the parameters, so no hover toolbar (Fixed / Expression) shows in a screenshot. */
async function restMouse(page) {
	await page.mouse.move(1200, 860);
	await sleep(300);
}

module.exports = {
	signIn,
	openNodePanel,
	panelTitle,
	visibleLabels,
	inputText,
	waitForOptions,
	openDropdown,
	chooseOption,
	closeDropdown,
	fillParameter,
	collectionChoices,
	restMouse,
	parameterInput,
	sleep,
};
