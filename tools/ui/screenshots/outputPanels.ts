/// <reference lib="dom" />
/**
 * Payout → Create run in the editor ("Execute step"): a payout sent beside a skipped repeat
 * (payout-create-output.png), and a dry run (payout-create-dry-run.png). The output table must lead with what
 * the node decided (outcome, alreadySent, the reference), so a user sees it without scrolling.
 */
import { show } from './checks';
import {
	NEW_INVOICE,
	PAID_BEFORE_INVOICE,
	PAYOUT_NODE_NAME,
	TYLT_NODE,
	type PanelCapture,
} from './stage';

/** The first output columns, in order: the decision before TYLT's record. */
const DECISION_COLUMNS = ['outcome', 'alreadySent', 'merchantReference'];

export async function payoutOutputPanel({
	editor,
	stage,
	checks,
	saveScreenshot,
}: PanelCapture): Promise<void> {
	const { check, same } = checks;
	// Wide enough for the output table to show the decision columns and skippedBecause.
	await editor.resize(1920, 1000);
	await editor.openNodePanel(stage.payoutOutputWorkflowId, TYLT_NODE);
	const title = await editor.textOf('[data-test-id="node-title-container"]');
	check(title === PAYOUT_NODE_NAME, 'the payouts-by-invoice workflow opens its TYLT node', title);
	const { columns, rows } = await editor.executeStep();
	same(
		columns.slice(0, DECISION_COLUMNS.length),
		DECISION_COLUMNS,
		`the output table leads with ${show(DECISION_COLUMNS)}`,
	);
	const cell = (row: string[], column: string) => row[columns.indexOf(column)];
	same(
		rows.map((row) => [
			cell(row, 'outcome'),
			cell(row, 'alreadySent'),
			cell(row, 'merchantReference'),
		]),
		[
			['skipped', 'true', PAID_BEFORE_INVOICE],
			['sent', 'false', NEW_INVOICE],
		],
		`${PAID_BEFORE_INVOICE}, paid by an earlier run, is skipped; ${NEW_INVOICE} is sent`,
	);
	check(
		columns.includes('skippedBecause') && /already paid/.test(cell(rows[0], 'skippedBecause')),
		'the skipped repeat says why in skippedBecause',
		show(rows[0]),
	);
	await editor.restMouse();
	await saveScreenshot('payout-create-output.png');
}

export async function dryRunOutputPanel({
	editor,
	stage,
	checks,
	saveScreenshot,
}: PanelCapture): Promise<void> {
	const { check } = checks;
	await editor.resize(1920, 1000);
	await editor.openNodePanel(stage.dryRunWorkflowId, TYLT_NODE);
	const { columns, rows } = await editor.executeStep();
	check(
		rows.length === 1 && columns.length > 0,
		'Dry Run outputs one item for the one invoice',
		show({ columns, rows }),
	);
	check(
		(await stage.sandbox.payouts).every((payout) => !String(payout.comments).includes('INV-2043')),
		'the dry run sent nothing to TYLT',
	);
	await editor.restMouse();
	await saveScreenshot('payout-create-dry-run.png');
}
