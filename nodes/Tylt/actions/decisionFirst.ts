import type { IDataObject } from 'n8n-workflow';

/**
 * An output item with what the node decided or found out first (alreadySent, the reference, the status), then
 * TYLT's record, so n8n's table view shows the decision without scrolling. The decision's values win a clash.
 * Key order is harmless to expressions, which read keys by name, so both node versions use it.
 */
export function decisionFirst(decision: IDataObject, record: object): IDataObject {
	return { ...decision, ...record, ...decision };
}
