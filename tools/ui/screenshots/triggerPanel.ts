/// <reference lib="dom" />
/** TYLT Trigger: the notice about the Production URL, that URL itself, and the panel's labels; trigger.png. */
import { show } from './checks';
import { TRIGGER_WEBHOOK_ID, TYLT_TRIGGER, type PanelCapture } from './stage';

export async function triggerPanel({
	editor,
	stage,
	checks,
	saveScreenshot,
}: PanelCapture): Promise<void> {
	const { page } = editor;
	const { check } = checks;
	await editor.openNodePanel(stage.triggerWorkflowId, TYLT_TRIGGER);
	const notice = await editor.textOf('[data-test-id="node-parameters"] .notice');
	check(
		/Production URL/.test(notice) && /Callback URL/.test(notice),
		"the trigger's notice says to give its Production URL as the payout's Callback URL",
		show(notice),
	);
	const headline = await page.waitForSelector(
		'xpath/.//*[@data-test-id="node-parameters"]//*[contains(@class,"headline")][normalize-space(.)="Webhook URLs"]',
	);
	await headline!.click();
	await page.click('[data-test-id="radio-button-production"]');
	const urlSelector = '[data-test-id="node-parameters"] .webhook-url';
	const expectedUrl = `${stage.n8n.url}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;
	await page
		.waitForFunction(
			(selector: string, url: string) =>
				document.querySelector<HTMLElement>(selector)?.innerText.trim() === url,
			{ timeout: 5000 },
			urlSelector,
			expectedUrl,
		)
		.catch(() => {});
	const shownUrl = await editor.textOf(urlSelector);
	check(shownUrl === expectedUrl, `the Production URL shown is ${expectedUrl}`, show(shownUrl));
	const labels = await editor.visibleLabels();
	const expectedLabels = ['Events', 'Statuses', 'Final Only', 'Options'];
	checks.same(labels, expectedLabels, `the trigger panel has ${expectedLabels.join(', ')}`);
	await editor.restMouse();
	await saveScreenshot('trigger.png');
}
