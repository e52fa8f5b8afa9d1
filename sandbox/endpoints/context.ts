import type { PayInRegistry } from '../payIns';
import type { PayoutBook } from '../payoutBook';
import type { HistoryPaging } from '../types';

/** What an endpoint sees of a request: authentication and faults were dealt with before it runs. */
export interface ApiRequest {
	headers: Record<string, string>;
	query: URLSearchParams;
	rawBody: Buffer;
}

/** The sandbox state endpoints read and change. */
export interface ApiState {
	payouts: PayoutBook;
	payIns: PayInRegistry;
	historyPaging: HistoryPaging;
}
