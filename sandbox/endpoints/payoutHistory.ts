import type { Reply } from '../http';
import { envelopeReply, errorReply } from '../http';
import type { ApiRequest, ApiState } from './context';

// TYLT documents neither; merchants' integrations use 10/1 when they omit them. The largest page is
// state.historyPaging.maxRows (200 by default, as merchants' integrations use).
const DEFAULT_ROWS = 10;

/** A positive whole number, the given default when absent, or undefined when the value is unusable. */
function positiveInteger(text: string | null, fallback: number): number | undefined {
	if (text === null) return fallback;
	return /^\d+$/.test(text) && Number(text) >= 1 ? Number(text) : undefined;
}

/** Serves both history paths: the spec shows both and says they return payout records, newest first. */
export function payoutHistory(request: ApiRequest, state: ApiState): Reply {
	const rows = positiveInteger(request.query.get('rows'), DEFAULT_ROWS);
	if (rows === undefined) return errorReply(400, 'rows must be a whole number of at least 1.');
	const page = positiveInteger(request.query.get('page'), 1);
	if (page === undefined) return errorReply(400, 'page must be a whole number of at least 1.');

	const { maxRows, offsetBy, pastEnd, shortPages, cappedPages, minRows, maxPage } =
		state.historyPaging;
	if (maxPage !== undefined && page > maxPage) return envelopeReply([]);
	const cap =
		cappedPages && page >= cappedPages.from && page <= (cappedPages.through ?? Infinity)
			? cappedPages.maxRows
			: maxRows;
	const pageSize = Math.max(Math.min(rows, cap), minRows ?? 1);
	const step = offsetBy === 'rowsAsked' ? rows : pageSize;
	const history = state.payouts.list();
	let start = (page - 1) * step;
	// Past the end, an API of the other kind answers with the last page again.
	if (start >= history.length && pastEnd === 'lastPage' && history.length > 0) {
		start = Math.floor((history.length - 1) / step) * step;
	}
	const cut =
		shortPages && page >= shortPages.from && page <= (shortPages.through ?? Infinity)
			? shortPages.rowsFewer
			: 0;
	return envelopeReply(history.slice(start, start + Math.max(1, pageSize - cut)));
}
