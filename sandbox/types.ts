/**
 * The sandbox's public contract. Other test code is written against exactly these shapes, so change them
 * only together with every caller.
 */

export interface SandboxOptions {
	/** Default 0 (an ephemeral port) in-process; the CLI uses 4010. */
	port?: number;
	/** Default 'sandbox-api-key'. */
	apiKey?: string;
	/** Default 'sandbox-api-secret'. */
	apiSecret?: string;
	/** Sandbox time after creation at which a Pending payout settles. Default 2000. */
	completionDelayMs?: number;
	/** Default true: a real timer settles due payouts. Tests pass false and drive the clock with advanceTime(). */
	autoSettle?: boolean;
	/** How long one callback POST may take before it is recorded as failed. Default 5000. */
	callbackTimeoutMs?: number;
	/**
	 * Milliseconds every API request waits before it is handled, as at a remote TYLT (the work happens after
	 * the wait, so a client that gives up first may still have created a payout). Default 0.
	 */
	latencyMs?: number;
}

/**
 * How history pages are cut. TYLT documents no largest page: `maxRows` caps what one page serves, and
 * `offsetBy` says whether page N starts after N-1 pages of the rows asked for or of the rows served (a capped
 * server may do either). TYLT does not say what a page past the end holds either: `pastEnd` 'empty' answers
 * `data: []`, 'lastPage' the last page again, as many paged APIs do. Nor that every page comes full:
 * `shortPages` cuts pages `from` through `through` (every later page when left out) by `rowsFewer` rows, at
 * least one row left, as a TYLT capping a page by its bytes or its load; where each page starts is unchanged,
 * so the rows cut off are served by no page of that size. `cappedPages` lowers the cap to `maxRows` for pages
 * `from` through `through` (every later page when left out), as a TYLT whose cap drops under load while a read
 * goes on; with `offsetBy: 'rowsServed'` such a page also starts at (page − 1) × its lower cap. Nor that a page
 * holds no more than asked: `minRows` serves at least that many rows whatever `rows` asks (a server with a
 * fixed smallest page), and with `offsetBy: 'rowsServed'` page N starts at (N − 1) × the rows it serves.
 * Nor how far it pages: `maxPage` answers every later page number with an empty list, as APIs that page only
 * so far do.
 * Default { maxRows: 200, offsetBy: 'rowsServed', pastEnd: 'empty' }, no page cut, capped lower or enlarged.
 */
export interface HistoryPaging {
	maxRows: number;
	offsetBy: 'rowsServed' | 'rowsAsked';
	pastEnd?: 'empty' | 'lastPage';
	shortPages?: { from: number; through?: number; rowsFewer: number };
	cappedPages?: { from: number; through?: number; maxRows: number };
	minRows?: number;
	maxPage?: number;
}

export type EndpointName =
	| 'createPayout'
	| 'payoutHistory'
	| 'payoutInformation'
	| 'currencies'
	| 'payInDetails'
	| 'accountBalance';

/** `times` defaults to 1: a fault applies to that many matching requests, then is gone. */
export type Fault =
	| {
			kind: 'status';
			status: number;
			body?: string;
			contentType?: string;
			headers?: Record<string, string>;
			/** The endpoint runs first, then this status answers: a gateway that refuses after the work was done. */
			processed?: boolean;
			times?: number;
	  }
	| { kind: 'delay'; ms: number; times?: number }
	| { kind: 'drop'; times?: number }
	| { kind: 'malformedJson'; times?: number }
	| { kind: 'errorCode'; errorCode: number; msg: string; times?: number }
	| { kind: 'createdButResponseLost'; times?: number }
	/** The endpoint answers for real, with every `…Z` time written as TYLT writes transaction times: no zone. */
	| { kind: 'zonelessTimes'; times?: number };

export type PayoutOutcome = 'Completed' | 'Failed';

/** Element of a payout record's `transactions`, exactly the spec's transaction record. */
export interface TransactionRecord {
	amount: number;
	/** `YYYY-MM-DD HH:MM:SS.ffffff`, no zone marker. */
	createdAt: string;
	updatedAt: string;
	fromAddress: string;
	transactionHash: string;
	confirmationStatus: number;
}

/** Exactly the spec's payout record: what create returns as `data`, history lists, and callbacks carry. */
export interface PayoutRecord {
	orderId: string;
	merchantOrderId: string;
	settledCurrency: string;
	settledAmountRequested: number;
	settledAmountDebited: number;
	settledAmountSent: number;
	commission: number;
	network: string;
	toAddress: string;
	status: string;
	insufficientBalance: number;
	paymentURL: string;
	callBackURL: string;
	transactions: TransactionRecord[];
	/** ISO 8601 UTC, second precision, trailing Z. */
	createdAt: string;
	expiresAt: string;
	updatedAt: string;
	isFinal: number;
	isDebited: number;
	customerName: string;
	comments: string;
	/** Echoed from the create request (public TYLT integrations show callbacks carrying them). */
	baseAmount?: number;
	baseCurrency?: string;
}

export interface LoggedRequest {
	method: string;
	path: string;
	/** Raw query string, without '?'. */
	query: string;
	/** Lower-cased names. */
	headers: Record<string, string>;
	rawBody: string;
	/** The status sent; 0 while no answer has been sent, and for answers that never came (drop, lost response). */
	status: number;
	/** Sandbox clock, epoch milliseconds. */
	receivedAt: number;
	endpoint?: EndpointName;
	/** What the sandbox expected the client to have signed. */
	signedString?: string;
}

export interface CallbackDelivery {
	url: string;
	rawBody: string;
	signature: string;
	status?: number;
	responseBody?: string;
	error?: string;
	orderId?: string;
	payoutStatus?: string;
}

export interface SendCallbackOptions {
	/** Default 'pay-out'. */
	type?: string;
	/** Default: the sandbox's apiSecret. Pass another to exercise a receiver's second-secret fallback. */
	secret?: string;
}

export interface TyltSandbox {
	readonly url: string;
	readonly port: number;
	readonly apiKey: string;
	readonly apiSecret: string;
	/** Every API request received (not control-surface requests), in order. */
	readonly requests: LoggedRequest[];
	/** Every callback the sandbox POSTed. */
	readonly callbacks: CallbackDelivery[];
	/** Current payouts, newest first. */
	readonly payouts: PayoutRecord[];
	/** Merchant balance per currency symbol: what getAccountBalance lists; debited when a payout completes. */
	balances: Record<string, number>;
	/** Sets the balance of each currency given (others keep theirs) and returns every balance. */
	setBalances(balances: Record<string, number>): Record<string, number>;
	reset(): void;
	/** Adds `count` records older than every stored one, `spacingMs` apart (default 1000, whole seconds). */
	seedPayouts(count: number, template?: Partial<PayoutRecord>, spacingMs?: number): PayoutRecord[];
	seedPayIn(merchantOrderId: string, details?: Record<string, unknown>): void;
	setPayoutOutcome(outcome: PayoutOutcome, predicate?: (record: PayoutRecord) => boolean): void;
	advanceTime(ms: number): Promise<void>;
	injectFault(endpoint: EndpointName, fault: Fault): void;
	clearFaults(): void;
	/** The wait before every API request is handled (see SandboxOptions.latencyMs); reset() restores the option. */
	latencyMs: number;
	/** How history pages are cut (see HistoryPaging); reset() restores the default. */
	historyPaging: HistoryPaging;
	sendCallback(
		url: string,
		record: PayoutRecord | Record<string, unknown>,
		options?: SendCallbackOptions,
	): Promise<CallbackDelivery>;
	close(): Promise<void>;
}
