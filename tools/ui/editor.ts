/// <reference lib="dom" />
/**
 * What a person does in n8n 2.41's editor, as puppeteer-core steps on one tab. Selectors are the editor's own
 * data-test-id attributes (the ones n8n's Playwright suite uses) plus Element Plus's dropdown classes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ElementHandle, Page } from 'puppeteer-core';

import { chooseEntry, listKind, openList } from './listField';

const parameterInput = (name: string) => `[data-test-id="parameter-input-${name}"]`;
const resourceLocatorInput = (name: string) =>
	`[data-test-id="resource-locator-${name}"] [data-test-id="rlc-input"]`;

export class Editor {
	constructor(
		readonly page: Page,
		private readonly baseUrl: string,
	) {}

	/** Signs in through the sign-in form and waits until the editor has left /signin. */
	async signIn({ email, password }: { email: string; password: string }): Promise<void> {
		const { page } = this;
		await page.goto(`${this.baseUrl}/signin`, { waitUntil: 'networkidle0' });
		await page.waitForSelector('[data-test-id="signin-form"]');
		await page.type('[data-test-id="emailOrLdapLoginId"] input', email);
		await page.type('[data-test-id="password"] input', password);
		await page.click('[data-test-id="form-submit-button"]');
		await page.waitForFunction(() => !location.pathname.startsWith('/signin'), { timeout: 30000 });
	}

	/** Opens a stored workflow and double-clicks the canvas node of `nodeType` to open its panel. */
	async openNodePanel(workflowId: string, nodeType: string): Promise<void> {
		const { page } = this;
		await page.goto(`${this.baseUrl}/workflow/${workflowId}`, { waitUntil: 'networkidle0' });
		const canvasNode = `[data-test-id="canvas-node"][data-node-type="${nodeType}"]`;
		await (await page.waitForSelector(canvasNode, { visible: true }))!.click({ count: 2 });
		const parameters = '[data-test-id="ndv"] [data-test-id="node-parameters"]';
		await page.waitForSelector(parameters, { visible: true });
	}

	/** Opens a new, empty workflow in a freshly loaded editor: a full page load, so every store starts empty. */
	async newWorkflow(): Promise<void> {
		await this.page.goto(`${this.baseUrl}/workflow/new`, { waitUntil: 'domcontentloaded' });
		await this.page.waitForSelector('[data-test-id="canvas-plus-button"]', {
			visible: true,
		});
	}

	/**
	 * Waits until n8n has saved the new workflow by itself (about a second after its first node; the address
	 * loses `?new=true`), as it has by the time a person takes the next step. From then on n8n fetches the
	 * workflow's credentials again whenever a node is added.
	 */
	async waitForAutosave(timeout = 15000): Promise<void> {
		await this.page.waitForFunction(
			() =>
				/^\/workflow\/(?!new$)[^/]+$/.test(location.pathname) && !/[?&]new=/.test(location.search),
			{ timeout },
		);
	}

	/**
	 * Adds the first step from the empty canvas's "Add first step": a trigger by name, or with `action` one of an
	 * app's actions (n8n then puts a Manual Trigger before it).
	 */
	async addFirstStep(nodeName: string, action?: string): Promise<void> {
		await this.page.click('[data-test-id="canvas-plus-button"]');
		await this.pickInNodeCreator(nodeName, action);
	}

	/** Adds a node after the canvas node named `previous`, from the "+" on that node's output: the usual way. */
	async addAfter(previous: string, nodeName: string, action?: string): Promise<void> {
		const plus = `[data-test-id="canvas-node-output-handle"][data-node-name="${previous}"] [data-test-id="canvas-handle-plus"]`;
		await (await this.page.waitForSelector(plus, { visible: true }))!.click();
		await this.pickInNodeCreator(nodeName, action);
	}

	/**
	 * In the open node panel: the node's name typed into its search, the node, then (for an app) one of its
	 * actions. The app's entry (its action node and triggers together) is an item of its own kind in the list.
	 */
	private async pickInNodeCreator(nodeName: string, action?: string): Promise<void> {
		const search =
			'[data-test-id="node-creator-search-bar"] input, input[data-test-id="node-creator-search-bar"]';
		await this.page.waitForSelector(search, { visible: true });
		await this.page.type(search, nodeName);
		await this.clickByText('[data-test-id="item-iterator-item"]', nodeName);
		if (action) {
			// Before the first trigger n8n lists an app's triggers and folds its actions under "Actions (n)".
			const shown = await this.page.waitForFunction(
				(wanted: string) => {
					const visible = (selector: string) =>
						Array.from(document.querySelectorAll<HTMLElement>(selector))
							.filter((element) => element.getClientRects().length > 0)
							.map((element) => element.innerText.split('\n')[0].trim());
					if (visible('[data-test-id="item-iterator-item"]').includes(wanted)) return 'action';
					return visible('[data-test-id="node-creator-category-item"]').some((category) =>
						/^Actions \(\d+\)$/.test(category),
					)
						? 'folded'
						: false;
				},
				{ timeout: 15000 },
				action,
			);
			if ((await shown.jsonValue()) === 'folded') {
				await this.clickByText('[data-test-id="node-creator-category-item"]', /^Actions \(\d+\)$/);
			}
			await this.clickByText('[data-test-id="item-iterator-item"]', action);
		}
		await this.page.waitForSelector('[data-test-id="node-creator"]', { hidden: true });
	}

	/** Waits until the node panel (NDV) of a just-added node shows its parameters. */
	async waitForPanel(): Promise<void> {
		await this.page.waitForSelector('[data-test-id="ndv"] [data-test-id="node-parameters"]', {
			visible: true,
		});
	}

	/** Closes the open node panel with its close button, back to the canvas. */
	async closePanel(): Promise<void> {
		await this.page.click('[data-test-id="ndv"] [data-test-id="ndv-close-button"]');
		await this.page.waitForSelector('[data-test-id="ndv"] [data-test-id="node-parameters"]', {
			hidden: true,
		});
	}

	/**
	 * Clicks the first shown element matching `selector` that has a line of text reading (or matching) `text`.
	 * A list n8n draws again between the find and the click (the node panel's search filters as it is typed
	 * into) leaves a detached element: it is found again, up to three times.
	 */
	private async clickByText(
		selector: string,
		text: string | RegExp,
		timeout = 15000,
	): Promise<void> {
		const pattern = typeof text === 'string' ? null : text.source;
		for (let attempt = 1; ; attempt++) {
			const handle = await this.page
				.waitForFunction(
					(sel: string, wanted: string, wantedPattern: string | null) =>
						Array.from(document.querySelectorAll<HTMLElement>(sel)).find(
							(element) =>
								element.getClientRects().length > 0 &&
								element.innerText
									.split('\n')
									.some((line) =>
										wantedPattern
											? new RegExp(wantedPattern).test(line.trim())
											: line.trim() === wanted,
									),
						) ?? false,
					{ timeout },
					selector,
					String(text),
					pattern,
				)
				.catch(async (error: Error) => {
					const shown = await this.page.$$eval(selector, (elements) =>
						elements.map((element) => (element as HTMLElement).innerText.replace(/\n/g, ' | ')),
					);
					throw new Error(
						`${error.message}: no "${text}" in ${selector}; shown: ${JSON.stringify(shown)}`,
					);
				});
			try {
				await (handle.asElement() as ElementHandle<Element>).click();
				return;
			} catch (error) {
				if (attempt === 3) throw error;
			}
		}
	}

	/** The credential shown in the open panel's credential slot ('' when none is selected). */
	async selectedCredential(): Promise<string> {
		return await this.page
			.$eval(
				'[data-test-id="ndv"] [data-test-id="node-credentials-select"] input',
				(input) => (input as HTMLInputElement).value,
			)
			.catch(() => '');
	}

	/** The credential n8n attaches to a just-added node by itself, once it shows; '' when none has within `timeout`. */
	async attachedCredential(timeout = 10000): Promise<string> {
		await this.page
			.waitForFunction(
				() =>
					!!document.querySelector<HTMLInputElement>(
						'[data-test-id="ndv"] [data-test-id="node-credentials-select"] input',
					)?.value,
				{ timeout },
			)
			.catch(() => {});
		return await this.selectedCredential();
	}

	/** Selects a stored credential by name in the open panel's credential slot. */
	async chooseCredential(name: string): Promise<void> {
		await this.page.click('[data-test-id="ndv"] [data-test-id="node-credentials-select"] input');
		await this.clickByText('.el-select-dropdown__item', name);
		await this.page.waitForFunction(
			(wanted: string) =>
				document.querySelector<HTMLInputElement>(
					'[data-test-id="ndv"] [data-test-id="node-credentials-select"] input',
				)?.value === wanted,
			{ timeout: 5000 },
			name,
		);
	}

	/** The innerText of the first element matching `selector`, trimmed. */
	async textOf(selector: string): Promise<string> {
		return (
			await this.page.$eval(selector, (element) => (element as HTMLElement).innerText)
		).trim();
	}

	/** The visible parameter labels of the open panel, in screen order, without the credential's. */
	async visibleLabels(): Promise<string[]> {
		return await this.labelsIn('[data-test-id="ndv"] [data-test-id="node-parameters"]');
	}

	/**
	 * The visible input labels under `scope`, in screen order, outside the node's credential slot; each label's
	 * first line, without the " *" a required field's label ends in.
	 */
	private async labelsIn(scope: string): Promise<string[]> {
		return await this.page.$$eval(`${scope} label.n8n-input-label`, (labels) =>
			(labels as HTMLElement[])
				.filter((label) => label.offsetParent !== null)
				.filter((label) => !label.closest('[data-test-id="node-credentials-slot"]'))
				.map((label) =>
					label.innerText
						.split('\n')[0]
						.replace(/\s*\*$/, '')
						.trim(),
				),
		);
	}

	/** The text shown in an input (for a dropdown: the selected option's name); `name` a parameter's or a selector. */
	async inputText(name: string): Promise<string> {
		const selector = name.startsWith('[') ? name : parameterInput(name);
		return await this.page.$eval(`${selector} input`, (input) => (input as HTMLInputElement).value);
	}

	/** The text a resource locator shows: the entry picked From List, or the symbol typed By Symbol. */
	async listText(name: string): Promise<string> {
		return await this.page.$eval(resourceLocatorInput(name), (element) => {
			const input = element.matches('input') ? element : element.querySelector('input');
			return (input as HTMLInputElement | null)?.value ?? '';
		});
	}

	/**
	 * Opens a list field once (a resource locator From List, or an options dropdown) and reads it when settled
	 * (tools/ui/listField.ts): its entries, or the message it shows instead.
	 */
	async openList(name: string): Promise<{ entries: string[]; error?: string }> {
		const { entries, message } = await openList(this.page, name);
		await sleep(300); // the list's fade-in, so that screenshots show it fully drawn
		return entries.length ? { entries } : { entries, error: message };
	}

	/** Clicks the entry reading `entry` in the open list and waits until the field shows it. */
	async chooseListEntry(name: string, entry: string): Promise<void> {
		const kind = await listKind(this.page, name);
		await chooseEntry(this.page, kind, entry);
		await this.page.waitForFunction(
			(sel: string, expected: string) => {
				const element = document.querySelector(sel);
				const input = element?.matches('input') ? element : element?.querySelector('input');
				return (input as HTMLInputElement | null)?.value === expected;
			},
			{ timeout: 5000 },
			kind === 'resourceLocator' ? resourceLocatorInput(name) : parameterInput(name),
			entry,
		);
	}

	async closeDropdown(): Promise<void> {
		await this.page.keyboard.press('Escape');
		await sleep(300);
	}

	/** Types into a text or number parameter, replacing what is there. */
	async fillParameter(name: string, text: string): Promise<void> {
		const input = `${parameterInput(name)} input`;
		await this.page.click(input, { count: 3 });
		await this.page.keyboard.type(text);
		// Blur rather than Tab: Tab would focus, and so open, the next dropdown ("Add Field").
		await this.page.$eval(input, (element) => (element as HTMLInputElement).blur());
		await sleep(200);
	}

	/** The choices behind a collection's "Add Field" / "Add Option" button. */
	/** The choices under a collection's Add button; `whileOpen` runs while the list is open (a screenshot). */
	async collectionChoices(
		collectionName: string,
		whileOpen?: () => Promise<void>,
	): Promise<string[]> {
		const { page } = this;
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
		await whileOpen?.();
		await this.closeDropdown();
		return choices;
	}

	/**
	 * Clicks the open panel's "Execute step" and waits until its output panel shows a table; returns the table's
	 * column headers and its rows' cells (innerText), as a user reads them.
	 */
	async executeStep(timeout = 30000): Promise<{ columns: string[]; rows: string[][] }> {
		const { page } = this;
		await page.click('[data-test-id="ndv"] [data-test-id="node-execute-button"]');
		const table = '[data-test-id="output-panel"] [data-test-id="ndv-data-container"] table';
		await page.waitForSelector(table, { visible: true, timeout });
		return await page.$eval(table, (element) => ({
			columns: Array.from(element.querySelectorAll('thead th')).map((cell) =>
				(cell as HTMLElement).innerText.trim(),
			),
			rows: Array.from(element.querySelectorAll('tbody tr')).map((row) =>
				Array.from(row.querySelectorAll('td')).map((cell) =>
					(cell as HTMLElement).innerText.trim(),
				),
			),
		}));
	}

	/**
	 * Clicks the canvas's "Execute workflow" (the editor sends the workflow as it shows it) and waits until the
	 * canvas node of `nodeType` shows its success mark; throws with n8n's message when a node's problem shows.
	 */
	async executeWorkflow(nodeType: string, timeout = 30000): Promise<void> {
		await this.page.click('[data-test-id="execute-workflow-button"]');
		const outcome = await this.page.waitForFunction(
			(success: string) => {
				if (document.querySelector(success)) return 'success';
				const problem = Array.from(document.querySelectorAll<HTMLElement>('.el-notification')).find(
					(toast) => /Problem in node/.test(toast.innerText),
				);
				return problem ? problem.innerText.replace(/\s+/g, ' ').trim() : false;
			},
			{ timeout },
			`[data-test-id="canvas-node"][data-node-type="${nodeType}"] [data-test-id="canvas-node-status-success"]`,
		);
		const shown = String(await outcome.jsonValue());
		if (shown !== 'success') throw new Error(`the run failed: ${shown}`);
	}

	/** Opens a stored credential's edit dialog (its own URL, as the Credentials list links it). */
	async openCredential(credentialId: string): Promise<void> {
		const { page } = this;
		await page.goto(`${this.baseUrl}/home/credentials/${credentialId}`, {
			waitUntil: 'networkidle0',
		});
		await page.waitForSelector('[data-test-id="credential-edit-dialog"]', { visible: true });
	}

	/** Scrolls every scrollable box of the open credential dialog to its end (its last fields in view). */
	async scrollCredentialToEnd(): Promise<void> {
		await this.page.$$eval('[data-test-id="credential-edit-dialog"] *', (elements) => {
			for (const element of elements as HTMLElement[]) {
				if (element.scrollHeight > element.clientHeight + 1)
					element.scrollTop = element.scrollHeight;
			}
		});
		await sleep(300);
	}

	/** The visible labels of the open credential dialog, in screen order. */
	async credentialLabels(): Promise<string[]> {
		return await this.labelsIn('[data-test-id="credential-edit-dialog"]');
	}

	/** Resizes the tab (n8n lays its dialogs and panels out again), e.g. to show a long form whole. */
	async resize(width: number, height: number): Promise<void> {
		await this.page.setViewport({ width, height });
		await sleep(500);
	}

	/** Moves the mouse off the parameters, so no hover toolbar (Fixed / Expression) shows in a screenshot. */
	async restMouse(): Promise<void> {
		await this.page.mouse.move(1200, 860);
		await sleep(300);
	}
}
