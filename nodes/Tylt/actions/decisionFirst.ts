import type { IDataObject } from 'n8n-workflow';

/** The decision first, then TYLT's record, so n8n's table shows it unscrolled; the decision wins a clash. */
export function decisionFirst(decision: IDataObject, record: object): IDataObject {
	return { ...decision, ...record, ...decision };
}
