/// <reference lib="dom" />
/** TYLT Payout Status Trigger: n8n's Poll Times, the notice, the filters; polling-trigger.png. */
import { show } from './checks';
import { TYLT_POLLING_TRIGGER, type PanelCapture } from './stage';

export async function pollingTriggerPanel({
	editor,
	stage,
	checks,
	saveScreenshot,
}: PanelCapture): Promise<void> {
	const { check } = checks;
	await editor.openNodePanel(stage.pollingWorkflowId, TYLT_POLLING_TRIGGER);
	const notice = await editor.textOf('[data-test-id="node-parameters"] .notice');
	check(
		/payout history/.test(notice) && /TYLT Trigger/.test(notice),
		'the polling trigger says it reads payout history and points to the TYLT Trigger',
		show(notice),
	);
	const labels = await editor.visibleLabels();
	const expected = ['Poll Times', 'Statuses', 'Final Only', 'Options'];
	check(
		expected.every((label) => labels.includes(label)) &&
			labels.indexOf('Poll Times') < labels.indexOf('Statuses'),
		`the polling trigger panel has ${expected.join(', ')}, n8n's schedule first`,
		show(labels),
	);
	await editor.restMouse();
	await saveScreenshot('polling-trigger.png');
}
