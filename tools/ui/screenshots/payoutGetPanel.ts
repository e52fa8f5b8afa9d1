/// <reference lib="dom" />
/** Payout → Get by TYLT order ID, waiting until final: names shown, labels in the node's order; payout-get.png. */
import { show } from './checks';
import { declaredParameters } from './payoutPanel';
import { PAYOUT_GET_NODE_NAME, TYLT_NODE, type PanelCapture } from './stage';

export async function payoutGetPanel({
	editor,
	stage,
	checks,
	saveScreenshot,
}: PanelCapture): Promise<void> {
	const { check, same } = checks;
	await editor.openNodePanel(stage.payoutGetWorkflowId, TYLT_NODE);
	const title = await editor.textOf('[data-test-id="node-title-container"]');
	check(title === PAYOUT_GET_NODE_NAME, 'the Payout → Get node opens its panel', title);
	same(
		{
			resource: await editor.inputText('resource'),
			operation: await editor.inputText('operation'),
			lookupBy: await editor.inputText('lookupBy'),
		},
		{ resource: 'Payout', operation: 'Get', lookupBy: 'TYLT Order ID' },
		'the panel shows Payout, Get and Find By "TYLT Order ID" by name',
	);
	const declared = declaredParameters({
		resource: 'payout',
		operation: 'get',
		lookupBy: 'orderId',
		waitUntilFinal: true,
	});
	const labels = await editor.visibleLabels();
	// Version 2: Wait Until Final on the panel, Max Wait under it.
	same(
		labels.slice(0, declared.length),
		declared.map((property) => property.displayName),
		"the panel shows Payout → Get's parameters in the node's order, each with its displayName",
	);
	check(
		labels.includes('Wait Until Final') && labels.includes('Max Wait (Seconds)'),
		'Wait Until Final and Max Wait (Seconds) are shown on the panel',
		show(labels),
	);
	await editor.restMouse();
	await saveScreenshot('payout-get.png');
}
